import AnimClient
import AnimProtocol
import Foundation
import JSONText
import Testing
import XorgInputTest

/// animd against the real KWin 5.27 on its virtual backend (issue 62): animd loads its script through
/// `org.kde.kwin.Scripting`, real GTK 4 windows are opened in turn (KWin focuses each by itself), full screen is asked
/// by the window itself, and reduced motion comes from `kwriteconfig5` and KConfig's notification, as System Settings
/// writes it.
@Suite(
    .serialized,
    .enabled(if: RealShellSession.missing(.kwin) == nil, "\(RealShellSession.missing(.kwin) ?? "")"))
struct KWinTests {
    static func daemon(_ session: RealShellSession, config: String = ShellFocusTests.config) throws -> DaemonProcess {
        try DaemonProcess(
            config: config,
            environment: [
                "DBUS_SESSION_BUS_ADDRESS": session.address, "XDG_RUNTIME_DIR": session.runtime,
                "XDG_CONFIG_HOME": session.configHome,
            ])
    }

    /// KWin names a Wayland window by its app id (`resourceClass`) and its program's name (`resourceName`).
    static func isWindow(_ focus: JSONValue, _ appID: String) -> Bool {
        focus["app"]?.string == appID && focus["source"] == "kde"
    }

    /// Two windows in turn: hello follows KWin's activations, the `apps` binding works only over its application,
    /// full screen is told both ways, and closing the second window gives the focus back to the first.
    @Test func animdsScriptFollowsTheFocusedWindow() throws {
        let session = try RealShellSession(.kwin)
        let daemon = try Self.daemon(
            session, config: FocusTests.config(#"apps = ["org.example.First"]"#))
        let rpc = try daemon.connect()
        _ = try ShellFocusTests.waitForFocus(rpc, "no window, from kde") { $0["source"] == "kde" && $0["app"] == .null }

        let first = try session.window("org.example.First", title: "First")
        defer { first.close() }
        let focus = try ShellFocusTests.waitForFocus(rpc, "the first window") { Self.isWindow($0, "org.example.First") }
        #expect(focus["fullscreen"] == false && focus["names"]?.array?.count == 2, "\(focus)")
        #expect(try CompositorFocusTests.swipe(rpc, fromLeft: true, transition: "sidebar") == true)

        let second = try session.window("org.example.Second", title: "Second")
        _ = try ShellFocusTests.waitForFocus(rpc, "the second window") { Self.isWindow($0, "org.example.Second") }
        #expect(try CompositorFocusTests.swipe(rpc, fromLeft: true, transition: "sidebar") == false)
        second.send("fullscreen")
        _ = try ShellFocusTests.waitForFocus(rpc, "full screen") { $0["fullscreen"] == true }
        second.send("unfullscreen")
        _ = try ShellFocusTests.waitForFocus(rpc, "not full screen") {
            $0["fullscreen"] == false && Self.isWindow($0, "org.example.Second")
        }
        second.close()
        _ = try ShellFocusTests.waitForFocus(rpc, "the first window again") { Self.isWindow($0, "org.example.First") }
        #expect(try CompositorFocusTests.swipe(rpc, fromLeft: true, transition: "sidebar") == true)
        let scripts = try session.run(
            "/usr/bin/gdbus",
            [
                "call", "--session", "--dest", "org.kde.KWin", "--object-path", "/Scripting", "--method",
                "org.kde.kwin.Scripting.isScriptLoaded", "animd-focus",
            ])
        #expect(scripts.contains("true"), "KWin has animd's script loaded: \(scripts)")
        let complaints = session.log.split(separator: "\n").filter {
            $0.contains("animd") && $0.lowercased().contains("error")
        }
        #expect(complaints.isEmpty, "KWin said of animd's script: \(complaints)")
    }

    /// `when-fullscreen = false` holds on KDE: the binding is off over the full-screen window, on again after.
    @Test func whenFullscreenHolds() throws {
        let session = try RealShellSession(.kwin)
        let daemon = try Self.daemon(session, config: FocusTests.config("when-fullscreen = false"))
        let rpc = try daemon.connect()
        try session.expectWhenFullscreenHolds(rpc)
    }

    /// `kwriteconfig5 --file kdeglobals --group KDE --key AnimationDurationFactor 0` and KConfig's notification, as
    /// System Settings' animation speed slider writes it: reduced motion, then a factor of 0.5, then back to full
    /// motion once the key is deleted.
    @Test func animationDurationFactorIsFollowed() throws {
        let session = try RealShellSession(.kwin)
        let daemon = try Self.daemon(session)
        let rpc = try daemon.connect()
        #expect(try rpc.ok("daemon.hello")["motion"]?["state"] == "full")
        // kwriteconfig5 5.103 has no --notify: the notification KConfig sends for a write with KConfig::Notify (as
        // System Settings' slider makes) is sent after it, as KConfig sends it.
        func write(_ arguments: [String]) throws {
            try session.run(
                "/usr/bin/kwriteconfig5",
                ["--file", "kdeglobals", "--group", "KDE", "--key", "AnimationDurationFactor"] + arguments)
            try session.run(
                "/usr/bin/gdbus",
                [
                    "emit", "--session", "--object-path", "/kdeglobals", "--signal",
                    "org.kde.kconfig.notify.ConfigChanged", "{'KDE': [b'AnimationDurationFactor']}",
                ])
        }
        try write(["0"])
        let changedAt = Date()
        try waitUntil("motion is reduced", timeout: 5) {
            let motion = try rpc.ok("daemon.hello")["motion"]
            return motion?["state"] == "reduced" && motion?["source"] == "kde"
        }
        print("KWinTests: AnimationDurationFactor 0 reached animd in \(Date().timeIntervalSince(changedAt)) s")
        try write(["0.5"])
        try waitUntil("the factor is 0.5", timeout: 5) {
            let motion = try rpc.ok("daemon.hello")["motion"]
            return motion?["state"] == "full" && motion?["factor"] == 0.5
        }
        try write(["--delete"])
        try waitUntil("the factor is 1 again", timeout: 5) {
            try rpc.ok("daemon.hello")["motion"]?["factor"] == 1
        }
    }
}
