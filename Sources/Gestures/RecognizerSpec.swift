/// A horizontal or vertical axis.
public enum Axis: String, Hashable, Sendable, Codable {
    case horizontal, vertical
}

/// A pan direction: an axis and a sign.
public enum Direction: String, Hashable, Sendable, Codable, CaseIterable {
    case left, right, up, down

    public var axis: Axis { self == .left || self == .right ? .horizontal : .vertical }
    public var unit: Point {
        switch self {
        case .left: Point(x: -1, y: 0)
        case .right: Point(x: 1, y: 0)
        case .up: Point(x: 0, y: -1)
        case .down: Point(x: 0, y: 1)
        }
    }
}

/// UIPanGestureRecognizer's options (MOTION.md §4).
public struct PanOptions: Hashable, Sendable {
    /// The most touches a pan may count: more fingers than any touchscreen reports.
    public static let touchLimit = 10

    /// Movement before the pan begins (UIKit's 10 px).
    public var slop: Double = 10
    public var minTouches = 1
    public var maxTouches = PanOptions.touchLimit
    /// Fails if the other axis dominates at begin.
    public var axis: Axis?
    /// Like `axis`, and the motion must also go this way.
    public var direction: Direction?
    /// The sequence must start inside one of these rectangles; nil, anywhere.
    public var region: [Rect]?

    public init(slop: Double = 10, minTouches: Int = 1, maxTouches: Int = PanOptions.touchLimit, axis: Axis? = nil,
                direction: Direction? = nil, region: [Rect]? = nil) {
        self.slop = slop; self.minTouches = minTouches; self.maxTouches = maxTouches
        self.axis = axis; self.direction = direction; self.region = region
    }
}

/// UIScreenEdgePanGestureRecognizer's options.
public struct EdgePanOptions: Hashable, Sendable {
    public var edge: Edge
    /// How far from the edge the first touch may start (20 px for touch, 2 px for a pointer).
    public var touchZone: Double = 20
    public var pointerZone: Double = 2
    public var slop: Double = 10
    /// Pressure pushed into the edge before the pan begins. More than two capped
    /// hits (2 × 15 px), so that a pointer flung at the edge to reach a scroll
    /// bar or a menu does not start it.
    public var pressureSlop: Double = 40

    public init(edge: Edge, touchZone: Double = 20, pointerZone: Double = 2, slop: Double = 10, pressureSlop: Double = 40) {
        self.edge = edge; self.touchZone = touchZone; self.pointerZone = pointerZone; self.slop = slop
        self.pressureSlop = pressureSlop
    }
}

/// One recognizer the arena runs: a kind, its sources, and its failure requirements.
public struct RecognizerSpec: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        case pan(PanOptions)
        case edgePan(EdgePanOptions)
    }

    public var name: String
    public var kind: Kind
    public var sources: Set<InputSource>
    /// Names of recognizers that must fail before this one may begin.
    public var requireToFail: [String]

    public init(name: String, kind: Kind, sources: Set<InputSource> = [.touch, .pointer, .pressure], requireToFail: [String] = []) {
        self.name = name; self.kind = kind; self.sources = sources; self.requireToFail = requireToFail
    }

    /// The most specific recognizer wins when several could begin: edge before pan.
    public var specificity: Int {
        switch kind {
        case .edgePan: 2
        case .pan: 1
        }
    }
}
