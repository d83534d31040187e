import Foundation
import Gestures
import Motion
import Testing

@testable import AnimConfig

/// A user's file laid over the embedded default (docs/config.md, "Layers"). Expected values come from the text of
/// config/animd.toml and of each test's own file, not from the parser.
@Suite struct ConfigLayeringTests {
    static let path = "/home/u/.config/animd/animd.toml"
    static let defaultTransitions = ["sidebar", "panel", "launcher", "notifications", "pager", "overview"]
    /// The `[bindings.NAME]` headers of config/animd.toml, in order.
    static let defaultBindings = DaemonConfig.defaultText.split(separator: "\n")
        .filter { $0.hasPrefix("[bindings.") }.map { String($0.dropFirst(10).dropLast()) }

    static func load(_ text: String) throws(ConfigErrors) -> LoadedConfig {
        try ConfigParser.load(user: ConfigLayer(name: path, text: text))
    }

    static func errors(_ text: String) -> [ConfigError] {
        do {
            _ = try load(text)
            return []
        } catch {
            return error.errors
        }
    }

    @Test func withoutAFileTheDefaultAloneIsInForce() throws {
        let loaded = try ConfigParser.load(user: nil)
        #expect(loaded.layers == [ConfigLayer.defaultName])
        #expect(loaded.config == (try ConfigParser.parse(DaemonConfig.defaultText)))
        #expect(loaded.warnings.isEmpty)
        // The file's order: its tables as written, although TOMLKit lists keys by name.
        var tables: [Substring] = []
        for entry in loaded.entries where tables.last != entry.key.split(separator: ".")[0] {
            tables.append(entry.key.split(separator: ".")[0])
        }
        #expect(tables == ["daemon", "input", "transitions", "bindings"])
        #expect(loaded.entries.first { $0.key.hasPrefix("transitions.") }?.key == "transitions.sidebar.snap-points")
        let rate = try #require(loaded.entries.first { $0.key == "daemon.frame-rate" })
        #expect(rate.value == "60" && rate.origin.layer == ConfigLayer.defaultName)
        #expect(
            rate.origin.line
                == DaemonConfig.defaultText.split(separator: "\n", omittingEmptySubsequences: false)
                .firstIndex { $0.hasPrefix("frame-rate = ") }.map { $0 + 1 })
    }

    @Test func anEmptyFileKeepsEveryDefault() throws {
        let loaded = try Self.load("")
        #expect(loaded.layers == [ConfigLayer.defaultName, Self.path])
        #expect(loaded.config.transitions.map(\.name) == Self.defaultTransitions)
        #expect(loaded.config.bindings.map(\.name) == Self.defaultBindings && Self.defaultBindings.count == 11)
        #expect(loaded.warnings.isEmpty)
    }

    /// One key changes; everything else about that transition, and every other one, stays the default's.
    @Test func oneKeyOverridesOneValue() throws {
        let loaded = try Self.load("# mine\n[transitions.sidebar]\ntiming = \"ease-out\"\n")
        let sidebar = try #require(loaded.config.transition(named: "sidebar"))
        #expect(sidebar.timing == .easeOut)
        #expect(
            sidebar.snapPoints == [0, 1] && sidebar.rubberBand == 0.55 && sidebar.duration == 0.35,
            "the default's other keys")
        #expect(
            loaded.config.transition(named: "panel")?.timing
                == .spring(.perceptual(dampingRatio: 0.9, response: 0.35, velocity: 0)))
        #expect(loaded.config.bindings.map(\.name) == Self.defaultBindings)
        let timing = try #require(loaded.entries.first { $0.key == "transitions.sidebar.timing" })
        // `timing = ` is 9 characters: the value starts in column 10 of line 3.
        #expect(
            timing.value == "\"ease-out\""
                && timing.origin == ConfigOrigin(layer: Self.path, line: 3, keyColumn: 1, valueColumn: 10))
        let snaps = try #require(loaded.entries.first { $0.key == "transitions.sidebar.snap-points" })
        #expect(snaps.value == "[0, 1]" && snaps.origin.layer == ConfigLayer.defaultName)
        #expect(loaded.entries.filter { $0.key == "transitions.sidebar.timing" }.count == 1, "one entry per key")
    }

    /// A new transition and binding join the default's, after them; a binding may use a default transition.
    @Test func newNamesAreAdded() throws {
        let loaded = try Self.load(
            """
            [transitions.dock]
            snap-points = [0, 1, 2]
            [bindings.dock-up]
            transition = "dock"
            gesture = "pan"
            direction = "up"
            distance = 300
            [bindings.sidebar-by-two]
            transition = "sidebar"
            gesture = "pan"
            min-touches = 2
            max-touches = 2
            direction = "right"
            distance = 400
            """)
        #expect(loaded.config.transitions.map(\.name) == Self.defaultTransitions + ["dock"])
        #expect(loaded.config.bindings.map(\.name) == Self.defaultBindings + ["dock-up", "sidebar-by-two"])
    }

    /// `enabled = false` removes one default binding; a require-to-fail naming it no longer waits for it.
    @Test func aDefaultBindingCanBeTurnedOff() throws {
        let loaded = try Self.load("[bindings.launcher-open]\nenabled = false\n")
        #expect(loaded.config.bindings.map(\.name) == Self.defaultBindings.filter { $0 != "launcher-open" })
        #expect(
            Self.errors("[bindings.launcher-open]\nenabled = \"no\"\n").first?.message
                == "must be true or false, got the string \"no\"")
    }

    /// `defaults = false` starts from nothing: only the file's own transitions and bindings, and a warning
    /// when that leaves no binding.
    @Test func startingFromNothing() throws {
        let loaded = try Self.load("defaults = false\n[transitions.sidebar]\n")
        #expect(loaded.layers == [Self.path])
        #expect(loaded.config.transitions.map(\.name) == ["sidebar"] && loaded.config.bindings.isEmpty)
        #expect(loaded.warnings == ["no binding: no gesture moves any transition; only clients and animctl do"])
        #expect(!loaded.entries.contains { $0.key == "defaults" }, "the switch is not a setting")
        #expect(try Self.load("defaults = true\n").config.bindings.count == 11)
        let wrong = try #require(Self.errors("defaults = \"no\"\n").first)
        #expect(wrong.key == "defaults" && wrong.file == Self.path && wrong.line == 1 && wrong.column == 12)
        #expect(wrong.message == "must be true or false, got the string \"no\"")
    }

    /// An error that the user's value causes is reported in the user's file, at the value.
    @Test func errorsNameTheUsersFile() throws {
        let edge = try #require(Self.errors("\n[bindings.sidebar-open]\nedge = \"middle\"\n").first)
        #expect(
            edge.file == Self.path && edge.line == 3 && edge.column == 8 && edge.key == "bindings.sidebar-open.edge")
        // A binding the user adds without `transition`: reported at its header, in the user's file.
        let missing = try #require(
            Self.errors("[bindings.mine]\ngesture = \"pan\"\ndirection = \"up\"\ndistance = 10\n").first)
        #expect(
            missing.file == Self.path && missing.line == 1 && missing.column == 1
                && missing.key == "bindings.mine.transition")
        // An unknown key is reported at the key; a misspelt one in an inline table at its own column.
        let unknown = try #require(Self.errors("[daemon]\n  frame-rat = 30\n").first)
        #expect(unknown.line == 2 && unknown.column == 3 && unknown.key == "daemon.frame-rat")
        let inline = try #require(
            Self.errors("[bindings.sidebar-close]\nregion = { edge = \"lft\", depth = 400 }\n").first)
        // `region = { edge = ` is 18 characters: "lft" starts in column 19.
        #expect(inline.key == "bindings.sidebar-close.region.edge" && inline.line == 2 && inline.column == 19)
    }

    /// A syntax error names the key or table on its line, and its file.
    @Test func syntaxErrorsNameTheirKey() throws {
        let broken = try #require(Self.errors("[transitions.sidebar]\ntiming = \"spring(\n").first)
        #expect(broken.file == Self.path && broken.line == 2 && broken.key == "transitions.sidebar.timing")
        let header = try #require(Self.errors("[transitions.dock\nsnap-points = [0, 1]\n").first)
        #expect(header.line == 1 && header.key == "transitions.dock")
    }

    /// `animctl config` writes each value back as TOML that reads as the same value.
    @Test func entriesAreTOML() throws {
        let loaded = try Self.load(
            """
            [daemon]
            frame-rate = 144.0
            [transitions.sidebar]
            timing = "cubic-bezier(0.2, 0, 0, 1)"
            [transitions.sidebar.on-snap]
            1 = ["notify-send", "say \\"hi\\"\\tnow"]
            """)
        let values = Dictionary(loaded.entries.map { ($0.key, $0.value) }, uniquingKeysWith: { $1 })
        #expect(values["daemon.frame-rate"] == "144.0")
        #expect(values["transitions.sidebar.timing"] == "\"cubic-bezier(0.2, 0, 0, 1)\"")
        #expect(values["transitions.sidebar.on-snap.1"] == "[\"notify-send\", \"say \\\"hi\\\"\\tnow\"]")
        #expect(values["bindings.sidebar-close.region.depth"] == "400")
        var echoed = "", table = ""
        for entry in loaded.entries {
            let parts = entry.key.split(separator: ".")
            let depth = parts[0] == "transitions" || parts[0] == "bindings" ? 2 : 1
            let header = parts[..<depth].joined(separator: ".")
            if header != table { echoed += "[\(header)]\n"; table = header }
            echoed += "\(parts[depth...].joined(separator: ".")) = \(entry.value)\n"
        }
        #expect(try ConfigParser.parse(echoed) == loaded.config, "the entries, read back alone, give the same config")
    }
}
