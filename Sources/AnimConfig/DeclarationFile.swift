public import JSONText

/// A file of transitions to declare (`animctl declare FILE.toml`, `animctl watch --declare`): `[transitions.NAME]`
/// and `[bindings.NAME]` tables, as in `animd.toml`, and nothing else. Each transition becomes one declaration with
/// the bindings that drive it; a binding may leave `transition` out when the file has one transition.
public enum DeclarationFile {
    /// The declarations in file order, each as `transition.declare`'s body; or every problem, with its line.
    public static func read(_ layer: ConfigLayer) throws(ConfigErrors) -> [(name: String, body: JSONValue)] {
        let table = try ConfigParser.table(of: layer)
        var problems = Problems(layer: layer)
        for key in table.keys where key != "transitions" && key != "bindings" {
            problems.add(
                table[key], key,
                "a declaration file holds [transitions.NAME] and [bindings.NAME] only; the rest is animd.toml's")
        }
        let transitions = table["transitions"]?.table ?? ConfigTable()
        if transitions.keys.isEmpty {
            problems.add(table["transitions"], "transitions", "declares nothing: the file needs a [transitions.NAME]")
        }
        let bindingsOf = bindings(table["bindings"]?.table ?? ConfigTable(), of: transitions, &problems)
        var declarations: [(name: String, body: JSONValue)] = []
        for name in transitions.keys {
            guard let node = transitions[name], node.table != nil, let transition = JSONValue(node) else {
                problems.add(transitions[name], "transitions.\(name)", "must be a table of the transition's keys")
                continue
            }
            var members: [(String, JSONValue)] = [("transition", transition)]
            if let own = bindingsOf[name] { members.append(("bindings", .object(own))) }
            declarations.append((name, .object(members)))
        }
        guard problems.errors.isEmpty else { throw ConfigErrors(errors: problems.errors) }
        return declarations
    }

    /// The file's bindings by the transition each drives.
    private static func bindings(_ bindings: ConfigTable, of transitions: ConfigTable, _ problems: inout Problems)
        -> [String: [(String, JSONValue)]]
    {
        var bindingsOf: [String: [(String, JSONValue)]] = [:]
        for key in bindings.keys {
            guard let node = bindings[key], let body = node.table else {
                problems.add(bindings[key], "bindings.\(key)", "must be a table")
                continue
            }
            let owner = body["transition"]?.string ?? (transitions.keys.count == 1 ? transitions.keys[0] : nil)
            guard let owner, transitions[owner] != nil else {
                problems.add(
                    body["transition"] ?? node, "bindings.\(key).transition",
                    "must name one of the file's transitions (\(transitions.keys.joined(separator: ", "))): "
                        + "a declaration's bindings drive it")
                continue
            }
            guard let value = JSONValue(body) else {
                problems.add(node, "bindings.\(key)", "holds a date or time, which no key takes")
                continue
            }
            bindingsOf[owner, default: []].append((key, value))
        }
        return bindingsOf
    }

    /// The file's problems, each at its node's place (the file's first line for one with none).
    private struct Problems {
        let layer: ConfigLayer
        var errors: [ConfigError] = []

        mutating func add(_ node: ConfigNode?, _ key: String, _ message: String) {
            let origin = node?.origin ?? ConfigOrigin(layer: layer.name, line: 1, keyColumn: 1, valueColumn: 1)
            errors.append(ConfigError(at: origin, column: origin.keyColumn, key: key, message: message))
        }
    }
}
