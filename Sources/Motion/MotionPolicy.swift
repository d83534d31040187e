/// How much the desktop wants things to move (issue 30): full motion, or reduced, and a factor that scales every
/// duration (KDE's `AnimationDurationFactor`). It shapes each completion leg as the leg is made: a finger still
/// drives every transition 1:1, and a leg already running keeps its motion.
public struct MotionPolicy: Hashable, Sendable {
    /// Completions without overshoot or spring: a short cubic ease-out, or none at all.
    public var reduced: Bool
    /// Seconds of a reduced completion; 0 makes it instant: a leg of zero duration, already at its end, which every
    /// leg evaluator reads as such (docs/protocol.md, "The leg object").
    public var reducedDuration: Double
    /// Scales every duration of full motion: cubic durations directly, springs by their time (stiffness / f²,
    /// damping / f, the same damping ratio).
    public var factor: Double

    public init(reduced: Bool = false, reducedDuration: Double = 0, factor: Double = 1) {
        self.reduced = reduced
        self.reducedDuration = Self.reducedDurations.contains(reducedDuration) ? reducedDuration : 0
        self.factor = Self.factors.contains(factor) ? factor : 1
    }

    public static let full = MotionPolicy()

    /// The reduced durations a config may ask for, in seconds.
    public static let reducedDurations = 0.0...2.0
    /// The factors a desktop may give; 0 means reduced, and is not a factor.
    public static let factors = 0.01...100.0

    /// The timing and duration a completion takes under this policy, from those it would take in full motion.
    public func completion(timing: TimingSpec, duration: Double) -> (timing: TimingSpec, duration: Double) {
        if reduced { return (.easeOut, reducedDuration) }
        guard factor != 1 else { return (timing, duration) }
        guard case let .spring(spec) = timing else { return (timing, duration * factor) }
        let curve = spec.curve
        let slower = SpringSpec.physical(
            mass: curve.mass, stiffness: curve.stiffness / (factor * factor), damping: curve.damping / factor,
            velocity: spec.velocity)
        return (.spring(slower), duration * factor)
    }
}
