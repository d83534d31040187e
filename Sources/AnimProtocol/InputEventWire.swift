public import Gestures

extension InputEvent {
    /// An input event from a request's parsed JSON, by the same rules as traces (`init(fields:)`), with no
    /// round trip through text and Codable.
    public init(wire value: JSONValue) throws(InputEventError) {
        guard case .object = value else { throw .notAnObject }
        try self.init(fields: WireFields(object: value))
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
