package import AnimProtocol

/// The clients as the core knows them: who is admitted and under which number, and what each subscribed to. The
/// shell keeps their sockets and what each is owed (`SubscriberRegistry`), under the same numbers, and reads who
/// takes an event from a copy of this book that the machine hands it after each change (`CoreEffect.clientsChanged`).
package struct SubscriptionBook {
    /// Each admitted client's subscriptions, by the client's number, then the subscription's.
    package private(set) var clients: [Int: [Int: Subscription]] = [:]
    private var nextClient = 1
    private var nextSubscription = 1
    /// The config's limits; a reload changes them for what comes next, not for what is already admitted.
    package var limits: ClientLimits
    /// Clients the descriptor limit leaves room for (RLIMIT_NOFILE minus what animd needs besides its clients):
    /// refusing politely at this count keeps accept() from ever failing with EMFILE because of clients.
    package var descriptorRoom = Int.max
    /// How many subscriptions take `input-events`, and how many take every progress frame: each input event and
    /// each engine step asks, so these are counts kept on each change, not a walk over every client.
    private var recorders = 0
    private var everyFrameTakers = 0

    package init(limits: ClientLimits) { self.limits = limits }

    /// How many clients are admitted: `max-clients`, or fewer when the descriptor limit is lower.
    package var capacity: Int { min(limits.clients, descriptorRoom) }

    /// Which limit `capacity` is, for the refusal and the log.
    package var bindingLimit: String {
        capacity < limits.clients ? "the descriptor limit (RLIMIT_NOFILE)" : "max-clients"
    }

    /// Whether some client records input (`animctl record`): only then is each input event's line worked out.
    package var recordingInput: Bool { recorders > 0 }

    /// Whether some subscription takes every progress frame of running legs (`frames: "all"`).
    package var framesWanted: Bool { everyFrameTakers > 0 }

    /// How many clients take progress frames, of any transition and at any rate: the loop's time slice follows it.
    package var frameReaders: Int {
        clients.values.count { subscriptions in subscriptions.values.contains { $0.groups.contains(.progress) } }
    }

    /// How many subscriptions all clients hold.
    package var subscriptionCount: Int { clients.values.reduce(0) { $0 + $1.count } }

    /// A new client's number, or why it is refused: the daemon is at `capacity`.
    package mutating func admit() -> Result<Int, RPCError> {
        guard clients.count < capacity else {
            return .failure(RPCError(.limitReached, "limit reached: at most \(capacity) clients (\(bindingLimit))"))
        }
        let client = nextClient
        nextClient += 1
        clients[client] = [:]
        return .success(client)
    }

    /// The client left: its subscriptions go with it. Whether it was admitted.
    @discardableResult
    package mutating func remove(client: Int) -> Bool {
        guard let gone = clients.removeValue(forKey: client) else { return false }
        for subscription in gone.values { count(subscription, by: -1) }
        return true
    }

    /// `subscribe` for `client`: the new subscription's number.
    package mutating func subscribe(
        client: Int, transitions: Set<String>?, groups: Set<EventGroup>, maxRate: Double?, frames: FrameDelivery
    ) throws(RPCError) -> Int {
        guard let held = clients[client]?.count else {
            throw RPCError(.invalidRequest, "invalid request: connection \(client) is not admitted")
        }
        guard held < limits.subscriptions else {
            throw RPCError(.limitReached, "limit reached: at most \(limits.subscriptions) subscriptions per client")
        }
        let subscription = Subscription(
            id: nextSubscription, transitions: transitions, groups: groups, maxRate: maxRate, frames: frames)
        nextSubscription += 1
        clients[client]?[subscription.id] = subscription
        count(subscription, by: 1)
        return subscription.id
    }

    /// `unsubscribe` for `client`.
    package mutating func unsubscribe(client: Int, id: Int) throws(RPCError) {
        guard let gone = clients[client]?.removeValue(forKey: id) else {
            throw RPCError(.invalidParams, "invalid params: this connection has no subscription \(id)")
        }
        count(gone, by: -1)
    }

    private mutating func count(_ subscription: Subscription, by change: Int) {
        if subscription.groups.contains(.inputEvents) { recorders += change }
        if subscription.takesEveryFrame { everyFrameTakers += change }
    }

    /// Whether any of `client`'s subscriptions wants this event, and the most demanding rate among those that do
    /// (nil: unlimited).
    package func interest(of client: Int, group: EventGroup, transition: String?, analytic: Bool)
        -> (wanted: Bool, rate: Double?)
    {
        var wanted = false
        var rate: Double? = 0
        for subscription in clients[client]?.values ?? [:].values
        where subscription.wants(group: group, transition: transition, analytic: analytic) {
            wanted = true
            if let limit = subscription.maxRate, let current = rate { rate = max(current, limit) } else { rate = nil }
        }
        return (wanted, rate)
    }

    /// The groups any subscription takes, one bit each (`EventGroup.bit`).
    package var wantedGroups: UInt8 {
        clients.values.reduce(0) { bits, subscriptions in
            subscriptions.values.reduce(bits) { bits, subscription in subscription.groups.reduce(bits) { $0 | $1.bit } }
        }
    }
}
