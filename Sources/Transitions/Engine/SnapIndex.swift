/// Rounds a progress value to a snap index without ever trapping: `Int(Double)`
/// traps on NaN, infinities and anything beyond Int's range, and progress
/// values reach here from fingers, clients and springs. The result is clamped
/// to `range`; NaN gives its lower bound.
func snapIndex(
    _ value: Double, in range: ClosedRange<Int>, rounding rule: FloatingPointRoundingRule = .toNearestOrAwayFromZero
) -> Int {
    guard !value.isNaN else { return range.lowerBound }
    let rounded = value.rounded(rule)
    if rounded <= Double(range.lowerBound) { return range.lowerBound }
    if rounded >= Double(range.upperBound) { return range.upperBound }
    return Int(rounded)
}
