import AnimClient
import AnimProtocol
import Foundation
import JSONText
import Testing

/// Exclusive touch on the libinput backend (issue 59), event for event: animd starts its relay, which grabs the
/// mocked touchscreen (umockdev answers EVIOCGRAB) and makes a twin through a mocked /dev/uinput whose ioctls and
/// writes the test's host records. The default config's bindings are in force: edge pans on every edge (zones of
/// 20 px, 43 device units of the 4096 across 1920 px), three-finger pans and pinches.
@Suite(
    .serialized,
    .enabled(
        if: MockedDevice.installed,
        "needs root (a mount namespace) and umockdev, cc, pkg-config (scripts/install-deps.sh)"))
struct ExclusiveTouchTests {
    typealias Screen = RelayedTouchscreen
    typealias Event = RelayedTouchscreen.Event
    static let config = "defaults = true\n[input]\ntouch-edges = \"exclusive\"\ntouch-hold-limit = 1\n"

    private func start(_ screen: RelayedTouchscreen, config: String = Self.config, transitions: [String] = ["sidebar"])
        throws -> (DaemonProcess, RPCConnection)
    {
        let daemon = try DaemonProcess(config: config, inputBackend: "libinput", wrapper: screen.wrapper)
        let rpc = try daemon.connect()
        do {
            _ = try rpc.ok(
                "subscribe",
                ["transitions": .array(transitions.map { .string($0) }), "events": ["state", "input", "input-events"]])
            try screen.plugIn()
            try Screen.awaitTouchDetail(
                rpc, containing: "taken; applications get its twin \"animd test touchscreen (animd twin)\"")
        } catch {
            stop(screen, daemon)
            throw error
        }
        return (daemon, rpc)
    }

    /// Ends animd and its host, before the harness waits for the host to end.
    private func stop(_ screen: RelayedTouchscreen, _ daemon: DaemonProcess) {
        screen.stop()
        daemon.process.waitUntilExit()
    }

    /// The twin is the touchscreen (axes with their ranges and resolution, five slots, INPUT_PROP_DIRECT, its ids)
    /// with a tool type up to palm and no pointer button; an edge swipe opens the sidebar and never reaches it.
    @Test func anEdgeSwipeNeverReachesTheTwin() throws {
        var screen = try RelayedTouchscreen()
        defer { screen.removeFolder() }
        let (daemon, rpc) = try start(screen)
        defer { stop(screen, daemon) }
        let log = screen.log
        #expect(log.contains("setup 3 4660 22136 273 animd test touchscreen (animd twin)"), "\(log)")
        #expect(Set(log.filter { $0.hasPrefix("evbit") }) == ["evbit 0", "evbit 1", "evbit 3"])
        #expect(log.filter { $0.hasPrefix("keybit") } == ["keybit 330"], "BTN_TOUCH alone: no BTN_LEFT (272)")
        #expect(log.filter { $0.hasPrefix("propbit") } == ["propbit 1"])
        #expect(
            Set(log.filter { $0.hasPrefix("abs ") }) == [
                "abs 0 0 4095 0 0 16", "abs 1 0 4095 0 0 16", "abs 47 0 4 0 0 0", "abs 53 0 4095 0 0 16",
                "abs 54 0 4095 0 0 16", "abs 55 0 2 0 0 0", "abs 57 0 65535 0 0 0",
            ], "\(log)")
        #expect(log.contains("create"))
        var frames: [[(Int, Int, Int)]] = [Screen.down(0, 1, 8, 2048) + Screen.touch(true)]
        for step in 1...12 { frames.append(Screen.move(0, 8 + step * 120, 2048)) }
        frames.append(Screen.up(0) + Screen.touch(false))
        try screen.write(frames: frames)
        let events = try rpc.notifications(until: { method, _ in method == .ended }, timeout: 20)
        #expect(events.first { $0.0 == .began }?.1["gesture"] == "sidebar-open")
        #expect(events.last?.1["snap"] == 1)
        _ = try rpc.ok("daemon.hello")
        #expect(screen.twinEvents.isEmpty, "\(screen.twinFrames)")
    }

    // The twin's events, as the relay writes them for one touch in twin slot 0 (tracking ids count from 0).
    private func down(_ slot: Int, _ id: Int, _ x: Int, _ y: Int) -> [Event] {
        [Event(3, 47, slot), Event(3, 57, id), Event(3, 55, 0), Event(3, 53, x), Event(3, 54, y)]
    }
    private func up(_ slot: Int) -> [Event] { [Event(3, 47, slot), Event(3, 57, -1)] }
    private let touching = Event(1, 330, 1), lifted = Event(1, 330, 0)
    private func single(_ x: Int, _ y: Int) -> [Event] { [Event(3, 0, x), Event(3, 1, y)] }

    /// A tap mid-glass reaches the twin while the finger is still down, unchanged, in a frame of its own; its lift
    /// follows in the next.
    @Test func aTapMidScreenPassesAtOnce() throws {
        var screen = try RelayedTouchscreen()
        defer { screen.removeFolder() }
        let (daemon, _) = try start(screen)
        defer { stop(screen, daemon) }
        try screen.write(Screen.down(0, 7, 2048, 1024) + Screen.touch(true))
        #expect(
            try screen.awaitTwinFrames(1) == [down(0, 0, 2048, 1024) + [touching] + single(2048, 1024)],
            "before the finger lifts")
        try screen.write(Screen.up(0) + Screen.touch(false))
        #expect(try screen.awaitTwinFrames(2)[1] == up(0) + [lifted])
    }

    /// A tap in the left edge zone is held, and replayed whole (landing, lift) once animd lets it go at the lift.
    @Test func aTapInTheEdgeZoneIsReplayedWhole() throws {
        var screen = try RelayedTouchscreen()
        defer { screen.removeFolder() }
        let (daemon, rpc) = try start(screen)
        defer { stop(screen, daemon) }
        try screen.write(Screen.down(0, 7, 8, 1024) + Screen.touch(true))
        _ = try rpc.notification(where: { method, params in
            method == .inputEvent && params["event"]?["kind"] == "touch-down"
        })
        #expect(screen.twinEvents.isEmpty, "held while animd decides")
        try screen.write(Screen.up(0) + Screen.touch(false))
        let frames = try screen.awaitTwinFrames(2)
        #expect(frames == [down(0, 0, 8, 1024) + [touching] + single(8, 1024), up(0) + [lifted]])
        let wrote = screen.log.firstIndex { $0.hasPrefix("wrote 2 ") } ?? Int.max
        #expect(screen.log.firstIndex { $0.hasPrefix("event ") } ?? -1 > wrote, "replayed after the lift, not before")
    }

    /// A drag along the left edge is no edge swipe: once animd lets it go, the twin gets where it landed, where it is,
    /// and from then on every move, then the lift.
    @Test func aDragAlongTheEdgeIsReplayedThenFollowed() throws {
        var screen = try RelayedTouchscreen()
        defer { screen.removeFolder() }
        let (daemon, _) = try start(screen)
        defer { stop(screen, daemon) }
        try screen.write(Screen.down(0, 7, 8, 1000) + Screen.touch(true))
        var y = 1000
        // 20 px of the 1080 (76 device units) along the edge fails the edge pan (10 px of slop) at once.
        while screen.twinEvents.isEmpty && y < 3000 {
            y += 40
            try screen.write(Screen.move(0, 8, y))
            usleep(10_000)
        }
        let released = try screen.awaitTwinFrames(2)
        #expect(released[0] == down(0, 0, 8, 1000) + [touching] + single(8, 1000), "where it landed")
        #expect(released[1] == [Event(3, 47, 0), Event(3, 54, y), Event(3, 1, y)], "then where it is")
        let known = screen.twinFrames.count
        try screen.write(Screen.move(0, 8, y + 40))
        try screen.write(Screen.up(0) + Screen.touch(false))
        let frames = try screen.awaitTwinFrames(known + 2)
        #expect(
            Array(frames.suffix(2)) == [
                [Event(3, 47, 0), Event(3, 54, y + 40), Event(3, 1, y + 40)], up(0) + [lifted],
            ])
    }

    /// Two fingers: one swiping in from the left edge, which opens the sidebar, and one landing mid-screen meanwhile.
    /// The other finger reaches the twin alone, in the twin's slot 0 though it is the device's slot 1.
    @Test func theOtherFingerReachesTheTwinAlone() throws {
        var screen = try RelayedTouchscreen()
        defer { screen.removeFolder() }
        let (daemon, rpc) = try start(screen)
        defer { stop(screen, daemon) }
        var frames: [[(Int, Int, Int)]] = [Screen.down(0, 1, 8, 2048) + Screen.touch(true)]
        for step in 1...4 { frames.append(Screen.move(0, 8 + step * 120, 2048)) }
        frames.append(Screen.move(0, 608, 2048) + Screen.down(1, 2, 3000, 1000))
        for step in 1...4 {
            frames.append(Screen.move(0, 608 + step * 120, 2048) + Screen.move(1, 3000, 1000 + step * 10))
        }
        frames.append(Screen.up(1))
        frames.append(Screen.up(0) + Screen.touch(false))
        try screen.write(frames: frames)
        let events = try rpc.notifications(until: { method, _ in method == .ended }, timeout: 20)
        #expect(events.first { $0.0 == .began }?.1["gesture"] == "sidebar-open")
        let twin = try screen.awaitTwinFrames(6)
        #expect(twin[0] == down(0, 0, 3000, 1000) + [touching] + single(3000, 1000))
        #expect(
            twin[1...4].map { $0 }
                == (1...4).map { [Event(3, 47, 0), Event(3, 54, 1000 + $0 * 10), Event(3, 1, 1000 + $0 * 10)] })
        #expect(twin[5] == up(0) + [lifted])
        #expect(twin.count == 6, "nothing of the edge finger: \(twin)")
    }

    /// Three fingers landing together and closing in: the overview's pinch, which never reaches the twin. Two fingers
    /// doing the same (no binding for two) reach it at once, in one frame.
    @Test func aBoundThreeFingerPinchIsAnimdsAndAnUnboundTwoFingerOneIsNot() throws {
        var screen = try RelayedTouchscreen()
        defer { screen.removeFolder() }
        let (daemon, rpc) = try start(screen, transitions: ["overview"])
        defer { stop(screen, daemon) }
        let corners = [(1200, 1200), (2800, 1200), (2000, 2800)]
        func pinch(fingers: Int) -> [[(Int, Int, Int)]] {
            var frames = [
                corners.prefix(fingers).enumerated().flatMap {
                    Screen.down($0.offset, 10 + $0.offset, $0.element.0, $0.element.1)
                } + Screen.touch(true)
            ]
            for step in 1...10 {
                frames.append(
                    corners.prefix(fingers).enumerated().flatMap { finger, corner in
                        Screen.move(
                            finger, corner.0 + (2000 - corner.0) * step / 20, corner.1 + (1700 - corner.1) * step / 20)
                    })
            }
            frames.append((0..<fingers).flatMap(Screen.up) + Screen.touch(false))
            return frames
        }
        try screen.write(frames: pinch(fingers: 3))
        let events = try rpc.notifications(until: { method, _ in method == .ended }, timeout: 20)
        #expect(events.first { $0.0 == .began }?.1["gesture"] == "overview-pinch")
        _ = try rpc.ok("daemon.hello")
        #expect(screen.twinEvents.isEmpty, "\(screen.twinFrames)")
        try screen.write(pinch(fingers: 2)[0])
        #expect(
            try screen.awaitTwinFrames(1) == [
                down(0, 0, 1200, 1200) + down(1, 1, 2800, 1200) + [touching] + single(1200, 1200)
            ])
        try screen.write(pinch(fingers: 2).last!)
    }

    /// animd SIGSTOPped with a finger resting in the edge zone, and then before a new touch there: each reaches the
    /// twin once the hold limit (the default, 150 ms) runs out, though animd decides nothing; a mid-screen tap
    /// passes at once meanwhile.
    @Test func aStoppedAnimdFreezesNoTouch() throws {
        var screen = try RelayedTouchscreen()
        defer { screen.removeFolder() }
        let (daemon, rpc) = try start(screen, config: "defaults = true\n[input]\ntouch-edges = \"exclusive\"\n")
        let pid = pid_t(try #require(try rpc.ok("daemon.hello")["pid"]?.number))
        defer {
            kill(pid, SIGCONT)
            stop(screen, daemon)
        }
        try screen.write(Screen.down(0, 1, 8, 1024) + Screen.touch(true))
        _ = try rpc.notification(where: { method, params in
            method == .inputEvent && params["event"]?["kind"] == "touch-down"
        })
        kill(pid, SIGSTOP)
        #expect(try screen.awaitTwinFrames(1) == [down(0, 0, 8, 1024) + [touching] + single(8, 1024)], "mid-touch")
        try screen.write(Screen.up(0) + Screen.touch(false))
        #expect(try screen.awaitTwinFrames(2)[1] == up(0) + [lifted])
        try screen.write(Screen.down(0, 2, 8, 2000) + Screen.touch(true))
        // The single-touch x is where it was: like the kernel, the twin sends no value that did not change.
        #expect(
            try screen.awaitTwinFrames(3)[2] == down(0, 1, 8, 2000) + [touching, Event(3, 1, 2000)], "before a touch")
        let held = try #require(delay(in: screen, afterWrite: 3))
        #expect(held >= 150_000, "held for the limit first: \(held) µs")
        try screen.write(Screen.down(1, 3, 2048, 2048))
        #expect(
            try screen.awaitTwinFrames(4)[3] == down(1, 2, 2048, 2048), "a tap elsewhere passes at once, stopped or not"
        )
        try screen.write(Screen.up(0) + Screen.up(1) + Screen.touch(false))
        #expect(try screen.awaitTwinFrames(5)[4] == up(0) + up(1) + [lifted])
        print("held while animd was stopped: \(held) µs (limit 150 000)")
    }

    /// The microseconds from the host's writing `events-N` to the twin's next event.
    private func delay(in screen: RelayedTouchscreen, afterWrite number: Int) -> Int? {
        let log = screen.log
        guard let index = log.firstIndex(where: { $0.hasPrefix("wrote \(number) ") }),
            let wrote = Int(log[index].split(separator: " ")[2]),
            let event = log[index...].first(where: { $0.hasPrefix("event ") }),
            let time = Int(event.split(separator: " ")[1])
        else { return nil }
        return time - wrote
    }

    /// animd SIGKILLed: its relay goes with it, and with the relay its grab and its twin. animd started again with a
    /// finger on the glass waits, and takes the touchscreen once the finger lifts.
    @Test func aKilledAnimdLeavesNoGrabAndARestartedOneTakesTheGlassOnceNoFingerIsDown() throws {
        var screen = try RelayedTouchscreen(restarts: 1)
        defer { screen.removeFolder() }
        let (daemon, rpc) = try start(screen)
        defer { stop(screen, daemon) }
        let pid = pid_t(try #require(try rpc.ok("daemon.hello")["pid"]?.number))
        let relay = try #require(childProcesses(of: pid).first, "the relay runs beside animd")
        #expect(screen.log.filter { $0 == "grab" }.count == 1)
        kill(pid, SIGKILL)
        try waitUntil("the relay ends") { !isRunning(relay) }
        // The relay lets go on its way out (SIGTERM, as animd's death sends it); a relay killed outright would leave
        // that to the kernel, which releases a grab and removes a uinput device with their descriptors.
        try waitUntil("the grab goes") { screen.log.contains("ungrab") }
        #expect(screen.log.contains("destroy"), "the twin is removed")
        try screen.write(Screen.down(0, 5, 2048, 2048) + Screen.touch(true))
        var second: RPCConnection?
        try waitUntil("animd runs again", timeout: 20) {
            second = try? RPCConnection(path: daemon.socket)
            return second.flatMap { try? $0.ok("daemon.hello")["pid"]?.number } != nil
        }
        let again = try #require(second)
        try Screen.awaitTouchDetail(again, containing: "waiting for no finger on it")
        #expect(screen.log.filter { $0 == "grab" }.count == 1, "not taken while the finger is down")
        try screen.write(Screen.up(0) + Screen.touch(false))
        try Screen.awaitTouchDetail(again, containing: "taken")
        #expect(screen.log.filter { $0 == "grab" }.count == 2)
    }

    /// The pids whose parent is `pid`.
    private func childProcesses(of pid: pid_t) -> [pid_t] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap(pid_t.init).filter { child in
            guard let stat = try? String(contentsOfFile: "/proc/\(child)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { return false }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            return fields.count > 2 && pid_t(fields[1]) == pid
        }
    }

    /// Alive and not a zombie.
    private func isRunning(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return false }
        return stat[stat.index(after: close)...].split(separator: " ").first != "Z"
    }

    /// The twin's stream is one libinput accepts: three fingers landing one frame apart for the overview's pinch
    /// (the first two reach the twin, and are cancelled there when the pinch claims them), recorded, then written
    /// to a second mocked touchscreen that a real libinput reads (animd, shared). libinput reports what an
    /// application would have seen: two touches that land where they landed, move, and are cancelled, never lifted.
    @Test func theTwinsStreamIsOneLibinputAccepts() throws {
        var screen = try RelayedTouchscreen()
        defer { screen.removeFolder() }
        let (daemon, rpc) = try start(screen, transitions: ["overview"])
        defer { stop(screen, daemon) }
        var frames: [[(Int, Int, Int)]] = [
            Screen.down(0, 1, 1200, 1200) + Screen.touch(true), Screen.down(1, 2, 2800, 1200),
            Screen.down(2, 3, 2000, 2800),
        ]
        let corners = [(1200, 1200), (2800, 1200), (2000, 2800)]
        for step in 1...10 {
            frames.append(
                corners.enumerated().flatMap { finger, corner in
                    Screen.move(
                        finger, corner.0 + (2000 - corner.0) * step / 20, corner.1 + (1700 - corner.1) * step / 20)
                })
        }
        frames.append((0..<3).flatMap(Screen.up) + Screen.touch(false))
        try screen.write(frames: frames)
        let events = try rpc.notifications(until: { method, _ in method == .ended }, timeout: 20)
        #expect(events.first { $0.0 == .began }?.1["gesture"] == "overview-pinch")
        let twin = try screen.awaitTwinFrames(4)
        stop(screen, daemon)
        let palms = twin.filter { $0.contains(Event(3, 55, 2)) }
        try #require(palms.count == 2, "both passed fingers cancelled: \(twin)")

        let replay = try MockedDevice(.twinReplay)
        defer { replay.removeFolder() }
        var writer = MockedDevice.EventWriter()
        for frame in twin {
            for event in frame { writer.add(event.type, event.code, event.value) }
            writer.frame()
        }
        let reader = try DaemonProcess(config: "defaults = true\n", inputBackend: "libinput", wrapper: replay.wrapper)
        let seen = try reader.connect()
        defer { replay.stop(seen) }
        _ = try seen.ok("subscribe", ["transitions": ["overview"], "events": ["input-events"]])
        try replay.plugIn(writer.text)
        // Read until both touches have ended (cancelled or, wrongly, lifted), or the replay is long over.
        var input: [JSONValue] = []
        var ends = 0
        let deadline = Date().addingTimeInterval(20)
        while ends < 2, Date() < deadline {
            guard let (method, params) = try? seen.notification(where: { _, _ in true }, timeout: 1),
                method == .inputEvent,
                let event = params["event"]
            else { continue }
            input.append(event)
            if event["kind"] == "touch-cancel" || event["kind"] == "touch-up" { ends += 1 }
        }
        let kinds = input.compactMap { $0["kind"]?.string }
        #expect(kinds.filter { $0 == "touch-down" }.count == 2, "\(kinds)")
        #expect(
            kinds.filter { $0 == "touch-cancel" }.count == 2 && !kinds.contains("touch-up"),
            "cancelled, never lifted: \(kinds)")
        let downs = input.filter { $0["kind"] == "touch-down" }.compactMap { $0["x"]?.number }
        // libinput scales (v − min) · size / (max − min + 1), as in LibinputTests.
        let landed: [Double] = [1200.0 * 1920 / 4096, 2800.0 * 1920 / 4096]
        #expect(downs == landed, "where the fingers landed, in order")
        #expect(kinds.contains("touch-move"))
    }

    /// A touchscreen that goes away loses its twin: the relay ends, removing it, and the status no longer names it.
    @Test func anUnpluggedTouchscreenLosesItsTwin() throws {
        var screen = try RelayedTouchscreen()
        defer { screen.removeFolder() }
        let (daemon, rpc) = try start(screen)
        defer { stop(screen, daemon) }
        try screen.write(Screen.down(0, 1, 2048, 2048) + Screen.touch(true))
        _ = try screen.awaitTwinFrames(1)
        try screen.unplug()
        try waitUntil("the twin is removed") { screen.log.contains("destroy") }
        try Screen.awaitTouchDetail(rpc, containing: "0 touchscreen(s)")
        let detail = try rpc.ok("daemon.hello")["input"]?["sources"]?["touch"]?["detail"]?.string ?? ""
        #expect(!detail.contains("exclusive touch"), "nothing is relayed or shared any more: \(detail)")
    }
}
