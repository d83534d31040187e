/// A position or a displacement in root-window pixels.
public struct Point: Hashable, Sendable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) { self.x = x; self.y = y }

    public static let zero = Point(x: 0, y: 0)
    public static func + (a: Point, b: Point) -> Point { Point(x: a.x + b.x, y: a.y + b.y) }
    public static func - (a: Point, b: Point) -> Point { Point(x: a.x - b.x, y: a.y - b.y) }
    public static func * (a: Point, k: Double) -> Point { Point(x: a.x * k, y: a.y * k) }
    public var length: Double { (x * x + y * y).squareRoot() }
}

/// An axis-aligned rectangle: a monitor or a region.
public struct Rect: Hashable, Sendable {
    public var x: Double, y: Double, width: Double, height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }

    public var maxX: Double { x + width }
    public var maxY: Double { y + height }

    /// Half-open, as pixels are: the right and bottom borders belong to the neighbour.
    public func contains(_ p: Point) -> Bool { p.x >= x && p.x < maxX && p.y >= y && p.y < maxY }
}

/// A screen edge, named by the side of the monitor it is on.
public enum Edge: String, Hashable, Sendable, CaseIterable {
    case left, right, top, bottom

    /// The unit vector pointing from this edge into the monitor.
    public var inward: Point {
        switch self {
        case .left: Point(x: 1, y: 0)
        case .right: Point(x: -1, y: 0)
        case .top: Point(x: 0, y: 1)
        case .bottom: Point(x: 0, y: -1)
        }
    }
}

/// The monitors as rectangles in root-window pixels. It can change at run time
/// (hot-plug, rotation); recognizers read it per touch sequence.
public struct ScreenGeometry: Hashable, Sendable {
    public var monitors: [Rect]

    public init(monitors: [Rect]) { self.monitors = monitors }

    /// The size animd assumes without an X display (PROTOCOL.md).
    public static let fallback = ScreenGeometry(monitors: [Rect(x: 0, y: 0, width: 1920, height: 1080)])

    public func monitor(containing p: Point) -> Rect? { monitors.first { $0.contains(p) } }

    /// How far `p` is from `edge` of the monitor it is on, if that stretch of the
    /// edge is a screen edge. An edge shared with a neighbouring monitor is not:
    /// the pixel just beyond it belongs to another monitor.
    public func distance(from p: Point, to edge: Edge) -> Double? {
        guard let m = monitor(containing: p) else { return nil }
        let distance: Double
        let beyond: Point
        switch edge {
        case .left: distance = p.x - m.x; beyond = Point(x: m.x - 1, y: p.y)
        case .right: distance = m.maxX - 1 - p.x; beyond = Point(x: m.maxX, y: p.y)
        case .top: distance = p.y - m.y; beyond = Point(x: p.x, y: m.y - 1)
        case .bottom: distance = m.maxY - 1 - p.y; beyond = Point(x: p.x, y: m.maxY)
        }
        return monitor(containing: beyond) == nil ? distance : nil
    }
}
