import AnimClient
import AnimProtocol
import Foundation
import Testing

/// The toolkit panels under Wayland, on a headless sway: plain windows (Debian 12 has no gtk4-layer-shell, and its
/// layer-shell-qt is for Qt 5; docs/toolkits.md), wherever sway puts them: GTK 4's fixed-size windows float, QML's
/// is tiled. The screenshot check is WidgetTests' and ToolkitPanelTests', measured from the window's content.
@Suite(
    .serialized,
    .enabled(
        if: HeadlessSway.installed, "needs sway, swaymsg and grim (scripts/install-deps.sh), and setpriv under root"))
struct ToolkitPanelSwayTests {
    /// The panel declares its transition under Wayland (GDK_BACKEND=wayland, QT_QPA_PLATFORM=wayland, no DISPLAY); a
    /// scrub to 0.5 is drawn as half its width, and a slow linear leg's screenshots (grim) at chosen instants match
    /// the leg evaluated around them within 2 % of its width.
    @Test(arguments: ToolkitPanel.all) func thePanelIsAPlainWindowOnSway(_ kind: ToolkitPanel) throws {
        try #require(kind.installed, "\(kind) is not installed (scripts/install-deps.sh)")
        if kind.transition == ToolkitPanel.qml.transition {
            try #require(
                QMLModule.waylandInstalled, "needs Qt 6's Wayland platform (qt6-wayland, scripts/install-deps.sh)")
        }
        let sway = try HeadlessSway(outputs: 1, config: "output HEADLESS-1 mode --custom 1280x720 position 0 0")
        defer { sway.stop() }
        let daemon = try SwayTests.startDaemon(on: sway)
        let rpc = try daemon.connect()
        let wayland = sway.clientEnvironment.merging([
            "DISPLAY": "", "GDK_BACKEND": "wayland", "QT_QPA_PLATFORM": "wayland",
        ]) { $1 }
        let (panel, _) = try kind.start(daemon.socket, ["--width", "320", "--height", "400"], environment: wayland)
        defer { panel.close() }
        #expect(ToolkitPanel.nextLine(panel) == "declared")
        #expect(try rpc.ok("transition.get", ["name": .string(kind.transition)])["owner"]?["client"] == "sidebar-panel")
        var content: (x: Int, y: Int, width: Int, height: Int)?
        try waitUntil("sway shows \(kind)'s window") {
            content = try sway.window(titled: ToolkitPanel.title)
            return content != nil
        }
        let window = try #require(content)
        let width = ToolkitPanelTests.width
        func shown() throws -> Double {
            Double(
                try sway.screenshot("HEADLESS-1").run(of: WidgetTests.panelColor, row: window.y + 200, from: window.x))
        }

        _ = try rpc.ok("transition.begin", ["name": .string(kind.transition), "to": 1])
        _ = try rpc.ok("transition.scrub", ["name": .string(kind.transition), "fraction": 0.5])
        try waitUntil("\(kind) drew the scrub on sway") { try shown() == 0.5 * width }
        try WidgetTests.expectRunningLegDrawn(rpc, name: kind.transition, shown: shown)
        withExtendedLifetime(daemon) {}
    }
}
