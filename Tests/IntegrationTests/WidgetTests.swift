import AnimClient
import AnimProtocol
import Foundation
import Testing
import UnixSupport
import XorgInputTest

/// examples/gtk/sidebar-panel.py, the reference widget, under Xvfb: it follows driven frames, and draws running
/// legs from their curve at its own frame clock, checked from screenshots.
@Suite(
    .serialized,
    .enabled(if: Xvfb.installed && GTK.installed, "needs Xvfb and GTK 3 for /usr/bin/python3 (scripts/install-deps.sh)")
) struct WidgetTests {
    static let panelColor: UInt32 = 0x2E7D32
    static let width = 320.0

    @Test func panelFollowsDrivenFramesAndRunningLegs() throws {
        let xvfb = try Xvfb(size: "800x600x24")
        defer { xvfb.stop() }
        let daemon = try DaemonProcess()
        let python = try PythonVenv.python()
        let panel = try LineProcess(
            URL(fileURLWithPath: python),
            [
                Binaries.repo.appendingPathComponent("examples/gtk/sidebar-panel.py").path, "--socket", daemon.socket,
                "--width", "320", "--height", "400", "--print-ready",
            ], display: xvfb.display)
        defer { panel.close() }
        let ready = try #require(panel.nextLine(timeout: 20), "the panel never mapped its window")
        let window = String(ready.split(separator: " ").last ?? "")
        #expect(ready.hasPrefix("ready ") && window != "0", "\(ready)")
        let rpc = try daemon.connect()

        // The panel declared its own transition, and owns it.
        #expect(try rpc.ok("transition.get", ["name": "gtk-panel"])["owner"]?["client"] == "sidebar-panel")

        // Driven: a client leg scrubbed to 0.5 (frames reach the panel, it draws them as they come).
        _ = try rpc.ok("transition.begin", ["name": "gtk-panel", "to": 1])
        _ = try rpc.ok("transition.scrub", ["name": "gtk-panel", "fraction": 0.5])
        try waitUntil("the panel drew the scrub") { Self.shown(window, xvfb) == 0.5 * Self.width }

        // Running: a slow linear leg from there, evaluated by the panel; screenshots bracketed by the clock.
        try Self.expectRunningLegDrawn(rpc) { Self.shown(window, xvfb) ?? .nan }
    }

    /// `--edge bottom --width 200`: the panel declares an edge pan from the bottom whose distance is its own
    /// height, so a swipe 100 px up draws 100 px of it from the bottom, 1:1; when it quits, its transition goes and
    /// the default's bottom edge pan takes the swipe again.
    @Test func thePanelDeclaresItsEdgeAndItsWidth() throws {
        let xvfb = try Xvfb(size: "800x600x24")
        defer { xvfb.stop() }
        let daemon = try DaemonProcess()
        let panel = try LineProcess(
            URL(fileURLWithPath: try PythonVenv.python()),
            [
                Binaries.repo.appendingPathComponent("examples/gtk/sidebar-panel.py").path, "--socket", daemon.socket,
                "--edge", "bottom", "--width", "200", "--height", "400", "--print-ready",
            ], display: xvfb.display)
        let ready = try #require(panel.nextLine(timeout: 20), "the panel never mapped its window")
        let window = String(ready.split(separator: " ").last ?? "")
        let rpc = try daemon.connect()
        _ = try rpc.ok("subscribe", ["transitions": ["gtk-panel", "launcher"]])
        _ = try rpc.ok("input.inject", DeclarationTests.swipe(x: 960, steps: 12))
        let swiped = try rpc.notificationsBeforeABarrier()
        #expect(swiped.first?["params"]?["gesture"] == "gtk-panel-open")
        let progress = try #require(
            swiped.last { $0["method"] == "transition.progress" }?["params"]?["progress"]?.number)
        #expect(progress > 0.3, "\(swiped)")
        // Whole 10 px steps over 200 px: the panel shows as many rows as the finger moved.
        try waitUntil("the panel drew \(progress * 200) px of the swipe from the bottom") {
            (try? XWDImage(window: window, display: xvfb.display)).map {
                abs(Double($0.count(of: Self.panelColor, column: 200)) - progress * 200) < 0.5
            } == true
        }
        _ = try rpc.ok("input.inject", ["events": [["t": 0.13, "kind": "touch-up", "id": 1, "x": 960, "y": 958]]])
        _ = try rpc.notification(where: { method, _ in method == .ended })
        panel.close()
        #expect(try rpc.notification(where: { method, _ in method == .removed }).1["reason"] == "disconnected")
        _ = try rpc.ok("input.inject", DeclarationTests.swipe(x: 960, steps: 12, at: 1, lift: true))
        #expect(try rpc.notification(where: { method, _ in method == .began }).1["gesture"] == "launcher-open")
    }

    /// From a scrubbed panel's transition (`name`), a slow linear leg: `shown()` (px of the panel's colour, from a
    /// screenshot taken 0.5, 1.5 and 2.5 s into it) matches the leg evaluated just before and just after, within 2 %
    /// of the travel.
    static func expectRunningLegDrawn(_ rpc: RPCConnection, name: String = "gtk-panel", shown: () throws -> Double)
        throws
    {
        _ = try rpc.ok("transition.continue", ["name": .string(name), "timing": "linear", "durationFactor": 8])
        let leg = try #require(LegFollower(answer: try rpc.ok("transition.list")).snapshots[name]?.leg)
        guard case let .cubic(cubic) = leg else { Issue.record("expected a cubic leg: \(leg)"); return }
        for instant in [0.5, 1.5, 2.5] {
            try waitUntil("\(instant) s into the leg") { monotonicSeconds() >= cubic.startTime + instant }
            let before = monotonicSeconds()
            let drawn = try shown()
            let after = monotonicSeconds()
            let low = (leg.progress(at: before) ?? .nan) * width, high = (leg.progress(at: after) ?? .nan) * width
            #expect(
                drawn >= low - 0.02 * width && drawn <= high + 0.02 * width,
                "at \(instant) s: \(drawn) px shown, the leg gives \(low) to \(high) px")
        }
    }

    /// The width of the panel's colour from the left edge, in a row of the window's screenshot.
    static func shown(_ window: String, _ xvfb: Xvfb) -> Double? {
        (try? XWDImage(window: window, display: xvfb.display)).map { Double($0.run(of: panelColor, row: 200)) }
    }
}

enum GTK {
    /// python3-gi and GTK 3's typelib, which scripts/install-deps.sh installs.
    static var installed: Bool {
        (try? runTool("/usr/bin/python3", ["-c", "import gi; gi.require_version('Gtk', '3.0')"]).status) == 0
    }

    /// GTK 4 and libadwaita's typelibs for /usr/bin/python3 (gir1.2-gtk-4.0, gir1.2-adw-1).
    static var installed4: Bool {
        (try? runTool(
            "/usr/bin/python3", ["-c", "import gi; gi.require_version('Gtk', '4.0'); gi.require_version('Adw', '1')"]
        ).status) == 0
    }
}
