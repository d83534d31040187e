public import Motion

/// What a transition is doing (PROTOCOL.md `phase`).
public enum TransitionPhase: String, Hashable, Sendable {
    /// At rest.
    case idle
    /// A finger or a client drives it.
    case interactive
    /// A timing curve or spring carries it.
    case animating
    /// A client paused a running leg.
    case paused
    /// Stopped, waiting for `finish`.
    case stopped
}

/// The state of one transition at one moment (PROTOCOL.md "A transition snapshot"), as the engine makes it and
/// as it travels: one type for the engine, the daemon and its clients (its wire form is in AnimProtocol).
public struct TransitionSnapshot: Hashable, Sendable {
    public var name: String
    /// Position in snap-point space; may overshoot with springs or rubber-banding.
    public var progress: Double
    /// fractionComplete of the current leg, along its direction of travel.
    public var fraction: Double
    /// Progress units per second.
    public var velocity: Double
    public var phase: TransitionPhase
    /// Snap indices of the current leg; equal when idle.
    public var from: Int
    public var to: Int
    /// Where the leg is heading now: `to`, or `from` once reversed (an extension of the contract).
    public var target: Int
    /// The snap it rests at or last rested at.
    public var snap: Int
    public var snapPoints: [Double]
    /// Strictly increasing across every event about this transition.
    public var seq: Int
    /// CLOCK_MONOTONIC seconds.
    public var time: Double
    /// **Extension:** the leg's motion, in `transition.began`, `transition.leg` and answers while a leg runs;
    /// never in `transition.progress` or `transition.ended`.
    public var leg: LegMotion?

    public init(
        name: String, progress: Double, fraction: Double, velocity: Double, phase: TransitionPhase, from: Int, to: Int,
        target: Int, snap: Int, snapPoints: [Double], seq: Int, time: Double, leg: LegMotion? = nil
    ) {
        self.name = name; self.progress = progress; self.fraction = fraction; self.velocity = velocity
        self.phase = phase; self.from = from; self.to = to; self.target = target; self.snap = snap
        self.snapPoints = snapPoints; self.seq = seq; self.time = time; self.leg = leg
    }
}
