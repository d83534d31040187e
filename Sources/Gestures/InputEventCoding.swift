/// The JSON form of PROTOCOL.md ("Input events"), shared by `input.inject`,
/// trace files and `animctl record`:
/// `{"t":0.0083,"kind":"touch-move","id":1,"x":14.0,"y":541.0}`.
///
/// Extensions, all in the same flat form:
/// - touchpad swipes: `fingers`, `dx`, `dy`, `cancelled`;
/// - touchpad pinches: `fingers`, `dx`, `dy`, `scale`, `rotation`, `cancelled`;
/// - edge pressure: `edge`, `push` (px into the edge), `cancelled`.
///
/// Every number is range-checked here, where it enters: nothing non-finite
/// or absurd reaches a recognizer.
extension InputEvent: Codable {
    private enum Key: String, CodingKey {
        case t, kind, id, button, x, y, fingers, dx, dy, cancelled, edge, push, scale, rotation
    }

    public static let kindNames = ["touch-down", "touch-move", "touch-up", "touch-cancel", "pointer-move",
                                   "button-down", "button-up", "swipe-begin", "swipe-update", "swipe-end",
                                   "pressure-begin", "pressure-update", "pressure-end",
                                   "pinch-begin", "pinch-update", "pinch-end"]

    /// Coordinates and deltas beyond this many px are refused: no screen is that large.
    public static let coordinateLimit = 1_000_000.0

    public var kindName: String {
        switch kind {
        case .touchDown: "touch-down"
        case .touchMove: "touch-move"
        case .touchUp: "touch-up"
        case .touchCancel: "touch-cancel"
        case .pointerMove: "pointer-move"
        case .buttonDown: "button-down"
        case .buttonUp: "button-up"
        case .swipeBegin: "swipe-begin"
        case .swipeUpdate: "swipe-update"
        case .swipeEnd: "swipe-end"
        case .pressureBegin: "pressure-begin"
        case .pressureUpdate: "pressure-update"
        case .pressureEnd: "pressure-end"
        case .pinchBegin: "pinch-begin"
        case .pinchUpdate: "pinch-update"
        case .pinchEnd: "pinch-end"
        }
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        func number(_ key: Key, in range: ClosedRange<Double>) throws -> Double {
            let value = try c.decode(Double.self, forKey: key)
            guard range.contains(value) else {
                throw DecodingError.dataCorruptedError(forKey: key, in: c, debugDescription:
                    "\(key.stringValue) must be a number from \(range.lowerBound) to \(range.upperBound)")
            }
            return value
        }
        func whole(_ key: Key, in range: ClosedRange<Int>, default fallback: Int? = nil) throws -> Int {
            guard let value = try fallback == nil ? c.decode(Int.self, forKey: key) : c.decodeIfPresent(Int.self, forKey: key) ?? fallback else {
                throw DecodingError.keyNotFound(key, .init(codingPath: c.codingPath, debugDescription: "\(key.stringValue) is required"))
            }
            guard range.contains(value) else {
                throw DecodingError.dataCorruptedError(forKey: key, in: c, debugDescription:
                    "\(key.stringValue) must be a whole number from \(range.lowerBound) to \(range.upperBound)")
            }
            return value
        }
        let limit = Self.coordinateLimit
        // Seconds; only differences matter, but a year of uptime is the most that makes sense.
        let time = try number(.t, in: -4e7...4e7)
        let name = try c.decode(String.self, forKey: .kind)
        let location = Point(x: try number(.x, in: -limit...limit), y: try number(.y, in: -limit...limit))
        func touchID() throws -> Int { try whole(.id, in: 0...Int(Int32.max)) }
        func button() throws -> Int { try whole(.button, in: 1...255, default: 1) }
        func fingers() throws -> Int { try whole(.fingers, in: 1...10, default: 3) }
        func delta() throws -> Point { Point(x: try number(.dx, in: -limit...limit), y: try number(.dy, in: -limit...limit)) }
        func cancelled() throws -> Bool { try c.decodeIfPresent(Bool.self, forKey: .cancelled) ?? false }
        func edge() throws -> Edge {
            let text = try c.decode(String.self, forKey: .edge)
            guard let edge = Edge(rawValue: text) else {
                throw DecodingError.dataCorruptedError(forKey: .edge, in: c, debugDescription: "edge must be left, right, top or bottom")
            }
            return edge
        }
        let kind: Kind
        switch name {
        case "touch-down": kind = .touchDown(id: try touchID())
        case "touch-move": kind = .touchMove(id: try touchID())
        case "touch-up": kind = .touchUp(id: try touchID())
        case "touch-cancel": kind = .touchCancel(id: try touchID())
        case "pointer-move": kind = .pointerMove
        case "button-down": kind = .buttonDown(button: try button())
        case "button-up": kind = .buttonUp(button: try button())
        case "swipe-begin": kind = .swipeBegin(fingers: try fingers())
        case "swipe-update": kind = .swipeUpdate(fingers: try fingers(), delta: try delta())
        case "swipe-end": kind = .swipeEnd(fingers: try fingers(), cancelled: try cancelled())
        case "pressure-begin": kind = .pressureBegin(edge: try edge())
        case "pressure-update": kind = .pressureUpdate(edge: try edge(), push: try number(.push, in: 0...EdgePressure.maximumPush))
        case "pressure-end": kind = .pressureEnd(edge: try edge(), cancelled: try cancelled())
        case "pinch-begin": kind = .pinchBegin(fingers: try fingers())
        case "pinch-update":
            kind = .pinchUpdate(fingers: try fingers(), delta: try delta(), scale: try number(.scale, in: 0...1000),
                                rotation: try number(.rotation, in: -36_000...36_000))
        case "pinch-end": kind = .pinchEnd(fingers: try fingers(), cancelled: try cancelled())
        default:
            throw DecodingError.dataCorruptedError(forKey: .kind, in: c, debugDescription:
                "unknown kind \"\(name)\" (expected \(InputEvent.kindNames.joined(separator: ", ")))")
        }
        self.init(time: time, kind: kind, location: location)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        try c.encode(time, forKey: .t)
        try c.encode(kindName, forKey: .kind)
        switch kind {
        case let .touchDown(id), let .touchMove(id), let .touchUp(id), let .touchCancel(id): try c.encode(id, forKey: .id)
        case let .buttonDown(button), let .buttonUp(button): try c.encode(button, forKey: .button)
        case .pointerMove: break
        case let .swipeBegin(fingers), let .pinchBegin(fingers): try c.encode(fingers, forKey: .fingers)
        case let .swipeUpdate(fingers, delta):
            try c.encode(fingers, forKey: .fingers)
            try c.encode(delta.x, forKey: .dx)
            try c.encode(delta.y, forKey: .dy)
        case let .swipeEnd(fingers, cancelled), let .pinchEnd(fingers, cancelled):
            try c.encode(fingers, forKey: .fingers)
            try c.encode(cancelled, forKey: .cancelled)
        case let .pinchUpdate(fingers, delta, scale, rotation):
            try c.encode(fingers, forKey: .fingers)
            try c.encode(delta.x, forKey: .dx)
            try c.encode(delta.y, forKey: .dy)
            try c.encode(scale, forKey: .scale)
            try c.encode(rotation, forKey: .rotation)
        case let .pressureBegin(edge):
            try c.encode(edge.rawValue, forKey: .edge)
        case let .pressureUpdate(edge, push):
            try c.encode(edge.rawValue, forKey: .edge)
            try c.encode(push, forKey: .push)
        case let .pressureEnd(edge, cancelled):
            try c.encode(edge.rawValue, forKey: .edge)
            try c.encode(cancelled, forKey: .cancelled)
        }
        try c.encode(location.x, forKey: .x)
        try c.encode(location.y, forKey: .y)
    }
}
