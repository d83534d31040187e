/// Turns pointer-barrier hits into pressure events, the way GNOME Shell's
/// `PressureBarrier` sums them (js/ui/layout.js): each hit adds the distance
/// it pushed across the edge, capped at 15 px, and a hit that slides along the
/// edge more than it pushes adds nothing.
///
/// Where GNOME fires once at a threshold, animd hands the running sum to the
/// edge's binding, which moves its transition 1:1. The push ends when the
/// pointer leaves the edge, or after `releaseDelay` without a hit; the end is
/// stamped with the last hit's time, so the velocity handed to the release
/// rule is the push's, not the pause's.
///
/// Pure: time comes in with the hits, and `deadline` says when to call `expire`.
public struct EdgePressure: Sendable {
    /// GNOME's per-event cap.
    public static let defaultCap = 15.0
    /// Long enough to bridge the gaps between a mouse's reports (8 ms at 125 Hz,
    /// up to ~50 ms when pushing slowly), short enough to feel immediate.
    public static let defaultReleaseDelay = 0.12
    /// The largest push one event may carry, whatever the cap.
    public static let maximumPush = 1000.0

    public struct Hit: Hashable, Sendable {
        public var edge: Edge
        public var location: Point
        /// The motion the barrier held back, px (XIBarrierEvent dx, dy).
        public var delta: Point
        /// Seconds.
        public var time: Double
        /// Another client grabs the pointer (a drag in an application): not a push for animd.
        public var deviceGrabbed: Bool

        public init(edge: Edge, location: Point, delta: Point, time: Double, deviceGrabbed: Bool = false) {
            self.edge = edge; self.location = location; self.delta = delta; self.time = time;
            self.deviceGrabbed = deviceGrabbed
        }
    }

    public private(set) var cap = defaultCap
    public private(set) var releaseDelay = defaultReleaseDelay
    private var active: (edge: Edge, location: Point, lastHit: Double)?

    public init(cap: Double = defaultCap, releaseDelay: Double = defaultReleaseDelay) {
        configure(cap: cap, releaseDelay: releaseDelay)
    }

    /// New settings (a reload). A push under way carries on under them and ends as
    /// pushes do: replacing the tracker instead would lose its end, and leave the
    /// sequence it drives open for ever.
    public mutating func configure(cap: Double, releaseDelay: Double) {
        self.cap = min(max(cap, 1), Self.maximumPush)
        self.releaseDelay = min(max(releaseDelay, 0.001), 60)
    }

    public var isPushing: Bool { active != nil }

    /// When `expire` should be called, if a push is under way.
    public var deadline: Double? { active.map { $0.lastHit + releaseDelay } }

    public mutating func hit(_ hit: Hit) -> [InputEvent] {
        guard !hit.deviceGrabbed, hit.delta.x.isFinite, hit.delta.y.isFinite else { return [] }
        let vertical = hit.edge == .left || hit.edge == .right
        let across = abs(vertical ? hit.delta.x : hit.delta.y)
        let along = abs(vertical ? hit.delta.y : hit.delta.x)
        // Only motion toward the outside pushes; the barrier reports the blocked part.
        let outward = vertical ? hit.delta.x * -hit.edge.inward.x : hit.delta.y * -hit.edge.inward.y
        guard across > 0, outward > 0, along <= across else { return [] }
        var events: [InputEvent] = []
        if let current = active, current.edge != hit.edge {
            // A corner: the push moved to the other edge.
            events.append(
                InputEvent(
                    time: current.lastHit, kind: .pressureEnd(edge: current.edge, cancelled: false),
                    location: current.location))
            active = nil
        }
        if active == nil {
            events.append(InputEvent(time: hit.time, kind: .pressureBegin(edge: hit.edge), location: hit.location))
        }
        active = (hit.edge, hit.location, hit.time)
        events.append(
            InputEvent(
                time: hit.time, kind: .pressureUpdate(edge: hit.edge, push: min(across, cap)), location: hit.location))
        return events
    }

    /// The pointer moved off the edge (XI_BarrierLeave).
    public mutating func leave(_ edge: Edge, at time: Double, location: Point) -> [InputEvent] {
        guard let current = active, current.edge == edge else { return [] }
        active = nil
        return [
            InputEvent(
                time: max(time, current.lastHit), kind: .pressureEnd(edge: edge, cancelled: false), location: location)
        ]
    }

    /// Ends a push that has had no hit for `releaseDelay`.
    public mutating func expire(at now: Double) -> [InputEvent] {
        guard let current = active, now >= current.lastHit + releaseDelay else { return [] }
        active = nil
        return [
            InputEvent(
                time: current.lastHit, kind: .pressureEnd(edge: current.edge, cancelled: false),
                location: current.location)
        ]
    }

    /// The input went away (the X server died): the push is cancelled.
    public mutating func cancel() -> [InputEvent] {
        guard let current = active else { return [] }
        active = nil
        return [
            InputEvent(
                time: current.lastHit, kind: .pressureEnd(edge: current.edge, cancelled: true),
                location: current.location)
        ]
    }
}
