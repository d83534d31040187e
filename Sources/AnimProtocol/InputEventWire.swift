public import Gestures
public import JSONText
public import TextWriting

/// An input event's one JSON codec (PROTOCOL.md "Input events"), for `input.inject`, `input.event`, trace files,
/// `animctl inject` and `animctl record`: `{"t":0.0083,"kind":"touch-move","id":1,"x":14,"y":541}`.
///
/// Extensions, all in the same flat form:
/// - touchpad swipes: `fingers`, `dx`, `dy`, `cancelled`;
/// - touchpad pinches: `fingers`, `dx`, `dy`, `scale`, `rotation`, `cancelled`;
/// - touchpad holds: `fingers`, `cancelled`;
/// - edge pressure: `edge`, `push` (px into the edge), `cancelled`.
extension InputEvent {
    /// An input event from parsed JSON, by Gestures' rules for its fields (`init(fields:)`).
    public init(wire value: JSONValue) throws(InputEventError) { try self.init(reading: value) }

    /// The same, from a tree or from a request line read in place.
    init(reading value: some JSONReadable) throws(InputEventError) {
        guard value.isObject else { throw .notAnObject }
        try self.init(fields: WireFields(object: value))
    }

    /// The event as one JSON object: `t`, `kind`, the kind's own fields, then `x` and `y`. The one encoder:
    /// text (`writeJSON`) and `input.inject` params are written from it.
    public var wire: JSONValue {
        var members: [(String, JSONValue)] = [("t", .number(time)), ("kind", .string(kindName))]
        func number(_ name: String, _ value: Double) { members.append((name, .number(value))) }
        switch kind {
        case let .touchDown(id), let .touchMove(id), let .touchUp(id), let .touchCancel(id): number("id", Double(id))
        case let .buttonDown(button), let .buttonUp(button): number("button", Double(button))
        case .pointerMove: break
        case let .swipeBegin(fingers), let .pinchBegin(fingers), let .holdBegin(fingers):
            number("fingers", Double(fingers))
        case let .swipeUpdate(fingers, delta):
            number("fingers", Double(fingers)); number("dx", delta.x); number("dy", delta.y)
        case let .swipeEnd(fingers, cancelled), let .pinchEnd(fingers, cancelled), let .holdEnd(fingers, cancelled):
            number("fingers", Double(fingers)); members.append(("cancelled", .bool(cancelled)))
        case let .pinchUpdate(fingers, delta, scale, rotation):
            number("fingers", Double(fingers)); number("dx", delta.x); number("dy", delta.y)
            number("scale", scale); number("rotation", rotation)
        case let .pressureBegin(edge): members.append(("edge", .string(edge.rawValue)))
        case let .pressureUpdate(edge, push): members.append(("edge", .string(edge.rawValue))); number("push", push)
        case let .pressureEnd(edge, cancelled):
            members.append(("edge", .string(edge.rawValue))); members.append(("cancelled", .bool(cancelled)))
        }
        number("x", location.x)
        number("y", location.y)
        return .object(members)
    }

    /// Appends the event's JSON text.
    public func writeJSON(into out: inout some TextOutput) { JSONWriter.write(wire, into: &out) }

    /// The event's JSON text.
    public var jsonText: String {
        var out = ""
        writeJSON(into: &out)
        return out
    }
}

/// A parsed JSON object's members as input-event fields (the first of repeated keys wins).
private struct WireFields<Object: JSONReadable>: InputEventFields {
    let object: Object

    private func value(_ key: String) -> Object? { object[key] }

    func number(_ key: String) throws(InputEventError) -> Double? {
        guard let value = value(key) else { return nil }
        guard let number = value.number else { throw .wrongType(key) }
        return number
    }

    /// A whole number: integral and exactly representable (|n| ≤ 2^53), as JSONDecoder's Int decoding demanded.
    func integer(_ key: String) throws(InputEventError) -> Int? {
        guard let number = try number(key) else { return nil }
        guard number.rounded() == number, abs(number) <= 9_007_199_254_740_992 else { throw .wrongType(key) }
        return Int(number)
    }

    func string(_ key: String) throws(InputEventError) -> String? {
        guard let value = value(key) else { return nil }
        guard let text = value.string else { throw .wrongType(key) }
        return text
    }

    func bool(_ key: String) throws(InputEventError) -> Bool? {
        guard let value = value(key) else { return nil }
        guard let flag = value.bool else { throw .wrongType(key) }
        return flag
    }
}
