/// A key of a settings table (`[daemon]`, `[input]`), declared once: its name, range and doc as the reference lists
/// them, its default read from the settings type itself (its one home), and where its value lands. A table is read
/// by a loop over its keys (`ConfigReader.read(_:_:_:)`), not a line per key.
struct SettingsKey<Settings: DefaultedSettings>: Sendable {
    let entry: ConfigKeyEntry
    /// Reads the key from the table at the path, when it is there, into the settings; a mistake is recorded.
    let read: @Sendable (inout ConfigReader, ConfigTable, ConfigPath, inout Settings) -> Void

    /// The settings as animd has them when the file says nothing.
    private static var defaults: Settings { Settings() }

    static func number(
        _ name: String, in range: ClosedRange<Double>, _ field: any WritableKeyPath<Settings, Double> & Sendable,
        _ doc: String
    ) -> Self {
        reading(ConfigKey.number(name, in: range, default: defaults[keyPath: field], doc), into: field) {
            $0.number($1, $2, $3)
        }
    }

    static func integer(
        _ name: String, in range: ClosedRange<Int>, _ field: any WritableKeyPath<Settings, Int> & Sendable,
        _ doc: String
    ) -> Self {
        reading(ConfigKey.integer(name, in: range, default: defaults[keyPath: field], doc), into: field) {
            $0.integer($1, $2, $3)
        }
    }

    static func choice<Choice>(_ name: String, _ field: any WritableKeyPath<Settings, Choice> & Sendable, _ doc: String)
        -> Self
    where Choice: RawRepresentable & CaseIterable & Sendable, Choice.RawValue == String {
        reading(ConfigKey<Choice>.choice(name, default: defaults[keyPath: field], doc), into: field) {
            $0.choice($1, $2, $3)
        }
    }

    /// `key`, read by `read` (the reader's accessor of its kind, which checks its range), into `field`.
    private static func reading<Value>(
        _ key: ConfigKey<Value>, into field: any WritableKeyPath<Settings, Value> & Sendable,
        _ read: @escaping @Sendable (inout ConfigReader, ConfigTable, ConfigKey<Value>, ConfigPath) -> Value?
    ) -> Self {
        Self(entry: key.entry) { reader, t, p, settings in
            if let value = read(&reader, t, key, p) { settings[keyPath: field] = value }
        }
    }

    /// A key whose value needs more than a range: read by `read`, which is handed the key to name in its errors.
    static func custom<Value>(
        _ key: ConfigKey<Value>,
        _ read:
            @escaping @Sendable (inout ConfigReader, ConfigTable, ConfigPath, inout Settings, ConfigKey<Value>) -> Void
    )
        -> Self
    {
        Self(entry: key.entry) { reader, t, p, settings in read(&reader, t, p, &settings, key) }
    }
}

/// Settings whose defaults are what `init()` makes: the schema reads them from there.
protocol DefaultedSettings: Sendable {
    init()
}

extension DaemonSettings: DefaultedSettings {}
extension InputSettings: DefaultedSettings {}

extension ConfigReader {
    /// Reads each of `keys` from `t`, the table at `p`, into settings that start at their defaults; a key the table
    /// does not declare is an error.
    mutating func read<Settings>(_ t: ConfigTable, _ p: ConfigPath, _ keys: [SettingsKey<Settings>]) -> Settings {
        expectKeys(t, p, keys.map(\.entry))
        var settings = Settings()
        for key in keys { key.read(&self, t, p, &settings) }
        return settings
    }
}
