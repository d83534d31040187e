/// Ways to estimate the velocity of the newest sample of a 1-D path.
/// Each takes the samples oldest first, with times in seconds (absolute, or
/// relative to the newest sample).
public enum VelocityEstimator: String, Hashable, Sendable, CaseIterable {
    /// Android's LSQ2: a least-squares quadratic, slope at the newest sample.
    case lsq2
    /// A least-squares line through the window.
    case linear
    /// Android's impulse strategy: the velocity whose kinetic energy equals the
    /// work done by the finger over the window.
    case impulse

    /// The fits take times relative to the newest one themselves, so that the tracker need not build a
    /// relative copy per event.
    public func velocity(times: [Double], positions: [Double]) -> Double {
        guard times.count >= 2, let newest = times.last else { return 0 }
        switch self {
        case .lsq2:
            if times.count >= 3, let slope = polynomialSlope(times, positions, degree: 2, origin: newest) {
                return slope
            }
            return polynomialSlope(times, positions, degree: 1, origin: newest) ?? 0
        case .linear:
            return polynomialSlope(times, positions, degree: 1, origin: newest) ?? 0
        case .impulse:
            return impulseVelocity(times, positions)
        }
    }
}

/// The slope c1 of the least-squares polynomial x ≈ Σ c_k·(t - origin)^k of
/// degree 1 or 2, by the normal equations; nil when the times cannot
/// determine it. It runs for every pointer motion, so its matrix lives on
/// the stack: the normal equations of degree ≤ 2 are at most 3 × 4.
func polynomialSlope(_ t: [Double], _ x: [Double], degree: Int, origin: Double) -> Double? {
    precondition((1...2).contains(degree), "the velocity fits are linear or quadratic")
    let n = degree + 1
    guard t.count >= n else { return nil }
    let width = n + 1
    // Room for the largest case (degree 2): the augmented matrix [A | b] row by row, the powers t⁰…t⁴ of one
    // sample, and the solution.
    let (matrixRoom, powersRoom, solutionRoom) = (3 * 4, 5, 3)
    return withUnsafeTemporaryAllocation(of: Double.self, capacity: matrixRoom + powersRoom + solutionRoom) {
        scratch -> Double? in
        scratch.initialize(repeating: 0)
        let matrix = UnsafeMutableBufferPointer(rebasing: scratch[0..<(n * width)])
        let powers = UnsafeMutableBufferPointer(rebasing: scratch[matrixRoom..<(matrixRoom + 2 * n - 1)])
        let solution = UnsafeMutableBufferPointer(
            rebasing: scratch[(matrixRoom + powersRoom)..<(matrixRoom + powersRoom + n)])
        for (absolute, xi) in zip(t, x) {
            let ti = absolute - origin
            powers[0] = 1
            for k in 1..<powers.count { powers[k] = powers[k - 1] * ti }
            for row in 0..<n {
                for column in 0..<n { matrix[row * width + column] += powers[row + column] }
                matrix[row * width + n] += xi * powers[row]
            }
        }
        return solve(matrix, n: n, into: solution) ? solution[1] : nil
    }
}

/// Solves the augmented n × (n + 1) system `matrix` (row by row) by Gaussian elimination with partial pivoting, in
/// place, into `solution`; false when it is singular. Never inlined: inlined into the fit's closure it tripled what
/// the fit costs (5,590 instructions a request, docs/performance.md 2026-11-29 05:50).
@inline(never)
private func solve(
    _ matrix: UnsafeMutableBufferPointer<Double>, n: Int, into solution: UnsafeMutableBufferPointer<Double>
) -> Bool {
    let width = n + 1
    for column in 0..<n {
        var pivot = column
        for row in (column + 1)..<n where abs(matrix[row * width + column]) > abs(matrix[pivot * width + column]) {
            pivot = row
        }
        guard abs(matrix[pivot * width + column]) > 1e-18 else { return false }
        if pivot != column {
            for k in 0..<width { matrix.swapAt(column * width + k, pivot * width + k) }
        }
        for row in (column + 1)..<n {
            let factor = matrix[row * width + column] / matrix[column * width + column]
            for k in column...n { matrix[row * width + k] -= factor * matrix[column * width + k] }
        }
    }
    for row in stride(from: n - 1, through: 0, by: -1) {
        var sum = matrix[row * width + n]
        for k in (row + 1)..<n { sum -= matrix[row * width + k] * solution[k] }
        solution[row] = sum / matrix[row * width + row]
    }
    return true
}

/// Android VelocityTracker's impulse strategy in one dimension (unit mass).
func impulseVelocity(_ t: [Double], _ x: [Double]) -> Double {
    func velocity(fromWork work: Double) -> Double { (work < 0 ? -1.0 : 1.0) * (2 * abs(work)).squareRoot() }
    var work = 0.0
    for i in 1..<t.count {
        let dt = t[i] - t[i - 1]
        guard dt > 0 else { continue }
        let previous = velocity(fromWork: work)
        let current = (x[i] - x[i - 1]) / dt
        work += (current - previous) * abs(current)
        if i == 1 { work *= 0.5 }
    }
    return velocity(fromWork: work)
}
