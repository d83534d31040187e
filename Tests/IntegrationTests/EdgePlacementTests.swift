import AnimClient
import AnimProtocol
import Foundation
import JSONText
import Testing
import XorgInputTest

/// An edge pan on one part of one monitor's edge (`output`, `span`), driven by real touches: a headless Xorg cut
/// into two RandR monitors, `left` 0,0 960×1080 and `right` 960,0 960×1080, and the inputtest touchscreen over both.
@Suite(
    .serialized,
    .enabled(
        if: HeadlessXorg.installed, "needs root and Xorg with the dummy and inputtest drivers (scripts/install-deps.sh)"
    ))
struct EdgePlacementTests {
    /// A dock on the bottom of the right monitor, between a quarter and three quarters of its width (x 1200 …< 1680),
    /// 200 px tall: its `distance`, so that the finger moves it 1:1.
    static let config = """
        [transitions.dock]
        [bindings.dock-open]
        transition = "dock"
        gesture = "edge-pan"
        edge = "bottom"
        output = "right"
        span = [0.25, 0.75]
        distance = 200
        """

    /// A swipe inside the span drives the dock 1:1 in pixels; one outside it, or on the other monitor, does not.
    @Test func aSwipeInsideTheSpanDrivesItOnePixelToOne() throws {
        let xorg = try HeadlessXorg()
        #expect(try xorg.run("xrandr", ["--setmonitor", "left", "960/240x1080/270+0+0", "DUMMY0"]) == 0)
        #expect(try xorg.run("xrandr", ["--setmonitor", "right", "960/240x1080/270+960+0", "none"]) == 0)
        let (daemon, rpc, input) = try TouchTests.start(Self.config, on: xorg)
        #expect(input["outputs"]?.array?.compactMap { $0["name"]?.string } == ["left", "right"])
        _ = try rpc.ok("subscribe", ["transitions": ["dock"]])

        // Outside: the left monitor's bottom, and the right one's before the span. Nothing begins.
        try TouchTests.stroke(xorg, from: (480, 1078), to: (480, 978))
        try TouchTests.stroke(xorg, from: (1100, 1078), to: (1100, 978))
        #expect(try rpc.ok("transition.get", ["name": "dock"])["seq"] == 0, "a swipe outside the span moves nothing")

        // Inside: 12 steps of 10 px up. The pan begins past its slop, at a step, so every frame while the finger
        // drives is a whole number of 10 px steps over the 200 px distance.
        try TouchTests.stroke(xorg, from: (1440, 1078), to: (1440, 958), lift: false)
        let held = try rpc.notifications(until: { method, params in
            method == .progress && (params["progress"]?.number ?? 0) > 0.4
        })
        #expect(held.first { $0.0 == .began }?.1["gesture"] == "dock-open")
        let interactive = held.filter { $0.0 == .progress }.compactMap { $0.1["progress"]?.number }
        for progress in interactive {
            let steps = progress * 200 / 10
            #expect(abs(steps - steps.rounded()) < 1e-9, "\(progress) is a whole number of 10 px steps: 1:1 in pixels")
        }
        try xorg.touchscreen.touch(.end, id: 1, x: 1440, y: 958)
        try xorg.touchscreen.sync()
        let ended = try rpc.notification(where: { method, _ in method == .ended }).1
        #expect(ended["snap"] == 1)
        withExtendedLifetime(daemon) {}
    }
}

extension EdgePlacementTests {
    /// With `touch-edges = "exclusive"`, the strips that hold touches cover only the placed part of the edge: the
    /// dock's span on the right monitor's bottom is animd's, the rest of that edge is the application's.
    @Test func exclusiveStripsCoverOnlyTheSpan() throws {
        let xorg = try HeadlessXorg()
        #expect(try xorg.run("xrandr", ["--setmonitor", "left", "960/240x1080/270+0+0", "DUMMY0"]) == 0)
        #expect(try xorg.run("xrandr", ["--setmonitor", "right", "960/240x1080/270+960+0", "none"]) == 0)
        let window = try TouchTests.window(0, 0, 1920, 1080, on: xorg)
        let (daemon, rpc, input) = try TouchTests.start(
            "[input]\ntouch-edges = \"exclusive\"\n" + Self.config, on: xorg)
        #expect(input["sources"]?["touch"]?["detail"]?.string?.contains("exclusive touch strips") == true)
        #expect(try XProbe.topWindow(at: 1440, 1075, display: xorg.display) == "animd touch strip")
        for x in [1100, 1700, 480] {
            #expect(
                try XProbe.topWindow(at: x, 1075, display: xorg.display) == "animd-xprobe touch window",
                "x \(x) is beside the span")
        }
        // A swipe beside the span reaches the application whole; one inside is animd's alone.
        _ = try rpc.ok("subscribe", ["transitions": ["dock"]])
        try TouchTests.stroke(xorg, from: (1100, 1078), to: (1100, 978))
        #expect(try window.touches(until: "end").first == "begin 1100.00 1078.00")
        try TouchTests.stroke(xorg, id: 2, from: (1440, 1078), to: (1440, 878))
        #expect(try rpc.notification(where: { method, _ in method == .ended }).1["snap"] == 1)
        withExtendedLifetime(daemon) {}
    }

    /// The same placement declared by a widget (issue 29): a Python client declares a dock on the bottom of the right
    /// monitor, span [0.25, 0.75], its height (200 px) as the distance, over the embedded default. A real swipe
    /// beside the span is still the default launcher's; one inside drives the dock 1:1 in pixels. The widget
    /// closing mid-swipe ends it where it is, with `transition.removed`; nothing stays locked, and the launcher's
    /// edge pan takes the same place again.
    @Test func aDockThatAPythonWidgetDeclares() throws {
        let xorg = try HeadlessXorg()
        #expect(try xorg.run("xrandr", ["--setmonitor", "left", "960/240x1080/270+0+0", "DUMMY0"]) == 0)
        #expect(try xorg.run("xrandr", ["--setmonitor", "right", "960/240x1080/270+960+0", "none"]) == 0)
        let (daemon, rpc, _) = try TouchTests.start(on: xorg)
        let dock: JSONValue = [
            "name": "dock", "transition": ["snap-points": [0, 1]],
            "bindings": [
                "dock-swipe": [
                    "gesture": "edge-pan", "edge": "bottom", "output": "right", "span": [0.25, 0.75],
                    "distance": 200, "increases": "up",
                ]
            ],
        ]
        let widget = try LineProcess(
            URL(fileURLWithPath: try PythonVenv.python()),
            [DeclaringClientTests.widget, daemon.socket, "py-dock", JSONWriter.string(dock)], environment: [:])
        defer { widget.close() }
        #expect(widget.nextLine(timeout: 20)?.hasPrefix("declared ") == true)
        _ = try rpc.ok("subscribe", ["transitions": ["dock", "launcher"]])

        // Beside the span, on the same monitor: the default's.
        try TouchTests.stroke(xorg, from: (1100, 1078), to: (1100, 878))
        #expect(try rpc.notification(where: { method, _ in method == .began }).1["gesture"] == "launcher-open")
        _ = try rpc.notification(where: { method, _ in method == .ended })
        _ = try rpc.ok("transition.animate", ["name": "launcher", "to": 0, "duration": 0.05])
        _ = try rpc.notification(where: { method, _ in method == .ended })
        #expect(
            try rpc.ok("transition.get", ["name": "dock"])["seq"] == 0,
            "a swipe beside the span moves nothing of the dock")

        // Inside: held, 1:1 in pixels.
        try TouchTests.stroke(xorg, from: (1440, 1078), to: (1440, 958), lift: false)
        let held = try rpc.notifications(until: { method, params in
            method == .progress && (params["progress"]?.number ?? 0) > 0.4
        })
        #expect(held.first { $0.0 == .began }?.1["gesture"] == "dock-swipe")
        for progress in held.filter({ $0.0 == .progress }).compactMap({ $0.1["progress"]?.number }) {
            let steps = progress * 200 / 10
            #expect(abs(steps - steps.rounded()) < 1e-9, "\(progress) is a whole number of 10 px steps: 1:1 in pixels")
        }

        widget.send("close")
        let gone = try rpc.notifications(until: { method, _ in method == .removed })
        #expect(gone.contains { $0.0 == .ended && $0.1["name"] == "dock" && $0.1["position"] == "current" })
        #expect(gone.last?.1["reason"] == "disconnected")
        try xorg.touchscreen.touch(.end, id: 1, x: 1440, y: 958)
        try xorg.touchscreen.sync()

        try TouchTests.stroke(xorg, from: (1440, 1078), to: (1440, 878))
        let back = try rpc.notification(where: { method, _ in method == .began }).1
        #expect(
            back["name"] == "launcher" && back["gesture"] == "launcher-open", "the default's edge pan is back: \(back)")
        withExtendedLifetime(daemon) {}
    }
}

/// The pointer barrier of a placed edge pan covers only its span: a push elsewhere on the edge meets no barrier,
/// so animd sees no pressure there at all. Under Xvfb, 1280×800, XTest pushes against the left edge.
@Suite(.serialized, .enabled(if: Xvfb.installed, "needs Xvfb (scripts/install-deps.sh)"))
struct EdgePlacementPressureTests {
    @Test func theBarrierCoversOnlyTheSpan() throws {
        let xvfb = try Xvfb()
        let daemon = try DaemonProcess(
            config: """
                [transitions.sidebar]
                [bindings.sidebar-open]
                transition = "sidebar"
                gesture = "edge-pan"
                edge = "left"
                distance = 400
                sources = ["pressure"]
                span = [0, 0.5]
                """, display: xvfb.display)
        let rpc = try daemon.connect()
        let input = try rpc.waitForX(xvfb.display)
        #expect(input["sources"]?["pressure"]?["detail"] == "pointer barriers on 1 outer edge stretch(es): left")
        _ = try rpc.ok("subscribe", ["transitions": ["sidebar"], "events": ["state", "input-events"]])
        try XProbe.drive(["warp 30 600", "push -15 0 20 8", "warp 30 100", "push -15 0 20 8"], display: xvfb.display)
        let events = try rpc.notifications(until: { method, _ in method == .ended })
        let pushes = events.filter { $0.0 == .inputEvent }.compactMap { $0.1["event"] }.filter {
            $0["kind"] == "pressure-begin"
        }
        #expect(
            pushes.count == 1 && (pushes.first?["y"]?.number ?? 0) < 400,
            "only the push within the span met a barrier: \(pushes)")
        #expect(events.first { $0.0 == .began }?.1["gesture"] == "sidebar-open" && events.last?.1["snap"] == 1)
    }
}
