import JSONText

/// What a request's reader asks of a JSON value, whether it is a tree (`JSONValue`, from clients and tests) or a
/// value read in place from the line (`JSONElement`, the daemon's request path): one reader for both, so that the two
/// cannot check a request differently.
protocol JSONReadable {
    associatedtype Items: Collection<Self>

    /// The first member named `key`; nil when there is none or this is not an object.
    subscript(key: String) -> Self? { get }
    /// The first member name that is not one of `names`; nil when all are, or this is not an object.
    func firstKey(notIn names: [String]) -> String?
    var isNull: Bool { get }
    var isObject: Bool { get }
    var string: String? { get }
    var number: Double? { get }
    var bool: Bool? { get }
    var array: Items? { get }
    /// The value as a tree, for what is handed on whole (a declaration's body).
    var tree: JSONValue { get }
}

extension JSONReadable {
    /// A number that is a whole number.
    var integer: Int? { number.flatMap(JSONValue.wholeNumber) }
}

extension JSONValue: JSONReadable {
    func firstKey(notIn names: [String]) -> String? { objectMembers?.first { !names.contains($0.0) }?.0 }
    var isNull: Bool { self == .null }
    var isObject: Bool { objectMembers != nil }
    var tree: JSONValue { self }
}

/// The request path's value, read in place from the line.
extension JSONElement: JSONReadable {}
