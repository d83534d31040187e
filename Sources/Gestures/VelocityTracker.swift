/// Tracks a 2-D path and estimates its velocity at a moment, in px/s.
///
/// The window follows Android's VelocityTracker: the last 100 ms, at most 20
/// samples. After 40 ms without movement the velocity is 0 (Android's
/// ASSUME_POINTER_STOPPED_TIME); a pointer that reports nothing while still
/// counts as not moving, because the gap itself is the stillness.
public struct VelocityTracker: Hashable, Sendable {
    public static let horizon = 0.100
    public static let maxSamples = 20
    public static let stillnessTimeout = 0.040

    /// Chosen by measurement (docs/gestures.md, `VelocityComparisonTests`).
    public static let defaultEstimator = VelocityEstimator.lsq2

    public var estimator: VelocityEstimator
    private var times: [Double] = []
    private var xs: [Double] = []
    private var ys: [Double] = []
    private var lastMovement: Double?

    public init(estimator: VelocityEstimator = VelocityTracker.defaultEstimator) {
        self.estimator = estimator
    }

    public mutating func add(_ p: Point, at time: Double) {
        if let last = times.last {
            if time < last { return }
            if time == last {
                // Several events in one millisecond: keep the newest position (dt = 0 is not a sample).
                if p.x != xs[xs.count - 1] || p.y != ys[ys.count - 1] { lastMovement = time }
                xs[xs.count - 1] = p.x
                ys[ys.count - 1] = p.y
                return
            }
            if time - last > Self.stillnessTimeout {
                // The path paused: what came before says nothing about the motion now.
                times.removeAll(); xs.removeAll(); ys.removeAll()
            } else if p.x != xs[xs.count - 1] || p.y != ys[ys.count - 1] {
                lastMovement = time
            }
        }
        if times.isEmpty { lastMovement = lastMovement ?? time }
        times.append(time); xs.append(p.x); ys.append(p.y)
        let cutoff = time - Self.horizon
        let drop = max(times.firstIndex { $0 >= cutoff - 1e-9 } ?? 0, times.count - Self.maxSamples)
        if drop > 0 {
            times.removeFirst(drop); xs.removeFirst(drop); ys.removeFirst(drop)
        }
    }

    /// The velocity at `time` (usually the newest event's time, or a release).
    public func velocity(at time: Double) -> Point {
        guard !times.isEmpty, let lastMovement, time - lastMovement <= Self.stillnessTimeout else { return .zero }
        return Point(
            x: estimator.velocity(times: times, positions: xs), y: estimator.velocity(times: times, positions: ys))
    }
}
