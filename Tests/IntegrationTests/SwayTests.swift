import AnimClient
import AnimProtocol
import Foundation
import JSONText
import Testing
import XorgInputTest

/// A real layer-shell compositor: sway 1.7 headless, with two outputs side by side, the second turned. The libinput
/// backend reads its outputs by name, position and transform and follows their changes; the reference panel
/// (examples/gtk/sidebar-panel.py) is a layer surface on the output it is given and draws what animd sends.
@Suite(
    .serialized,
    .enabled(
        if: HeadlessSway.installed, "needs sway, swaymsg and grim (scripts/install-deps.sh), and setpriv under root"))
struct SwayTests {
    /// HEADLESS-2 is a 1280×800 panel turned a quarter: sway turns clockwise (sway-output(5)), wl_output names
    /// turns counter-clockwise (wayland.xml), so sway's `transform 90` is wl_output's 270, transform 3.
    static let config = """
        output HEADLESS-1 mode --custom 1600x900 position 0 0
        output HEADLESS-2 mode --custom 1280x800 position 1600 0 transform 90
        """

    /// What sway's IPC says of its outputs, as animd's `input.outputs` should carry them: sway's name for a
    /// transform turned into wl_output's number.
    static func expected(from sway: HeadlessSway) throws -> [JSONValue] {
        try sway.outputs().map { output in
            let rect = output["rect"] ?? .null
            let clockwise: [String: Int] = [
                "normal": 0, "90": 3, "180": 2, "270": 1, "flipped": 4, "flipped-90": 7, "flipped-180": 6,
                "flipped-270": 5,
            ]
            return .object([
                ("name", output["name"] ?? .null), ("x", rect["x"] ?? .null), ("y", rect["y"] ?? .null),
                ("width", rect["width"] ?? .null), ("height", rect["height"] ?? .null),
                ("transform", .number(Double(clockwise[output["transform"]?.string ?? ""] ?? -1))),
            ])
        }
    }

    static func startDaemon(on sway: HeadlessSway) throws -> DaemonProcess {
        try DaemonProcess(environment: sway.clientEnvironment, inputBackend: "auto")
    }

    /// Waits until animd's outputs are what sway says, and returns animd's input status.
    @discardableResult
    static func outputsAgree(_ rpc: RPCConnection, _ sway: HeadlessSway) throws -> JSONValue {
        var input = JSONValue.null, expected: [JSONValue] = []
        try waitUntil("animd's outputs to be sway's (animd: \(input["outputs"] ?? .null), sway: \(expected))") {
            expected = try Self.expected(from: sway)
            input = try rpc.ok("daemon.hello")["input"] ?? .null
            return input["outputs"] == .array(expected)
        }
        return input
    }

    /// `auto` picks libinput under sway; animd names both outputs with their places and the turned one's
    /// transform, uses them as the monitors, and `animctl hello` says "rotated 270°".
    @Test func outputsAreReadByNamePlaceAndRotation() throws {
        let sway = try HeadlessSway(outputs: 2, config: Self.config)
        let daemon = try Self.startDaemon(on: sway)
        let rpc = try daemon.connect()
        let input = try Self.outputsAgree(rpc, sway)
        #expect(
            input["backend"] == "libinput" && input["display"] == .string(sway.socket) && input["connected"] == true)
        #expect(input["outputs"]?.array?.map { $0["name"] } == ["HEADLESS-1", "HEADLESS-2"])
        #expect(input["outputs"]?.array?.last?["transform"] == 3)
        #expect(input["monitors"] == [[0, 0, 1600, 900], [1600, 0, 800, 1280]])
        let hello = try animctl(["hello"], socket: daemon.socket)
        #expect(
            hello.stdout.contains("outputs     HEADLESS-1 1600×900+0+0, HEADLESS-2 800×1280+1600+0 rotated 270°"),
            "\(hello.stdout)")
        #expect(!hello.stdout.contains("turned"))
        // [daemon] screen is the console's: under sway it is listed as not in force.
        let config = try animctl(["config"], socket: daemon.socket).stdout
        #expect(
            config.split(separator: "\n").contains {
                $0.hasPrefix("screen = [1920, 1080]") && $0.hasSuffix(", unused: the display server gives the monitors")
            },
            "\(config)")
    }

    /// Outputs added, moved and turned with swaymsg while animd runs: each change reaches `input.outputs` and the
    /// monitors. (Removing one is not possible here: wlroots 0.15's headless backend refuses to disable an output,
    /// and sway 1.7 has no `output unplug`; `WaylandOutputTests` covers removal below the protocol.)
    @Test func outputsAreFollowedAsTheyChange() throws {
        let sway = try HeadlessSway(outputs: 2, config: Self.config)
        let daemon = try Self.startDaemon(on: sway)
        let rpc = try daemon.connect()
        try Self.outputsAgree(rpc, sway)
        try sway.message(["create_output"])
        let added = try Self.outputsAgree(rpc, sway)
        #expect(added["outputs"]?.array?.count == 3 && added["outputs"]?.array?.last?["name"] == "HEADLESS-3")
        try sway.message(["output", "HEADLESS-3", "mode", "--custom", "1024x768", "position", "0", "900"])
        let moved = try Self.outputsAgree(rpc, sway)
        #expect(moved["monitors"] == [[0, 0, 1600, 900], [1600, 0, 800, 1280], [0, 900, 1024, 768]])
        try sway.message(["output", "HEADLESS-3", "transform", "180"])
        let turned = try Self.outputsAgree(rpc, sway)
        #expect(turned["outputs"]?.array?.last?["transform"] == 2)
        try sway.message(["output", "HEADLESS-2", "transform", "normal", "position", "2000", "0"])
        let straightened = try Self.outputsAgree(rpc, sway)
        #expect(straightened["monitors"] == [[0, 0, 1600, 900], [2000, 0, 1280, 800], [0, 900, 1024, 768]])
    }

    /// The status tells the truth about the compositor: connected while it answers; when it dies, not connected,
    /// with the reason, while its last outputs stay the screen; connected again once it is back. A source with no
    /// device says none is present.
    @Test func theStatusFollowsTheCompositorAwayAndBack() throws {
        let sway = try HeadlessSway(outputs: 2, config: Self.config)
        let daemon = try Self.startDaemon(on: sway)
        let rpc = try daemon.connect()
        let before = try Self.outputsAgree(rpc, sway)
        #expect(before["connected"] == true && before["reason"] == nil && before["warning"] == nil)
        #expect(
            before["sources"]?["touchpad"]?["detail"]
                == "libinput on seat0: 0 touchpad(s): none present yet; one that appears is used at once")
        #expect(
            try animctl(["hello"], socket: daemon.socket).stdout.contains(
                "input       libinput connected on \(sway.socket)\n"))

        sway.crash()
        var gone = JSONValue.null
        try waitUntil("animd to see the compositor gone (last: \(gone))") {
            gone = try rpc.ok("daemon.hello")["input"] ?? .null
            return gone["connected"] == false
        }
        let reason =
            "the Wayland compositor on \(sway.socket) cannot be reached; input goes on with its last outputs, and animd reconnects"
        #expect(gone["reason"] == .string(reason) && gone["display"] == .string(sway.socket))
        #expect(gone["monitors"] == before["monitors"], "the last outputs stay the screen")
        let hello = try animctl(["hello"], socket: daemon.socket).stdout
        #expect(hello.contains("input       libinput off on \(sway.socket) (\(reason))"), "\(hello)")
        let json = try animctl(["hello", "--json"], socket: daemon.socket).stdout
        #expect((try? JSONParser.parse(Array(json.utf8)))?["input"]?["connected"] == false)

        try sway.restart()
        try waitUntil("animd to reach the compositor again") {
            try rpc.ok("daemon.hello")["input"]?["connected"] == true
        }
        let back = try Self.outputsAgree(rpc, sway)
        #expect(back["reason"] == nil)
    }

    /// `animctl environment` prints what `hello` then says: a new WAYLAND_DISPLAY restarts the backend on it, where
    /// nothing answers at first, and then on the compositor's own socket again.
    @Test func environmentSaysWhatHelloWillSay() throws {
        let sway = try HeadlessSway(outputs: 1, config: "output HEADLESS-1 mode --custom 1280x720")
        let daemon = try Self.startDaemon(on: sway)
        let rpc = try daemon.connect()
        try Self.outputsAgree(rpc, sway)
        for (display, connected) in [("wayland-9", false), (sway.socket, true)] {
            let adopted = try animctl(["environment", "WAYLAND_DISPLAY=\(display)"], socket: daemon.socket)
            #expect(
                adopted.status == 0 && adopted.stdout == "input restarted: libinput on \(display)\n",
                "\(adopted.stdout)\(adopted.stderr)")
            try waitUntil("hello to say \(display), \(connected ? "connected" : "not connected")") {
                let input = try rpc.ok("daemon.hello")["input"]
                return input?["display"] == .string(display) && input?["connected"] == .bool(connected)
            }
            let hello = try animctl(["hello"], socket: daemon.socket).stdout
            #expect(hello.contains("input       libinput \(connected ? "connected" : "off") on \(display)"), "\(hello)")
        }
    }

    /// The panel on the turned output (`--output HEADLESS-2`): a driven scrub is drawn as it comes, and a running
    /// leg's screenshots (grim) at chosen instants match the leg evaluated around them within 2 % of the travel,
    /// as WidgetTests checks under Xvfb. The other output shows none of it.
    @Test func thePanelIsALayerSurfaceOnItsOutput() throws {
        let sway = try HeadlessSway(outputs: 2, config: Self.config)
        let daemon = try Self.startDaemon(on: sway)
        let rpc = try daemon.connect()
        try Self.outputsAgree(rpc, sway)
        let errors = sway.runtime + "/panel.log"
        _ = FileManager.default.createFile(atPath: errors, contents: nil)
        let panel = try LineProcess(
            URL(fileURLWithPath: try PythonVenv.python()),
            [
                Binaries.repo.appendingPathComponent("examples/gtk/sidebar-panel.py").path, "--socket", daemon.socket,
                "--output", "HEADLESS-2", "--width", "320", "--print-ready",
            ],
            environment: sway.clientEnvironment.merging(["DISPLAY": "", "GDK_BACKEND": "wayland"]) { $1 },
            standardError: FileHandle(forWritingAtPath: errors) ?? .nullDevice)
        defer { panel.close() }
        let ready = panel.nextLine(timeout: 20)
        #expect(
            ready?.hasPrefix("ready ") == true,
            "the panel never mapped: \((try? String(contentsOfFile: errors, encoding: .utf8)) ?? "")")
        let width = WidgetTests.width, row = 640
        func shown() throws -> Double {
            Double(try sway.screenshot("HEADLESS-2").run(of: WidgetTests.panelColor, row: row))
        }

        _ = try rpc.ok("transition.begin", ["name": "gtk-panel", "to": 1])
        _ = try rpc.ok("transition.scrub", ["name": "gtk-panel", "fraction": 0.5])
        try waitUntil("the panel drew the scrub on HEADLESS-2") { try shown() == 0.5 * width }
        #expect(
            try sway.screenshot("HEADLESS-1").run(of: WidgetTests.panelColor, row: 450) == 0,
            "nothing on the other output")
        #expect(try sway.screenshot("HEADLESS-2").height == 1280, "the layer surface spans the turned output's height")

        try WidgetTests.expectRunningLegDrawn(rpc, shown: shown)
    }
}

extension SwayTests {
    /// A declared placement follows the compositor's outputs as the config's does (issue 29): a dock declared on
    /// HEADLESS-3 before it exists starts nowhere; once sway creates it and places it (0, 900, 1024×768), a swipe up
    /// from the middle of its bottom drives the dock; once it moves (2000, 900), the old place takes nothing and the
    /// new one does.
    @Test func aDeclaredDockFollowsItsOutput() throws {
        let sway = try HeadlessSway(outputs: 2, config: Self.config)
        let daemon = try Self.startDaemon(on: sway)
        let rpc = try daemon.connect()
        try Self.outputsAgree(rpc, sway)
        let widget = try daemon.connect()
        _ = try widget.declare(
            "dock",
            bindings: [
                "dock-swipe": [
                    "gesture": "edge-pan", "edge": "bottom", "output": "HEADLESS-3",
                    "span": [0.25, 0.75], "distance": 200, "increases": "up",
                ]
            ]
        ).get()
        _ = try rpc.ok("subscribe", ["transitions": ["dock"], "events": ["state"]])
        var clock = 0.0
        func swipe(at x: Double, bottom: Double) throws -> [JSONValue] {
            _ = try rpc.ok(
                "input.inject", DeclarationTests.swipe(x: x, steps: 10, at: clock, lift: true, bottom: bottom))
            clock += 1
            return try rpc.notificationsBeforeABarrier().filter { $0["method"] == "transition.began" }
        }
        #expect(try swipe(at: 512, bottom: 1668).isEmpty, "no HEADLESS-3 yet: the dock's edge pan starts nowhere")

        try sway.message(["create_output"])
        try sway.message(["output", "HEADLESS-3", "mode", "--custom", "1024x768", "position", "0", "900"])
        try Self.outputsAgree(rpc, sway)
        #expect(try swipe(at: 512, bottom: 1668).first?["params"]?["gesture"] == "dock-swipe")
        _ = try rpc.notification(where: { method, _ in method == .ended })

        _ = try rpc.ok("transition.animate", ["name": "dock", "to": 0, "duration": 0.05])
        _ = try rpc.notification(where: { method, _ in method == .ended })
        try sway.message(["output", "HEADLESS-3", "position", "2000", "900"])
        try Self.outputsAgree(rpc, sway)
        #expect(try swipe(at: 512, bottom: 1668).isEmpty, "HEADLESS-3 moved away from there")
        #expect(try swipe(at: 2512, bottom: 1668).first?["params"]?["gesture"] == "dock-swipe")
    }
}
