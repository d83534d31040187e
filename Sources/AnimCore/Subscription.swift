package import AnimProtocol

/// What one `subscribe` asked for.
package struct Subscription: Hashable, Sendable {
    package let id: Int
    /// nil: every transition.
    package let transitions: Set<String>?
    package let groups: Set<EventGroup>
    /// Most progress frames per second, per transition; nil: every frame.
    package let maxRate: Double?
    /// `.driven`: no frames of a running leg, which the client evaluates from its leg.
    package var frames = FrameDelivery.all

    package init(
        id: Int, transitions: Set<String>?, groups: Set<EventGroup>, maxRate: Double?, frames: FrameDelivery = .all
    ) {
        self.id = id
        self.transitions = transitions
        self.groups = groups
        self.maxRate = maxRate
        self.frames = frames
    }

    /// - analytic: a progress frame of a running leg.
    package func wants(group: EventGroup, transition: String?, analytic: Bool = false) -> Bool {
        guard groups.contains(group), !(analytic && frames == .driven) else { return false }
        guard let transition, let transitions else { return true }
        return transitions.contains(transition)
    }

    /// Whether it takes every progress frame of running legs: then the engine makes each frame.
    var takesEveryFrame: Bool { groups.contains(.progress) && frames == .all }
}
