import Glibc

/// A damped harmonic oscillator `m·x″ + c·x′ + k·x = 0`, solved in closed form.
///
/// `x` is the displacement from the target as a fraction of the whole distance:
/// x(0) = 1, x′(0) = −v0, where v0 is UIKit's relative initial velocity (1 means
/// the whole distance per second, positive toward the target). Progress is 1 − x.
/// Under-, critically and over-damped motion all keep their real physics; Core
/// Animation clamps the damping ratio to 1, animd does not (docs/motion.md).
public struct SpringCurve: Hashable, Sendable {
    public let mass: Double
    public let stiffness: Double
    public let damping: Double
    public let initialVelocity: Double

    /// The settling threshold: 0.1 % of the distance (MOTION.md §1).
    public static let settlingEpsilon = 1e-3
    /// The most extrema and zero crossings the exact search walks. A spring
    /// that swings more often before settling (ζ below about 1e-4) gets the
    /// envelope's bound instead: an upper bound, never an endless loop.
    static let maximumPieces = 20_000

    private enum Solution: Hashable, Sendable {
        /// x = e^(−decay·t)·(cos(ωd·t) + b·sin(ωd·t))
        case under(decay: Double, omegaD: Double, b: Double)
        /// x = (1 + b·t)·e^(−ω0·t)
        case critical(omega0: Double, b: Double)
        /// x = c1·e^(r1·t) + c2·e^(r2·t)
        case over(r1: Double, r2: Double, c1: Double, c2: Double)
    }

    private let solution: Solution

    /// Requires mass > 0, stiffness > 0 and damping > 0 (an undamped spring never settles).
    public init(mass: Double, stiffness: Double, damping: Double, initialVelocity: Double = 0) {
        precondition(mass > 0 && stiffness > 0 && damping > 0, "spring parameters must be positive")
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
        self.initialVelocity = initialVelocity
        let omega0 = (stiffness / mass).squareRoot()
        let zeta = damping / (2 * (stiffness * mass).squareRoot())
        let v0 = initialVelocity
        if abs(zeta - 1) < 1e-12 {
            solution = .critical(omega0: omega0, b: omega0 - v0)
        } else if zeta < 1 {
            let omegaD = omega0 * (1 - zeta * zeta).squareRoot()
            let decay = zeta * omega0
            solution = .under(decay: decay, omegaD: omegaD, b: (decay - v0) / omegaD)
        } else {
            let root = omega0 * (zeta * zeta - 1).squareRoot()
            let r1 = -zeta * omega0 + root
            let r2 = -zeta * omega0 - root
            let c2 = (-v0 - r1) / (r2 - r1)
            solution = .over(r1: r1, r2: r2, c1: 1 - c2, c2: c2)
        }
    }

    /// The same spring with another initial velocity.
    public func withInitialVelocity(_ v0: Double) -> SpringCurve {
        SpringCurve(mass: mass, stiffness: stiffness, damping: damping, initialVelocity: v0)
    }

    public var dampingRatio: Double { damping / (2 * (stiffness * mass).squareRoot()) }
    public var undampedAngularFrequency: Double { (stiffness / mass).squareRoot() }

    /// The displacement from the target at time t (1 at t = 0).
    public func displacement(at t: Double) -> Double {
        // The initial conditions hold exactly: the closed forms below round to 1 ± 1e-16 at t = 0.
        if t == 0 { return 1 }
        switch solution {
        case let .under(decay, omegaD, b):
            return exp(-decay * t) * (cos(omegaD * t) + b * sin(omegaD * t))
        case let .critical(omega0, b):
            return (1 + b * t) * exp(-omega0 * t)
        case let .over(r1, r2, c1, c2):
            return c1 * exp(r1 * t) + c2 * exp(r2 * t)
        }
    }

    /// dx/dt at time t (−v0 at t = 0).
    public func displacementVelocity(at t: Double) -> Double {
        // Exactly −v0 at the start: the closed forms cancel to ±2e-15 there, which `began` would report.
        if t == 0 { return -initialVelocity }
        switch solution {
        case let .under(decay, omegaD, b):
            let c = cos(omegaD * t), s = sin(omegaD * t)
            return exp(-decay * t) * ((-decay + omegaD * b) * c + (-decay * b - omegaD) * s)
        case let .critical(omega0, b):
            return (b - omega0 * (1 + b * t)) * exp(-omega0 * t)
        case let .over(r1, r2, c1, c2):
            return c1 * r1 * exp(r1 * t) + c2 * r2 * exp(r2 * t)
        }
    }

    /// Progress toward the target, 1 − x(t); it may overshoot 1.
    public func progress(at t: Double) -> Double { 1 - displacement(at: t) }

    /// d(progress)/dt in distances per second.
    public func velocity(at t: Double) -> Double { -displacementVelocity(at: t) }

    /// The last time t at which |x(t)| ≥ epsilon, found exactly.
    ///
    /// |x| is monotone between consecutive extrema and zero crossings, so the
    /// answer lies in the last such piece that still reaches epsilon, where a
    /// bisection finds it to machine precision.
    ///
    /// Total: any finite spring gets an answer in a bounded number of steps
    /// (`maximumPieces`, 200 bisections); for springs beyond those bounds the
    /// answer is the envelope's, which is later than the true one.
    public func settlingTime(epsilon: Double = SpringCurve.settlingEpsilon) -> Double {
        guard let pieces = monotonePieces(beyond: epsilon) else { return envelopeHorizon(epsilon) }
        for (start, end) in pieces.reversed() where abs(displacement(at: start)) >= epsilon {
            if abs(displacement(at: end)) >= epsilon { return end }
            var lo = start, hi = end
            for _ in 0..<200 {
                let mid = (lo + hi) / 2
                if mid <= lo || mid >= hi { break }
                if abs(displacement(at: mid)) >= epsilon { lo = mid } else { hi = mid }
            }
            return lo
        }
        return 0
    }

    /// When |x| is below epsilon for good, by the under-damped envelope; for
    /// springs whose exact search would take more than `maximumPieces` steps.
    private func envelopeHorizon(_ epsilon: Double) -> Double {
        guard case let .under(decay, omegaD, b) = solution else { return 0 }
        let horizon = (log(hypot(1, b)) - log(epsilon)) / decay + Double.pi / omegaD
        return horizon.isFinite ? horizon : Double.greatestFiniteMagnitude
    }

    /// Consecutive intervals on which |x| is monotone, covering [0, T] where
    /// |x| < epsilon for all t > T; nil when there would be more than
    /// `maximumPieces` of them.
    private func monotonePieces(beyond epsilon: Double) -> [(Double, Double)]? {
        var breaks: [Double] = [0]
        switch solution {
        case let .under(decay, omegaD, b):
            guard let under = underdampedBreaks(decay: decay, omegaD: omegaD, b: b, beyond: epsilon) else { return nil }
            breaks += under
        case let .critical(omega0, b):
            if b != 0 {
                breaks.append(-1 / b)  // zero crossing
                breaks.append(1 / omega0 - 1 / b)  // extremum
            }
            breaks.append(horizon { t in (1 + abs(b) * t) * exp(-omega0 * t) })
        case let .over(r1, r2, c1, c2):
            if c1 != 0, -c2 / c1 > 0 { breaks.append(log(-c2 / c1) / (r1 - r2)) }
            if c1 * r1 != 0, -(c2 * r2) / (c1 * r1) > 0 { breaks.append(log(-(c2 * r2) / (c1 * r1)) / (r1 - r2)) }
            breaks.append(horizon { t in abs(c1) * exp(r1 * t) + abs(c2) * exp(r2 * t) })
        }
        let sorted = breaks.filter { $0 >= 0 && $0.isFinite }.sorted()
        var pieces: [(Double, Double)] = []
        for (a, b) in zip(sorted, sorted.dropFirst()) where b > a { pieces.append((a, b)) }
        return pieces

        /// The first doubling of 1/ω0 where `bound` is below epsilon; 2^1100 overflows any start, so the loop is bounded.
        func horizon(_ bound: (Double) -> Double) -> Double {
            var t = 1.0 / undampedAngularFrequency
            for _ in 0..<1100 where bound(t) >= epsilon && t.isFinite { t *= 2 }
            return t.isFinite ? t : Double.greatestFiniteMagnitude
        }
    }
}

extension SpringCurve {
    /// An underdamped spring's extrema and zeros up to where its envelope is below `epsilon`, then that horizon;
    /// nil when there would be more than `maximumPieces` of them.
    fileprivate func underdampedBreaks(decay: Double, omegaD: Double, b: Double, beyond epsilon: Double) -> [Double]? {
        // Extrema: x′ = 0 ⇔ P·cos + Q·sin = 0; zeros: cos + b·sin = 0. Both recur every π/ωd.
        let p = -decay + omegaD * b, q = -decay * b - omegaD
        let halfPeriod = Double.pi / omegaD
        func firstRoot(_ phase: Double) -> Double {
            let t = (phase / omegaD).truncatingRemainder(dividingBy: halfPeriod)
            return t < 0 ? t + halfPeriod : t
        }
        let firstExtremum = firstRoot(atan2(-p, q))
        let firstZero = firstRoot(atan2(-1, b))
        // The envelope hypot(1, b)·e^(−decay·t) bounds |x|; past it nothing reaches epsilon.
        // hypot, not sqrt(1 + b²): b is huge for a huge initial velocity, and b² would overflow.
        let horizon = envelopeHorizon(epsilon)
        guard horizon / halfPeriod < Double(Self.maximumPieces) else { return nil }
        var breaks: [Double] = []
        for k in 0..<Self.maximumPieces {
            let extremum = firstExtremum + Double(k) * halfPeriod
            let zero = firstZero + Double(k) * halfPeriod
            if min(extremum, zero) > horizon { break }
            breaks.append(extremum)
            breaks.append(zero)
        }
        breaks.append(horizon)
        return breaks
    }
}

extension SpringCurve {
    /// SwiftUI / UIKit perceptual form: m = 1, k = (2π/response)², c = 4π·ζ/response.
    public init(dampingRatio: Double, response: Double, initialVelocity: Double = 0) {
        let omega = 2 * Double.pi / response
        self.init(
            mass: 1, stiffness: omega * omega, damping: 2 * dampingRatio * omega, initialVelocity: initialVelocity)
    }

    /// SwiftUI's `spring(duration:bounce:)`: ζ = 1 − bounce for bounce ≥ 0, 1/(1 + bounce) below.
    public init(duration: Double, bounce: Double, initialVelocity: Double = 0) {
        self.init(
            dampingRatio: SpringCurve.dampingRatio(bounce: bounce), response: duration, initialVelocity: initialVelocity
        )
    }

    /// UIKit's relative initial velocity for a spring that must cover
    /// `target − current` while moving at `velocity` (same units): the finger's
    /// speed as a fraction of the remaining distance per second. 0 when there is
    /// no distance left.
    public static func relativeVelocity(_ velocity: Double, from current: Double, to target: Double) -> Double {
        let distance = target - current
        return distance == 0 ? 0 : velocity / distance
    }

    public static func dampingRatio(bounce: Double) -> Double {
        bounce >= 0 ? 1 - bounce : 1 / (1 + bounce)
    }

    /// The perceptual duration (response): the undamped period 2π·√(m/k).
    public var response: Double { 2 * Double.pi * (mass / stiffness).squareRoot() }

    /// The perceptual bounce, the inverse of `dampingRatio(bounce:)`.
    public var bounce: Double {
        let zeta = dampingRatio
        return zeta <= 1 ? 1 - zeta : 1 / zeta - 1
    }
}
