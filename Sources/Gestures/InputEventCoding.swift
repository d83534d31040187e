/// The rules for an input event's fields (PROTOCOL.md "Input events"): which
/// fields each kind has, their defaults and their ranges. The JSON codec that
/// uses them is AnimProtocol's (`InputEvent(wire:)`, `writeJSON`): Gestures
/// holds no JSON.
///
/// Every number is range-checked here, where it enters: nothing non-finite
/// or absurd reaches a recognizer.
extension InputEvent {
    public static let kindNames = [
        "touch-down", "touch-move", "touch-up", "touch-cancel", "pointer-move",
        "button-down", "button-up", "swipe-begin", "swipe-update", "swipe-end",
        "pressure-begin", "pressure-update", "pressure-end",
        "pinch-begin", "pinch-update", "pinch-end", "hold-begin", "hold-end",
    ]

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

    /// The one set of rules for an input event's fields, whatever they are read from: which fields each kind
    /// needs, their defaults and their ranges. Inlinable, so that the reader of a request line (AnimProtocol) gets
    /// a copy made for its own fields, rather than the generic code that calls every accessor through a witness
    /// table: this runs for every injected event, on a cold cache.
    @inlinable
    public init(fields: some InputEventFields) throws(InputEventError) {
        let f = CheckedFields(fields: fields)
        let limit = InputLimits.coordinate
        // Seconds; only differences matter, but a year of uptime is the most that makes sense.
        let time = try f.number("t", in: -4e7...4e7)
        guard let name = try fields.string("kind") else { throw .missing("kind") }
        let location = Point(x: try f.number("x", in: -limit...limit), y: try f.number("y", in: -limit...limit))
        self.init(time: time, kind: try Self.kind(named: name, from: f), location: location)
    }

    /// The kind named `name`, with the fields it has.
    @inlinable
    static func kind(named name: String, from f: CheckedFields<some InputEventFields>) throws(InputEventError) -> Kind {
        switch name {
        case "touch-down": return .touchDown(id: try f.touchID())
        case "touch-move": return .touchMove(id: try f.touchID())
        case "touch-up": return .touchUp(id: try f.touchID())
        case "touch-cancel": return .touchCancel(id: try f.touchID())
        case "pointer-move": return .pointerMove
        case "button-down": return .buttonDown(button: try f.button())
        case "button-up": return .buttonUp(button: try f.button())
        case "swipe-begin": return .swipeBegin(fingers: try f.fingers())
        case "swipe-update": return .swipeUpdate(fingers: try f.fingers(), delta: try f.delta())
        case "swipe-end": return .swipeEnd(fingers: try f.fingers(), cancelled: try f.cancelled())
        case "pressure-begin": return .pressureBegin(edge: try f.edge())
        case "pressure-update":
            return .pressureUpdate(edge: try f.edge(), push: try f.number("push", in: 0...EdgePressure.maximumPush))
        case "pressure-end": return .pressureEnd(edge: try f.edge(), cancelled: try f.cancelled())
        case "pinch-begin": return .pinchBegin(fingers: try f.fingers())
        case "pinch-update":
            return .pinchUpdate(
                fingers: try f.fingers(), delta: try f.delta(),
                scale: try f.number("scale", in: InputLimits.pinchScale),
                rotation: try f.number("rotation", in: InputLimits.pinchRotation))
        case "pinch-end": return .pinchEnd(fingers: try f.fingers(), cancelled: try f.cancelled())
        case "hold-begin": return .holdBegin(fingers: try f.fingers())
        case "hold-end": return .holdEnd(fingers: try f.fingers(), cancelled: try f.cancelled())
        default:
            throw .invalid(
                "kind", "unknown kind \"\(name)\" (expected \(InputEvent.kindNames.joined(separator: ", ")))")
        }
    }
}

/// An event's fields with their ranges and defaults applied: each accessor returns the value or throws the
/// refusal that names the field.
@usableFromInline
struct CheckedFields<Fields: InputEventFields> {
    @usableFromInline let fields: Fields

    @inlinable
    init(fields: Fields) { self.fields = fields }

    @inlinable
    func number(_ key: String, in range: ClosedRange<Double>) throws(InputEventError) -> Double {
        guard let value = try fields.number(key) else { throw .missing(key) }
        guard range.contains(value) else {
            throw .invalid(key, "\(key) must be a number from \(range.lowerBound) to \(range.upperBound)")
        }
        return value
    }

    @inlinable
    func whole(_ key: String, in range: ClosedRange<Int>, default fallback: Int? = nil) throws(InputEventError) -> Int {
        guard let value = try fields.integer(key) ?? fallback else { throw .missing(key) }
        guard range.contains(value) else {
            throw .invalid(key, "\(key) must be a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return value
    }

    @inlinable
    func touchID() throws(InputEventError) -> Int { try whole("id", in: InputLimits.touchIDs) }
    @inlinable
    func button() throws(InputEventError) -> Int { try whole("button", in: InputLimits.buttons, default: 1) }
    @inlinable
    func fingers() throws(InputEventError) -> Int { try whole("fingers", in: InputLimits.fingers, default: 3) }

    @inlinable
    func delta() throws(InputEventError) -> Point {
        Point(x: try number("dx", in: InputLimits.coordinates), y: try number("dy", in: InputLimits.coordinates))
    }

    @inlinable
    func cancelled() throws(InputEventError) -> Bool { try fields.bool("cancelled") ?? false }

    @inlinable
    func edge() throws(InputEventError) -> Edge {
        guard let text = try fields.string("edge") else { throw .missing("edge") }
        guard let edge = Edge(rawValue: text) else { throw .invalid("edge", "edge must be left, right, top or bottom") }
        return edge
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
