/// How many input events the clients, all together, may inject: a token bucket that holds `capacity` events and refills at `rate`
/// a second. Real devices stay far below it (ten fingers at 240 Hz is 2,400 events a second), and a trace replayed
/// at several times its speed too; no number of clients injecting without end can keep the loop busy with recognizers
/// (one bucket a client let 48 of them hold a fresh request for seconds: issue 57).
/// Time is passed in, so its rule is tested with a manual clock.
package struct InjectionBudget {
    package static let capacity = 10_000.0
    package static let rate = 10_000.0

    private var tokens = InjectionBudget.capacity
    private var updated: Double?

    package enum Decision: Equatable {
        case taken
        /// None taken: all of them would fit this many seconds later.
        case refused(retryIn: Double)
    }

    /// Takes `count` events at `now` if the budget has room for all of them, else takes none.
    package mutating func spend(_ count: Int, at now: Double) -> Decision {
        if let updated, now > updated { tokens = min(Self.capacity, tokens + (now - updated) * Self.rate) }
        updated = max(updated ?? now, now)
        let wanted = Double(count)
        guard wanted <= tokens else { return .refused(retryIn: (wanted - tokens) / Self.rate) }
        tokens -= wanted
        return .taken
    }
}
