import AnimClient
import AnimProtocol
import Foundation
import JSONText
import Testing
import XorgInputTest

/// One rule for a binding's areas on any number of monitors (docs/gestures.md): the edge pan that opens `panel`
/// starts on the layout's outer right edge, and the `panel-close` strip lies along the right side of the monitors
/// that have one, so a pan there closes it. Where the strip used to be (the first monitor's right side), a pan does
/// nothing. Layouts: two and three monitors side by side, and two stacked.
struct MonitorLayout: CustomTestStringConvertible, Sendable {
    var name: String
    /// x, y, width, height of each monitor, first to last.
    var monitors: [(Int, Int, Int, Int)]
    /// The open swipe's height, a point in the right strip where the close pan starts, and where the closing
    /// strip used to be (or, where no such place exists, a point that is in no strip).
    var openY: Double
    var closeFrom: (Double, Double)
    var nowhere: (Double, Double)

    var testDescription: String { name }

    /// On X: a 1920 × 1080 screen cut into RandR monitors.
    static let x11: [MonitorLayout] = [
        MonitorLayout(
            name: "two side by side", monitors: [(0, 0, 960, 1080), (960, 0, 960, 1080)], openY: 500,
            closeFrom: (1600, 500), nowhere: (650, 500)),
        MonitorLayout(
            name: "three side by side", monitors: [(0, 0, 640, 1080), (640, 0, 640, 1080), (1280, 0, 640, 1080)],
            openY: 500,
            closeFrom: (1600, 500), nowhere: (300, 500)),
        MonitorLayout(
            name: "two stacked", monitors: [(0, 0, 1920, 540), (0, 540, 1920, 540)], openY: 800,
            closeFrom: (1600, 800), nowhere: (700, 800)),
    ]

    /// Under sway: headless outputs placed with swaymsg.
    static let wayland: [MonitorLayout] = [
        MonitorLayout(
            name: "two side by side", monitors: [(0, 0, 1280, 720), (1280, 0, 1280, 720)], openY: 360,
            closeFrom: (2250, 360), nowhere: (950, 360)),
        MonitorLayout(
            name: "three side by side", monitors: [(0, 0, 1280, 720), (1280, 0, 1280, 720), (2560, 0, 1280, 720)],
            openY: 360,
            closeFrom: (3530, 360), nowhere: (950, 360)),
        MonitorLayout(
            name: "two stacked", monitors: [(0, 0, 1280, 720), (0, 720, 1280, 720)], openY: 1000,
            closeFrom: (970, 1000), nowhere: (500, 1000)),
    ]

    var rightEdge: Double { Double(monitors.map { $0.0 + $0.2 }.max() ?? 0) }

    /// As `daemon.hello`'s `input.monitors` writes them.
    var monitorsJSON: JSONValue {
        .array(monitors.map { .array([$0.0, $0.1, $0.2, $0.3].map { .number(Double($0)) }) })
    }
}

enum PanelAreas {
    /// Opens `panel` with a swipe in from the outer right edge, then makes the pan at `nowhere`, which must do
    /// nothing (proven by the barrier of its own touch-up reaching the subscriber first), then the pan in the right
    /// strip, which closes it. `stroke` makes one stroke from a point to a point.
    static func check(
        _ layout: MonitorLayout, _ rpc: RPCConnection, stroke: ((Double, Double), (Double, Double)) throws -> Void
    ) throws {
        _ = try rpc.ok("subscribe", ["transitions": ["panel"], "events": ["state", "input-events"]])
        try stroke((layout.rightEdge - 2, layout.openY), (layout.rightEdge - 400, layout.openY))
        let opened = try rpc.notifications(until: { method, _ in method == .ended }, timeout: 20)
        #expect(opened.first { $0.0 == .began }?.1["gesture"] == "panel-open", "\(layout.name)")
        #expect(opened.last?.1["snap"] == 1, "\(layout.name): the panel opened")

        try stroke(layout.nowhere, (layout.nowhere.0 + 250, layout.nowhere.1))
        let ignored = try rpc.notifications(until: { method, params in
            method == .inputEvent && params["event"]?["kind"] == "touch-up"
        })
        #expect(
            !ignored.contains { $0.0 == .began }, "\(layout.name): a pan at \(layout.nowhere) must not close the panel")
        #expect(try rpc.ok("transition.get", ["name": "panel"])["snap"] == 1)

        try stroke(layout.closeFrom, (min(layout.closeFrom.0 + 300, layout.rightEdge - 1), layout.closeFrom.1))
        let closed = try rpc.notifications(until: { method, _ in method == .ended }, timeout: 20)
        #expect(
            closed.first { $0.0 == .began }?.1["gesture"] == "panel-close", "\(layout.name): the right strip closes it")
        #expect(closed.last?.1["snap"] == 0)
    }
}

/// Real touches through Xorg's inputtest touchscreen (spanning the whole screen), on RandR monitors.
@Suite(
    .serialized,
    .enabled(
        if: HeadlessXorg.installed, "needs root and Xorg with the dummy and inputtest drivers (scripts/install-deps.sh)"
    ))
struct XMonitorAreasTests {
    @Test(arguments: MonitorLayout.x11) func theCloseStripIsWhereThePanelOpened(_ layout: MonitorLayout) throws {
        let xorg = try HeadlessXorg()
        for (index, m) in layout.monitors.enumerated() {
            let geometry = "\(m.2)/\(m.2 / 4)x\(m.3)/\(m.3 / 4)+\(m.0)+\(m.1)"
            #expect(
                try xorg.run("xrandr", ["--setmonitor", "m\(index)", geometry, index == 0 ? "DUMMY0" : "none"]) == 0)
        }
        let (daemon, rpc, input) = try TouchTests.start(on: xorg)
        #expect(input["monitors"] == layout.monitorsJSON)
        try PanelAreas.check(layout, rpc) { from, to in try TouchTests.stroke(xorg, from: from, to: to) }
        withExtendedLifetime(daemon) {}
    }
}

/// sway's outputs, placed with swaymsg; touches injected (the screen-edge rule, as a touchscreen spanning the
/// layout would give), and real ones from a touchscreen on umockdev pinned to the right output.
@Suite(
    .serialized,
    .enabled(
        if: HeadlessSway.installed, "needs sway, swaymsg and grim (scripts/install-deps.sh), and setpriv under root"))
struct WaylandMonitorAreasTests {
    static func sway(for layout: MonitorLayout) throws -> HeadlessSway {
        let config = layout.monitors.enumerated().map { index, m in
            "output HEADLESS-\(index + 1) mode --custom \(m.2)x\(m.3) position \(m.0) \(m.1)"
        }.joined(separator: "\n")
        return try HeadlessSway(outputs: layout.monitors.count, config: config)
    }

    static func outputsArePlaced(_ rpc: RPCConnection, _ layout: MonitorLayout) throws {
        try waitUntil("animd's monitors to be the layout's") {
            try rpc.ok("daemon.hello")["input"]?["monitors"] == layout.monitorsJSON
        }
    }

    @Test(arguments: MonitorLayout.wayland) func injectedTouchesOnTheCompositorsOutputs(_ layout: MonitorLayout) throws
    {
        let sway = try Self.sway(for: layout)
        let daemon = try DaemonProcess(environment: sway.clientEnvironment, inputBackend: "auto")
        let rpc = try daemon.connect()
        try Self.outputsArePlaced(rpc, layout)
        var clock = 0.0
        try PanelAreas.check(layout, rpc) { from, to in
            var events: [JSONValue] = []
            for step in 0...12 {
                let k = Double(step) / 12, kind = step == 0 ? "touch-down" : step == 12 ? "touch-up" : "touch-move"
                events.append(
                    .object([
                        ("t", .number(clock)), ("kind", .string(kind)), ("id", 1),
                        ("x", .number(from.0 + (to.0 - from.0) * k)), ("y", .number(from.1 + (to.1 - from.1) * k)),
                    ]))
                clock += 0.008
            }
            clock += 1
            _ = try rpc.ok("input.inject", .object([("events", .array(events))]))
        }
    }

    /// libinput's touchscreen pinned to the right output of two: its glass is that output, and the strip that closes
    /// the open panel lies along its right side, where a real pan closes it. (With the strip on the first output, the
    /// glass could not reach it.) The panel is opened by a command: one replayed stroke per device keeps libinput's
    /// times in order.
    @Test(.enabled(if: MockedDevice.installed, "needs root and umockdev (scripts/install-deps.sh)"))
    func aTouchscreenOnTheRightOutputClosesThere() throws {
        let layout = MonitorLayout.wayland[0]
        let sway = try Self.sway(for: layout)
        let mock = try MockedDevice(.touchscreen)
        defer { mock.removeFolder() }
        let config = try TouchTests.defaultConfig(
            replacing: "touchscreens = {}", with: "touchscreens = { \"animd test touchscreen\" = \"HEADLESS-2\" }")
        let daemon = try DaemonProcess(
            config: config, environment: sway.clientEnvironment, inputBackend: "libinput", wrapper: mock.wrapper)
        let rpc = try daemon.connect()
        defer { mock.stop(rpc) }
        try Self.outputsArePlaced(rpc, layout)
        _ = try rpc.ok("transition.animate", ["name": "panel", "to": 1])
        try waitUntil("the panel open and at rest") {
            let panel = try rpc.ok("transition.get", ["name": "panel"])
            return panel["snap"] == 1 && panel["phase"] == "idle"
        }
        _ = try rpc.ok("subscribe", ["transitions": ["panel"], "events": ["state", "input-events"]])
        // On the glass (HEADLESS-2, 1280 px wide), a pan to the right in its right 400 px.
        try mock.plugIn(MockedDevice.touches([.init(points: [(0.75, 0.5), (0.99, 0.5)])]))
        let events = try rpc.notifications(until: { method, _ in method == .ended }, timeout: 20)
        let down = try #require(
            events.first { $0.0 == .inputEvent && $0.1["event"]?["kind"] == "touch-down" }?.1["event"])
        #expect(
            down["x"]?.number.map { $0 > 2160 && $0 < 2560 } == true,
            "the touch lands in HEADLESS-2's right strip: \(down)")
        #expect(events.first { $0.0 == .began }?.1["gesture"] == "panel-close")
        #expect(events.last?.1["snap"] == 0)
    }
}

extension WaylandMonitorAreasTests {
    /// A declaration through the libinput backend (issue 29): sway names the outputs, a touchscreen on umockdev is
    /// pinned to HEADLESS-2, and a client declares a dock on HEADLESS-2's bottom edge, middle half, 200 px. A real
    /// stroke up from the middle of that glass's bottom drives the dock, 1:1 in pixels, and opens it.
    @Test(.enabled(if: MockedDevice.installed, "needs root and umockdev (scripts/install-deps.sh)"))
    func aDeclaredDockOnTheTouchscreensOutput() throws {
        let layout = MonitorLayout.wayland[0]
        let sway = try Self.sway(for: layout)
        let mock = try MockedDevice(.touchscreen)
        defer { mock.removeFolder() }
        // Over the embedded default, so that the launcher's bottom edge pan is the default's and yields to the dock.
        let config = "defaults = true\n[input]\ntouchscreens = { \"animd test touchscreen\" = \"HEADLESS-2\" }\n"
        let daemon = try DaemonProcess(
            config: config, environment: sway.clientEnvironment, inputBackend: "libinput", wrapper: mock.wrapper)
        let rpc = try daemon.connect()
        defer { mock.stop(rpc) }
        try Self.outputsArePlaced(rpc, layout)
        let widget = try daemon.connect()
        _ = try widget.hello(as: "dock").get()
        _ = try widget.declare(
            "dock", transition: ["snap-points": [0, 1]],
            bindings: [
                "dock-swipe": [
                    "gesture": "edge-pan", "edge": "bottom", "output": "HEADLESS-2", "span": [0.25, 0.75],
                    "distance": 200, "increases": "up",
                ]
            ]
        ).get()
        _ = try rpc.ok(
            "subscribe", ["transitions": ["dock", "launcher"], "events": ["progress", "state", "input-events"]])
        try mock.plugIn(MockedDevice.touches([.init(points: [(0.5, 0.999), (0.5, 0.7)])]))
        let events = try rpc.notifications(until: { method, _ in method == .ended }, timeout: 20)
        let down = try #require(
            events.first { $0.0 == .inputEvent && $0.1["event"]?["kind"] == "touch-down" }?.1["event"])
        #expect(
            down["x"]?.number.map { $0 > 1280 + 320 && $0 < 1280 + 960 } == true, "on HEADLESS-2's middle half: \(down)"
        )
        #expect(events.first { $0.0 == .began }?.1["gesture"] == "dock-swipe")
        // 1:1 in pixels: between any two frames the finger drives, the progress moves by the touches' rise between
        // them over the 200 px distance. (The frames count from where the pan began, the first move past its slop,
        // and libinput's device units make the moves uneven by a fraction of a pixel: differences are compared.)
        let ys = events.filter { $0.0 == .inputEvent && $0.1["event"]?["kind"] == "touch-move" }.compactMap {
            $0.1["event"]?["y"]?.number
        }
        // Past 1 the rubber band takes over, so only the frames within the snaps are compared.
        let frames = events.filter { $0.0 == .progress && $0.1["phase"] == "interactive" }.compactMap {
            $0.1["progress"]?.number
        }
        .filter { $0 <= 1 }
        let first = try #require(frames.first)
        let anchor = try #require(ys.min { abs((ys[0] - $0) - first * 200) < abs((ys[0] - $1) - first * 200) })
        #expect(frames.count >= 3)
        for progress in frames.dropFirst() {
            #expect(
                ys.contains { abs((anchor - $0) / 200 - (progress - first)) < 1e-9 },
                "\(progress): \(frames) against \(ys)")
        }
        #expect(events.last?.1["name"] == "dock" && events.last?.1["snap"] == 1)
        #expect(!events.contains { $0.1["name"] == "launcher" }, "the default's edge pan yields inside the dock's span")
    }
}
