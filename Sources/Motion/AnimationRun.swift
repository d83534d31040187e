/// One timed path of an animator's value: a curve domain `u` traversed at a
/// constant signed rate from a known point. Reversing a run negates its rate,
/// so a running animation retraces exactly the path it came along.
struct AnimationRun: Hashable, Sendable {
    enum Path: Hashable, Sendable {
        /// value = from + (to − from)·c(u), u ∈ [0, 1]
        case cubic(CubicBezier, from: Double, to: Double)
        /// value = to − (to − from)·x(u), u ∈ [0, settle] seconds of spring time
        case spring(SpringCurve, from: Double, to: Double, settle: Double)
    }

    var path: Path
    /// Domain position at `startTime`.
    var startU: Double
    var startTime: Double
    /// du/dt; negative while retracing.
    var rate: Double

    private var domainEnd: Double {
        switch path {
        case .cubic: 1
        case let .spring(_, _, _, settle): settle
        }
    }

    /// Where the run stops in its domain: the end when moving forward, 0 when retracing.
    private var stopU: Double { rate >= 0 ? domainEnd : 0 }

    /// The time at which the run reaches its stop.
    var deadline: Double {
        let distance = stopU - startU
        if distance == 0 || rate == 0 { return startTime }
        return startTime + distance / rate
    }

    func u(at time: Double) -> Double {
        let u = startU + rate * (max(time, startTime) - startTime)
        return rate >= 0 ? min(u, stopU) : max(u, stopU)
    }

    func value(at time: Double) -> Double { value(atU: u(at: time)) }

    /// The value the run ends at.
    var finalValue: Double { value(atU: stopU) }

    func value(atU u: Double) -> Double {
        switch path {
        case let .cubic(curve, from, to):
            return from + (to - from) * curve.y(atX: u)
        case let .spring(spring, from, to, settle):
            // The spring stops at its settling time and snaps to the target (MOTION.md §1).
            return u >= settle ? to : to - (to - from) * spring.displacement(at: u)
        }
    }

    /// d(value)/dt, zero once the run has stopped.
    func velocity(at time: Double) -> Double {
        guard time < deadline else { return 0 }
        let u = u(at: time)
        switch path {
        case let .cubic(curve, from, to):
            return (to - from) * curve.slope(atX: u) * rate
        case let .spring(spring, from, to, _):
            return -(to - from) * spring.displacementVelocity(at: u) * rate
        }
    }

    /// The same run frozen at `time`, ready to resume later from the same point.
    func frozen(at time: Double) -> AnimationRun {
        var copy = self
        copy.startU = u(at: time)
        copy.startTime = time
        return copy
    }

    func resumed(at time: Double) -> AnimationRun {
        var copy = self
        copy.startTime = time
        return copy
    }

    /// The run as a client evaluates it, with value mapped to progress by `progress = base + scale · value`.
    func motion(base: Double, scale: Double) -> LegMotion {
        switch path {
        case let .cubic(curve, from, to):
            let endU = stopU
            let duration = endU == startU || rate == 0 ? 0 : (endU - startU) / rate
            return .cubic(
                CubicLegMotion(
                    curve: curve, from: base + scale * from, to: base + scale * to, startTime: startTime,
                    startX: startU, endX: endU, duration: duration))
        case let .spring(spring, from, to, settle):
            // Springs always run forward at rate 1 (a reversed spring is a new run), so spring time is startU + (t − startTime).
            assert(rate == 1, "a spring run goes forward at rate 1")
            return .spring(
                SpringLegMotion(
                    spring: spring, from: base + scale * from, to: base + scale * to, startTime: startTime,
                    elapsed: startU, settlingTime: settle))
        }
    }

    /// Whether this run covers the whole 0 → 1 curve, so that retracing it ends exactly at 0.
    var isFullCubic: Bool {
        if case let .cubic(_, from, to) = path { return from == 0 && to == 1 }
        return false
    }
}
