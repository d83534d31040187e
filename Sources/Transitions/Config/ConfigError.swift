/// One problem in a config file, with where it is and which key it concerns.
public struct ConfigError: Error, Hashable, Sendable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    /// The dotted key path, for example `transitions.sidebar.timing`; empty for syntax errors.
    public var key: String
    public var message: String

    public init(line: Int, column: Int, key: String, message: String) {
        self.line = line; self.column = column; self.key = key; self.message = message
    }

    public var description: String {
        key.isEmpty ? "line \(line), column \(column): \(message)" : "line \(line), column \(column): \(key): \(message)"
    }
}

/// All the problems found in one file; the old config stays in force.
public struct ConfigErrors: Error, Hashable, Sendable, CustomStringConvertible {
    public var errors: [ConfigError]
    public var description: String { errors.map(\.description).joined(separator: "\n") }
}
