/// Any JSON value. Objects keep their members in order, so that what animd
/// writes reads in a stable order (`name` first, as in PROTOCOL.md).
public enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    public static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case let (.bool(x), .bool(y)): return x == y
        case let (.number(x), .number(y)): return x == y
        case let (.string(x), .string(y)): return x == y
        case let (.array(x), .array(y)): return x == y
        case let (.object(x), .object(y)):
            // Member order does not change what an object means.
            return x.count == y.count && x.allSatisfy { pair in y.contains { $0.0 == pair.0 && $0.1 == pair.1 } }
        default: return false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case let .bool(v): hasher.combine(v)
        case let .number(v): hasher.combine(v)
        case let .string(v): hasher.combine(v)
        case let .array(v): hasher.combine(v)
        case let .object(v): hasher.combine(v.count)
        }
    }

    public subscript(key: String) -> JSONValue? {
        if case let .object(members) = self { return members.first { $0.0 == key }?.1 }
        return nil
    }

    public var objectMembers: [(String, JSONValue)]? {
        if case let .object(members) = self { return members }
        return nil
    }

    public var string: String? {
        if case let .string(v) = self { return v }
        return nil
    }

    public var number: Double? {
        if case let .number(v) = self { return v }
        return nil
    }

    /// A number that is a whole number.
    public var integer: Int? { number.flatMap(Self.wholeNumber) }

    /// `v` as an Int when it is a whole number well within Double's exact integers.
    package static func wholeNumber(_ v: Double) -> Int? {
        guard v == v.rounded(), abs(v) < 9e15 else { return nil }
        return Int(v)
    }

    public var bool: Bool? {
        if case let .bool(v) = self { return v }
        return nil
    }

    public var array: [JSONValue]? {
        if case let .array(v) = self { return v }
        return nil
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral
{
    public init(stringLiteral value: String) { self = .string(value) }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSONValue)...) { self = .object(elements) }
    public init(nilLiteral: ()) { self = .null }
}
