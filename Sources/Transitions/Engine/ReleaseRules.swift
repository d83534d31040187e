/// Where a released transition goes (MOTION.md §5). Progress is in snap
/// units and velocity in snap units per second.
public enum ReleaseRules {
    /// A release faster than this (progress/s) counts as a flick: it never
    /// returns to the snap it moved away from. Slower ones are noise of a
    /// finger coming to rest and fall back to the plain nearest-snap rule.
    public static let flickVelocity = 0.5

    /// UIScrollView's projection: how far the motion would carry with
    /// deceleration `rate` per millisecond, in the velocity's distance unit.
    public static func projectedDistance(velocity: Double, rate: Double) -> Double {
        velocity / 1000 * rate / (1 - rate)
    }

    /// The target snap for a release at `progress` moving at `velocity`,
    /// for a gesture that started at snap `origin`.
    /// - distance: pixels per progress unit, for the threshold rule's px/s.
    public static func target(
        progress: Double, velocity: Double, origin: Int, lastSnap: Int,
        rule: ReleaseRule, reach: Int, distance: Double
    ) -> Int {
        let chosen: Int
        switch rule {
        case let .projection(rate):
            let projected = progress + projectedDistance(velocity: velocity, rate: rate)
            // One past either end is as far as it matters: the result is clamped to the snaps below.
            var nearest = snapIndex(projected, in: -1...lastSnap + 1)
            let awayFromOrigin = (progress - Double(origin)) * velocity >= 0
            if nearest == origin, abs(velocity) >= flickVelocity, awayFromOrigin {
                nearest = origin + (velocity > 0 ? 1 : -1)
            }
            chosen = nearest
        case let .threshold(fraction, thresholdVelocity):
            let displacement = progress - Double(origin)
            let sign: Double =
                displacement != 0 ? (displacement > 0 ? 1 : -1) : (velocity > 0 ? 1 : velocity < 0 ? -1 : 0)
            guard sign != 0 else { return clamp(origin, lastSnap) }
            let forward = velocity * sign * distance
            let finishes =
                (abs(displacement) >= fraction && forward > -thresholdVelocity) || forward > thresholdVelocity
            chosen = finishes ? origin + Int(sign) : origin
        }
        let limited = min(max(chosen, origin - reach), origin + reach)
        return clamp(limited, lastSnap)
    }

    private static func clamp(_ snap: Int, _ lastSnap: Int) -> Int { min(max(snap, 0), lastSnap) }

    /// iOS scroll-view rubber band past [low, high]: 1 − 1/(c·e + 1) for an excess
    /// e of one snap unit; coefficient 0 stops hard at the end.
    public static func rubberBand(_ progress: Double, low: Double, high: Double, coefficient: Double) -> Double {
        func band(_ excess: Double) -> Double { coefficient == 0 ? 0 : 1 - 1 / (coefficient * excess + 1) }
        if progress > high { return high + band(progress - high) }
        if progress < low { return low - band(low - progress) }
        return progress
    }
}
