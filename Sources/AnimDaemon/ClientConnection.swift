import NIOCore

/// One connected client, confined to the daemon's event loop.
final class ClientConnection {
    let id: Int
    let channel: any Channel
    var subscriptions: [Int: Subscription] = [:]
    /// The newest unsent frame per coalescing key (latest wins).
    var pending: [String: ByteBuffer] = [:]
    /// When a frame was last sent per key, for maxRate.
    var lastSent: [String: Double] = [:]
    var isClosing = false

    init(id: Int, channel: any Channel) {
        self.id = id
        self.channel = channel
    }

    /// The most demanding rate among the subscriptions that want this event; nil: unlimited.
    func rate(group: String, transition: String?) -> Double?? {
        let matching = subscriptions.values.filter { $0.wants(group: group, transition: transition) }
        guard !matching.isEmpty else { return .none }
        if matching.contains(where: { $0.maxRate == nil }) { return .some(nil) }
        return .some(matching.compactMap(\.maxRate).max())
    }
}
