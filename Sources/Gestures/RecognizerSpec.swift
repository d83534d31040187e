import Glibc

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
    /// Seconds the fingers must rest within `slop` before the pan may begin; 0, none (an ordinary drag).
    public var hold: Double = 0

    public init(
        slop: Double = 10, minTouches: Int = 1, maxTouches: Int = PanOptions.touchLimit, axis: Axis? = nil,
        direction: Direction? = nil, region: [Rect]? = nil, hold: Double = 0
    ) {
        self.slop = slop; self.minTouches = minTouches; self.maxTouches = maxTouches
        self.axis = axis; self.direction = direction; self.region = region; self.hold = hold
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
    /// Seconds the finger must rest within `slop` before the pan may begin; 0, none.
    public var hold: Double = 0
    /// Where along the edge it may start: the monitor of this name only (a RandR monitor, a Wayland output; nothing
    /// while none has the name), and the part of that monitor's edge from `span`'s lower to its upper bound, as
    /// fractions measured from the top (left and right edges) or from the left (top and bottom edges).
    public var placement = EdgePlacement()

    public init(
        edge: Edge, touchZone: Double = 20, pointerZone: Double = 2, slop: Double = 10, pressureSlop: Double = 40,
        hold: Double = 0, placement: EdgePlacement = EdgePlacement()
    ) {
        self.edge = edge; self.touchZone = touchZone; self.pointerZone = pointerZone; self.slop = slop
        self.pressureSlop = pressureSlop; self.hold = hold; self.placement = placement
    }
}

/// Which monitor, and which part of its edge, an edge pan takes (issue 29: "edge sections", a dock on the bottom of
/// the second monitor between a quarter and three quarters of its width).
public struct EdgePlacement: Hashable, Sendable {
    /// The monitor's name; nil for any monitor.
    public var output: String?
    /// Fractions of the edge's length, 0 … 1, lower below upper: from the lower (included) to the upper (excluded).
    public var span: ClosedRange<Double>

    public init(output: String? = nil, span: ClosedRange<Double> = 0...1) {
        self.output = output
        self.span = span
    }

    /// Whether it is the whole edge of every monitor, as an edge pan without placement is.
    public var isEverywhere: Bool { output == nil && span == 0...1 }

    /// Whether two placements can take one point: the same monitor (or either any) and spans that meet.
    public func overlaps(_ other: EdgePlacement) -> Bool {
        (output == nil || other.output == nil || output == other.output) && span.lowerBound < other.span.upperBound
            && other.span.lowerBound < span.upperBound
    }
}

/// UILongPressGestureRecognizer's options: touches held still for a while, somewhere.
public struct LongPressOptions: Hashable, Sendable {
    /// Where the press must start.
    public enum Place: Hashable, Sendable {
        /// Within `zone` px of a screen edge (of the touchscreen's glass, for touch).
        case edge(Edge, zone: Double)
        /// Inside one of these rectangles.
        case region([Rect])
        /// Anywhere.
        case anywhere
    }

    /// Seconds held before it is recognized.
    public var duration: Double = 0.5
    /// How far the touches may move, px, before it fails.
    public var slop: Double = 10
    /// The touches it needs; the clock starts when that many are down, and one more fails it.
    public var minTouches = 1
    public var maxTouches = 1
    public var place: Place

    public init(
        duration: Double = 0.5, slop: Double = 10, minTouches: Int = 1, maxTouches: Int? = nil, place: Place = .anywhere
    ) {
        self.duration = duration; self.slop = slop; self.minTouches = minTouches
        self.maxTouches = max(maxTouches ?? minTouches, minTouches); self.place = place
    }
}

/// UIPinchGestureRecognizer's and UIRotationGestureRecognizer's options (issue 45): two to five fingers on the glass,
/// whose spread or turn about their centroid it follows, or the touchpad's own pinch of that many fingers.
public struct TransformOptions: Hashable, Sendable {
    /// The finger counts a pinch or a rotation may have: two at least, to have a spread; five, a hand.
    public static let fingers = 2...5
    /// How far from their centre a hand's fingers usually are, px: two fingertips pinching on a touchscreen are some
    /// 130 px apart. The slops below are about a pan's 10 px of finger travel at this radius, and release rules
    /// that count in pixels convert a pinch's or a rotation's progress to finger travel with it.
    public static let handRadius = 65.0
    /// A pinch's slop as the config writes it: the fingers' spread changes by 15 % before it begins.
    public static let scaleSlopFraction = 0.15
    /// A pinch's slop: how far the fingers spread or close before it begins, as the natural log of the scale.
    /// ln 1.15: 15 %, 9.8 px at the hand's radius.
    public static let scaleSlop = log1p(scaleSlopFraction)
    /// The scale, in or out, that moves a pinch's progress by 1 unless the binding says (`factor`).
    public static let pinchFactor = 2.0
    /// The degrees of turn that move a rotation's progress by 1 unless the binding says (`angle`).
    public static let rotationAngle = 90.0
    /// A rotation's slop, degrees: 11 px of arc at the hand's radius.
    public static let angleSlop = 10.0

    /// How far it must go before it begins: ln of the scale for a pinch, degrees for a rotation.
    public var slop: Double
    public var minTouches = 2
    public var maxTouches = 5
    /// The sequence must start inside one of these rectangles; nil, anywhere. (The touchpad has no place.)
    public var region: [Rect]?
    /// The way it must go to begin, as a pan's `direction`: 1 opening (a pinch) or clockwise (a rotation), −1
    /// closing or counter-clockwise; nil, either. A binding that drives a transition takes either way, so that the
    /// fingers can take it back; one that only runs a command begins only its way (issue 61).
    public var sign: Double?

    public init(slop: Double, minTouches: Int = 2, maxTouches: Int = 5, region: [Rect]? = nil, sign: Double? = nil) {
        self.slop = slop; self.minTouches = minTouches; self.maxTouches = maxTouches; self.region = region
        self.sign = sign
    }
}

/// One recognizer the arena runs: a kind, its sources, and its failure requirements.
public struct RecognizerSpec: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        case pan(PanOptions)
        case edgePan(EdgePanOptions)
        case longPress(LongPressOptions)
        /// Follows the fingers' scale (`TouchSpread`'s ln scale).
        case pinch(TransformOptions)
        /// Follows the fingers' turn (`TouchSpread`'s degrees).
        case rotate(TransformOptions)
        /// A tap, or a double or triple tap: decided when the fingers lift (issue 61).
        case tap(TapOptions)
        /// A quick stroke in a direction: decided when the fingers lift (issue 61).
        case swipe(SwipeOptions)
    }

    public var name: String
    public var kind: Kind
    public var sources: Set<InputSource>
    /// Names of recognizers that must fail before this one may begin.
    public var requireToFail: [String]

    public init(
        name: String, kind: Kind, sources: Set<InputSource> = [.touch, .pointer, .pressure],
        requireToFail: [String] = []
    ) {
        self.name = name; self.kind = kind; self.sources = sources; self.requireToFail = requireToFail
    }

    /// Among recognizers of movement, the most specific wins when several could begin: edge before pan, and a held
    /// one before its ordinary kind, so that an ordinary swipe and a held swipe can share an edge (the held one
    /// fails as soon as the finger moves before its time). Nil for a long press, a tap and a swipe, which neither
    /// wait for these nor hold them up: a long press and a swipe on one place take `requireToFail` to order them. A pinch and a
    /// rotation stand with the ordinary pan: of those, whichever first passes its own slop begins (docs/gestures.md).
    public var specificity: Int? {
        switch kind {
        case let .edgePan(options): options.hold > 0 ? 5 : 4
        case let .pan(options): options.hold > 0 ? 3 : 2
        case .pinch, .rotate: 2
        case .longPress, .tap, .swipe: nil
        }
    }

    /// Whether it is decided only when its fingers lift (a tap, a swipe), as UIKit's discrete recognizers are.
    public var isDecidedAtLift: Bool {
        switch kind {
        case .tap, .swipe: true
        case .pan, .edgePan, .longPress, .pinch, .rotate: false
        }
    }

    /// A pinch's or a rotation's options, if it is one.
    public var transform: TransformOptions? {
        switch kind {
        case let .pinch(options), let .rotate(options): options
        case .pan, .edgePan, .longPress, .tap, .swipe: nil
        }
    }

    /// How long the touches must rest before the recognizer may go on: a pan's `hold`, a long press's `duration`; a
    /// tap's longest time, after which it fails.
    var restingTime: Double {
        switch kind {
        case let .edgePan(options): options.hold
        case let .pan(options): options.hold
        case let .longPress(options): options.duration
        case let .tap(options): options.maxDuration
        case .pinch, .rotate, .swipe: 0
        }
    }
}
