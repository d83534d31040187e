extension DaemonConfig {
    /// The text of config/animd.toml, compiled into the binary so that animd
    /// runs with no file at all. `DefaultConfigTests` keeps the two equal.
    public static var defaultText: String { String(decoding: PackageResources.default_config_toml, as: UTF8.self) }
}
