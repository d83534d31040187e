/// The event groups a subscriber chooses from (PROTOCOL.md "subscribe").
public enum EventGroup: String, Hashable, Sendable, CaseIterable {
    case progress, state, input, gesture
    case inputEvents = "input-events"
    /// `daemon.motion`: full or reduced motion, when it changes.
    case motion
    /// `daemon.focus`: the focused application, when it changes (issue 31).
    case focus
    /// `daemon.tablet-mode`: the machine went into tablet mode or out of it, or its switch came or went (issue 45).
    case device

    /// What `subscribe` sends without `events`.
    public static let defaults: Set<EventGroup> = [.progress, .state]

    /// The names, for messages: "progress, state, input, gesture, input-events".
    public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }

    /// One bit per group: the daemon keeps the groups anyone takes as a set of these bits.
    public var bit: UInt8 {
        switch self {
        case .progress: 1
        case .state: 2
        case .input: 4
        case .gesture: 8
        case .inputEvents: 16
        case .motion: 32
        case .focus: 64
        case .device: 128
        }
    }

    /// By case, not by name: a String-backed enum hashes its name by default, and the daemon looks up the audience of
    /// every event by its group.
    public func hash(into hasher: inout Hasher) { hasher.combine(bit) }
}

/// Which progress frames a subscription receives (`subscribe`'s `frames`, an extension of the contract).
public enum FrameDelivery: String, Hashable, Sendable, CaseIterable {
    /// Every frame, as the contract always did.
    case all
    /// Frames only while a leg is driven (a finger, a scrub, a pause): the client evaluates running legs itself
    /// from `transition.began` and `transition.leg`.
    case driven
}
