import AnimProtocol

/// What one `subscribe` asked for.
struct Subscription: Sendable {
    let id: Int
    /// nil: every transition.
    let transitions: Set<String>?
    let groups: Set<EventGroup>
    /// Most progress frames per second, per transition; nil: every frame.
    let maxRate: Double?
    /// `.driven`: no frames of a running leg, which the client evaluates from its leg.
    var frames = FrameDelivery.all

    /// - analytic: a progress frame of a running leg.
    func wants(group: EventGroup, transition: String?, analytic: Bool = false) -> Bool {
        guard groups.contains(group), !(analytic && frames == .driven) else { return false }
        guard let transition, let transitions else { return true }
        return transitions.contains(transition)
    }
}
