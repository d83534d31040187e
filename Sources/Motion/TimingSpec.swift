import TextWriting

/// A timing curve as users write it: one grammar for the config, the protocol
/// and the command line (MOTION.md §1). The spec keeps the form it was written
/// in, so that spec → curve → spec round-trips to the same canonical text.
public enum TimingSpec: Hashable, Sendable {
    case linear
    case ease
    case easeIn
    case easeOut
    case easeInOut
    case cubicBezier(CubicBezier)
    case spring(SpringSpec)

    /// The cubic curve behind a cubic spec, or nil for springs.
    public var cubic: CubicBezier? {
        switch self {
        case .linear: .linear
        case .ease: CubicBezier(0.25, 0.1, 0.25, 1)
        case .easeIn: CubicBezier(0.42, 0, 1, 1)
        case .easeOut: CubicBezier(0, 0, 0.58, 1)
        case .easeInOut: CubicBezier(0.42, 0, 0.58, 1)
        case let .cubicBezier(curve): curve
        case .spring: nil
        }
    }

    public var isSpring: Bool {
        if case .spring = self { return true }
        return false
    }
}

/// The three ways to write a spring. Each converts to one physical `SpringCurve`.
public enum SpringSpec: Hashable, Sendable {
    case physical(mass: Double, stiffness: Double, damping: Double, velocity: Double)
    case perceptual(dampingRatio: Double, response: Double, velocity: Double)
    case durationBounce(duration: Double, bounce: Double, velocity: Double)

    public var curve: SpringCurve {
        switch self {
        case let .physical(m, k, c, v): SpringCurve(mass: m, stiffness: k, damping: c, initialVelocity: v)
        case let .perceptual(zeta, r, v): SpringCurve(dampingRatio: zeta, response: r, initialVelocity: v)
        case let .durationBounce(d, b, v): SpringCurve(duration: d, bounce: b, initialVelocity: v)
        }
    }

    public var velocity: Double {
        switch self {
        case let .physical(_, _, _, v), let .perceptual(_, _, v), let .durationBounce(_, _, v): v
        }
    }

    /// The damping ratio and response every spring must have, whatever its form:
    /// with these a spring settles within about two hours and the solver stays
    /// exact (docs/reliability.md).
    public static let dampingRatioRange = 0.01...100.0
    public static let responseRange = 0.001...60.0
    /// Relative initial velocities, in distances per second.
    public static let velocityRange = -1000.0...1000.0
}

extension TimingSpec: CustomStringConvertible {
    /// The canonical text: lower-case names, no spaces in cubic-bezier, parameters
    /// in a fixed order, defaults (velocity = 0) left out.
    public var description: String {
        switch self {
        case .linear: return "linear"
        case .ease: return "ease"
        case .easeIn: return "ease-in"
        case .easeOut: return "ease-out"
        case .easeInOut: return "ease-in-out"
        case let .cubicBezier(c):
            return "cubic-bezier(\([c.x1, c.y1, c.x2, c.y2].map(formatNumber).joined(separator: ",")))"
        case let .spring(spring):
            var parts: [(String, Double)]
            switch spring {
            case let .physical(m, k, c, _): parts = [("mass", m), ("stiffness", k), ("damping", c)]
            case let .perceptual(zeta, r, _): parts = [("damping-ratio", zeta), ("response", r)]
            case let .durationBounce(d, b, _): parts = [("duration", d), ("bounce", b)]
            }
            if spring.velocity != 0 { parts.append(("velocity", spring.velocity)) }
            return "spring(" + parts.map { "\($0.0)=\(formatNumber($0.1))" }.joined(separator: ", ") + ")"
        }
    }
}
