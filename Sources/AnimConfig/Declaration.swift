public import TransitionModel
public import Transitions

/// A transition a client declared over the socket (`transition.declare`), with the bindings that drive it. It lives
/// with its connection: until `transition.retract`, or until the connection closes.
public struct Declaration: Sendable {
    public let name: String
    public let owner: TransitionOwner
    public let transition: TransitionConfig
    /// In the order declared; those with `enabled = false` are left out, as the config leaves them out.
    public let bindings: [BindingConfig]
    /// What was declared, each update laid over it: an update names only what changes.
    let declared: ConfigTable

    /// The most declarations `[daemon] max-declarations` may allow: with 16 bindings each, the engine's index keeps
    /// a touch's cost flat (docs/performance.md, "Bindings").
    public static let maximumInDaemon = 1024
    public static let maximumBindings = 16
    public static let maximumNameBytes = 64
    /// Where a declaration's values come from, in place of a file's name.
    static let layerName = "transition.declare"
}

extension Declaration {
    /// Reads a declaration's body, `{transition: {…}, bindings: {NAME: {…}}}`, with the config's own reader: the keys,
    /// defaults, ranges and messages of `[transitions.NAME]` and `[bindings.NAME]`. A binding's `transition` may be
    /// left out, and names this one if given. `name` is checked where it enters (`DeclarationBook.declare`).
    static func read(name: String, owner: TransitionOwner, declared: ConfigTable) throws(DeclarationRefusal)
        -> Declaration
    {
        var errors: [ConfigError] = []
        for key in declared.keys where key != "transition" && key != "bindings" {
            errors.append(ConfigError(key: key, message: "unknown key (expected one of: transition, bindings)"))
        }
        var root = ConfigTable()
        var transitions = ConfigTable()
        transitions.set(name, declared["transition"] ?? ConfigNode(value: .table(ConfigTable()), origin: origin))
        root.set("transitions", ConfigNode(value: .table(transitions), origin: origin))
        if let node = declared["bindings"] {
            if let bindings = node.table {
                root.set(
                    "bindings",
                    ConfigNode(value: .table(drivingThis(bindings, name: name, errors: &errors)), origin: origin))
            } else {
                errors.append(ConfigError(key: "bindings", message: "must be a table of bindings by name"))
            }
        }
        guard errors.isEmpty else { throw .invalid(errors) }
        var reader = ConfigReader(tree: root, fallbackLayer: layerName)
        let config = reader.read(root)
        errors = reader.errors.map { ConfigError(key: Self.declaredKey($0.key, name: name), message: $0.message) }
        if let transition = config.transitions.first, !transition.onSnap.isEmpty {
            errors.append(
                ConfigError(
                    key: "transition.on-snap",
                    message: "runs commands, which only the user's config may: "
                        + "a client acts on its transition.ended itself"))
        }
        guard errors.isEmpty, let transition = config.transitions.first else { throw .invalid(errors) }
        return Declaration(
            name: name, owner: owner, transition: transition, bindings: config.bindings, declared: declared)
    }

    /// This declaration with `update` laid over what was declared, read again.
    func updated(with update: ConfigTable) throws(DeclarationRefusal) -> Declaration {
        try Self.read(name: name, owner: owner, declared: declared.merging(update))
    }

    /// The bindings, each naming this transition unless it names one itself, within the bounds on their number and
    /// names.
    private static func drivingThis(_ bindings: ConfigTable, name: String, errors: inout [ConfigError]) -> ConfigTable {
        if bindings.keys.count > maximumBindings {
            errors.append(
                ConfigError(key: "bindings", message: "has \(bindings.keys.count) bindings; at most \(maximumBindings)")
            )
            return ConfigTable()
        }
        var driving = ConfigTable()
        for key in bindings.keys {
            if let problem = nameProblem(key) {
                errors.append(ConfigError(key: "bindings", message: "\"\(key.prefix(80))\": \(problem)"))
            }
            guard var node = bindings[key] else { continue }
            if let other = node.table?["transition"]?.string, other != name {
                errors.append(
                    ConfigError(
                        key: "bindings.\(key).transition",
                        message: "names \"\(other)\": a declaration's bindings drive its own transition, \"\(name)\""))
            }
            // A command runs as the user, whatever asked: only the user's own config says what runs (issue 61).
            for commandKey in ["run", "fire"] where node.table?[commandKey] != nil {
                errors.append(
                    ConfigError(
                        key: "bindings.\(key).\(commandKey)",
                        message:
                            "a declared binding drives its transition and runs no command: commands come from the user's config"
                    ))
            }
            if var body = node.table, body["transition"] == nil {
                body.set("transition", ConfigNode(value: .string(name), origin: origin))
                node.value = .table(body)
            }
            driving.set(key, node)
        }
        return driving
    }

    /// Why `name` cannot name a declared transition or binding; nil when it can. Names are TOML bare keys, so that
    /// what a client declares can be written in a file (`animctl declare`) and read back the same.
    public static func nameProblem(_ name: String) -> String? {
        let bare = name.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-")
                || byte == UInt8(ascii: "_")
        }
        guard bare, (1...maximumNameBytes).contains(name.utf8.count) else {
            return "a name is 1 to \(maximumNameBytes) of A-Z, a-z, 0-9, - and _ (a TOML bare key)"
        }
        return nil
    }

    /// The config's key as the declaration has it: `transitions.dock.duration` is `transition.duration`.
    private static func declaredKey(_ key: String, name: String) -> String {
        let own = "transitions.\(name)"
        if key == own { return "transition" }
        if key.hasPrefix(own + ".") { return "transition" + key.dropFirst(own.count) }
        return key
    }

    /// Every node of a declaration is placed here: it has no lines, so its errors name keys alone.
    static let origin = ConfigOrigin(layer: layerName, line: 0, keyColumn: 0, valueColumn: 0)
}

extension ConfigError {
    /// A declaration's problem: a key and a message, without a place in a file.
    public init(key: String, message: String) {
        self.init(file: Declaration.layerName, line: 0, column: 0, key: key, message: message)
    }
}

/// Why a declaration, an update or a retraction is refused.
public enum DeclarationRefusal: Error, Hashable, Sendable {
    /// What the config would refuse too, every problem with its key.
    case invalid([ConfigError])
    /// The name or the place is taken: by the user's config (`owner` nil), or by another client.
    case conflict(String, owner: TransitionOwner?)
    /// Past `[daemon] max-declarations` or `max-declarations-per-client`.
    case limit(String)
    /// No declared transition has this name.
    case unknown(String)

    public var message: String {
        switch self {
        case let .invalid(errors):
            let first = errors.first.map { "\($0.key): \($0.message)" } ?? "invalid"
            return errors.count > 1 ? "\(first) (and \(errors.count - 1) more in data.errors)" : first
        case let .conflict(message, _), let .limit(message), let .unknown(message): return message
        }
    }
}
