import AnimClient
import AnimProtocol
import Foundation
import JSONText
import TestSupport
import Testing
import XorgInputTest

/// Gestures that run commands (issue 61), end to end on real input stacks: a real animd runs a real `sh` per run,
/// which appends what its environment said to a file; the touchpad's swipes come from Xorg's inputtest driver (XI
/// 2.4) and from libinput on umockdev's touchpad.
@Suite(.serialized) struct GestureCommandTests {
    /// A three-finger leftward touchpad swipe that runs `sh`, appending `FIRE FINGERS DIRECTION STEP` to `log`.
    static func config(log: String, extra: String = "") -> String {
        "defaults = false\n"
            + CommandConfigs.threeFingerSwipeLeft(
                run: #"["/bin/sh", "-c", 'echo "$ANIMD_FIRE $ANIMD_FINGERS $ANIMD_DIRECTION $ANIMD_STEP" >> \#(log)']"#)
            + extra
    }

    /// The lines the commands wrote so far.
    static func lines(_ log: String) -> [String] {
        ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    /// Waits until `count` lines are written, then a while longer, and returns them all: a run too many that came
    /// late would be in them.
    static func settledLines(_ log: String, count: Int) throws -> [String] {
        try waitUntil("\(count) runs written") { lines(log).count >= count }
        usleep(400_000)
        return lines(log)
    }

    /// The gesture's last update, ended or cancelled, as animd published it.
    static func lastUpdate(_ rpc: RPCConnection) throws -> JSONValue {
        try rpc.notification(where: { method, params in
            method == .gesture && params["name"] == "next"
                && (params["state"] == "ended" || params["state"] == "cancelled")
        }).1
    }

    static func swipe(_ xorg: HeadlessXorg, dx: Double, updates: Int, cancelled: Bool = false) throws {
        try xorg.touchpad.swipe(.begin, fingers: 3)
        for _ in 0..<updates {
            usleep(8000)
            try xorg.touchpad.swipe(.update, fingers: 3, dx: dx)
        }
        try xorg.touchpad.swipe(.end, fingers: 3, cancelled: cancelled)
        try xorg.touchpad.sync()
    }

    /// XI 2.4: the swipe runs its command once, at its end, with its fingers and direction; a cancelled one (libinput
    /// cancels when a finger more lands) runs nothing.
    @Test(
        .enabled(if: HeadlessXorg.installed, "needs root and Xorg with the inputtest driver (scripts/install-deps.sh)"))
    func anXorgSwipeRunsItsCommandOnce() throws {
        let xorg = try HeadlessXorg()
        let log = NSTemporaryDirectory() + "animd-runs-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: log) }
        let daemon = try DaemonProcess(config: Self.config(log: log), display: xorg.display)
        let rpc = try daemon.connect()
        _ = try rpc.waitForX(xorg.display)
        _ = try rpc.ok("subscribe", ["events": ["gesture"]])
        try Self.swipe(xorg, dx: -30, updates: 20)
        #expect(try Self.lastUpdate(rpc)["state"] == "ended")
        #expect(try Self.settledLines(log, count: 1) == ["end 3 left "])
        try Self.swipe(xorg, dx: -30, updates: 20, cancelled: true)
        #expect(try Self.lastUpdate(rpc)["state"] == "cancelled")
        #expect(try Self.settledLines(log, count: 1) == ["end 3 left "], "nothing for the cancelled swipe")
        withExtendedLifetime(daemon) {}
    }

    /// XI 2.4, `fire = "repeat"`: one run per 100 px of the swipe's travel since it began, numbered, as many as its
    /// last update's translation holds whole steps.
    @Test(
        .enabled(if: HeadlessXorg.installed, "needs root and Xorg with the inputtest driver (scripts/install-deps.sh)"))
    func aRepeatingSwipeRunsOncePerStep() throws {
        let xorg = try HeadlessXorg()
        let log = NSTemporaryDirectory() + "animd-runs-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: log) }
        let config = Self.config(log: log, extra: "fire = \"repeat\"\nrepeat-distance = 100\n")
        let daemon = try DaemonProcess(config: config, display: xorg.display)
        let rpc = try daemon.connect()
        _ = try rpc.waitForX(xorg.display)
        _ = try rpc.ok("subscribe", ["events": ["gesture"]])
        try Self.swipe(xorg, dx: -30, updates: 20)
        let ended = try Self.lastUpdate(rpc)
        let travel = -(try #require(ended["translation"]?.array?.first?.number))
        let steps = Int((travel / 100).rounded(.down))
        #expect(steps >= 4, "20 × 30 px less the slop: \(travel) px")
        #expect(try Self.settledLines(log, count: steps) == (1...max(steps, 1)).map { "repeat 3 left \($0)" })
        withExtendedLifetime(daemon) {}
    }

    /// XI 2.4, `gesture = "swipe"`: the swipe recognizer takes the touchpad's three-finger swipe of that count, decided
    /// at its end, and runs once with its direction; the same stroke with four fingers is not its.
    @Test(
        .enabled(if: HeadlessXorg.installed, "needs root and Xorg with the inputtest driver (scripts/install-deps.sh)"))
    func anXorgSwipeRecognizerRunsOnce() throws {
        let xorg = try HeadlessXorg()
        let log = NSTemporaryDirectory() + "animd-runs-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: log) }
        let config = """
            defaults = false
            [bindings.next]
            gesture = "swipe"
            sources = ["touchpad"]
            touches = 3
            directions = ["left", "up-left"]
            run = ["/bin/sh", "-c", 'echo "$ANIMD_GESTURE $ANIMD_FINGERS $ANIMD_DIRECTION" >> \(log)']
            """
        let daemon = try DaemonProcess(config: config, display: xorg.display)
        let rpc = try daemon.connect()
        _ = try rpc.waitForX(xorg.display)
        _ = try rpc.ok("subscribe", ["events": ["gesture"]])
        try xorg.touchpad.swipe(.begin, fingers: 4)
        for _ in 0..<10 { try xorg.touchpad.swipe(.update, fingers: 4, dx: -30) }
        try xorg.touchpad.swipe(.end, fingers: 4)
        try Self.swipe(xorg, dx: -30, updates: 10)
        #expect(try Self.lastUpdate(rpc)["state"] == "ended")
        #expect(try Self.settledLines(log, count: 1) == ["swipe 3 left"])
        withExtendedLifetime(daemon) {}
    }

    /// libinput on umockdev's touchpad: three fingers swiping left run the command once.
    @Test(.enabled(if: MockedDevice.installed, "needs root (a mount namespace) and umockdev (scripts/install-deps.sh)"))
    func aLibinputSwipeRunsItsCommandOnce() throws {
        let mock = try MockedDevice(.touchpad)
        defer { mock.removeFolder() }
        let log = NSTemporaryDirectory() + "animd-runs-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: log) }
        let daemon = try DaemonProcess(config: Self.config(log: log), inputBackend: "libinput", wrapper: mock.wrapper)
        let rpc = try daemon.connect()
        _ = try rpc.ok("subscribe", ["events": ["gesture", "input-events"]])
        defer { mock.stop(rpc) }
        try mock.plugIn(MockedDevice.threeFingerSwipe(step: -60, frames: 20))
        #expect(try Self.lastUpdate(rpc)["state"] == "ended")
        #expect(try Self.settledLines(log, count: 1) == ["end 3 left "])
    }

    /// libinput on umockdev's touchscreen: two two-finger taps 120 ms apart are a double tap, which runs its command
    /// once; the single two-finger tap, which waits for it to fail (implied), runs nothing.
    @Test(.enabled(if: MockedDevice.installed, "needs root (a mount namespace) and umockdev (scripts/install-deps.sh)"))
    func aTwoFingerDoubleTapRunsItsCommandOnce() throws {
        let mock = try MockedDevice(.touchscreen)
        defer { mock.removeFolder() }
        let log = NSTemporaryDirectory() + "animd-runs-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: log) }
        let config = """
            defaults = false
            [bindings.double]
            gesture = "tap"
            touches = 2
            taps = 2
            run = ["/bin/sh", "-c", 'echo "double $ANIMD_FINGERS" >> \(log)']
            [bindings.single]
            gesture = "tap"
            touches = 2
            run = ["/bin/sh", "-c", 'echo single >> \(log)']
            """
        let daemon = try DaemonProcess(config: config, inputBackend: "libinput", wrapper: mock.wrapper)
        let rpc = try daemon.connect()
        _ = try rpc.ok("subscribe", ["events": ["gesture", "input-events"]])
        defer { mock.stop(rpc) }
        // Frames 10 ms apart: each tap 80 ms long, the second landing 120 ms after the first lifted.
        let taps = [(0, 8), (20, 28)].flatMap { from, to in
            [
                MockedDevice.Stroke(from: from, to: to, points: [(0.4, 0.5)]),
                .init(from: from, to: to, points: [(0.45, 0.5)]),
            ]
        }
        try mock.plugIn(MockedDevice.touches(taps))
        _ = try rpc.notification(where: { method, params in
            method == .gesture && params["name"] == "double" && params["state"] == "ended"
        })
        #expect(try Self.settledLines(log, count: 1) == ["double 2"])
        #expect(Self.lines(log) == ["double 2"], "still nothing for the single tap")
    }
}
