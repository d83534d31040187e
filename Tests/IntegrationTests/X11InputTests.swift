import AnimClient
import AnimProtocol
import Foundation
import JSONText
import Testing

/// Real X input under a real Xvfb: XTest relative motion and buttons from
/// animd-xprobe, an ordinary window of the test's own that records what it
/// receives, and a socket subscriber that sees what animd makes of it.
@Suite(.serialized, .enabled(if: Xvfb.installed, "needs Xvfb (scripts/install-deps.sh)")) struct X11InputTests {
    /// One barrier hit adds at most GNOME's 15 px; the sidebar binding moves 1 per 400 px.
    static let pushStep = 15.0 / 400

    /// The default config with the sidebar's opening edge also taking button-1 drags from its strip.
    static let edgeDragConfig = """
        [transitions.sidebar]
        [bindings.sidebar-open]
        transition = "sidebar"
        gesture = "edge-pan"
        edge = "left"
        distance = 400
        at-snap = 0
        sources = ["touch", "pressure", "pointer"]
        """

    /// Progress seen while the pointer drives, then the leg's end.
    static func openingLeg(_ events: [(NotificationMethod?, JSONValue)]) -> (interactive: [Double], ended: JSONValue?) {
        let interactive = events.filter { $0.0 == .progress && $0.1["phase"] == "interactive" }
            .compactMap { $0.1["progress"]?.number }
        return (interactive, events.last { $0.0 == .ended }?.1)
    }

    /// Pushing the pointer against the left edge opens the sidebar: began (by the sidebar-open gesture), progress
    /// rising 1:1 with the pressure in steps of 15 px / 400 px, then ended at snap 1.
    @Test func pushingTheLeftEdgeOpensTheSidebar() throws {
        let xvfb = try Xvfb()
        let daemon = try DaemonProcess(display: xvfb.display)
        let rpc = try daemon.connect()
        let input = try rpc.waitForX(xvfb.display)
        #expect(input["sources"]?["pressure"]?["state"] == "active")
        #expect(input["sources"]?["pointer"]?["state"] == "unused", "no binding opts in to pointer drags by default")
        _ = try rpc.ok("subscribe", ["transitions": ["sidebar"]])
        try XProbe.drive(["warp 30 400", "push -15 0 20 8"], display: xvfb.display)
        let events = try rpc.notifications(until: { method, _ in method == .ended })
        let began = try #require(events.first { $0.0 == .began }?.1)
        #expect(began["cause"] == "gesture" && began["gesture"] == "sidebar-open")
        let (interactive, ended) = Self.openingLeg(events)
        #expect(interactive.count >= 5, "the push moved the sidebar while it lasted")
        #expect(zip(interactive, interactive.dropFirst()).allSatisfy { $0 < $1 }, "pressure only grows")
        for progress in interactive {
            let steps = progress / Self.pushStep
            #expect(abs(steps - steps.rounded()) < 1e-9, "\(progress) is a whole number of 15 px hits")
        }
        #expect(ended?["snap"] == 1 && ended?["position"] == "end")
    }

    /// With the default config a click and a drag at the left edge reach the window there, unchanged, and
    /// start nothing.
    @Test func clicksAndDragsAtTheEdgeReachTheWindow() throws {
        let xvfb = try Xvfb()
        let daemon = try DaemonProcess(display: xvfb.display)
        let rpc = try daemon.connect()
        _ = try rpc.waitForX(xvfb.display)
        let window = try XProbe.window(0, 0, 400, 800, display: xvfb.display)
        try XProbe.drive(["warp 0 400", "down 1", "up 1", "down 1", "push 10 0 5 8", "up 1"], display: xvfb.display)
        let buttons = try window.buttons(until: "release 1 50 400")
        #expect(buttons == ["press 1 0 400", "release 1 0 400", "press 1 0 400", "release 1 50 400"])
        #expect(try rpc.ok("transition.get", ["name": "sidebar"])["seq"] == 0, "the sidebar never moved")
    }

    /// With the edge-drag option on, a button-1 drag from the strip opens the sidebar 1:1 with the pointer, the window
    /// under the strip never sees that press, a click beside the strip reaches it, and a mid-screen drag starts nothing.
    @Test func edgeDragOptionOpensFromTheStripOnly() throws {
        let xvfb = try Xvfb()
        let window = try XProbe.window(0, 0, 800, 800, display: xvfb.display)
        let daemon = try DaemonProcess(config: Self.edgeDragConfig, display: xvfb.display)
        let rpc = try daemon.connect()
        let input = try rpc.waitForX(xvfb.display)
        #expect(input["sources"]?["pointer"]?["state"] == "active")
        _ = try rpc.ok("subscribe", ["transitions": ["sidebar"]])
        try XProbe.drive(["warp 0 400", "down 1", "push 15 0 20 8", "up 1"], display: xvfb.display)
        let events = try rpc.notifications(until: { method, _ in method == .ended })
        let (interactive, ended) = Self.openingLeg(events)
        #expect(
            !interactive.isEmpty
                && interactive.allSatisfy { abs($0 / Self.pushStep - ($0 / Self.pushStep).rounded()) < 1e-9 },
            "the sidebar follows the pointer 1:1 in 15 px steps: \(interactive)")
        #expect(ended?["snap"] == 1)
        let opened = try rpc.ok("transition.get", ["name": "sidebar"])["seq"]
        try XProbe.drive(
            ["warp 100 400", "down 1", "up 1", "warp 600 400", "down 1", "push 15 0 10 8", "up 1"],
            display: xvfb.display)
        let buttons = try window.buttons(until: "release 1 750 400")
        #expect(
            buttons == ["press 1 100 400", "release 1 100 400", "press 1 600 400", "release 1 750 400"],
            "the strip's own press never reached the window; the others all did")
        #expect(try rpc.ok("transition.get", ["name": "sidebar"])["seq"] == opened, "a mid-screen drag starts nothing")
    }

    /// While animd is stopped (SIGSTOP), clicks still reach the window, with and without the edge-drag strips: nothing
    /// animd does can freeze the pointer.
    @Test(arguments: [false, true]) func stoppedDaemonFreezesNothing(edgeDrag: Bool) throws {
        let xvfb = try Xvfb()
        let window = try XProbe.window(0, 0, 800, 800, display: xvfb.display)
        let daemon = try DaemonProcess(config: edgeDrag ? Self.edgeDragConfig : nil, display: xvfb.display)
        let rpc = try daemon.connect()
        _ = try rpc.waitForX(xvfb.display)
        if edgeDrag { #expect(try XProbe.topWindow(at: 0, 300, display: xvfb.display) == "animd edge strip") }
        daemon.signal(SIGSTOP)
        defer { daemon.signal(SIGCONT) }
        // A press in the strip goes to the stopped animd; everything after it must still flow.
        try XProbe.drive(
            [
                "warp 0 300", "down 1", "push 10 0 3 8", "up 1", "warp 100 400", "down 1", "up 1",
                "warp 300 500", "down 1", "push 10 0 5 8", "up 1",
            ], display: xvfb.display)
        let buttons = try window.buttons(until: "release 1 350 500")
        let expected =
            (edgeDrag ? [] : ["press 1 0 300", "release 1 30 300"])
            + ["press 1 100 400", "release 1 100 400", "press 1 300 500", "release 1 350 500"]
        #expect(buttons == expected)
    }

    /// A window mapped over the edge after animd made its strips (a dock, a fullscreen video) goes below them again:
    /// animd re-raises its strips when another window maps or moves.
    @Test func stripsStayOnTop() throws {
        let xvfb = try Xvfb()
        let daemon = try DaemonProcess(config: Self.edgeDragConfig, display: xvfb.display)
        _ = try daemon.connect().waitForX(xvfb.display)
        let dock = try XProbe.window(0, 0, 64, 800, display: xvfb.display)
        #expect(
            try XProbe.topWindow(at: 0, 400, display: xvfb.display, becoming: "animd edge strip") == "animd edge strip")
        #expect(
            try XProbe.topWindow(at: 10, 400, display: xvfb.display) == "animd-xprobe window",
            "the strip is only 2 px wide")
        _ = dock
    }

    /// Killing Xvfb mid-push leaves the sidebar at rest (cancelled back to snap 0), the socket answering and
    /// input.status disconnected; a new Xvfb on the same display is reconnected and its barriers work.
    @Test func serverDeathMidGestureLeavesNothingLocked() throws {
        var xvfb = try Xvfb()
        let number = xvfb.number
        let daemon = try DaemonProcess(display: xvfb.display)
        let rpc = try daemon.connect()
        _ = try rpc.waitForX(xvfb.display)
        _ = try rpc.ok("subscribe", ["transitions": ["sidebar"], "events": ["state", "input"]])
        let pusher = try XProbe(["drive", "warp 30 400", "push -15 0 400 8"], display: xvfb.display)
        _ = try rpc.notification(where: { method, _ in method == .began })
        xvfb.stop()
        let events = try rpc.notifications(until: { method, _ in method == .ended })
        #expect(events.last?.1["snap"] == 0, "a cancelled push goes back where it started")
        _ = pusher
        let sidebar = try rpc.ok("transition.get", ["name": "sidebar"])
        #expect(sidebar["phase"] == "idle" && sidebar["progress"] == 0)
        #expect(try rpc.ok("daemon.hello")["input"]?["connected"] == false)
        #expect(
            try rpc.ok("transition.begin", ["name": "sidebar", "to": 1]) == .object([]), "commands are not locked out")
        _ = try rpc.ok("transition.release", ["name": "sidebar", "velocity": -5])
        _ = try rpc.notification(where: { method, params in method == .ended && params["snap"] == 0 })

        xvfb = try Xvfb(number: number)
        _ = try rpc.notification(where: { method, params in method == .inputStatus && params["connected"] == true })
        try XProbe.drive(["warp 30 400", "push -15 0 20 8"], display: xvfb.display)
        let reopened = try rpc.notification(where: { method, _ in method == .ended })
        #expect(reopened.1["snap"] == 1, "the new server's barriers work")
    }

    /// A reload that changes what is intercepted while a push is still open (the pointer stopped, the release delay
    /// not yet over) leaves nothing driven: the push still ends, the sidebar comes to rest, and pressure works after.
    @Test func reloadDuringAPushLocksNothing() throws {
        let xvfb = try Xvfb()
        // A 2 s release delay holds the push open while the reload happens.
        let config = { (cap: Int) in
            "defaults = false\n[input]\npressure-release = 2\npressure-cap = \(cap)\n" + Self.edgeDragConfig
        }
        let daemon = try DaemonProcess(config: config(15), display: xvfb.display)
        let rpc = try daemon.connect()
        _ = try rpc.waitForX(xvfb.display)
        _ = try rpc.ok("subscribe", ["transitions": ["sidebar"]])
        try XProbe.drive(["warp 30 400", "push -15 0 12 8"], display: xvfb.display)
        _ = try rpc.notification(where: { method, _ in method == .began })
        try config(10).write(toFile: daemon.folder + "/animd.toml", atomically: true, encoding: .utf8)
        _ = try rpc.ok("daemon.reload")
        _ = try rpc.notification(where: { method, _ in method == .ended })
        let state = try rpc.ok("transition.get", ["name": "sidebar"])
        #expect(state["phase"] == "idle")
        if state["snap"] == 1 {
            _ = try rpc.ok("transition.toggle", ["name": "sidebar"])
            _ = try rpc.notification(where: { method, _ in method == .ended })
        }
        try XProbe.drive(["warp 30 400", "push -15 0 30 8"], display: xvfb.display)
        #expect(
            try rpc.notification(where: { method, _ in method == .ended }).1["snap"] == 1,
            "pressure works after the reload")
    }

    /// A client that already holds the touchpad gesture selection (a window manager, touchegg) makes touchpad input
    /// unavailable with a clear reason; edge pressure still works.
    @Test func rivalGestureSelectionIsReported() throws {
        let xvfb = try Xvfb()
        let rival = try XProbe(["hold-gestures"], display: xvfb.display)
        try rival.expect("holding")
        let daemon = try DaemonProcess(display: xvfb.display)
        let rpc = try daemon.connect()
        let input = try rpc.waitForX(xvfb.display)
        #expect(input["sources"]?["touchpad"]?["state"] == "unavailable")
        #expect(input["sources"]?["touchpad"]?["detail"]?.string?.contains("another client") == true)
        #expect(input["sources"]?["pressure"]?["state"] == "active")
        #expect(daemon.log.contains("touchpad input unavailable"))
        _ = try rpc.ok("subscribe", ["transitions": ["sidebar"]])
        try XProbe.drive(["warp 30 400", "push -15 0 20 8"], display: xvfb.display)
        #expect(try rpc.notification(where: { method, _ in method == .ended }).1["snap"] == 1)
        _ = rival
    }

    /// Without RandR, the monitors come from Xinerama: an Xvfb with two screens, Xinerama on and RandR off, reports
    /// both of its screens as they are configured.
    @Test func xineramaIsTheFallback() throws {
        let xvfb = try Xvfb(
            size: "800x600x24", options: ["-screen", "1", "640x480x24", "+xinerama", "-extension", "RANDR"])
        let daemon = try DaemonProcess(display: xvfb.display)
        let input = try daemon.connect().waitForX(xvfb.display)
        #expect(input["monitors"]?.array?.count == 2)
        #expect(input["monitors"]?.array?.first == [0, 0, 800, 600])
        #expect(input["monitors"]?.array?.last?.array?.suffix(2) == [640, 480])
    }

    /// An XRandR mode change moves the edges: the monitors follow, and the right edge's barrier moves with it, so a
    /// push against the new right edge opens the panel.
    ///
    /// The shipped config with a 1 s pressure release: the point is where the barrier is, and on a loaded CI
    /// machine the probe once stalled past the default 0.12 s mid-push, which ended the push early (snap 0).
    @Test func randrChangeMovesTheEdges() throws {
        let xvfb = try Xvfb()
        let shipped = try String(contentsOf: Binaries.repo.appendingPathComponent("config/animd.toml"), encoding: .utf8)
        try #require(shipped.contains("pressure-release = 0.12"))
        let daemon = try DaemonProcess(
            config: shipped.replacingOccurrences(of: "pressure-release = 0.12", with: "pressure-release = 1"),
            display: xvfb.display)
        let rpc = try daemon.connect()
        _ = try rpc.waitForX(xvfb.display)
        _ = try rpc.ok("subscribe", ["transitions": ["panel"], "events": ["state", "input"]])
        #expect(
            try xvfb.run(
                "xrandr",
                ["--newmode", "1024x768", "63.50", "1024", "1072", "1176", "1328", "768", "771", "775", "798"]) == 0)
        #expect(try xvfb.run("xrandr", ["--addmode", "screen", "1024x768"]) == 0)
        #expect(try xvfb.run("xrandr", ["--output", "screen", "--mode", "1024x768"]) == 0)
        #expect(try xvfb.run("xrandr", ["--fb", "1024x768"]) == 0)
        try waitUntil(#"rpc.ok("daemon.hello")["input"]?["monitors"] == [[0, 0, 1024, 768]]"#) {
            try rpc.ok("daemon.hello")["input"]?["monitors"] == [[0, 0, 1024, 768]]
        }
        #expect(try rpc.ok("daemon.hello")["input"]?["monitors"] == [[0, 0, 1024, 768]])
        try XProbe.drive(["warp 990 400", "push 15 0 20 8"], display: xvfb.display)
        let ended = try rpc.notification(where: { method, _ in method == .ended })
        #expect(ended.1["name"] == "panel" && ended.1["snap"] == 1)
    }
}
