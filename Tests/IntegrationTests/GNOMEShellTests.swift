import AnimClient
import AnimProtocol
import Foundation
import Gestures
import JSONText
import Testing
import XorgInputTest

/// animd against the real GNOME Shell 43, headless on a virtual monitor (issue 62): animd's own extension installed
/// and enabled as a user enables it, real GTK 4 windows opened in turn, full screen asked by the window itself,
/// reduced motion from the real `enable-animations` through the real portal and its GNOME backend. A test extension
/// (Tests/Fixtures/shells/headless@tests.animd.org) makes the headless shell behave as on a desktop with a GPU: it
/// activates each new window, and lifts the animation inhibition a software renderer gets.
@Suite(
    .serialized,
    .enabled(if: RealShellSession.missing(.gnome) == nil, "\(RealShellSession.missing(.gnome) ?? "")"))
struct GNOMEShellTests {
    /// The sidebar's left edge, only over the first window's application.
    static let config = FocusTests.config(#"apps = ["org.example.First"]"#)
    static let headless = RealShellSession.fixtures + "/headless@tests.animd.org"
    static let headlessUUID = "headless@tests.animd.org"

    /// animd's extensions as `make install` writes them (scripts/gnome-extension.py), in a folder of their own.
    static func builtExtensions() throws -> String {
        let folder = try DaemonProcess.makeFolder()
        let written = try runTool(
            "/usr/bin/python3", [Binaries.repo.appendingPathComponent("scripts/gnome-extension.py").path, folder],
            readingBoth: true)
        guard written.status == 0 else { throw HarnessError("gnome-extension.py: \(written.output)") }
        return folder
    }

    /// GNOME Shell with animd's extension for GNOME 43 installed, and enabled unless `enabled` is false.
    static func session(enabled: Bool = true) throws -> RealShellSession {
        let built = try builtExtensions()
        defer { try? FileManager.default.removeItem(atPath: built) }
        let uuid = AnimdGNOMEExtension.legacyUUID
        return try RealShellSession(
            .gnome, install: [built + "/" + uuid, headless], enable: (enabled ? [uuid] : []) + [headlessUUID])
    }

    static func daemon(_ session: RealShellSession) throws -> DaemonProcess {
        try DaemonProcess(
            config: config,
            environment: ["DBUS_SESSION_BUS_ADDRESS": session.address, "XDG_CURRENT_DESKTOP": "GNOME"])
    }

    /// The lines of the shell's log that speak of animd's extension.
    static func extensionLines(_ session: RealShellSession) -> [Substring] {
        session.log.split(separator: "\n").filter { $0.contains("animd") }
    }

    /// Two windows in turn: hello follows the focus, the `apps` binding works only over its application, full screen
    /// is told both ways, and the focus going back to the first window when the second closes is told too.
    @Test func animdsExtensionTellsTheFocusedWindow() throws {
        let session = try Self.session()
        let daemon = try Self.daemon(session)
        let rpc = try daemon.connect()
        _ = try ShellFocusTests.waitForFocus(rpc, "no window, from gnome") {
            $0["source"] == "gnome" && $0["app"] == .null
        }
        #expect(try CompositorFocusTests.swipe(rpc, fromLeft: true, transition: "sidebar") == false)

        let first = try session.window("org.example.First", title: "First")
        defer { first.close() }
        let focus = try ShellFocusTests.waitForFocus(rpc, "the first window") { $0["app"] == "org.example.First" }
        #expect(focus["names"] == ["org.example.First"] && focus["fullscreen"] == false && focus["source"] == "gnome")
        #expect(try CompositorFocusTests.swipe(rpc, fromLeft: true, transition: "sidebar") == true)

        let second = try session.window("org.example.Second", title: "Second")
        _ = try ShellFocusTests.waitForFocus(rpc, "the second window") { $0["app"] == "org.example.Second" }
        #expect(try CompositorFocusTests.swipe(rpc, fromLeft: true, transition: "sidebar") == false)
        second.send("fullscreen")
        _ = try ShellFocusTests.waitForFocus(rpc, "full screen") { $0["fullscreen"] == true }
        second.send("unfullscreen")
        _ = try ShellFocusTests.waitForFocus(rpc, "not full screen") {
            $0["fullscreen"] == false && $0["app"] == "org.example.Second"
        }
        second.close()
        _ = try ShellFocusTests.waitForFocus(rpc, "the first window again") { $0["app"] == "org.example.First" }
        #expect(try CompositorFocusTests.swipe(rpc, fromLeft: true, transition: "sidebar") == true)
        #expect(
            Self.extensionLines(session).isEmpty, "the shell said of animd's extension: \(Self.extensionLines(session))"
        )
    }

    /// `when-fullscreen = false` holds on GNOME: the binding is off over the full-screen window, on again after.
    @Test func whenFullscreenHolds() throws {
        let session = try Self.session()
        let daemon = try DaemonProcess(
            config: FocusTests.config("when-fullscreen = false"),
            environment: ["DBUS_SESSION_BUS_ADDRESS": session.address])
        let rpc = try daemon.connect()
        try session.expectWhenFullscreenHolds(rpc)
    }

    /// Disabled with `gnome-extensions disable`, the extension leaves nothing behind: its object is gone from the bus,
    /// a focus or full-screen change afterwards makes no error in the shell's log (a handler left connected would
    /// reach the object it dropped), and animd says how to enable it again; enabled again, it is followed again.
    @Test func disablesCleanlyAndIsFollowedAgain() throws {
        let session = try Self.session()
        let daemon = try Self.daemon(session)
        let rpc = try daemon.connect()
        let first = try session.window("org.example.First", title: "First")
        defer { first.close() }
        _ = try ShellFocusTests.waitForFocus(rpc, "the first window") { $0["app"] == "org.example.First" }

        try session.run("/usr/bin/gnome-extensions", ["disable", AnimdGNOMEExtension.legacyUUID])
        let off = try ShellFocusTests.waitForFocus(rpc, "unknown, saying how to enable it") {
            $0["reason"]?.string?.contains("gnome-extensions enable \(AnimdGNOMEExtension.legacyUUID)") == true
        }
        #expect(off["reason"]?.string?.contains("GNOME Shell 43") == true, "\(off)")
        let asked = try runTool(
            "/usr/bin/gdbus",
            [
                "call", "--address", session.address, "--dest", "org.gnome.Shell", "--object-path",
                "/org/animd/FocusedWindow", "--method", "org.animd.FocusedWindow1.Get",
            ], readingBoth: true)
        #expect(asked.status != 0, "the object is gone: \(asked.output)")
        let second = try session.window("org.example.Second", title: "Second")
        second.send("fullscreen")
        #expect(second.wait(for: "fullscreen"))
        second.close()
        Thread.sleep(forTimeInterval: 1)
        #expect(Self.extensionLines(session).isEmpty, "after disable: \(Self.extensionLines(session))")

        try session.run("/usr/bin/gnome-extensions", ["enable", AnimdGNOMEExtension.legacyUUID])
        _ = try ShellFocusTests.waitForFocus(rpc, "from gnome again") { $0["source"] == "gnome" }
    }

    /// GNOME Shell without animd's extension enabled: hello and doctor say which command enables it, for the version
    /// that runs.
    @Test func withoutTheExtensionAnimdSaysHowToEnableIt() throws {
        let session = try Self.session(enabled: false)
        let daemon = try Self.daemon(session)
        let rpc = try daemon.connect()
        let focus = try ShellFocusTests.waitForFocus(rpc, "unknown, saying how to enable it") {
            $0["reason"]?.string?.contains("gnome-extensions enable \(AnimdGNOMEExtension.legacyUUID)") == true
        }
        #expect(focus["source"] == .null && focus["reason"]?.string?.contains("GNOME Shell 43.") == true, "\(focus)")
        let hello = try animctl(["hello"], socket: daemon.socket)
        #expect(hello.stdout.contains("gnome-extensions enable \(AnimdGNOMEExtension.legacyUUID)"), "\(hello.stdout)")
    }

    /// `gsettings set org.gnome.desktop.interface enable-animations false`, as GNOME's Settings does: the real portal
    /// with its GNOME backend relays it (as the shell's `AnimationsEnabled`, which is what xdg-desktop-portal-gnome
    /// reports) and animd's motion is reduced, then full again.
    @Test func enableAnimationsIsFollowed() throws {
        let session = try Self.session()
        let daemon = try Self.daemon(session)
        let rpc = try daemon.connect()
        try waitUntil("animd reads the portal", timeout: 30) {
            try rpc.ok("daemon.hello")["motion"]?["detail"]?.string?.contains("enable-animations=true") == true
        }
        #expect(try rpc.ok("daemon.hello")["motion"]?["state"] == "full")
        try session.gsettings("org.gnome.desktop.interface", "enable-animations", "false")
        let reducedAt = Date()
        try waitUntil("motion is reduced", timeout: 5) {
            let motion = try rpc.ok("daemon.hello")["motion"]
            return motion?["state"] == "reduced" && motion?["source"] == "gnome"
        }
        let seconds = Date().timeIntervalSince(reducedAt)
        print("GNOMEShellTests: enable-animations false reached animd in \(seconds) s")
        try session.gsettings("org.gnome.desktop.interface", "enable-animations", "true")
        try waitUntil("motion is full again", timeout: 5) {
            try rpc.ok("daemon.hello")["motion"]?["state"] == "full"
        }
    }
}

/// animd's two GNOME Shell extensions as scripts/gnome-extension.py writes them for `make install` and the package:
/// each UUID is animd's (`AnimdGNOMEExtension`), each says the shell versions its extension API serves, the 43–44 one
/// is the same class without ES module syntax, and neither does work at import (extensions.gnome.org's review rule:
/// at the top level only imports, constants, classes and functions).
@Suite struct GNOMEExtensionFilesTests {
    @Test func bothExtensionsAreWrittenForTheirShells() throws {
        let folder = try GNOMEShellTests.builtExtensions()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let expected = [
            AnimdGNOMEExtension.uuid: ["45", "46", "47", "48", "49"], AnimdGNOMEExtension.legacyUUID: ["43", "44"],
        ]
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: folder)) == Set(expected.keys))
        for (uuid, versions) in expected {
            let metadata = try JSONParser.parse(
                Array(try String(contentsOfFile: "\(folder)/\(uuid)/metadata.json", encoding: .utf8).utf8))
            #expect(metadata["uuid"]?.string == uuid)
            #expect(metadata["shell-version"]?.array?.compactMap(\.string) == versions)
            let source = try String(contentsOfFile: "\(folder)/\(uuid)/extension.js", encoding: .utf8)
            let topLevel = source.split(separator: "\n").filter { !$0.hasPrefix(" ") && !$0.isEmpty }
            let allowed = ["import ", "const ", "export default class ", "class ", "function ", "}", "//", "</node>`;"]
            #expect(
                topLevel.allSatisfy { line in allowed.contains { line.hasPrefix($0) } },
                "\(uuid) does something at import: \(topLevel.filter { line in !allowed.contains { line.hasPrefix($0) } })"
            )
            let legacy = uuid == AnimdGNOMEExtension.legacyUUID
            #expect(source.contains("import ") != legacy && source.contains("export ") != legacy)
            #expect(source.contains("function init()") == legacy)
            #expect(source.contains("    enable() {") && source.contains("    disable() {"))
        }
    }
}
