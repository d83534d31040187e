import NIOCore

/// One connected client, confined to the daemon's event loop.
final class ClientConnection {
    let id: Int
    let channel: any Channel
    var subscriptions: [Int: Subscription] = [:]
    /// What it is owed and when (the fan-out policy).
    var queue = DeliveryQueue<ByteBuffer>()
    var isClosing = false

    init(id: Int, channel: any Channel) {
        self.id = id
        self.channel = channel
    }

    /// Whether any subscription wants this event, and the most demanding rate
    /// among those that do (nil: unlimited). On the fan-out path: no allocation.
    func interest(group: String, transition: String?) -> (wanted: Bool, rate: Double?) {
        var wanted = false
        var rate: Double? = 0
        for subscription in subscriptions.values where subscription.wants(group: group, transition: transition) {
            wanted = true
            if let limit = subscription.maxRate, let current = rate { rate = max(current, limit) } else { rate = nil }
        }
        return (wanted, rate)
    }
}
