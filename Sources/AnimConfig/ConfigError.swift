/// One problem in a config file, with where it is and which key it concerns.
public struct ConfigError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The layer it is in: the user's file, `ConfigLayer.defaultName`, or empty for a layer without a name.
    public var file: String
    public var line: Int
    public var column: Int
    /// The dotted key path, for example `transitions.sidebar.timing`; for a syntax error, the key or table on its line.
    public var key: String
    public var message: String

    public init(file: String = "", line: Int, column: Int, key: String, message: String) {
        self.file = file; self.line = line; self.column = column; self.key = key; self.message = message
    }

    init(at origin: ConfigOrigin, column: Int, key: String, message: String) {
        self.init(file: origin.layer, line: origin.line, column: column, key: key, message: message)
    }

    public var description: String {
        key.isEmpty
            ? "line \(line), column \(column): \(message)" : "line \(line), column \(column): \(key): \(message)"
    }
}

/// All the problems found in one file; the old config stays in force.
public struct ConfigErrors: Error, Hashable, Sendable, CustomStringConvertible {
    public var errors: [ConfigError]
    public var description: String { errors.map(\.description).joined(separator: "\n") }
}
