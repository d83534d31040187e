import Motion
import TextWriting

/// Where a value of the effective config was written.
public struct ConfigOrigin: Hashable, Sendable {
    /// The layer's name: the user's file, or `ConfigLayer.defaultName`.
    public var layer: String
    public var line: Int
    /// Where the key starts, for errors about the key itself (unknown, misplaced).
    public var keyColumn: Int
    /// Where the value starts, for errors about the value.
    public var valueColumn: Int
}

/// A TOML value that remembers where it was written, so that layers merge key
/// by key, and every error and every line of `animctl config` can name the
/// file, line and column it comes from.
struct ConfigNode: Sendable {
    indirect enum Value: Sendable {
        case string(String)
        case integer(Int)
        case float(Double)
        case bool(Bool)
        case array([ConfigNode])
        case table(ConfigTable)
        /// A date or time: valid TOML, but no key of animd takes one.
        case dateOrTime
    }

    var value: Value
    var origin: ConfigOrigin

    var string: String? { if case let .string(s) = value { s } else { nil } }
    var int: Int? { if case let .integer(i) = value { i } else { nil } }
    /// A float, or an integer read as one.
    var number: Double? {
        switch value {
        case let .float(d): d
        case let .integer(i): Double(i)
        default: nil
        }
    }
    var bool: Bool? { if case let .bool(b) = value { b } else { nil } }
    var array: [ConfigNode]? { if case let .array(a) = value { a } else { nil } }
    var table: ConfigTable? { if case let .table(t) = value { t } else { nil } }
}

/// A TOML table whose keys keep the order they were written in.
struct ConfigTable: Sendable {
    private(set) var keys: [String] = []
    private var nodes: [String: ConfigNode] = [:]

    subscript(key: String) -> ConfigNode? { nodes[key] }

    /// The node at a dotted path below this table.
    func node(at path: [String]) -> ConfigNode? {
        guard let first = path.first, let node = nodes[first] else { return nil }
        if path.count == 1 { return node }
        return node.table?.node(at: Array(path.dropFirst()))
    }

    mutating func set(_ key: String, _ node: ConfigNode) {
        if nodes[key] == nil { keys.append(key) }
        nodes[key] = node
    }

    /// This table with `upper` laid over it: a key set in both takes `upper`'s value, except that two tables merge
    /// key by key. Keys keep this table's order, and `upper`'s new keys follow in theirs.
    func merging(_ upper: ConfigTable) -> ConfigTable {
        var merged = self
        for key in upper.keys {
            guard let top = upper[key] else { continue }
            if let below = self[key]?.table, let above = top.table {
                merged.set(key, ConfigNode(value: .table(below.merging(above)), origin: top.origin))
            } else {
                merged.set(key, top)
            }
        }
        return merged
    }

    /// Every value that is not a table, with its path, in order.
    func leaves(under prefix: ConfigPath = ConfigPath()) -> [(path: ConfigPath, node: ConfigNode)] {
        keys.flatMap { key -> [(path: ConfigPath, node: ConfigNode)] in
            guard let node = nodes[key] else { return [] }
            let path = prefix / key
            if let table = node.table { return table.leaves(under: path) }
            return [(path, node)]
        }
    }
}

extension ConfigNode {
    /// The value written as TOML, for `animctl config`.
    var tomlText: String {
        switch value {
        case let .string(text): return Self.quoted(text)
        case let .integer(int): return String(int)
        case let .float(double):
            guard double.isFinite else { return double.isNaN ? "nan" : (double < 0 ? "-inf" : "inf") }
            let text = String(double)
            return text.contains(where: { $0 == "." || $0 == "e" }) ? text : text + ".0"
        case let .bool(bool): return String(bool)
        case let .array(elements): return "[" + elements.map(\.tomlText).joined(separator: ", ") + "]"
        case let .table(table):
            return "{ "
                + table.keys.compactMap { key in table[key].map { "\(key) = \($0.tomlText)" } }.joined(separator: ", ")
                + " }"
        case .dateOrTime: return "(a date or time)"
        }
    }

    /// A TOML basic string: quotes, backslashes and control characters escaped.
    private static func quoted(_ text: String) -> String {
        var out = ""
        appendQuoted(text, to: &out, escapingDelete: true)
        return out
    }
}
