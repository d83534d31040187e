import Gestures
import Transitions

/// One layer of configuration: the embedded default, or a user's file laid over it.
public struct ConfigLayer: Hashable, Sendable {
    /// How errors and `animctl config` name the embedded default.
    public static let defaultName = "(embedded default)"
    public static let embeddedDefault = ConfigLayer(name: defaultName, text: DaemonConfig.defaultText)

    /// The file's path, as errors report it.
    public var name: String
    public var text: String

    public init(name: String, text: String) { self.name = name; self.text = text }
}

/// A config as loaded: the settings, the layers they came from, and every value with where it was written.
public struct LoadedConfig: Hashable, Sendable {
    public var config: DaemonConfig
    /// Layer names, lowest first.
    public var layers: [String]
    /// Every key set in some layer, with the value in force, in file order.
    public var entries: [ConfigEntry]
    /// What is wrong with the config though it loads (`ConfigWarnings`), worked out once, at load: `daemon.hello`
    /// reports them on every call.
    public let warnings: [String]

    /// For each transition and binding (`transitions.NAME`, `bindings.NAME`), the highest layer that writes a key of
    /// it: a name the user's file writes is the user's, whatever the default says of it (docs/config.md, "Declared
    /// transitions").
    public let writers: [String: String]
    /// The user's file as it was read, byte for byte; nil when there was none. A reload compares the file with it,
    /// and a file that has not changed is not parsed again (issue 48: a batch of 1,024 reloads held the loop 4.4 s).
    public var fileBytes: [UInt8]?

    public init(config: DaemonConfig, layers: [String], entries: [ConfigEntry]) {
        self.config = config; self.layers = layers; self.entries = entries
        warnings = ConfigWarnings.of(config)
        var writers: [String: String] = [:]
        for entry in entries {
            let keys = entry.path.keys
            guard keys.count >= 3, keys[0] == "transitions" || keys[0] == "bindings" else { continue }
            let table = "\(keys[0]).\(keys[1])"
            if writers[table] == nil || entry.origin.layer != ConfigLayer.defaultName {
                writers[table] = entry.origin.layer
            }
        }
        self.writers = writers
    }

    /// The layer that gives the binding: the user's file if it writes any key of it, else the embedded default.
    public func layer(ofBinding name: String) -> String? { writers["bindings.\(name)"] }

    /// The same for a transition.
    public func layer(ofTransition name: String) -> String? { writers["transitions.\(name)"] }
}

/// One key of the effective config and where its value was written.
public struct ConfigEntry: Hashable, Sendable {
    /// The dotted path, for example `transitions.sidebar.timing`.
    public var key: String { path.description }
    /// The value, written as TOML.
    public var value: String
    public var origin: ConfigOrigin
    /// The path key by key.
    let path: ConfigPath
}

/// What is wrong with a config that loads all the same: a config without a binding moves nothing by gesture,
/// and of two edge pans on one edge and source, the second begins only while the first does not apply.
enum ConfigWarnings {
    /// Overlaps named one by one, at most; a config with more says so once. Keeps a hostile config's pairs (10,000
    /// bindings on one edge make 50 million) from costing a reload more than these few.
    static let overlapLimit = 10

    static func of(_ config: DaemonConfig) -> [String] {
        config.bindings.isEmpty
            ? ["no binding: no gesture moves any transition; only clients and animctl do"] : edgeOverlaps(config)
    }

    private static func edgeOverlaps(_ config: DaemonConfig) -> [String] {
        let edgePans = config.bindings.filter { if case .edgePan = $0.gesture { true } else { false } }
        var warnings: [String] = []
        for (index, first) in edgePans.enumerated() {
            for second in edgePans.dropFirst(index + 1) {
                // require-to-fail between them is a deliberate order, not an accident.
                guard !first.requireToFail.contains(second.name), !second.requireToFail.contains(first.name),
                    let (edge, shared) = EdgePanOverlap.between(first, second)
                else { continue }
                guard warnings.count < overlapLimit else {
                    return warnings + [
                        "more edge pans overlap than these \(overlapLimit); animctl config shows every binding"
                    ]
                }
                warnings.append(
                    "bindings \(first.name) and \(second.name) both start with an edge pan from the \(edge.rawValue) edge "
                        + "(\(EdgePanOverlap.names(shared))): while both apply, the first in the file takes the swipe and \(second.name) does not "
                        + "begin; give one another edge or other sources, or order them with require-to-fail")
            }
        }
        return warnings
    }
}

extension ConfigLayer {
    /// A layer from a file's bytes, or where they stop being UTF-8: TOML is UTF-8 text, and a byte that is not would
    /// otherwise be read as U+FFFD, quietly changing a string.
    public init(name: String, utf8 bytes: [UInt8]) throws(ConfigErrors) {
        var decoder = Unicode.UTF8()
        var iterator = bytes.makeIterator()
        var position = TextPosition(line: 1, column: 1)
        var scalars = String.UnicodeScalarView()
        while true {
            switch decoder.decode(&iterator) {
            case let .scalarValue(scalar):
                scalars.append(scalar)
                position =
                    scalar == "\n"
                    ? TextPosition(line: position.line + 1, column: 1)
                    : TextPosition(line: position.line, column: position.column + 1)
            case .emptyInput:
                self.init(name: name, text: String(scalars))
                return
            case .error:
                throw ConfigErrors(errors: [
                    ConfigError(
                        file: name, line: position.line, column: position.column, key: "",
                        message: "a byte that is not UTF-8: a config is UTF-8 text (TOML 1.0)")
                ])
            }
        }
    }
}
