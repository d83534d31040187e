/// How a leg's progress moves from its start time on, until the leg changes:
/// everything a client needs to compute the progress at any instant itself
/// (docs/protocol.md "The leg object"). The daemon evaluates its own frames
/// through the same runs, so a client that evaluates this at a frame's time
/// sees that frame.
public enum LegMotion: Hashable, Sendable {
    /// A finger, a scrub or a pause holds the leg: only frames tell where it is.
    case driven
    case cubic(CubicLegMotion)
    case spring(SpringLegMotion)

    /// Progress in snap-point space at `time` (seconds on the frames' clock); nil for a driven leg.
    public func progress(at time: Double) -> Double? {
        switch self {
        case .driven: nil
        case let .cubic(leg): leg.progress(at: time)
        case let .spring(leg): leg.progress(at: time)
        }
    }

    /// Progress units per second at `time`; nil for a driven leg.
    public func velocity(at time: Double) -> Double? {
        switch self {
        case .driven: nil
        case let .cubic(leg): leg.velocity(at: time)
        case let .spring(leg): leg.velocity(at: time)
        }
    }

    /// When the motion comes to rest at its end; nil for a driven leg.
    public var endTime: Double? {
        switch self {
        case .driven: nil
        case let .cubic(leg): leg.startTime + leg.duration
        case let .spring(leg): leg.startTime + max(leg.settlingTime - leg.elapsed, 0)
        }
    }
}

/// A stretch of a cubic Bézier timing curve run at a constant rate:
///
///     x(t) = startX + (endX − startX) · min(max(t − startTime, 0) / duration, 1)
///     progress(t) = from + (to − from) · y(x(t))
///
/// `from` and `to` are the progress values at the curve's own ends (y = 0 and
/// y = 1), so a leg resumed mid-curve, retraced (endX < startX), sped up by a
/// completion speed or a duration factor, or started outside [0, 1] after
/// rubber-banding is still one formula. A zero duration is a leg already at `endX`.
public struct CubicLegMotion: Hashable, Sendable {
    public var curve: CubicBezier
    public var from: Double
    public var to: Double
    public var startTime: Double
    public var startX: Double
    public var endX: Double
    /// Seconds from startX to endX; ≥ 0.
    public var duration: Double

    public init(
        curve: CubicBezier, from: Double, to: Double, startTime: Double, startX: Double, endX: Double, duration: Double
    ) {
        self.curve = curve; self.from = from; self.to = to; self.startTime = startTime
        self.startX = startX; self.endX = endX; self.duration = duration
    }

    /// The share of the stretch covered at `time`, 0 to 1.
    private func share(at time: Double) -> Double {
        guard duration > 0 else { return 1 }
        return min(max(time - startTime, 0) / duration, 1)
    }

    public func progress(at time: Double) -> Double {
        from + (to - from) * curve.y(atX: startX + (endX - startX) * share(at: time))
    }

    /// Zero once the stretch has run (from startTime + duration on).
    public func velocity(at time: Double) -> Double {
        guard duration > 0, time < startTime + duration else { return 0 }
        let x = startX + (endX - startX) * share(at: time)
        return (to - from) * curve.slope(atX: x) * (endX - startX) / duration
    }
}

/// A damped spring released at `startTime` (MOTION.md §1), in physical form:
///
///     τ = elapsed + max(t − startTime, 0)
///     progress(t) = to − (to − from) · x(τ)    while τ < settlingTime, then `to`
///
/// where x solves m·x″ + c·x′ + k·x = 0 with x(0) = 1 and x′(0) = −velocity.
/// `elapsed` is spring time already run when the leg (re)started at startTime:
/// non-zero only for a leg resumed after a pause.
public struct SpringLegMotion: Hashable, Sendable {
    public var mass: Double
    public var stiffness: Double
    public var damping: Double
    /// The initial velocity in UIKit's relative units: 1 covers the whole from → to distance in one second.
    public var velocity: Double
    public var from: Double
    public var to: Double
    public var startTime: Double
    public var elapsed: Double
    /// Spring time at which the motion stops and snaps to `to` (the last |x| ≥ 0.001).
    public var settlingTime: Double

    public init(
        mass: Double, stiffness: Double, damping: Double, velocity: Double, from: Double, to: Double,
        startTime: Double, elapsed: Double, settlingTime: Double
    ) {
        self.mass = mass; self.stiffness = stiffness; self.damping = damping; self.velocity = velocity
        self.from = from; self.to = to; self.startTime = startTime; self.elapsed = elapsed;
        self.settlingTime = settlingTime
    }

    public init(spring: SpringCurve, from: Double, to: Double, startTime: Double, elapsed: Double, settlingTime: Double)
    {
        self.init(
            mass: spring.mass, stiffness: spring.stiffness, damping: spring.damping, velocity: spring.initialVelocity,
            from: from, to: to, startTime: startTime, elapsed: elapsed, settlingTime: settlingTime)
    }

    public var spring: SpringCurve {
        SpringCurve(mass: mass, stiffness: stiffness, damping: damping, initialVelocity: velocity)
    }

    private func springTime(at time: Double) -> Double { elapsed + max(time - startTime, 0) }

    public func progress(at time: Double) -> Double {
        let tau = springTime(at: time)
        return tau >= settlingTime ? to : to - (to - from) * spring.displacement(at: tau)
    }

    /// Zero once the spring has settled.
    public func velocity(at time: Double) -> Double {
        let tau = springTime(at: time)
        return tau >= settlingTime ? 0 : -(to - from) * spring.displacementVelocity(at: tau)
    }
}
