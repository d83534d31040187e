public import Gestures

extension InputEvent {
    /// An input event from a request's parsed JSON, by the same rules as traces (`init(fields:)`), with no
    /// round trip through text and Codable.
    public init(wire value: JSONValue) throws(InputEventError) {
        guard let members = value.objectMembers else { throw .notAnObject }
        try self.init(fields: WireFields(members: members))
    }
}

/// A parsed JSON object's members as input-event fields; the first of repeated keys wins, as in lookups.
private struct WireFields: InputEventFields {
    let members: [(String, JSONValue)]

    private func value(_ key: String) -> JSONValue? { members.first { $0.0 == key }?.1 }

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
