/// The JSON form of PROTOCOL.md ("Input events"), shared by `input.inject`,
/// trace files and `animctl record`:
/// `{"t":0.0083,"kind":"touch-move","id":1,"x":14.0,"y":541.0}`.
///
/// Extensions, all in the same flat form:
/// - touchpad swipes: `fingers`, `dx`, `dy`, `cancelled`;
/// - touchpad pinches: `fingers`, `dx`, `dy`, `scale`, `rotation`, `cancelled`;
/// - touchpad holds: `fingers`, `cancelled`;
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
                                   "pinch-begin", "pinch-update", "pinch-end", "hold-begin", "hold-end"]

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
        case .holdBegin: "hold-begin"
        case .holdEnd: "hold-end"
        }
    }

    /// Traces and `animctl record` decode through Codable; the rules are `init(fields:)`'s.
    public init(from decoder: any Decoder) throws {
        try self.init(fields: KeyedFields(container: try decoder.container(keyedBy: Key.self)))
    }

    /// Reads a keyed container as `InputEventFields`.
    private struct KeyedFields: InputEventFields {
        let container: KeyedDecodingContainer<Key>

        func value<T: Decodable>(_ type: T.Type, _ name: String) throws(InputEventError) -> T? {
            guard let key = Key(rawValue: name) else { return nil }
            do { return try container.decodeIfPresent(type, forKey: key) } catch { throw .wrongType(name) }
        }
        func number(_ key: String) throws(InputEventError) -> Double? { try value(Double.self, key) }
        func integer(_ key: String) throws(InputEventError) -> Int? { try value(Int.self, key) }
        func string(_ key: String) throws(InputEventError) -> String? { try value(String.self, key) }
        func bool(_ key: String) throws(InputEventError) -> Bool? { try value(Bool.self, key) }
    }

    /// The one set of rules for an input event's fields, whatever they are read from (Codable for traces, the
    /// request's parsed JSON for `input.inject`): which fields each kind needs, their defaults and their ranges.
    public init(fields: some InputEventFields) throws(InputEventError) {
        func number(_ key: String, in range: ClosedRange<Double>) throws(InputEventError) -> Double {
            guard let value = try fields.number(key) else { throw .missing(key) }
            guard range.contains(value) else { throw .invalid(key, "\(key) must be a number from \(range.lowerBound) to \(range.upperBound)") }
            return value
        }
        func whole(_ key: String, in range: ClosedRange<Int>, default fallback: Int? = nil) throws(InputEventError) -> Int {
            guard let value = try fields.integer(key) ?? fallback else { throw .missing(key) }
            guard range.contains(value) else { throw .invalid(key, "\(key) must be a whole number from \(range.lowerBound) to \(range.upperBound)") }
            return value
        }
        let limit = Self.coordinateLimit
        // Seconds; only differences matter, but a year of uptime is the most that makes sense.
        let time = try number("t", in: -4e7...4e7)
        guard let name = try fields.string("kind") else { throw .missing("kind") }
        let location = Point(x: try number("x", in: -limit...limit), y: try number("y", in: -limit...limit))
        func touchID() throws(InputEventError) -> Int { try whole("id", in: 0...Int(Int32.max)) }
        func button() throws(InputEventError) -> Int { try whole("button", in: 1...255, default: 1) }
        func fingers() throws(InputEventError) -> Int { try whole("fingers", in: 1...10, default: 3) }
        func delta() throws(InputEventError) -> Point { Point(x: try number("dx", in: -limit...limit), y: try number("dy", in: -limit...limit)) }
        func cancelled() throws(InputEventError) -> Bool { try fields.bool("cancelled") ?? false }
        func edge() throws(InputEventError) -> Edge {
            guard let text = try fields.string("edge") else { throw .missing("edge") }
            guard let edge = Edge(rawValue: text) else { throw .invalid("edge", "edge must be left, right, top or bottom") }
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
        case "pressure-update": kind = .pressureUpdate(edge: try edge(), push: try number("push", in: 0...EdgePressure.maximumPush))
        case "pressure-end": kind = .pressureEnd(edge: try edge(), cancelled: try cancelled())
        case "pinch-begin": kind = .pinchBegin(fingers: try fingers())
        case "pinch-update":
            kind = .pinchUpdate(fingers: try fingers(), delta: try delta(), scale: try number("scale", in: 0...1000),
                                rotation: try number("rotation", in: -36_000...36_000))
        case "pinch-end": kind = .pinchEnd(fingers: try fingers(), cancelled: try cancelled())
        case "hold-begin": kind = .holdBegin(fingers: try fingers())
        case "hold-end": kind = .holdEnd(fingers: try fingers(), cancelled: try cancelled())
        default:
            throw .invalid("kind", "unknown kind \"\(name)\" (expected \(InputEvent.kindNames.joined(separator: ", ")))")
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
        case let .swipeBegin(fingers), let .pinchBegin(fingers), let .holdBegin(fingers): try c.encode(fingers, forKey: .fingers)
        case let .swipeUpdate(fingers, delta):
            try c.encode(fingers, forKey: .fingers)
            try c.encode(delta.x, forKey: .dx)
            try c.encode(delta.y, forKey: .dy)
        case let .swipeEnd(fingers, cancelled), let .pinchEnd(fingers, cancelled), let .holdEnd(fingers, cancelled):
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

/// Where an input event's fields come from: each accessor returns nil for an absent field and throws
/// `wrongType` for a present one of another JSON type.
public protocol InputEventFields {
    func number(_ key: String) throws(InputEventError) -> Double?
    func integer(_ key: String) throws(InputEventError) -> Int?
    func string(_ key: String) throws(InputEventError) -> String?
    func bool(_ key: String) throws(InputEventError) -> Bool?
}

/// Why an input event was refused, in the words `input.inject` and trace errors use.
public enum InputEventError: Error, Hashable, Sendable, CustomStringConvertible {
    case missing(String)
    case wrongType(String)
    case invalid(String, String)
    case notAnObject

    public var description: String {
        switch self {
        case let .missing(key): "missing field \"\(key)\""
        case let .wrongType(key): "field \"\(key)\" has the wrong type"
        case let .invalid(key, reason): "field \"\(key)\": \(reason)"
        case .notAnObject: "an input event must be a JSON object"
        }
    }
}
