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

    /// The whole border on `edge`, as a segment: the right and bottom lines lie one past the last pixel.
    public func border(_ edge: Edge) -> EdgeSegment {
        switch edge {
        case .left: EdgeSegment(edge: edge, line: x, start: y, end: maxY)
        case .right: EdgeSegment(edge: edge, line: maxX, start: y, end: maxY)
        case .top: EdgeSegment(edge: edge, line: y, start: x, end: maxX)
        case .bottom: EdgeSegment(edge: edge, line: maxY, start: x, end: maxX)
        }
    }
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
    /// Where each touchscreen's glass lies, in root-window pixels: the area its
    /// touches map onto. A finger cannot cross the glass's border, so for touch
    /// each border is an edge, whatever monitor lies beyond it (a touchscreen
    /// on the second of two monitors side by side has that monitor's left edge).
    public var touchSurfaces: [Rect]
    /// The monitors that have names (RandR monitors, Wayland outputs), for the places that name one.
    public var outputs: [NamedOutput]

    public init(monitors: [Rect], touchSurfaces: [Rect] = [], outputs: [NamedOutput] = []) {
        self.monitors = monitors
        self.touchSurfaces = touchSurfaces
        self.outputs = outputs
    }

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

    /// Whether `p` lies within `placement` on `edge`: on the named monitor, if one is named, and within the span of
    /// that monitor's edge (else of the glass a touch is on, else of the monitor `p` is on). A name no monitor has
    /// places nothing.
    public func places(_ p: Point, on edge: Edge, _ placement: EdgePlacement, touch: Bool) -> Bool {
        guard let along = fraction(of: p, along: edge, on: placement.output, touch: touch) else { return false }
        // Half-open, as pixels are: two spans that meet at a fraction do not both take the point there.
        return along >= placement.span.lowerBound && along < placement.span.upperBound
    }

    /// Where `p` lies along `edge` of the rectangle a placement measures it on (the monitor named `output`, which
    /// must hold `p`; without a name, the glass a touch is on, else the monitor `p` is on), 0 at the top or the left;
    /// nil when there is none.
    func fraction(of p: Point, along edge: Edge, on output: String?, touch: Bool) -> Double? {
        let reference: Rect?
        if let output {
            reference = outputs.first { $0.name == output }.map(\.rect).flatMap { $0.contains(p) ? $0 : nil }
        } else {
            reference = (touch ? touchSurfaces.first { $0.contains(p) } : nil) ?? monitor(containing: p)
        }
        guard let reference, reference.width > 0, reference.height > 0 else { return nil }
        return edge == .left || edge == .right
            ? (p.y - reference.y) / reference.height : (p.x - reference.x) / reference.width
    }

    /// How far a touch at `p` is from `edge` of the touchscreen it is on; on no
    /// known touchscreen (injected input, a server without touch devices), the
    /// screen-edge rule of `distance(from:to:)`.
    public func touchDistance(from p: Point, to edge: Edge) -> Double? {
        guard let glass = touchSurfaces.first(where: { $0.contains(p) }) else { return distance(from: p, to: edge) }
        return switch edge {
        case .left: p.x - glass.x
        case .right: glass.maxX - 1 - p.x
        case .top: p.y - glass.y
        case .bottom: glass.maxY - 1 - p.y
        }
    }
}

/// A stretch of a monitor's edge beyond which there is no monitor: where a
/// pointer barrier or an edge strip may go.
public struct EdgeSegment: Hashable, Sendable {
    public var edge: Edge
    /// The line's fixed coordinate: x for left and right edges, y for top and
    /// bottom. It is the monitor's border, so the right and bottom lines lie
    /// one past the last pixel, where a barrier stops the pointer on that pixel.
    public var line: Double
    /// The stretch along the line, [start, end).
    public var start: Double
    public var end: Double

    public init(edge: Edge, line: Double, start: Double, end: Double) {
        self.edge = edge; self.line = line; self.start = start; self.end = end
    }

    /// The strip `width` px deep inside the monitor along this stretch.
    public func strip(width: Double) -> Rect {
        switch edge {
        case .left: Rect(x: line, y: start, width: width, height: end - start)
        case .right: Rect(x: line - width, y: start, width: width, height: end - start)
        case .top: Rect(x: start, y: line, width: end - start, height: width)
        case .bottom: Rect(x: start, y: line - width, width: end - start, height: width)
        }
    }
}

extension ScreenGeometry {
    /// The outer edges of the layout, edge by edge: every stretch of a monitor
    /// border whose pixels just beyond lie on no monitor. Shared borders
    /// between monitors are left out, so that the pointer crosses them freely.
    public func outerSegments(of edges: Set<Edge> = Set(Edge.allCases)) -> [EdgeSegment] {
        monitors.flatMap { monitor in
            Edge.allCases.filter(edges.contains).flatMap { outerStretches(of: monitor, on: $0) }
        }
    }

    /// The monitors whose `edge` is, at least in part, an outer edge of the layout: where an edge pan from that
    /// side can start, and so where the strip that closes what it opened lies (`RegionSpec`, docs/gestures.md).
    public func monitors(withOuter edge: Edge) -> [Rect] {
        monitors.filter { !outerStretches(of: $0, on: edge).isEmpty }
    }

    /// The stretches of `monitor`'s border on `edge` whose pixels just beyond lie on no monitor.
    private func outerStretches(of monitor: Rect, on edge: Edge) -> [EdgeSegment] {
        let vertical = edge == .left || edge == .right
        let border = monitor.border(edge)
        // The row or column of pixels just beyond the border.
        let beyond = edge == .left || edge == .top ? border.line - 1 : border.line
        let covered: [(Double, Double)] = monitors.compactMap { other in
            let across = vertical ? (other.x, other.maxX) : (other.y, other.maxY)
            guard beyond >= across.0 && beyond < across.1 else { return nil }
            return vertical ? (other.y, other.maxY) : (other.x, other.maxX)
        }
        return Self.subtract(covered, from: (border.start, border.end)).map { start, end in
            EdgeSegment(edge: edge, line: border.line, start: start, end: end)
        }
    }

    /// The parts of `segments` (outer edges of the monitors) where an edge pan of one of `placements` may start: on
    /// the named monitor's border, within its span; on any monitor's, within the span of that monitor's border.
    /// What pointer barriers and drag strips cover, so that a push or a press elsewhere on the edge is not taken.
    public func placed(_ segments: [EdgeSegment], within placements: [EdgePlacement]) -> [EdgeSegment] {
        guard !placements.contains(where: \.isEverywhere) else { return segments }
        return segments.flatMap { segment -> [EdgeSegment] in
            Self.union(
                placements.compactMap { placement in
                    let reference =
                        placement.output.map { name in outputs.filter { $0.name == name }.map(\.rect) } ?? monitors
                    return reference.map { $0.border(segment.edge) }
                        .first { $0.line == segment.line && $0.start <= segment.start && segment.end <= $0.end }
                        .flatMap { Self.piece(of: $0, spanned: placement.span, within: segment) }
                }, within: segment)
        }
    }

    /// The parts of `edge` of a touchscreen's `glass` where an edge pan of one of `placements` may start: a
    /// placement without an output measures its span along the glass, as a touch's `fraction` does; one with an
    /// output, along that monitor's border where it lies on the glass's. What exclusive touch strips cover, so that a
    /// touch elsewhere on the edge is not held.
    public func placed(onGlass glass: Rect, edge: Edge, within placements: [EdgePlacement]) -> [EdgeSegment] {
        let border = glass.border(edge)
        guard !placements.contains(where: \.isEverywhere) else { return [border] }
        return Self.union(
            placements.flatMap { placement in
                let references =
                    placement.output.map { name in
                        outputs.filter { $0.name == name }.map { $0.rect.border(edge) }.filter {
                            $0.line == border.line
                        }
                    } ?? [border]
                return references.compactMap { Self.piece(of: $0, spanned: placement.span, within: border) }
            }, within: border)
    }

    /// The stretch of `segment` that `span` of `reference`'s length covers; nil when they do not meet.
    private static func piece(of reference: EdgeSegment, spanned span: ClosedRange<Double>, within segment: EdgeSegment)
        -> (Double, Double)?
    {
        let length = reference.end - reference.start
        let start = max(segment.start, reference.start + span.lowerBound * length)
        let end = min(segment.end, reference.start + span.upperBound * length)
        return start < end ? (start, end) : nil
    }

    /// The union of `pieces`, as segments along `segment`: the segment minus what none of them covers.
    private static func union(_ pieces: [(Double, Double)], within segment: EdgeSegment) -> [EdgeSegment] {
        let uncovered = subtract(pieces, from: (segment.start, segment.end))
        return subtract(uncovered, from: (segment.start, segment.end)).map {
            EdgeSegment(edge: segment.edge, line: segment.line, start: $0.0, end: $0.1)
        }
    }

    /// `span` minus the union of `intervals`, as half-open intervals in order.
    static func subtract(_ intervals: [(Double, Double)], from span: (Double, Double)) -> [(Double, Double)] {
        var pieces: [(Double, Double)] = []
        var cursor = span.0
        for (start, end) in intervals.sorted(by: { $0.0 < $1.0 }) where end > cursor && start < span.1 {
            if start > cursor { pieces.append((cursor, start)) }
            cursor = max(cursor, end)
        }
        if cursor < span.1 { pieces.append((cursor, span.1)) }
        return pieces
    }
}
