import AnimProtocol

/// What one `subscribe` asked for.
struct Subscription: Sendable {
    let id: Int
    /// nil: every transition.
    let transitions: Set<String>?
    let groups: Set<EventGroup>
    /// Most progress frames per second, per transition; nil: every frame.
    let maxRate: Double?

    func wants(group: EventGroup, transition: String?) -> Bool {
        guard groups.contains(group) else { return false }
        guard let transition, let transitions else { return true }
        return transitions.contains(transition)
    }
}
