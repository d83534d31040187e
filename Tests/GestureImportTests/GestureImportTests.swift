import AnimConfig
import Foundation
import TestSupport
import Testing

@testable import GestureImport

/// `animctl import` (issue 61) against the tools' own configs (Fixtures/README.md says where each comes from).
/// Expected values come from the mapping docs/migrating.md states, entry by entry; every output must pass the config
/// check (`ConfigParser.load`, as `animd --check-config` runs it).
@Suite struct GestureImportTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    static func fixture(_ name: String) throws -> String {
        try String(contentsOf: fixtures.appendingPathComponent(name), encoding: .utf8)
    }

    /// The config check's errors for an imported file; empty when it loads.
    static func checked(_ imported: ImportedConfig) -> [String] {
        do {
            _ = try ConfigParser.load(user: ConfigLayer(name: "imported.toml", text: imported.toml(from: "test")))
            return []
        } catch {
            return error.errors.map { "\($0.key): \($0.message)" }
        }
    }

    static func binding(_ name: String, in imported: ImportedConfig) throws -> [String: TOMLValue] {
        let binding = try #require(imported.bindings.first { $0.name == name }, "\(imported.bindings.map(\.name))")
        return Dictionary(binding.keys.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
    }

    static let cases: [(ImportedTool, String)] = ImportFixtures.files.compactMap { entry in
        ImportedTool(rawValue: entry.tool).map { ($0, entry.file) }
    }

    /// Every upstream file, for every session, imports to a config that passes the check, and every gesture entry
    /// of it became a binding or was named as left out.
    @Test(arguments: cases, [ImportSession.sway, .hyprland, .x11, .other])
    func everyImportPassesTheCheck(_ source: (ImportedTool, String), session: ImportSession) throws {
        let text = try Self.fixture(source.1)
        let imported = try GestureImport.read(source.0, text, session: session)
        #expect(Self.checked(imported) == [], "\(source.1) on \(session)")
        let accounted = Set(imported.bindings.map(\.line) + imported.leftOut.map(\.line))
        for line in Self.gestureLines(text, of: source.0) {
            #expect(accounted.contains(line), "\(source.1), line \(line) is neither a binding nor left out")
        }
    }

    /// The lines that state a gesture, found as each tool's documentation says they are written.
    static func gestureLines(_ text: String, of tool: ImportedTool) -> [Int] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        return lines.indices.filter { index in
            let line = lines[index].trimmingCharacters(in: .whitespaces)
            switch tool {
            case .touchegg: return line.hasPrefix("<gesture ")
            case .libinputGestures: return line.hasPrefix("gesture ") || line.hasPrefix("gesture:")
            case .lisgd: return line.hasPrefix("{ ") || line.contains("-g \"")
            case .fusuma:
                return ["left:", "right:", "up:", "down:", "in:", "out:", "clockwise:", "counterclockwise:"]
                    .contains(line)
            }
        }.map { $0 + 1 }
    }

    // MARK: - touchegg

    /// touchegg's installed config on sway: desktops, closing and minimizing have sway's commands; maximizing,
    /// tiling, keys, clicks and showing the desktop have none there, and are named with their lines.
    @Test func toucheggOnSway() throws {
        let imported = try GestureImport.read(.touchegg, try Self.fixture("touchegg.conf"), session: .sway)
        #expect(imported.bindings.count == 4 && imported.leftOut.count == 10)
        let next = try Self.binding("swipe-4-up", in: imported)
        #expect(next["gesture"] == .string("pan") && next["direction"] == .string("up"))
        #expect(next["min-touches"] == .integer(4) && next["max-touches"] == .integer(4))
        #expect(next["sources"] == .strings(["touchpad", "touch"]) && next["fire"] == nil)
        #expect(next["run"] == .strings(["swaymsg", "workspace", "next"]), "auto, up: the next, as natural scrolling")
        #expect(try Self.binding("swipe-4-down", in: imported)["run"] == .strings(["swaymsg", "workspace", "prev"]))
        let close = try Self.binding("pinch-3-in", in: imported)
        #expect(close["gesture"] == .string("pinch") && close["increases"] == .string("in"))
        #expect(close["run"] == .strings(["swaymsg", "kill"]))
        #expect(try Self.binding("swipe-3-down", in: imported)["run"] == .strings(["swaymsg", "move", "scratchpad"]))
        let reasons = imported.leftOut.map(\.reason)
        #expect(reasons.filter { $0.hasPrefix("a keyboard shortcut") }.count == 4)
        #expect(reasons.filter { $0.hasPrefix("a mouse click") }.count == 2)
        #expect(imported.leftOut.contains { $0.line == 43 && $0.reason.contains("sway has no maximized state") })
        #expect(imported.notes.contains { $0.contains("swaymsg") })
    }

    /// On X11 only tiling is left out: keys and clicks go through xdotool, and Chrome's pinch repeats per step,
    /// for its applications only, while "All" has none of these gestures.
    @Test func toucheggOnX11() throws {
        let imported = try GestureImport.read(.touchegg, try Self.fixture("touchegg.conf"), session: .x11)
        #expect(
            imported.leftOut.map(\.reason) == Array(repeating: "no command does touchegg's TILE_WINDOW here", count: 2))
        let zoomOut = try Self.binding("pinch-2-in-google-chrome", in: imported)
        #expect(zoomOut["apps"] == .strings(["Google-chrome", "Chromium-browser"]))
        #expect(zoomOut["fire"] == .string("repeat"))
        #expect(zoomOut["run"] == .strings(["xdotool", "key", "--clearmodifiers", "Control_L+KP_Subtract"]))
        let click = try Self.binding("tap-2", in: imported)
        #expect(click["gesture"] == .string("tap") && click["touches"] == .integer(2))
        #expect(click["run"] == .strings(["xdotool", "click", "3"]) && click["fire"] == .string("begin"))
    }

    /// A gesture that "All" and an application both define is the application's there: "All"'s binding says
    /// except-apps. `<on>begin-and-end</on>` runs at both; a DRAG is a pan on the glass; a name is kept to ASCII.
    @Test func toucheggSectionsAndPhases() throws {
        let text = """
            <touchégg>
              <application name="All">
                <gesture type="SWIPE" fingers="3" direction="LEFT">
                  <action type="RUN_COMMAND"><command>echo all</command><on>begin-and-end</on></action>
                </gesture>
                <gesture type="DRAG" fingers="1" direction="RIGHT">
                  <action type="RUN_COMMAND"><command>echo drag &amp; done</command><on>end</on></action>
                </gesture>
              </application>
              <application name="Firefox">
                <gesture type="SWIPE" fingers="3" direction="LEFT">
                  <action type="RUN_COMMAND"><command>echo firefox</command></action>
                </gesture>
              </application>
              <application name="Café">
                <gesture type="TAP" fingers="2">
                  <action type="RUN_COMMAND"><command>echo café</command></action>
                </gesture>
              </application>
            </touchégg>
            """
        let imported = try GestureImport.read(.touchegg, text, session: .other)
        #expect(
            imported.bindings.map(\.name) == [
                "swipe-3-left-begin", "swipe-3-left-end", "drag-1-right", "swipe-3-left-firefox", "tap-2-caf",
            ], "names are TOML bare keys")
        #expect(try Self.binding("swipe-3-left-begin", in: imported)["except-apps"] == .strings(["Firefox"]))
        #expect(try Self.binding("swipe-3-left-end", in: imported)["fire"] == nil)
        let drag = try Self.binding("drag-1-right", in: imported)
        #expect(drag["sources"] == .strings(["touch"]) && drag["run"] == .strings(["sh", "-c", "echo drag & done"]))
        #expect(try Self.binding("swipe-3-left-firefox", in: imported)["apps"] == .strings(["Firefox"]))
        #expect(Self.checked(imported) == [])
    }

    // MARK: - libinput-gestures

    /// Its installed config on X11: workspaces through xdotool (ws_up the next), commands as their words, any
    /// finger count as the range libinput swipes and pinches have.
    @Test func libinputGesturesOnX11() throws {
        let imported = try GestureImport.read(
            .libinputGestures, try Self.fixture("libinput-gestures.conf"), session: .x11)
        #expect(imported.leftOut.isEmpty && imported.bindings.count == 6)
        let up = try Self.binding("swipe-up-3", in: imported)
        #expect(up["sources"] == .strings(["touchpad"]) && up["min-touches"] == .integer(3))
        #expect(up["max-touches"] == .integer(5) && up["direction"] == .string("up"))
        #expect(up["run"] == .strings(["xdotool", "set_desktop", "--relative", "--", "1"]))
        #expect(try Self.binding("swipe-left-3", in: imported)["run"] == .strings(["xdotool", "key", "alt+Right"]))
        let pinch = try Self.binding("pinch-in-2", in: imported)
        #expect(pinch["min-touches"] == .integer(2) && pinch["increases"] == .string("in"))
    }

    /// Counts, diagonals, the threshold, and what has no counterpart.
    @Test func libinputGesturesLines() throws {
        let text = """
            swipe_threshold 100
            gesture swipe left 3 a one
            gesture swipe left b "two words"
            gesture swipe left_up 4 c
            gesture: pinch anticlockwise d
            gesture hold on 4 e
            gesture swipe up _internal --cols 4 ws_up
            gesture swipe down ~/bin/down --now
            device all
            """
        let imported = try GestureImport.read(.libinputGestures, text, session: .sway)
        let any = try Self.binding("swipe-left-4", in: imported)
        #expect(any["min-touches"] == .integer(4) && any["max-touches"] == .integer(5), "3 is line 2's")
        #expect(any["run"] == .strings(["b", "two words"]))
        let diagonal = try Self.binding("swipe-left-up-4", in: imported)
        #expect(diagonal["gesture"] == .string("swipe") && diagonal["directions"] == .strings(["up-left"]))
        #expect(diagonal["min-velocity"] == .integer(0) && diagonal["min-distance"] == .number(100))
        #expect(try Self.binding("pinch-anticlockwise-2", in: imported)["increases"] == .string("counter-clockwise"))
        #expect(try Self.binding("swipe-down-3", in: imported)["run"] == .strings(["sh", "-c", "~/bin/down --now"]))
        #expect(imported.leftOut.map(\.line) == [6, 7, 9])
    }

    // MARK: - fusuma

    /// fusuma's default config on X11: shortcuts through xdotool, fired as fusuma fires them (at the begin); a pinch
    /// without fingers takes any; its threshold is said to have no counterpart.
    @Test func fusumaDefaultOnX11() throws {
        let imported = try GestureImport.read(.fusuma, try Self.fixture("fusuma-config.yml"), session: .x11)
        #expect(imported.bindings.count == 10 && imported.leftOut.isEmpty)
        let back = try Self.binding("swipe-3-left", in: imported)
        #expect(back["run"] == .strings(["xdotool", "key", "--clearmodifiers", "alt+Left"]))
        #expect(back["fire"] == .string("begin") && back["sources"] == .strings(["touchpad"]))
        let zoom = try Self.binding("pinch-any-in", in: imported)
        #expect(zoom["min-touches"] == .integer(2) && zoom["max-touches"] == .integer(5))
        #expect(imported.notes.contains { $0.hasPrefix("fusuma's threshold (line 26)") })
        let sway = try GestureImport.read(.fusuma, try Self.fixture("fusuma-config.yml"), session: .sway)
        #expect(sway.bindings.isEmpty && sway.leftOut.count == 10, "shortcuts reach X11 windows only")
    }

    /// fusuma-plugin-appmatcher's sections: Global for all, an application's for it; sendkey is left out, a window
    /// action has the session's command.
    @Test func fusumaApplications() throws {
        let imported = try GestureImport.read(.fusuma, try Self.fixture("fusuma-appmatcher.yml"), session: .x11)
        #expect(imported.leftOut.count == 6 && imported.leftOut.allSatisfy { $0.reason.contains("sendkey") })
        let fullscreen = try Self.binding("swipe-3-up-alacritty", in: imported)
        #expect(fullscreen["apps"] == .strings(["Alacritty"]))
        #expect(fullscreen["run"] == .strings(["wmctrl", "-r", ":ACTIVE:", "-b", "toggle,fullscreen"]))
    }

    /// begin, update and end: three bindings, fired at the begin, per step and at the end.
    @Test func fusumaPhases() throws {
        let text = """
            swipe:
              3:
                left:
                  begin:
                    command: 'echo "begin"'
                  update:
                    command: echo update # a comment
                    interval: 0.5
                  end:
                    command: "echo \\"end\\""
            """
        let imported = try GestureImport.read(.fusuma, text, session: .other)
        #expect(imported.bindings.map(\.name) == ["swipe-3-left-begin", "swipe-3-left-repeat", "swipe-3-left-end"])
        #expect(
            try Self.binding("swipe-3-left-begin", in: imported)["run"] == .strings(["sh", "-c", "echo \"begin\""]))
        #expect(try Self.binding("swipe-3-left-repeat", in: imported)["fire"] == .string("repeat"))
        #expect(try Self.binding("swipe-3-left-end", in: imported)["run"] == .strings(["sh", "-c", "echo \"end\""]))
    }

    // MARK: - lisgd

    /// The first releases' config.def.h: ten strokes of the touchscreen, judged at the lift against its threshold.
    @Test func lisgdHeader() throws {
        let imported = try GestureImport.read(.lisgd, try Self.fixture("lisgd-config.def.h"), session: .other)
        #expect(imported.bindings.count == 10 && imported.leftOut.isEmpty)
        let first = try Self.binding("swipe-1-right", in: imported)
        #expect(first["gesture"] == .string("swipe") && first["sources"] == .strings(["touch"]))
        #expect(first["touches"] == .integer(1) && first["directions"] == .strings(["right"]))
        #expect(first["min-distance"] == .number(300) && first["min-velocity"] == .integer(0))
        #expect(first["run"] == .strings(["sh", "-c", "xdotool key --clearmodifiers Alt+Shift+e"]))
        #expect(
            try Self.binding("swipe-2-up", in: imported)["run"]
                == .strings(["sh", "-c", "pidof svkbd-sxmo || svkbd-sxmo &"]))
        #expect(imported.bindings.first?.line == 13)

        let later = try GestureImport.read(.lisgd, try Self.fixture("lisgd-new-config.def.h"), session: .other)
        let edge = try Self.binding("swipe-1-right-from-left", in: later)
        #expect(edge["region"] == .inlineTable("{ edge = \"left\", depth = 50 }") && later.bindings.count == 1)
    }

    /// The command line: old and six-field gestures, the threshold, a pressed stroke as a pan fired at its begin; a
    /// corner, a gesture that an earlier one takes whole (lisgd runs the first match), and a timeout left out.
    @Test func lisgdCommandLine() throws {
        let imported = try GestureImport.read(.lisgd, try Self.fixture("lisgd-command-line"), session: .other)
        #expect(try Self.binding("swipe-1-right", in: imported)["min-distance"] == .number(200))
        let pressed = try Self.binding("swipe-2-down", in: imported)
        #expect(pressed["gesture"] == .string("pan") && pressed["fire"] == .string("begin"))
        #expect(try #require(imported.bindings.first { $0.name == "swipe-3-up" }).notes.count == 2)
        #expect(imported.leftOut.map(\.line) == [2, 3, 6])
        #expect(imported.leftOut.first?.reason == "a corner: animd's places are edges and rectangles")
        #expect(imported.leftOut[1].reason.hasPrefix("lisgd never runs it: line 1's gesture comes first"))
    }

    // MARK: - Readers

    /// A file that is not the tool's config is refused with the line where reading stopped.
    @Test func unreadableFilesSayWhere() {
        func error(_ tool: ImportedTool, _ text: String) -> ImportError? {
            do {
                _ = try GestureImport.read(tool, text, session: .other)
                return nil
            } catch {
                return error
            }
        }
        #expect(error(.touchegg, "<touchégg>\n  <application name=\"All\">\n</touchégg>")?.line == 3)
        #expect(error(.fusuma, "swipe:\n\t3:\n")?.line == 2)
        #expect(error(.fusuma, "swipe: [3, 4]\n")?.line == 1)
        #expect(error(.lisgd, "int threshold = 3;\n")?.message.contains("gestures[]") == true)
    }

    /// Absurd values from the other tool's file (1e308, -0, a finger count past a hand) are left out with their line,
    /// so that the output still loads.
    @Test func absurdValuesAreLeftOut() throws {
        let libinput = try GestureImport.read(
            .libinputGestures, "swipe_threshold 1e308\ngesture swipe left 9 a\ngesture swipe right -0 b\n",
            session: .other)
        #expect(libinput.leftOut.map(\.line) == [1, 2] && Self.checked(libinput) == [])
        let lisgd = try GestureImport.read(.lisgd, "lisgd -t 1e308 -g \"9,LR,x\" -g \"1,LR,y\"", session: .other)
        #expect(lisgd.leftOut.count == 2 && lisgd.bindings.count == 1 && Self.checked(lisgd) == [])
        #expect(try Self.binding("swipe-1-right", in: lisgd)["min-distance"] == .number(125), "lisgd's default")
        let fusuma = try GestureImport.read(
            .fusuma, "swipe:\n  99999999999:\n    left:\n      command: a\n", session: .other)
        #expect(fusuma.leftOut.map(\.line) == [2] && fusuma.bindings.isEmpty)
    }

    @Test func shellWords() {
        #expect(ShellWords.split(#"a 'b c' "d \"e\"" f\ g"#) == ["a", "b c", "d \"e\"", "f g"])
        #expect(ShellWords.split(#"a "b"#) == nil)
        #expect(ShellWords.split("  ") == [])
    }
}
