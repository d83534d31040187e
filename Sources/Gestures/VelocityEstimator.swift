/// Ways to estimate the velocity of the newest sample of a 1-D path.
/// Each takes times relative to the newest sample (so ≤ 0), oldest first.
public enum VelocityEstimator: String, Hashable, Sendable, CaseIterable {
    /// Android's LSQ2: a least-squares quadratic, slope at the newest sample.
    case lsq2
    /// A least-squares line through the window.
    case linear
    /// Android's impulse strategy: the velocity whose kinetic energy equals the
    /// work done by the finger over the window.
    case impulse

    public func velocity(times: [Double], positions: [Double]) -> Double {
        guard times.count >= 2 else { return 0 }
        switch self {
        case .lsq2:
            if times.count >= 3, let coefficients = polynomialFit(times, positions, degree: 2) { return coefficients[1] }
            return polynomialFit(times, positions, degree: 1)?[1] ?? 0
        case .linear:
            return polynomialFit(times, positions, degree: 1)?[1] ?? 0
        case .impulse:
            return impulseVelocity(times, positions)
        }
    }
}

/// Least-squares polynomial coefficients [c0, c1, …] (x ≈ Σ c_k·t^k), by the
/// normal equations; nil when the times cannot determine them.
func polynomialFit(_ t: [Double], _ x: [Double], degree: Int) -> [Double]? {
    let n = degree + 1
    guard t.count >= n else { return nil }
    var matrix = Array(repeating: Array(repeating: 0.0, count: n + 1), count: n)
    for (ti, xi) in zip(t, x) {
        var powers = Array(repeating: 1.0, count: 2 * n - 1)
        for k in 1..<powers.count { powers[k] = powers[k - 1] * ti }
        for row in 0..<n {
            for column in 0..<n { matrix[row][column] += powers[row + column] }
            matrix[row][n] += xi * powers[row]
        }
    }
    // Gaussian elimination with partial pivoting.
    for column in 0..<n {
        guard let pivot = (column..<n).max(by: { abs(matrix[$0][column]) < abs(matrix[$1][column]) }),
              abs(matrix[pivot][column]) > 1e-18 else { return nil }
        matrix.swapAt(column, pivot)
        for row in (column + 1)..<n {
            let factor = matrix[row][column] / matrix[column][column]
            for k in column...n { matrix[row][k] -= factor * matrix[column][k] }
        }
    }
    var solution = Array(repeating: 0.0, count: n)
    for row in stride(from: n - 1, through: 0, by: -1) {
        var sum = matrix[row][n]
        for k in (row + 1)..<n { sum -= matrix[row][k] * solution[k] }
        solution[row] = sum / matrix[row][row]
    }
    return solution
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
