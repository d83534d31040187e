/// Every key of the config, by table, as `animctl config --keys` prints it and docs/config.md's "Every key" holds it:
/// both are made from `ConfigSchema`, so neither can list a key the reader does not take, or miss one it does.
public enum ConfigReference {
    public struct Section: Sendable {
        /// The table as a file writes its header.
        public let header: String
        public let keys: [ConfigKeyEntry]
    }

    public static let sections = [
        Section(header: "[daemon]", keys: ConfigSchema.Daemon.keys),
        Section(header: "[input]", keys: ConfigSchema.Input.keys),
        Section(header: "[transitions.NAME]", keys: ConfigSchema.Transition.keys),
        Section(header: "[bindings.NAME]", keys: ConfigSchema.Binding.keys),
        Section(header: "[bindings.NAME] region = { … }", keys: ConfigSchema.Binding.Region.keys),
    ]

    /// One line per key, under its table's header: for a terminal.
    public static var text: String {
        sections.map { section in
            section.header + "\n"
                + section.keys.map { key in
                    var line = "  \(key.name) (\(key.kind.description))"
                    if let value = key.defaultText { line += ", default \(value)" }
                    if !key.gestures.isEmpty { line += ", \(key.gestures.joined(separator: " and "))" }
                    return line + ": \(key.doc)"
                }.joined(separator: "\n")
        }.joined(separator: "\n\n")
    }

    /// A table per section: for docs/config.md.
    public static var markdown: String {
        sections.map { section in
            let gestures = section.keys.contains { !$0.gestures.isEmpty }
            var rows = [
                "`\(section.header)`", "",
                "| key | value | default |" + (gestures ? " gestures |" : "") + " what it does |",
                "|---|---|---|" + (gestures ? "---|" : "") + "---|",
            ]
            for key in section.keys {
                let value = key.defaultText.map { "`\($0)`" } ?? "—"
                let taken = gestures ? " \(key.gestures.isEmpty ? "all" : key.gestures.joined(separator: ", ")) |" : ""
                rows.append("| `\(key.name)` | \(key.kind.description) | \(value) |\(taken) \(key.doc) |")
            }
            return rows.joined(separator: "\n")
        }.joined(separator: "\n\n")
    }
}
