import AnimClient
import AnimProtocol
import Foundation
import JSONText
import TestSupport
import Testing
import UnixSupport
import XorgInputTest

/// Real touches through a real X server's touch pipeline: a headless Xorg whose fake touchscreen and touchpad (the
/// inputtest driver) make genuine XI2 touches and XI 2.4 gestures. Beside each test an ordinary window that selects
/// XI2 touch events records what an application receives, and a socket subscriber sees what animd makes of it.
@Suite(
    .serialized,
    .enabled(
        if: HeadlessXorg.installed, "needs root and Xorg with the dummy and inputtest drivers (scripts/install-deps.sh)"
    )) struct TouchTests
{
    /// The default config with one line changed.
    static func defaultConfig(replacing line: String, with replacement: String) throws -> String {
        let config = try String(contentsOf: Binaries.repo.appendingPathComponent("config/animd.toml"), encoding: .utf8)
        guard config.contains(line) else { throw HarnessError("config/animd.toml has no line \"\(line)\"") }
        return config.replacingOccurrences(of: line, with: replacement)
    }

    /// The default config with the edges' touches taken by exclusive strips.
    static func exclusive() throws -> String {
        try defaultConfig(replacing: "touch-edges = \"shared\"", with: "touch-edges = \"exclusive\"")
    }

    /// A window recording the touches an application there receives.
    static func window(_ x: Int, _ y: Int, _ width: Int, _ height: Int, on xorg: HeadlessXorg) throws -> XProbe {
        let window = try XProbe(["touch-window", "\(x)", "\(y)", "\(width)", "\(height)"], display: xorg.display)
        try window.expect("ready")
        return window
    }

    /// One finger from `from` to `to` in `steps` moves `ms` apart, then lifted (unless `lift` is false).
    static func stroke(
        _ xorg: HeadlessXorg, id: UInt32 = 1, from: (Double, Double), to: (Double, Double), steps: Int = 12,
        ms: UInt32 = 8, lift: Bool = true
    ) throws {
        try xorg.touchscreen.touch(.begin, id: id, x: from.0, y: from.1)
        for step in 1...steps {
            usleep(ms * 1000)
            let k = Double(step) / Double(steps)
            try xorg.touchscreen.touch(
                .update, id: id, x: from.0 + (to.0 - from.0) * k, y: from.1 + (to.1 - from.1) * k)
        }
        if lift { try xorg.touchscreen.touch(.end, id: id, x: to.0, y: to.1) }
        try xorg.touchscreen.sync()
    }

    /// animd on the server. Keep the returned daemon until the test ends: its deinit stops the process.
    static func start(_ config: String? = nil, on xorg: HeadlessXorg) throws -> (
        DaemonProcess, RPCConnection, JSONValue
    ) {
        let daemon = try DaemonProcess(config: config, display: xorg.display)
        let rpc = try daemon.connect()
        let input = try rpc.waitForX(xorg.display)
        return (daemon, rpc, input)
    }

    /// An edge swipe opens the sidebar (began by the sidebar-open gesture, ended at snap 1), and a flick back closes
    /// it. With shared touch edges, the window under the edge receives the swipe too, unchanged.
    @Test func edgeSwipeOpensAndAFlickBackCloses() throws {
        let xorg = try HeadlessXorg()
        let window = try Self.window(0, 0, 1920, 1080, on: xorg)
        let (daemon, rpc, input) = try Self.start(on: xorg)
        #expect(input["sources"]?["touch"]?["state"] == "active")
        #expect(
            input["sources"]?["touch"]?["detail"]?.string?.contains(
                "nothing held); 1 touchscreen(s): \(HeadlessXorg.touchscreenName)") == true)
        _ = try rpc.ok("subscribe", ["transitions": ["sidebar"]])
        try Self.stroke(xorg, from: (3, 500), to: (300, 500))
        let opened = try rpc.notifications(until: { method, _ in method == .ended })
        #expect(opened.first { $0.0 == .began }?.1["gesture"] == "sidebar-open")
        #expect(opened.last?.1["snap"] == 1)
        let received = try window.touches(until: "end")
        #expect(
            received.first == "begin 3.00 500.00" && received.last == "end 300.00 500.00" && received.count == 14,
            "the application received the whole swipe: \(received)")
        try Self.stroke(xorg, id: 2, from: (300, 500), to: (60, 500), steps: 6)
        let closed = try rpc.notifications(until: { method, _ in method == .ended })
        #expect(closed.first { $0.0 == .began }?.1["gesture"] == "sidebar-close")
        #expect(closed.last?.1["snap"] == 0)
        withExtendedLifetime(daemon) {}
    }

    /// A finger that lands on the sidebar while it animates stops it there before it moves (issue 32): the default
    /// `sidebar-close` is a pan bound to the sidebar's strip, and catches. The leg turns driven at rest, at the
    /// linear leg's own value at that instant, and nothing animates after it; the edge pan that then begins moves
    /// it on from there (60 px at most, 400 px per unit), and the lift settles it.
    @Test func aFingerLandingOnARunningLegStopsIt() throws {
        let xorg = try HeadlessXorg()
        let (daemon, rpc, _) = try Self.start(on: xorg)
        _ = try rpc.ok("subscribe", ["transitions": ["sidebar"]])
        _ = try rpc.ok("transition.animate", ["name": "sidebar", "to": 1, "timing": "linear", "duration": 2])
        let (_, began) = try rpc.notification(where: { method, _ in method == .began })
        let startTime = try #require(began["leg"]?["startTime"]?.number)
        _ = try rpc.notification(where: { method, params in
            method == .progress && (params["progress"]?.number ?? 0) > 0.1
        })
        let touched = monotonicSeconds()
        try xorg.touchscreen.touch(.begin, id: 1, x: 4, y: 500)
        try xorg.touchscreen.sync()
        let events = try rpc.notifications(until: { method, _ in method == .leg })
        let caught = try #require(events.last?.1)
        let time = try #require(caught["time"]?.number), progress = try #require(caught["progress"]?.number)
        #expect(caught["leg"]?["kind"] == "driven" && caught["velocity"] == 0 && caught["phase"] == "interactive")
        #expect(
            abs(progress - (time - startTime) / 2) <= 1e-9, "stopped at the leg's own value at \(time): \(progress)")
        let late = events.filter { $0.0 == .progress && ($0.1["time"]?.number ?? 0) > touched }.count
        print(
            "catch: \(Int(((time - touched) * 1e6).rounded())) µs after the touch was sent, \(late) animating frame(s) between"
        )
        usleep(100_000)
        let still = try rpc.notificationsBeforeABarrier()
        #expect(
            still.allSatisfy { $0["params"]?["progress"]?.number ?? progress == progress },
            "nothing moves it while the finger rests: \(still)")
        for step in 1...6 {
            usleep(8_000)
            try xorg.touchscreen.touch(.update, id: 1, x: 4 + 10 * Double(step), y: 500)
        }
        try xorg.touchscreen.sync()
        let (_, moved) = try rpc.notification(where: { method, params in
            method == .progress && params["progress"]?.number != progress
        })
        let movedTo = try #require(moved["progress"]?.number)
        #expect(
            moved["phase"] == "interactive" && movedTo > progress && movedTo <= progress + 60.0 / 400 + 1e-9,
            "the finger moves it on from \(progress), not from elsewhere: \(movedTo)")
        try xorg.touchscreen.touch(.end, id: 1, x: 64, y: 500)
        try xorg.touchscreen.sync()
        let ended = try rpc.notifications(until: { method, _ in method == .ended })
        #expect(!ended.contains { $0.0 == .began }, "one leg from the command's began to this ended")
        withExtendedLifetime(daemon) {}
    }

    /// A long press at the bottom edge opens the launcher (issue 32), here with `fill`: from the touch, its frames
    /// rise linearly with the time held, (t − start) / 0.5 s, and at recognition it has arrived; the gesture says
    /// `began` then, and `ended` at the lift.
    @Test func aLongPressAtTheBottomEdgeOpensTheLauncher() throws {
        let xorg = try HeadlessXorg()
        let (daemon, rpc, _) = try Self.start("defaults = true\n" + HoldConfigs.launcherPress, on: xorg)
        _ = try rpc.ok("subscribe", ["transitions": ["launcher"], "events": ["progress", "state", "gesture"]])
        try xorg.touchscreen.touch(.begin, id: 1, x: 960, y: 1078)
        try xorg.touchscreen.sync()
        // The fill's last frame and the press's recognition fall due at the same instant, in either order.
        var seen: (ended: Bool, recognized: Bool) = (false, false)
        let filled = try rpc.notifications(until: { method, params in
            if method == .ended { seen.ended = true }
            if method == .gesture && params["name"] == "launcher-press" { seen.recognized = true }
            return seen.ended && seen.recognized
        })
        let began = try #require(filled.first { $0.0 == .began }?.1)
        #expect(
            began["gesture"] == "launcher-press" && began["leg"]?["kind"] == "cubic" && began["leg"]?["duration"] == 0.5
        )
        let start = try #require(began["leg"]?["startTime"]?.number)
        let frames = filled.filter { $0.0 == .progress }.compactMap { frame in
            frame.1["time"]?.number.flatMap { t in frame.1["progress"]?.number.map { (t, $0) } }
        }
        #expect(frames.count >= 5, "frames while the press fills: \(frames.count)")
        #expect(zip(frames, frames.dropFirst()).allSatisfy { $0.1 < $1.1 }, "they rise")
        #expect(
            frames.allSatisfy { abs($0.1 - min(1, ($0.0 - start) / 0.5)) <= 1e-9 }, "linear in the time held: \(frames)"
        )
        let recognized = try #require(filled.first { $0.0 == .gesture && $0.1["name"] == "launcher-press" }?.1)
        #expect(recognized["state"] == "began")
        let ended = try #require(filled.last { $0.0 == .ended }?.1)
        #expect(ended["snap"] == 1 && ended["position"] == "end")
        try xorg.touchscreen.touch(.end, id: 1, x: 960, y: 1078)
        try xorg.touchscreen.sync()
        let (_, lifted) = try rpc.notification(where: { method, params in
            method == .gesture && params["name"] == "launcher-press"
        })
        #expect(lifted["state"] == "ended")
        withExtendedLifetime(daemon) {}
    }

    /// Three fingers swiping left on the touchscreen move the pager to its next page.
    @Test func threeFingerSwipeMovesThePager() throws {
        let xorg = try HeadlessXorg()
        let (daemon, rpc, _) = try Self.start(on: xorg)
        _ = try rpc.ok("subscribe", ["transitions": ["pager"]])
        let rows = [400.0, 500, 600]
        for (index, y) in rows.enumerated() { try xorg.touchscreen.touch(.begin, id: UInt32(index + 1), x: 1300, y: y) }
        for step in 1...12 {
            usleep(8000)
            for (index, y) in rows.enumerated() {
                try xorg.touchscreen.touch(.update, id: UInt32(index + 1), x: 1300 - Double(step) * 40, y: y)
            }
        }
        for (index, y) in rows.enumerated() { try xorg.touchscreen.touch(.end, id: UInt32(index + 1), x: 820, y: y) }
        try xorg.touchscreen.sync()
        let events = try rpc.notifications(until: { method, _ in method == .ended })
        #expect(events.first { $0.0 == .began }?.1["gesture"] == "pager-swipe")
        #expect(events.last?.1["snap"] == 1)
        withExtendedLifetime(daemon) {}
    }

    /// A tap, and a drag along the edge, inside the left edge zone are no gesture: the window at that edge receives
    /// both unchanged (begin, every update, end), and nothing opens.
    @Test func aTapAndADragAlongTheEdgeReachTheWindow() throws {
        let xorg = try HeadlessXorg()
        let window = try Self.window(0, 0, 400, 1080, on: xorg)
        let (daemon, rpc, _) = try Self.start(on: xorg)
        try xorg.touchscreen.touch(.begin, id: 1, x: 5, y: 500)
        try xorg.touchscreen.touch(.end, id: 1, x: 5, y: 500)
        try Self.stroke(xorg, id: 2, from: (5, 300), to: (5, 700), steps: 8)
        #expect(
            try window.touches(until: "end 5.00 700.00")
                == ["begin 5.00 500.00", "end 5.00 500.00", "begin 5.00 300.00"]
                + (1...8).map { "update 5.00 \(300 + $0 * 50).00" } + ["end 5.00 700.00"])
        #expect(try rpc.ok("transition.get", ["name": "sidebar"])["seq"] == 0, "nothing opened")
        withExtendedLifetime(daemon) {}
    }

    /// A drag in the middle of the screen reaches the window and opens nothing; the same holds while animd is
    /// stopped (SIGSTOP), with shared and with exclusive touch edges; after SIGCONT an edge swipe works again.
    @Test(arguments: [false, true]) func aStoppedDaemonFreezesNoTouch(exclusive: Bool) throws {
        let xorg = try HeadlessXorg()
        let window = try Self.window(0, 0, 1920, 1080, on: xorg)
        let (daemon, rpc, _) = try Self.start(exclusive ? Self.exclusive() : nil, on: xorg)
        let drag =
            ["begin 800.00 500.00"] + (1...12).map { "update \(800 + $0 * 25).00 500.00" } + ["end 1100.00 500.00"]
        try Self.stroke(xorg, from: (800, 500), to: (1100, 500))
        #expect(try window.touches(until: "end") == drag)
        daemon.signal(SIGSTOP)
        var resumed = false
        defer { if !resumed { daemon.signal(SIGCONT) } }
        try Self.stroke(xorg, id: 2, from: (800, 500), to: (1100, 500))
        #expect(try window.touches(until: "end", timeout: 5) == drag, "delivered while animd is stopped")
        daemon.signal(SIGCONT)
        resumed = true
        for name in ["sidebar", "panel", "launcher", "notifications", "pager", "overview"] {
            #expect(try rpc.ok("transition.get", ["name": .string(name)])["seq"] == 0, "\(name) never moved")
        }
        _ = try rpc.ok("subscribe", ["transitions": ["sidebar"]])
        try Self.stroke(xorg, id: 3, from: (3, 500), to: (300, 500))
        #expect(try rpc.notification(where: { method, _ in method == .ended }).1["snap"] == 1)
    }

    /// Two touches at once, one swiping in from the left edge and one tapping mid-screen: the first drives the
    /// sidebar open, the second reaches the window. With exclusive edges the window gets the tap only.
    @Test(arguments: [false, true]) func anEdgeSwipeAndAMidScreenTapTogether(exclusive: Bool) throws {
        let xorg = try HeadlessXorg()
        let window = try Self.window(0, 0, 1920, 1080, on: xorg)
        let (daemon, rpc, _) = try Self.start(exclusive ? Self.exclusive() : nil, on: xorg)
        _ = try rpc.ok("subscribe", ["transitions": ["sidebar"]])
        try Self.stroke(xorg, id: 1, from: (3, 500), to: (150, 500), steps: 6, lift: false)
        try xorg.touchscreen.touch(.begin, id: 2, x: 1000, y: 600)
        try xorg.touchscreen.touch(.end, id: 2, x: 1000, y: 600)
        try Self.stroke(xorg, id: 1, from: (150, 500), to: (300, 500), steps: 6)
        let events = try rpc.notifications(until: { method, _ in method == .ended })
        #expect(events.first { $0.0 == .began }?.1["gesture"] == "sidebar-open")
        #expect(events.last?.1["snap"] == 1)
        let received = window.touches(for: 1)
        #expect(received.contains("begin 1000.00 600.00") && received.contains("end 1000.00 600.00"))
        #expect(
            received.contains("begin 3.00 500.00") == !exclusive,
            "the edge swipe reaches the window only when shared: \(received)")
        withExtendedLifetime(daemon) {}
    }

    /// Two monitors side by side (RandR 1.5 monitors made with xrandr --setmonitor), the touchscreen pinned to the
    /// second by name: its left border, the second monitor's left edge, starts an edge swipe.
    @Test func aTouchscreenPinnedToTheSecondMonitorHasItsEdges() throws {
        let xorg = try HeadlessXorg()
        #expect(try xorg.run("xrandr", ["--setmonitor", "one", "960/254x1080/286+0+0", "DUMMY0"]) == 0)
        #expect(try xorg.run("xrandr", ["--setmonitor", "two", "960/254x1080/286+960+0", "none"]) == 0)
        let config = try Self.defaultConfig(
            replacing: "touchscreens = {}", with: "touchscreens = { \"\(HeadlessXorg.touchscreenName)\" = \"two\" }")
        let (daemon, rpc, input) = try Self.start(config, on: xorg)
        #expect(input["monitors"] == [[0, 0, 960, 1080], [960, 0, 960, 1080]])
        #expect(input["outputs"]?.array?.compactMap { $0["name"]?.string } == ["one", "two"], "RandR's monitor names")
        _ = try rpc.ok("subscribe", ["transitions": ["sidebar"], "events": ["progress", "state", "input-events"]])
        // Device x 0 … 0.3 of the range: on a desktop-wide touchscreen that is 0 … 576 px; pinned, 960 … 1248.
        let unit = (InputTestDevice.axisMax + 1)
        try xorg.touchscreen.touch(.begin, id: 1, valuatorX: 0.002 * unit, valuatorY: 0.5 * unit)
        for step in 1...10 {
            usleep(8000)
            try xorg.touchscreen.touch(
                .update, id: 1, valuatorX: (0.002 + Double(step) * 0.03) * unit, valuatorY: 0.5 * unit)
        }
        try xorg.touchscreen.touch(.end, id: 1, valuatorX: 0.302 * unit, valuatorY: 0.5 * unit)
        try xorg.touchscreen.sync()
        let events = try rpc.notifications(until: { method, _ in method == .ended })
        let downEvent = try #require(events.first { $0.0 == .inputEvent && $0.1["event"]?["kind"] == "touch-down" }?.1)
        #expect(downEvent["origin"] == "x11", "the X backend's events say so")
        let down = try #require(downEvent["event"])
        #expect(abs((down["x"]?.number ?? 0) - (960 + 0.002 * 960)) < 1e-6)
        #expect(events.first { $0.0 == .began }?.1["gesture"] == "sidebar-open")
        #expect(events.last?.1["snap"] == 1)
        withExtendedLifetime(daemon) {}
    }

    /// A touchscreen turned by its Coordinate Transformation Matrix (a rotated tablet): the device coordinates the
    /// matrix takes to the left edge open the sidebar, on the raw path (shared) and through a strip's grab
    /// (exclusive: the server hit-tests with the matrix, and the window gets nothing of the held swipe). In shared
    /// mode the window receives the swipe where animd read it.
    @Test(arguments: [false, true]) func aRotatedTouchscreenOpensFromTheLeftEdge(exclusive: Bool) throws {
        let xorg = try HeadlessXorg()
        let window = try Self.window(0, 0, 1920, 1080, on: xorg)
        // A quarter turn: screen x = 1 − device y, screen y = device x (in the unit square).
        #expect(
            try xorg.run(
                "xinput",
                [
                    "set-prop", HeadlessXorg.touchscreenName, "Coordinate Transformation Matrix",
                    "0", "-1", "1", "1", "0", "0", "0", "0", "1",
                ]) == 0)
        let (daemon, rpc, _) = try Self.start(exclusive ? Self.exclusive() : nil, on: xorg)
        _ = try rpc.ok("subscribe", ["transitions": ["sidebar"]])
        let unit = InputTestDevice.axisMax + 1
        func device(_ x: Double, _ y: Double) -> (Double, Double) { ((y / 1080) * unit, (1 - x / 1920) * unit) }
        let start = device(3, 500)
        try xorg.touchscreen.touch(.begin, id: 1, valuatorX: start.0, valuatorY: start.1)
        for step in 1...12 {
            usleep(8000)
            let point = device(3 + Double(step) * 25, 500)
            try xorg.touchscreen.touch(.update, id: 1, valuatorX: point.0, valuatorY: point.1)
        }
        let end = device(303, 500)
        try xorg.touchscreen.touch(.end, id: 1, valuatorX: end.0, valuatorY: end.1)
        try xorg.touchscreen.sync()
        let events = try rpc.notifications(until: { method, _ in method == .ended })
        #expect(events.first { $0.0 == .began }?.1["gesture"] == "sidebar-open")
        #expect(events.last?.1["snap"] == 1)
        let received = window.touches(for: 0.5)
        if exclusive {
            #expect(received.isEmpty, "held by the strip and accepted: \(received)")
        } else {
            #expect(received.first == "begin 3.00 500.00" && received.last == "end 303.00 500.00", "\(received)")
        }
        withExtendedLifetime(daemon) {}
    }

    /// The touchpad: a three-finger swipe moves the pager, and a pinch is published as the pinch gesture with its scale.
    @Test func touchpadSwipeAndPinch() throws {
        let xorg = try HeadlessXorg()
        let (daemon, rpc, input) = try Self.start(on: xorg)
        #expect(input["sources"]?["touchpad"]?["state"] == "active")
        _ = try rpc.ok("subscribe", ["transitions": ["pager"], "events": ["state", "gesture"]])
        try xorg.touchpad.swipe(.begin, fingers: 3)
        for _ in 1...20 {
            usleep(8000)
            try xorg.touchpad.swipe(.update, fingers: 3, dx: -30)
        }
        try xorg.touchpad.swipe(.end, fingers: 3)
        try xorg.touchpad.sync()
        let swiped = try rpc.notifications(until: { method, _ in method == .ended })
        #expect(swiped.first { $0.0 == .began }?.1["gesture"] == "pager-swipe")
        #expect(swiped.last?.1["snap"] == 1)
        try xorg.touchpad.pinch(.begin, fingers: 2)
        try xorg.touchpad.pinch(.update, fingers: 2, scale: 1.5, angle: 10)
        try xorg.touchpad.pinch(.end, fingers: 2, scale: 1.5)
        try xorg.touchpad.sync()
        let pinch = try rpc.notification(where: { method, params in
            method == .gesture && params["name"] == "pinch" && params["state"] == "changed"
        })
        #expect(pinch.1["scale"] == 1.5 && pinch.1["rotation"] == 10)
        withExtendedLifetime(daemon) {}
    }

    /// Xorg killed mid-touch: the sidebar comes to rest where its gesture started, the socket answers, input is
    /// disconnected; a new Xorg on the same display is reconnected and touch works on it.
    @Test func serverDeathMidTouchLeavesNothingLocked() throws {
        var xorg = try HeadlessXorg()
        let number = xorg.number
        let (daemon, rpc, _) = try Self.start(on: xorg)
        _ = try rpc.ok("subscribe", ["transitions": ["sidebar"], "events": ["state", "input"]])
        try Self.stroke(xorg, from: (3, 500), to: (200, 500), lift: false)
        _ = try rpc.notification(where: { method, _ in method == .began })
        xorg.stop()
        #expect(try rpc.notification(where: { method, _ in method == .ended }).1["snap"] == 0)
        let sidebar = try rpc.ok("transition.get", ["name": "sidebar"])
        #expect(sidebar["phase"] == "idle" && sidebar["progress"] == 0)
        #expect(try rpc.ok("daemon.hello")["input"]?["connected"] == false)
        xorg = try HeadlessXorg(number: number)
        _ = try rpc.notification(where: { method, params in method == .inputStatus && params["connected"] == true })
        try Self.stroke(xorg, from: (3, 500), to: (300, 500))
        #expect(try rpc.notification(where: { method, _ in method == .ended }).1["snap"] == 1)
        withExtendedLifetime(daemon) {}
    }

    /// The touchscreen disabled mid-swipe (`xinput disable`, as unplugging it does): Xorg ends its touches with
    /// ordinary TouchEnds for every client, so the swipe is released where it was and nothing stays locked; enabled
    /// again, the touchscreen is mapped at once and works.
    @Test func aTouchscreenDisabledMidSwipeLocksNothing() throws {
        let xorg = try HeadlessXorg()
        let (daemon, rpc, _) = try Self.start(on: xorg)
        _ = try rpc.ok("subscribe", ["transitions": ["sidebar"], "events": ["state", "input"]])
        try Self.stroke(xorg, from: (3, 500), to: (200, 500), lift: false)
        _ = try rpc.notification(where: { method, _ in method == .began })
        #expect(try xorg.run("xinput", ["disable", HeadlessXorg.touchscreenName]) == 0)
        func noTouchscreen(_ method: NotificationMethod?, _ params: JSONValue) -> Bool {
            method == .inputStatus
                && params["sources"]?["touch"]?["detail"]?.string?.contains("0 touchscreen(s)") == true
        }
        // The status comes at once, the end after the release's animation: either may be first.
        let events = try rpc.notifications(until: { method, _ in method == .ended })
        let ended = try #require(events.last?.1)
        #expect(ended["phase"] == "idle" && (ended["snap"] == 0 || ended["snap"] == 1))
        if !events.contains(where: noTouchscreen) { _ = try rpc.notification(where: noTouchscreen) }
        #expect(try xorg.run("xinput", ["enable", HeadlessXorg.touchscreenName]) == 0)
        try xorg.touchscreen.reconnect()
        _ = try rpc.notification(where: { method, params in
            method == .inputStatus
                && params["sources"]?["touch"]?["detail"]?.string?.contains("1 touchscreen(s)") == true
        })
        if ended["snap"] == 1 {
            _ = try rpc.ok("transition.toggle", ["name": "sidebar"])
            _ = try rpc.notification(where: { method, _ in method == .ended })
        }
        try Self.stroke(xorg, id: 2, from: (3, 500), to: (300, 500))
        #expect(try rpc.notification(where: { method, _ in method == .ended }).1["snap"] == 1)
        withExtendedLifetime(daemon) {}
    }

    /// Rivals: a client holding the root window's touch grab (as touchegg does) is named in input.status, and
    /// touch still drives the sidebar; a client holding the touchpad gesture selection makes the touchpad
    /// unavailable with its reason, and touch still works.
    @Test func rivalsAreReportedAndTheRestWorks() throws {
        let xorg = try HeadlessXorg()
        let grabber = try XProbe(["hold-touch-grab"], display: xorg.display)
        try grabber.expect("holding")
        let selector = try XProbe(["hold-gestures"], display: xorg.display)
        try selector.expect("holding")
        let (daemon, rpc, input) = try Self.start(on: xorg)
        #expect(input["sources"]?["touch"]?["state"] == "active")
        #expect(
            input["sources"]?["touch"]?["detail"]?.string?.contains(
                "another client holds the touch grab on the root window") == true)
        #expect(input["sources"]?["touchpad"]?["state"] == "unavailable")
        #expect(input["sources"]?["touchpad"]?["detail"]?.string?.contains("another client") == true)
        #expect(daemon.log.contains("touchpad input unavailable"))
        _ = try rpc.ok("subscribe", ["transitions": ["sidebar"]])
        try Self.stroke(xorg, from: (3, 500), to: (300, 500))
        #expect(try rpc.notification(where: { method, _ in method == .ended }).1["snap"] == 1)
        withExtendedLifetime(daemon) {}
    }

    /// Exclusive touch edges: strips as wide as the edge zones (20 px) lie on top along the touchscreen's edges. An
    /// edge swipe there is animd's alone; a tap there is released by animd but, X having no way to hand it to a
    /// window beside the strip, reaches no window (docs/x11.md). The strips follow a mode change.
    @Test func exclusiveStripsOwnTheirTouches() throws {
        let xorg = try HeadlessXorg()
        let window = try Self.window(0, 0, 1920, 1080, on: xorg)
        let (daemon, rpc, input) = try Self.start(Self.exclusive(), on: xorg)
        #expect(input["sources"]?["touch"]?["detail"]?.string?.contains("exclusive touch strips") == true)
        #expect(try XProbe.topWindow(at: 0, 500, display: xorg.display) == "animd touch strip")
        #expect(try XProbe.topWindow(at: 20, 500, display: xorg.display) == "animd-xprobe touch window", "20 px wide")
        _ = try rpc.ok("subscribe", ["transitions": ["sidebar"]])
        try Self.stroke(xorg, from: (3, 500), to: (300, 500))
        #expect(try rpc.notification(where: { method, _ in method == .ended }).1["snap"] == 1)
        try xorg.touchscreen.touch(.begin, id: 2, x: 1910, y: 500)
        try xorg.touchscreen.touch(.end, id: 2, x: 1910, y: 500)
        try xorg.touchscreen.touch(.begin, id: 3, x: 960, y: 500)
        try xorg.touchscreen.touch(.end, id: 3, x: 960, y: 500)
        try xorg.touchscreen.sync()
        #expect(
            try window.touches(until: "end") == ["begin 960.00 500.00", "end 960.00 500.00"],
            "neither the held swipe nor the released tap in the right strip reached the window")
        #expect(try xorg.run("xrandr", ["--output", "DUMMY0", "--mode", "1280x1024"]) == 0)
        #expect(
            try XProbe.topWindow(at: 1279, 500, display: xorg.display, becoming: "animd touch strip")
                == "animd touch strip",
            "the right strip moved to the new right edge")
        withExtendedLifetime(daemon) {}
    }

    /// A window mapped over the edge after animd made its touch strips (a dock, a fullscreen video) goes below
    /// them again: the strips are re-raised when another window maps or moves.
    @Test func exclusiveStripsStayOnTop() throws {
        let xorg = try HeadlessXorg()
        let (daemon, _, _) = try Self.start(Self.exclusive(), on: xorg)
        let dock = try Self.window(0, 0, 64, 1080, on: xorg)
        #expect(
            try XProbe.topWindow(at: 0, 500, display: xorg.display, becoming: "animd touch strip")
                == "animd touch strip")
        #expect(
            try XProbe.topWindow(at: 30, 500, display: xorg.display) == "animd-xprobe touch window",
            "beside the strip, the dock")
        withExtendedLifetime((daemon, dock)) {}
    }
}

extension XProbe {
    /// "touch begin 7 5.00 500.00 NS" → "begin 5.00 500.00": the server numbers touches, and receipt times vary.
    static func touch(_ line: String) -> String {
        let words = line.split(separator: " ")
        return ([words[1]] + words[3..<(words.count - 1)]).joined(separator: " ")
    }

    /// The touch lines a touch window printed until one starts with `last` (inclusive), as `touch(_:)` shortens them.
    func touches(until last: String, timeout: Double = 10) throws -> [String] {
        var seen: [String] = []
        let deadline = Date().addingTimeInterval(timeout)
        while let line = nextLine(timeout: max(0.01, deadline.timeIntervalSinceNow)) {
            guard line.hasPrefix("touch ") else { continue }
            let touch = Self.touch(line)
            seen.append(touch)
            if touch.hasPrefix(last) { return seen }
        }
        throw HarnessError("the window never received a touch \"\(last)\"; it had \(seen)")
    }

    /// Every touch line printed within `seconds`.
    func touches(for seconds: Double) -> [String] {
        var seen: [String] = []
        let deadline = Date().addingTimeInterval(seconds)
        while let line = nextLine(timeout: max(0.01, deadline.timeIntervalSinceNow)) {
            if line.hasPrefix("touch ") { seen.append(Self.touch(line)) }
        }
        return seen
    }
}
