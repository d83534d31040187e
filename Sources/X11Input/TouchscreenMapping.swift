public import Gestures

/// Where the X server puts a touchscreen's touches, redone for the raw touch
/// events animd observes, which carry device units instead of screen pixels.
///
/// The server's rule (`DeviceSetTransform` and `rescaleValuatorAxis` in
/// dix): a valuator is normalised over its range plus one, `(v − min) /
/// (max − min + 1)`; the Coordinate Transformation Matrix maps that point
/// of the unit square; the result is scaled onto the desktop. Raw events
/// carry the matrix already applied in `valuators` (measured on Xorg 21.1:
/// `raw_values` is before the matrix, `valuators` after), so `location`
/// scales; the matrix itself is needed for `surface`, the glass's place on
/// the screen, whose borders are the touchscreen's edges.
///
/// A touchscreen named in `[input] touchscreens` maps onto that monitor
/// instead of the whole desktop, after the matrix (so a rotation set with
/// `xinput set-prop` still applies).
public struct TouchscreenMapping: Hashable, Sendable {
    public var xAxis: ClosedRange<Double>
    public var yAxis: ClosedRange<Double>
    /// What the device's whole range covers: the desktop, or the monitor it is pinned to.
    public var target: Rect
    /// The Coordinate Transformation Matrix, row by row; identity when the device has none.
    public var matrix: [Double]

    public static let identity: [Double] = [1, 0, 0, 0, 1, 0, 0, 0, 1]

    public init(xAxis: ClosedRange<Double>, yAxis: ClosedRange<Double>, target: Rect, matrix: [Double] = identity) {
        self.xAxis = xAxis
        self.yAxis = yAxis
        self.target = target
        self.matrix = matrix.count == 9 && matrix.allSatisfy(\.isFinite) ? matrix : Self.identity
    }

    /// The screen position of a touch whose valuators, after the matrix, are `x` and `y`; clamped onto the target,
    /// as the server keeps the sprite on the screen. Nil for a value that is not finite.
    public func location(x: Double, y: Double) -> Point? {
        guard x.isFinite, y.isFinite else { return nil }
        return place(Point(x: Self.normalised(x, xAxis), y: Self.normalised(y, yAxis)))
    }

    /// The glass: the unit square through the matrix, onto the target. A touch can start no nearer its borders.
    public var surface: Rect {
        let corners = [Point(x: 0, y: 0), Point(x: 1, y: 0), Point(x: 0, y: 1), Point(x: 1, y: 1)].compactMap(
            transformed)
        guard corners.count == 4 else { return target }
        let clamp = { (value: Double) in min(max(value, 0), 1) }
        let low = Point(x: clamp(corners.map(\.x).min() ?? 0), y: clamp(corners.map(\.y).min() ?? 0))
        let high = Point(x: clamp(corners.map(\.x).max() ?? 1), y: clamp(corners.map(\.y).max() ?? 1))
        return Rect(
            x: target.x + low.x * target.width, y: target.y + low.y * target.height,
            width: (high.x - low.x) * target.width, height: (high.y - low.y) * target.height)
    }

    /// A point of the unit square through the matrix (projective, as pixman does), or nil where it has no image.
    func transformed(_ p: Point) -> Point? {
        let m = matrix
        let w = m[6] * p.x + m[7] * p.y + m[8]
        guard w != 0, w.isFinite else { return nil }
        let x = (m[0] * p.x + m[1] * p.y + m[2]) / w
        let y = (m[3] * p.x + m[4] * p.y + m[5]) / w
        return x.isFinite && y.isFinite ? Point(x: x, y: y) : nil
    }

    private func place(_ unit: Point) -> Point {
        let x = target.x + unit.x * target.width
        let y = target.y + unit.y * target.height
        // Half-open, as pixels are: the last position on the target is just below its far border.
        return Point(x: min(max(x, target.x), target.maxX.nextDown), y: min(max(y, target.y), target.maxY.nextDown))
    }

    private static func normalised(_ value: Double, _ axis: ClosedRange<Double>) -> Double {
        let span = axis.upperBound - axis.lowerBound + 1
        return span > 0 ? (value - axis.lowerBound) / span : 0
    }
}
