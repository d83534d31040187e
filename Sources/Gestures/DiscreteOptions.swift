import Glibc

/// One of the eight compass directions a swipe may go, on the screen (y down).
public enum Heading: String, Hashable, Sendable, CaseIterable, Codable {
    case left, right, up, down
    case upLeft = "up-left", upRight = "up-right", downLeft = "down-left", downRight = "down-right"

    /// Its unit vector.
    public var unit: Point {
        let diagonal = 0.5.squareRoot()
        return switch self {
        case .left: Point(x: -1, y: 0)
        case .right: Point(x: 1, y: 0)
        case .up: Point(x: 0, y: -1)
        case .down: Point(x: 0, y: 1)
        case .upLeft: Point(x: -diagonal, y: -diagonal)
        case .upRight: Point(x: diagonal, y: -diagonal)
        case .downLeft: Point(x: -diagonal, y: diagonal)
        case .downRight: Point(x: diagonal, y: diagonal)
        }
    }

    public var isDiagonal: Bool { unit.x != 0 && unit.y != 0 }
}

/// UITapGestureRecognizer's options (issue 61): `touches` fingers down and up within a time and within the slop,
/// `taps` times, each next tap soon after the last and near it.
public struct TapOptions: Hashable, Sendable {
    /// The most fingers a tap may have, and the most taps: a hand, and a triple tap.
    public static let fingers = 1...5
    public static let tapCounts = 1...3
    /// How far the next tap of a double or triple tap may land from the first, px: Android's double-tap slop (100
    /// dp) halved, about a fingertip's width off.
    public static let nextTapDistance = 50.0

    public var touches = 1
    public var taps = 1
    /// Seconds from the first finger down to the last up: 0.35 s, below a long press's 0.5 s, so that a press held
    /// long enough to be one is never also a tap.
    public var maxDuration = 0.35
    /// Seconds from one tap's last finger up to the next tap's first down: Android's double-tap timeout (300 ms).
    public var interval = 0.3
    /// How far the fingers may move, px, during a tap.
    public var slop = 10.0
    /// The sequence must start inside one of these rectangles; nil, anywhere.
    public var region: [Rect]?

    public init(
        touches: Int = 1, taps: Int = 1, maxDuration: Double = 0.35, interval: Double = 0.3, slop: Double = 10,
        region: [Rect]? = nil
    ) {
        self.touches = touches; self.taps = taps; self.maxDuration = maxDuration; self.interval = interval
        self.slop = slop; self.region = region
    }
}

/// UISwipeGestureRecognizer's options (issue 61): a stroke of `touches` fingers in one of `directions`, decided when
/// it ends by its distance and its release velocity.
public struct SwipeOptions: Hashable, Sendable {
    public var touches = 1
    public var directions: [Heading]
    /// px the stroke must go its way.
    public var minDistance = 50.0
    /// px/s the fingers must still move its way as they lift: a quick stroke, not a drag that stopped. 0 takes any
    /// speed (libinput-gestures' swipes, which fire however slowly the fingers went).
    public var minVelocity = 300.0
    /// How far the fingers may move, px, before all of them are down.
    public var slop = 10.0
    /// The sequence must start inside one of these rectangles; nil, anywhere. (The touchpad has no place.)
    public var region: [Rect]?

    public init(
        touches: Int = 1, directions: [Heading], minDistance: Double = 50, minVelocity: Double = 300,
        slop: Double = 10, region: [Rect]? = nil
    ) {
        self.touches = touches; self.directions = directions; self.minDistance = minDistance
        self.minVelocity = minVelocity; self.slop = slop; self.region = region
    }

    /// The half-width of a direction's sector, degrees: 45 (four ways split the circle) unless a diagonal is listed,
    /// then 22.5 (eight ways).
    public var tolerance: Double { directions.contains(where: \.isDiagonal) ? 22.5 : 45 }

    /// Which of its directions a stroke goes, if any: the nearest within its tolerance. Ties (a stroke exactly
    /// between two) go to the one listed first.
    public func heading(of stroke: Point) -> Heading? {
        let length = stroke.length
        guard length > 0, length.isFinite else { return nil }
        let cosine = cos(tolerance * .pi / 180) - 1e-12
        var best: (Heading, Double)?
        for direction in directions {
            let along = (stroke.x * direction.unit.x + stroke.y * direction.unit.y) / length
            if along >= cosine, along > best?.1 ?? -2 { best = (direction, along) }
        }
        return best?.0
    }
}
