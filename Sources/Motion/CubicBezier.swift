/// A CSS / Core Animation cubic Bézier timing curve from (0,0) to (1,1).
///
/// `y(x)` solves `B_x(s) = x` for the curve parameter `s` with Newton–Raphson
/// and falls back to bisection, as the WebKit and Chromium solvers do. Outside
/// [0, 1] the curve is extended linearly with its end slopes (CSS Easing §2.1).
public struct CubicBezier: Hashable, Sendable {
    public let x1: Double, y1: Double, x2: Double, y2: Double

    // Polynomial coefficients: B(s) = ((a·s + b)·s + c)·s.
    private let ax: Double, bx: Double, cx: Double
    private let ay: Double, by: Double, cy: Double

    /// `x1` and `x2` must lie in [0, 1] so that x(s) is monotone; `y1`, `y2` are free.
    public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        precondition((0...1).contains(x1) && (0...1).contains(x2), "x control points must be in [0, 1]")
        self.x1 = x1; self.y1 = y1; self.x2 = x2; self.y2 = y2
        cx = 3 * x1; bx = 3 * (x2 - x1) - cx; ax = 1 - cx - bx
        cy = 3 * y1; by = 3 * (y2 - y1) - cy; ay = 1 - cy - by
    }

    public static let linear = CubicBezier(0, 0, 1, 1)

    @inline(__always) private func sampleX(_ s: Double) -> Double { ((ax * s + bx) * s + cx) * s }
    @inline(__always) private func sampleY(_ s: Double) -> Double { ((ay * s + by) * s + cy) * s }
    @inline(__always) private func slopeX(_ s: Double) -> Double { (3 * ax * s + 2 * bx) * s + cx }
    @inline(__always) private func slopeY(_ s: Double) -> Double { (3 * ay * s + 2 * by) * s + cy }

    /// dy/dx at x = 0, used for extrapolation below 0.
    private var startSlope: Double {
        if x1 > 0 { return y1 / x1 }
        if y1 == 0 && x2 > 0 { return y2 / x2 }
        return 0
    }

    /// dy/dx at x = 1, used for extrapolation above 1.
    private var endSlope: Double {
        if x2 < 1 { return (y2 - 1) / (x2 - 1) }
        if y2 == 1 && x1 < 1 { return (y1 - 1) / (x1 - 1) }
        return 0
    }

    /// The curve parameter s with B_x(s) = x, for x in [0, 1], to 1e-12 in x.
    public func parameter(forX x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        let tolerance = 1e-12
        // Newton–Raphson from s = x: quick for every curve with a usable slope.
        var s = x
        for _ in 0..<8 {
            let error = sampleX(s) - x
            if abs(error) < tolerance { return s }
            let d = slopeX(s)
            if abs(d) < 1e-9 { break }
            s -= error / d
            if s < 0 || s > 1 { break }
        }
        // Bisection always converges because x(s) is monotone on [0, 1].
        var lo = 0.0, hi = 1.0
        s = x
        for _ in 0..<64 {
            let value = sampleX(s)
            if abs(value - x) < tolerance { return s }
            if value < x { lo = s } else { hi = s }
            s = (lo + hi) / 2
        }
        return s
    }

    /// The eased progress at input progress `x`.
    public func y(atX x: Double) -> Double {
        // The endpoints are exact by definition; the polynomial would round them.
        if x <= 0 { return startSlope * x }
        if x >= 1 { return 1 + endSlope * (x - 1) }
        return sampleY(parameter(forX: x))
    }

    /// dy/dx at `x`: how fast the eased progress moves per unit of input progress.
    public func slope(atX x: Double) -> Double {
        if x < 0 { return startSlope }
        if x > 1 { return endSlope }
        let s = parameter(forX: x)
        let dx = slopeX(s)
        if abs(dx) < 1e-12 {
            return s < 0.5 ? startSlope : endSlope
        }
        return slopeY(s) / dx
    }

    /// The smallest input progress x in [0, 1] at which the curve shows `y`.
    ///
    /// This is how a new curve takes over mid-flight without a jump: it resumes at
    /// the first point of itself that shows the same progress. Values the curve
    /// never shows give nil.
    public func firstX(showing y: Double) -> Double? {
        if y == 0 { return 0 }
        // Scan the parameter range for the first bracket that crosses y, then bisect.
        let steps = 64
        var previous = 0.0
        var previousY = sampleY(0) - y
        for i in 1...steps {
            let s = Double(i) / Double(steps)
            let current = sampleY(s) - y
            if current == 0 { return sampleX(s) }
            if (previousY < 0) != (current < 0) {
                var lo = previous, hi = s, loValue = previousY
                for _ in 0..<80 {
                    let mid = (lo + hi) / 2
                    let value = sampleY(mid) - y
                    if (value < 0) == (loValue < 0) { lo = mid; loValue = value } else { hi = mid }
                }
                return sampleX((lo + hi) / 2)
            }
            previous = s
            previousY = current
        }
        return nil
    }
}
