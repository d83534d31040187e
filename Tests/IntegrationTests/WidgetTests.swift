import AnimClient
import AnimProtocol
import Foundation
import Testing
import UnixSupport
import XorgInputTest

/// examples/gtk/sidebar-panel.py, the reference widget, under Xvfb: it follows driven frames, and draws running
/// legs from their curve at its own frame clock, checked from screenshots.
@Suite(.serialized, .enabled(if: Xvfb.installed && GTK.installed, "needs Xvfb and GTK 3 for /usr/bin/python3 (scripts/install-deps.sh)")) struct WidgetTests {
    static let panelColor: UInt32 = 0x2E7D32
    static let width = 320.0

    @Test func panelFollowsDrivenFramesAndRunningLegs() throws {
        let xvfb = try Xvfb(size: "800x600x24")
        defer { xvfb.stop() }
        let daemon = try DaemonProcess()
        let python = try PythonVenv.python()
        let panel = try LineProcess(URL(fileURLWithPath: python),
                                    [Binaries.repo.appendingPathComponent("examples/gtk/sidebar-panel.py").path, "--socket", daemon.socket,
                                     "--width", "320", "--height", "400", "--print-ready"], display: xvfb.display)
        defer { panel.close() }
        let ready = try #require(panel.nextLine(timeout: 20), "the panel never mapped its window")
        let window = String(ready.split(separator: " ").last ?? "")
        #expect(ready.hasPrefix("ready ") && window != "0", "\(ready)")
        let rpc = try daemon.connect()

        // Driven: a client leg scrubbed to 0.5 (frames reach the panel, it draws them as they come).
        _ = try rpc.ok("transition.begin", ["name": "sidebar", "to": 1])
        _ = try rpc.ok("transition.scrub", ["name": "sidebar", "fraction": 0.5])
        try waitUntil("the panel drew the scrub") { Self.shown(window, xvfb) == 0.5 * Self.width }

        // Running: a slow linear leg from there, evaluated by the panel; screenshots bracketed by the clock.
        try Self.expectRunningLegDrawn(rpc) { Self.shown(window, xvfb) ?? .nan }
    }

    /// From a scrubbed `sidebar`, a slow linear leg: `shown()` (px of the panel's colour, from a screenshot taken
    /// 0.5, 1.5 and 2.5 s into it) matches the leg evaluated just before and just after, within 2 % of the travel.
    static func expectRunningLegDrawn(_ rpc: RPCConnection, shown: () throws -> Double) throws {
        _ = try rpc.ok("transition.continue", ["name": "sidebar", "timing": "linear", "durationFactor": 8])
        let leg = try #require(LegFollower(answer: try rpc.ok("transition.list")).snapshots["sidebar"]?.leg)
        guard case let .cubic(cubic) = leg else { Issue.record("expected a cubic leg: \(leg)"); return }
        for instant in [0.5, 1.5, 2.5] {
            try waitUntil("\(instant) s into the leg") { monotonicSeconds() >= cubic.startTime + instant }
            let before = monotonicSeconds()
            let drawn = try shown()
            let after = monotonicSeconds()
            let low = (leg.progress(at: before) ?? .nan) * width, high = (leg.progress(at: after) ?? .nan) * width
            #expect(drawn >= low - 0.02 * width && drawn <= high + 0.02 * width, "at \(instant) s: \(drawn) px shown, the leg gives \(low) to \(high) px")
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
}
