/// A config tree as plain values, without the places TOML gives: what a client declares over the socket (its JSON,
/// converted by the daemon) and what `animctl declare` reads from a file, on their way to the config's own reader.
public indirect enum ConfigValue: Sendable {
    case string(String)
    case integer(Int)
    case float(Double)
    case bool(Bool)
    case array([ConfigValue])
    /// Members in the order written.
    case table([(key: String, value: ConfigValue)])

    /// The members of a table; nil for any other value.
    public var members: [(key: String, value: ConfigValue)]? {
        if case let .table(members) = self { return members }
        return nil
    }
}

extension ConfigValue {
    /// The value as the reader's node, every part placed at `origin`: a declaration has no lines, so its errors name
    /// keys only. A repeated key keeps its first value, as JSON readers here do.
    func node(at origin: ConfigOrigin) -> ConfigNode {
        switch self {
        case let .string(text): return ConfigNode(value: .string(text), origin: origin)
        case let .integer(int): return ConfigNode(value: .integer(int), origin: origin)
        case let .float(double): return ConfigNode(value: .float(double), origin: origin)
        case let .bool(bool): return ConfigNode(value: .bool(bool), origin: origin)
        case let .array(elements): return ConfigNode(value: .array(elements.map { $0.node(at: origin) }), origin: origin)
        case let .table(members): return ConfigNode(value: .table(Self.table(members, at: origin)), origin: origin)
        }
    }

    static func table(_ members: [(key: String, value: ConfigValue)], at origin: ConfigOrigin) -> ConfigTable {
        var table = ConfigTable()
        for member in members where table[member.key] == nil { table.set(member.key, member.value.node(at: origin)) }
        return table
    }

    /// A node read from TOML, as a plain value; nil for a date or time, which no key takes.
    init?(_ node: ConfigNode) {
        switch node.value {
        case let .string(text): self = .string(text)
        case let .integer(int): self = .integer(int)
        case let .float(double): self = .float(double)
        case let .bool(bool): self = .bool(bool)
        case let .array(elements):
            let values = elements.compactMap(ConfigValue.init)
            guard values.count == elements.count else { return nil }
            self = .array(values)
        case let .table(table):
            guard let value = ConfigValue(table) else { return nil }
            self = value
        case .dateOrTime: return nil
        }
    }

    init?(_ table: ConfigTable) {
        var members: [(key: String, value: ConfigValue)] = []
        for key in table.keys {
            guard let node = table[key], let value = ConfigValue(node) else { return nil }
            members.append((key, value))
        }
        self = .table(members)
    }
}
