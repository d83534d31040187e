public import Gestures

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
    public init(wire value: JSONValue) throws(InputEventError) {
        guard case .object = value else { throw .notAnObject }
        try self.init(fields: WireFields(object: value))
    }

    /// The event as one JSON object: `t`, `kind`, the kind's own fields, then `x` and `y`.
    public func writeJSON(into out: inout String) {
        out += "{\"t\":"
        JSONWriter.writeNumber(time, into: &out)
        out += ",\"kind\":\""
        out += kindName
        out += "\""
        func field(_ name: String, _ value: Double) {
            out += ",\""; out += name; out += "\":"
            JSONWriter.writeNumber(value, into: &out)
        }
        func flag(_ name: String, _ value: Bool) { out += ",\"" + name + "\":" + (value ? "true" : "false") }
        func edgeField(_ edge: Edge) { out += ",\"edge\":\"" + edge.rawValue + "\"" }
        switch kind {
        case let .touchDown(id), let .touchMove(id), let .touchUp(id), let .touchCancel(id): field("id", Double(id))
        case let .buttonDown(button), let .buttonUp(button): field("button", Double(button))
        case .pointerMove: break
        case let .swipeBegin(fingers), let .pinchBegin(fingers), let .holdBegin(fingers): field("fingers", Double(fingers))
        case let .swipeUpdate(fingers, delta):
            field("fingers", Double(fingers)); field("dx", delta.x); field("dy", delta.y)
        case let .swipeEnd(fingers, cancelled), let .pinchEnd(fingers, cancelled), let .holdEnd(fingers, cancelled):
            field("fingers", Double(fingers)); flag("cancelled", cancelled)
        case let .pinchUpdate(fingers, delta, scale, rotation):
            field("fingers", Double(fingers)); field("dx", delta.x); field("dy", delta.y)
            field("scale", scale); field("rotation", rotation)
        case let .pressureBegin(edge): edgeField(edge)
        case let .pressureUpdate(edge, push): edgeField(edge); field("push", push)
        case let .pressureEnd(edge, cancelled): edgeField(edge); flag("cancelled", cancelled)
        }
        field("x", location.x)
        field("y", location.y)
        out += "}"
    }

    /// The event's JSON text.
    public var jsonText: String {
        var out = ""
        writeJSON(into: &out)
        return out
    }
}

/// A parsed JSON object's members as input-event fields, read with `JSONValue`'s own lookup (the first of
/// repeated keys wins).
private struct WireFields: InputEventFields {
    let object: JSONValue

    private func value(_ key: String) -> JSONValue? { object[key] }

    func number(_ key: String) throws(InputEventError) -> Double? {
        guard let value = value(key) else { return nil }
        guard case let .number(number) = value else { throw .wrongType(key) }
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
        guard case let .string(text) = value else { throw .wrongType(key) }
        return text
    }

    func bool(_ key: String) throws(InputEventError) -> Bool? {
        guard let value = value(key) else { return nil }
        guard case let .bool(flag) = value else { throw .wrongType(key) }
        return flag
    }
}
