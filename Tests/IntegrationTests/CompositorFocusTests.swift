import AnimClient
import AnimProtocol
import Foundation
import JSONText
import Testing
import XorgInputTest

/// The focused application from a Wayland compositor's IPC (issue 31): a real headless sway with two real Wayland
/// clients (weston-flower and weston-clickdot, whose app_ids are `org.freedesktop.weston.flower` and
/// `org.freedesktop.weston.wayland-clickdot`), moved with `swaymsg`; and Hyprland's documented socket protocol,
/// spoken by a stand-in (Tests/Fixtures/focus/standin.py), for Hyprland is not packaged here.
@Suite(.serialized) struct CompositorFocusTests {
    static let flower = "org.freedesktop.weston.flower"
    static let clickdot = "org.freedesktop.weston.wayland-clickdot"

    /// The left edge for the flower only; the right edge off over a full-screen window.
    static let config = """
        [transitions.sidebar]
        [transitions.panel]
        [bindings.sidebar-open]
        transition = "sidebar"
        gesture = "edge-pan"
        edge = "left"
        distance = 400
        apps = ["ORG.FREEDESKTOP.WESTON.FLOWER"]
        [bindings.panel-open]
        transition = "panel"
        gesture = "edge-pan"
        edge = "right"
        distance = 400
        when-fullscreen = false
        """

    /// An edge swipe through `input.inject`, from the left or the right edge of a 1280×720 screen; whether it began
    /// its transition. `input.inject` answers once the events went through the recognizers, so the transition is
    /// read right after: idle at 0 if nothing began. It is brought back to 0 after.
    static func swipe(_ rpc: RPCConnection, fromLeft: Bool, transition: String) throws -> Bool {
        let (x, step) = fromLeft ? (2.0, 40.0) : (1278.0, -40.0)
        var events: [JSONValue] = [["t": 0, "kind": "touch-down", "id": 1, "x": .number(x), "y": 400]]
        for i in 1...8 {
            events.append([
                "t": .number(0.01 * Double(i)), "kind": "touch-move", "id": 1, "x": .number(x + step * Double(i)),
                "y": 400,
            ])
        }
        events.append(["t": 0.1, "kind": "touch-up", "id": 1, "x": .number(x + step * 8), "y": 400])
        _ = try rpc.ok("input.inject", ["events": .array(events)])
        let after = try rpc.ok("transition.get", ["name": .string(transition)])
        let began = !(after["phase"] == "idle" && after["progress"] == 0)
        if began {
            _ = try rpc.ok(
                "transition.animate", ["name": .string(transition), "to": 0, "timing": "linear", "duration": 0.001])
            try waitUntil("\(transition) is back at 0") {
                let state = try rpc.ok("transition.get", ["name": .string(transition)])
                return state["phase"] == "idle" && state["progress"] == 0
            }
        }
        return began
    }

    static func focus(_ rpc: RPCConnection) throws -> JSONValue { try rpc.ok("daemon.hello")["focus"] ?? .null }

    static func waitForApp(_ rpc: RPCConnection, _ app: JSONValue, fullscreen: Bool = false, source: String) throws {
        try waitUntil("animd's focus is \(app) from \(source)") {
            let focus = try focus(rpc)
            return focus["app"] == app && focus["fullscreen"] == .bool(fullscreen) && focus["source"] == .string(source)
        }
    }

    /// sway tells the focus two ways, each tested on its own: its IPC (`SWAYSOCK` given to animd), and
    /// `zwlr_foreign_toplevel_manager_v1` on the Wayland connection the libinput backend reads outputs from (no
    /// `SWAYSOCK`: as labwc, niri or Wayfire would be read). Bindings follow either the same way, window events
    /// included: the focus moves, a window goes full screen and back, windows close.
    @Test(
        .enabled(
            if: HeadlessSway.installed && FileManager.default.isExecutableFile(atPath: "/usr/bin/weston-flower"),
            "needs sway and weston's demo clients (scripts/install-deps.sh)"),
        arguments: ["sway", "wlr-foreign-toplevel"])
    func swaysFocusTurnsBindingsOnAndOff(source: String) throws {
        let sway = try HeadlessSway(outputs: 1, config: "output HEADLESS-1 mode --custom 1280x720\n")
        let clients = try ["weston-flower", "weston-clickdot"].map { name in
            try LineProcess(URL(fileURLWithPath: "/usr/bin/" + name), [], environment: sway.clientEnvironment)
        }
        defer { for client in clients { client.close() } }
        try waitUntil("both windows are mapped") {
            let tree = JSONWriter.string(try sway.message([], type: "get_tree"))
            return tree.contains(Self.flower) && tree.contains(Self.clickdot)
        }
        let ipc = source == "sway" ? ["SWAYSOCK": sway.ipcSocket] : [:]
        let daemon = try DaemonProcess(
            config: Self.config, environment: sway.clientEnvironment.merging(ipc) { $1 }, inputBackend: "auto")
        let rpc = try daemon.connect()
        _ = try SwayTests.outputsAgree(rpc, sway)
        try sway.message(["[app_id=\"\(Self.clickdot)\"]", "focus"])
        try Self.waitForApp(rpc, .string(Self.clickdot), source: source)
        _ = try rpc.ok("subscribe", ["events": ["focus"]])

        #expect(try Self.focus(rpc)["names"] == [.string(Self.clickdot)])
        #expect(
            try Self.swipe(rpc, fromLeft: true, transition: "sidebar") == false, "apps: off over another application")

        try sway.message(["[app_id=\"\(Self.flower)\"]", "focus"])
        try Self.waitForApp(rpc, .string(Self.flower), source: source)
        #expect(
            try Self.swipe(rpc, fromLeft: true, transition: "sidebar") == true,
            "apps: on over the flower, named in another case")
        #expect(try Self.swipe(rpc, fromLeft: false, transition: "panel") == true)

        try sway.message(["fullscreen", "enable"])
        try Self.waitForApp(rpc, .string(Self.flower), fullscreen: true, source: source)
        #expect(
            try Self.swipe(rpc, fromLeft: false, transition: "panel") == false,
            "when-fullscreen = false: off over a full-screen window")
        try sway.message(["fullscreen", "disable"])
        try Self.waitForApp(rpc, .string(Self.flower), source: source)

        // The focused window closes: sway focuses the other, then none once both are gone.
        try sway.message(["kill"])
        try Self.waitForApp(rpc, .string(Self.clickdot), source: source)
        try sway.message(["kill"])
        try waitUntil("no window has the focus") {
            try Self.focus(rpc)["app"] == .null && Self.focus(rpc)["source"] == .string(source)
        }
        let events = try rpc.notificationsBeforeABarrier().filter { $0.notificationMethod == .focus }.compactMap {
            $0["params"]
        }
        let seen = events.map { "\($0["app"]?.string ?? "none")\($0["fullscreen"] == true ? " full screen" : "")" }
        #expect(
            seen == [Self.flower, Self.flower + " full screen", Self.flower, Self.clickdot, "none"],
            "one daemon.focus event per change")
    }

    /// sway dies: the focus is unknown, with the reason, and `apps` bindings are off; a new sway, named to animd by
    /// `animctl environment`, is followed again.
    @Test(.enabled(if: HeadlessSway.installed, "needs sway (scripts/install-deps.sh)"))
    func swayRestartsAndIsFollowedAgain() throws {
        let sway = try HeadlessSway(outputs: 1, config: "output HEADLESS-1 mode --custom 1280x720\n")
        let daemon = try DaemonProcess(
            config: Self.config, environment: sway.clientEnvironment.merging(["SWAYSOCK": sway.ipcSocket]) { $1 },
            inputBackend: "auto")
        let rpc = try daemon.connect()
        try waitUntil("sway's IPC answers") { try Self.focus(rpc)["source"] == "sway" }
        #expect(try Self.focus(rpc)["app"] == .null, "a new sway has no window")
        sway.crash()
        try waitUntil("the loss is said") {
            try Self.focus(rpc)["reason"]?.string?.contains("sway's IPC is lost") == true
        }
        #expect(try Self.swipe(rpc, fromLeft: true, transition: "sidebar") == false)
        try sway.restart()
        let result = try animctl(["environment", "SWAYSOCK=" + sway.ipcSocket], socket: daemon.socket)
        #expect(result.status == 0, "\(result.stderr)")
        try waitUntil("the new sway is followed") { try Self.focus(rpc)["source"] == "sway" }
        #expect(try rpc.ok("daemon.hello")["pid"] != nil, "animd kept serving")
    }

    /// The compositor whose foreign-toplevel manager told the focus goes away: the focus is unknown, with the reason;
    /// once it is back on the same socket, the libinput backend reconnects and the focus is known again.
    @Test(.enabled(if: HeadlessSway.installed, "needs sway (scripts/install-deps.sh)"))
    func theForeignToplevelSourceComesBackWithTheCompositor() throws {
        let sway = try HeadlessSway(outputs: 1, config: "output HEADLESS-1 mode --custom 1280x720\n")
        let daemon = try DaemonProcess(config: Self.config, environment: sway.clientEnvironment, inputBackend: "auto")
        let rpc = try daemon.connect()
        try Self.waitForApp(rpc, .null, source: "wlr-foreign-toplevel")
        sway.crash()
        try waitUntil("the loss is said") {
            try Self.focus(rpc)["reason"]?.string?.contains("the compositor is out of reach") == true
        }
        try sway.restart()
        try waitUntil("the new sway is followed", timeout: 20) {
            try Self.focus(rpc)["source"] == "wlr-foreign-toplevel"
        }
    }

    /// Garbage on sway's socket, and a header announcing 1 GiB: each is said, and animd keeps serving.
    @Test(arguments: [
        ("6e6f7420692d69706320617420616c6c", "without the i3-ipc magic"),
        ("69332d697063" + "00000040" + "02000000", "past the 2 MiB bound"),
    ])
    func garbageOnTheSocketIsSaid(bytes: String, reason: String) throws {
        let folder = try DaemonProcess.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let socket = folder + "/sway-ipc.sock"
        let standIn = try LineProcess(
            URL(fileURLWithPath: "/usr/bin/python3"), [Self.standIn, "raw", socket, bytes], environment: [:])
        defer { standIn.close() }
        #expect(standIn.wait(for: "ready"))
        let daemon = try DaemonProcess(config: Self.config, environment: ["SWAYSOCK": socket])
        let rpc = try daemon.connect()
        try waitUntil("the garbage is said") { try Self.focus(rpc)["reason"]?.string?.contains(reason) == true }
        #expect(try Self.focus(rpc)["source"] == .null)
        #expect(try Self.swipe(rpc, fromLeft: true, transition: "sidebar") == false, "apps bindings stay off")
    }

    static let standIn = Binaries.repo.appendingPathComponent("Tests/Fixtures/focus/standin.py").path

    /// Hyprland's protocol from a stand-in: the focus at the start from `j/activewindow`, then `activewindow>>` and
    /// `fullscreen>>` lines; an event socket that closes is connected again; an endless line is refused.
    @Test func hyprlandsLinesAreFollowed() throws {
        let runtime = try DaemonProcess.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: runtime) }
        let standIn = try LineProcess(
            URL(fileURLWithPath: "/usr/bin/python3"), [Self.standIn, "hyprland", runtime + "/hypr/test_1"],
            environment: [:])
        defer { standIn.close() }
        #expect(standIn.wait(for: "ready"))
        standIn.send(#"!state {"address": "0x1", "class": "kitty", "title": "~", "fullscreen": 0}"#)
        #expect(standIn.wait(for: "sent"))
        let daemon = try DaemonProcess(
            config: Self.config, environment: ["HYPRLAND_INSTANCE_SIGNATURE": "test_1", "XDG_RUNTIME_DIR": runtime])
        let rpc = try daemon.connect()
        #expect(standIn.wait(for: "client 1"))
        func waitFor(_ app: JSONValue, fullscreen: Bool = false) throws {
            try waitUntil("hyprland's focus is \(app)") {
                let focus = try Self.focus(rpc)
                return focus["app"] == app && focus["fullscreen"] == .bool(fullscreen) && focus["source"] == "hyprland"
            }
        }
        try waitFor("kitty")
        for (line, app, fullscreen) in [
            ("activewindow>>org.freedesktop.weston.flower,Flower, with a comma", JSONValue.string(Self.flower), false),
            ("fullscreen>>1", .string(Self.flower), true), ("fullscreen>>0", .string(Self.flower), false),
            ("activewindow>>,", .null, false),
        ] {
            standIn.send(line)
            try waitFor(app, fullscreen: fullscreen)
        }
        standIn.send("activewindow>>org.freedesktop.weston.flower,Flower")
        try waitFor(.string(Self.flower))
        #expect(try Self.swipe(rpc, fromLeft: true, transition: "sidebar") == true)

        _ = try rpc.ok("subscribe", ["events": ["focus"]])
        standIn.send(#"!state {"class": "org.freedesktop.weston.flower", "fullscreen": false}"#)
        #expect(standIn.wait(for: "sent"))
        standIn.send("!close")
        #expect(standIn.wait(for: "client 2", timeout: 15), "the event socket is connected again")
        let closed = try rpc.notification(where: { method, _ in method == .focus }).1
        #expect(
            closed["reason"]?.string?.contains("Hyprland's event socket is lost (the socket closed); trying again")
                == true, "\(closed)")
        try waitFor(.string(Self.flower))
        standIn.send(String(repeating: "x", count: 70_000))
        _ = try rpc.notification(where: { method, params in
            method == .focus && params["reason"]?.string?.contains("a line longer than 64 KiB") == true
        })
        #expect(standIn.wait(for: "client 3", timeout: 15), "and the socket is connected again")
    }
}
