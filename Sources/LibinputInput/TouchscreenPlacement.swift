import Gestures
import TouchRelay

/// How a touchscreen's device units become screen pixels, as libinput places a touch and animd then puts it on
/// its output: the unit square, (v − min) / (max − min + 1) as libinput scales it, through the device's
/// calibration matrix, turned with its output (`place`). The relay's touches are placed so, and the edge zones are
/// brought back to device units the other way.
struct TouchscreenPlacement: Sendable {
    var x: AxisInfo
    var y: AxisInfo
    /// libinput's calibration matrix, row by row: [a b c; d e f].
    var calibration: [Double] = [1, 0, 0, 0, 1, 0]
    var rect: Rect
    var transform: Int

    func screenPoint(_ point: DevicePoint) -> Point {
        let nx = Double(point.x - x.minimum) / Double(Int64(x.maximum) - Int64(x.minimum) + 1)
        let ny = Double(point.y - y.minimum) / Double(Int64(y.maximum) - Int64(y.minimum) + 1)
        let m = calibration
        return place(
            Point(x: m[0] * nx + m[1] * ny + m[2], y: m[3] * nx + m[4] * ny + m[5]), on: rect, transform: transform)
    }

    /// The device rectangle that holds every point of `screen` (a bounding box, for a turned or sheared glass).
    func deviceRect(covering screen: Rect) -> DeviceRect {
        let corners = [
            Point(x: screen.x, y: screen.y), Point(x: screen.maxX, y: screen.y), Point(x: screen.x, y: screen.maxY),
            Point(x: screen.maxX, y: screen.maxY),
        ].map(devicePoint)
        func clamp(_ value: Double) -> Int32 { Int32(max(Double(Int32.min), min(Double(Int32.max), value))) }
        return DeviceRect(
            minX: clamp(corners.map(\.x).min()!.rounded(.down)), minY: clamp(corners.map(\.y).min()!.rounded(.down)),
            maxX: clamp(corners.map(\.x).max()!.rounded(.up)), maxY: clamp(corners.map(\.y).max()!.rounded(.up)))
    }

    /// `screenPoint` undone, unclamped: the output's turn, the calibration (identity where it cannot be undone),
    /// libinput's scale.
    private func devicePoint(_ screen: Point) -> Point {
        var p = Point(
            x: rect.width > 0 ? (screen.x - rect.x) / rect.width : 0,
            y: rect.height > 0 ? (screen.y - rect.y) / rect.height : 0)
        if transform >= 4 { p = Point(x: 1 - p.x, y: p.y) }
        for _ in 0..<(transform % 4) { p = Point(x: p.y, y: 1 - p.x) }
        let m = calibration
        let determinant = m[0] * m[4] - m[1] * m[3]
        if abs(determinant) > 1e-9 {
            let (u, v) = (p.x - m[2], p.y - m[5])
            p = Point(x: (m[4] * u - m[1] * v) / determinant, y: (m[0] * v - m[3] * u) / determinant)
        }
        return Point(
            x: Double(x.minimum) + p.x * (Double(x.maximum) - Double(x.minimum) + 1),
            y: Double(y.minimum) + p.y * (Double(y.maximum) - Double(y.minimum) + 1))
    }
}
