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

    public init(config: DaemonConfig, layers: [String], entries: [ConfigEntry]) {
        self.config = config; self.layers = layers; self.entries = entries
    }
}

/// One key of the effective config and where its value was written.
public struct ConfigEntry: Hashable, Sendable {
    /// The dotted path, for example `transitions.sidebar.timing`.
    public var key: String
    /// The value, written as TOML.
    public var value: String
    public var origin: ConfigOrigin
}

extension LoadedConfig {
    /// What is wrong with a config that loads all the same: a config without a binding moves nothing by gesture.
    public var warnings: [String] {
        config.bindings.isEmpty ? ["no binding: no gesture moves any transition; only clients and animctl do"] : []
    }
}
