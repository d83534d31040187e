/// The event groups a subscriber chooses from (PROTOCOL.md "subscribe").
public enum EventGroup: String, Hashable, Sendable, CaseIterable {
    case progress, state, input, gesture
    case inputEvents = "input-events"

    /// What `subscribe` sends without `events`.
    public static let defaults: Set<EventGroup> = [.progress, .state]

    /// The names, for messages: "progress, state, input, gesture, input-events".
    public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }
}

/// Which progress frames a subscription receives (`subscribe`'s `frames`, an extension of the contract).
public enum FrameDelivery: String, Hashable, Sendable {
    /// Every frame, as the contract always did.
    case all
    /// Frames only while a leg is driven (a finger, a scrub, a pause): the client evaluates running legs itself
    /// from `transition.began` and `transition.leg`.
    case driven
}
