import JSONText

/// A declaration's body between the wire and the reader. The file and a declaration are read from one tree
/// (`ConfigTable` of `ConfigNode`s); on the socket a body is JSON, as every message is. These are the two crossings:
/// a client's JSON into the reader's tree (the daemon), and a file's tree into JSON (`animctl declare`).
extension ConfigNode {
    /// The JSON a client sent, as the reader's node, every part placed at `origin`: a declaration has no lines, so
    /// its errors name keys only. A whole number within Double's exact integers is an integer (JSON does not tell 2
    /// from 2.0), any other number a float, so each key's range check sees it as the config would. `null` has no TOML
    /// counterpart and is refused, naming where it is (`path`). A repeated key keeps its first value, as JSON readers
    /// here do.
    init(json: JSONValue, at origin: ConfigOrigin, path: String = "") throws(DeclarationRefusal) {
        switch json {
        case .null:
            throw .invalid([
                ConfigError(key: path, message: "null is not a config value; leave the key out for its default")
            ])
        case let .bool(flag): self.init(value: .bool(flag), origin: origin)
        case let .string(text): self.init(value: .string(text), origin: origin)
        case let .number(number):
            if let whole = json.integer, number == number.rounded() {
                self.init(value: .integer(whole), origin: origin)
            } else {
                self.init(value: .float(number), origin: origin)
            }
        case let .array(elements):
            var nodes: [ConfigNode] = []
            nodes.reserveCapacity(elements.count)
            for (index, element) in elements.enumerated() {
                nodes.append(try ConfigNode(json: element, at: origin, path: "\(path)[\(index)]"))
            }
            self.init(value: .array(nodes), origin: origin)
        case let .object(members):
            var table = ConfigTable()
            for (key, member) in members where table[key] == nil {
                table.set(key, try ConfigNode(json: member, at: origin, path: path.isEmpty ? key : "\(path).\(key)"))
            }
            self.init(value: .table(table), origin: origin)
        }
    }
}

extension JSONValue {
    /// A node read from TOML as the wire carries it; nil for a date or time, which no key takes.
    init?(_ node: ConfigNode) {
        switch node.value {
        case let .string(text): self = .string(text)
        case let .integer(int): self = .number(Double(int))
        case let .float(double): self = .number(double)
        case let .bool(flag): self = .bool(flag)
        case let .array(elements):
            let values = elements.compactMap(JSONValue.init)
            guard values.count == elements.count else { return nil }
            self = .array(values)
        case let .table(table):
            guard let value = JSONValue(table) else { return nil }
            self = value
        case .dateOrTime: return nil
        }
    }

    init?(_ table: ConfigTable) {
        var members: [(String, JSONValue)] = []
        for key in table.keys {
            guard let node = table[key], let value = JSONValue(node) else { return nil }
            members.append((key, value))
        }
        self = .object(members)
    }
}
