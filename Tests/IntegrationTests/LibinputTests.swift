import AnimClient
import AnimProtocol
import Foundation
import JSONText
import Testing

/// Real libinput against mocked devices: animd's libinput backend runs under umockdev, which mocks a touchscreen's
/// sysfs entry, udev properties and evdev ioctls (Tests/LibinputFixtures) and replays evdev events the test writes.
/// libinput turns them into touch events as it would from the kernel; a socket subscriber sees what animd makes of
/// them.
@Suite(
    .serialized,
    .enabled(
        if: MockedDevice.installed,
        "needs root (a mount namespace) and umockdev, cc, pkg-config (scripts/install-deps.sh)")) struct LibinputTests
{
    /// A replayed edge swipe from the touchscreen's left border opens the sidebar; input.status names libinput, the
    /// seat and the touchscreen, and says why the pointer's sources cannot work there.
    @Test func replayedEdgeSwipeOpensTheSidebar() throws {
        let mock = try MockedDevice(.touchscreen)
        defer { mock.removeFolder() }
        let daemon = try DaemonProcess(inputBackend: "libinput", wrapper: mock.wrapper)
        let rpc = try daemon.connect()
        _ = try rpc.ok("subscribe", ["transitions": ["sidebar"], "events": ["state", "input", "input-events"]])
        defer { mock.stop(rpc) }
        try mock.plugIn(MockedDevice.touches([.init(points: [(0.002, 0.5), (0.35, 0.5)])]))
        var input = try rpc.ok("daemon.hello")["input"] ?? .null
        if input["sources"]?["touch"]?["detail"]?.string?.contains("1 touchscreen(s)") != true {
            input = try rpc.notification(where: { method, params in
                method == .inputStatus
                    && params["sources"]?["touch"]?["detail"]?.string?.contains("1 touchscreen(s)") == true
            }).1
        }
        #expect(input["backend"] == "libinput" && input["seat"] == "seat0" && input["connected"] == true)
        #expect(input["sources"]?["touch"]?["state"] == "active")
        #expect(input["sources"]?["touch"]?["detail"]?.string?.hasSuffix(": animd test touchscreen") == true)
        #expect(input["sources"]?["pressure"]?["state"] == "unavailable")
        #expect(input["sources"]?["pressure"]?["detail"]?.string?.contains("relative pointer motion") == true)
        let events = try rpc.notifications(until: { method, _ in method == .ended }, timeout: 20)
        #expect(events.first { $0.0 == .began }?.1["gesture"] == "sidebar-open")
        #expect(events.last?.1["snap"] == 1)
        // libinput scales (v − min) · size / (max − min + 1): device (8, 2048) of 0 … 4095 on the default 1920 × 1080.
        let downEvent = try #require(events.first { $0.0 == .inputEvent && $0.1["event"]?["kind"] == "touch-down" }?.1)
        #expect(downEvent["origin"] == "libinput", "the libinput backend's events say so, not x11")
        let down = try #require(downEvent["event"])
        let expected: (x: Double, y: Double) = (8.0 * 1920 / 4096, 2048.0 * 1080 / 4096)
        #expect(down["x"]?.number == expected.x)
        #expect(down["y"]?.number == expected.y)
    }

    /// Two fingers at once, one swiping in from the left border and one landing mid-screen once the swipe has
    /// begun: the edge binding moves the sidebar, and nothing else moves.
    @Test func twoFingersOnlyTheEdgeOneOpens() throws {
        let mock = try MockedDevice(.touchscreen)
        defer { mock.removeFolder() }
        let daemon = try DaemonProcess(inputBackend: "libinput", wrapper: mock.wrapper)
        let rpc = try daemon.connect()
        _ = try rpc.ok(
            "subscribe",
            [
                "transitions": ["sidebar", "pager", "panel", "launcher", "notifications"],
                "events": ["progress", "state", "input-events"],
            ])
        defer { mock.stop(rpc) }
        try mock.plugIn(
            MockedDevice.touches([
                .init(points: [(0.002, 0.5), (0.35, 0.5)]),
                .init(from: 6, to: 10, points: [(0.5, 0.3), (0.52, 0.3)]),
            ]))
        let events = try rpc.notifications(until: { method, _ in method == .ended }, timeout: 20)
        let downs = events.filter { $0.0 == .inputEvent && $0.1["event"]?["kind"] == "touch-down" }.compactMap {
            $0.1["event"]?["x"]?.number
        }
        let expected: [Double] = [8.0 * 1920 / 4096, 2048.0 * 1920 / 4096]
        #expect(downs == expected, "both fingers reached animd")
        #expect(
            Set(events.filter { $0.0 != .inputEvent }.compactMap { $0.1["name"]?.string }) == ["sidebar"],
            "\(events.map(\.0))")
        #expect(events.last?.1["snap"] == 1)
    }

    /// The touchscreen unplugged mid-swipe (umockdev removes the device and sends its "remove" uevent): libinput
    /// cancels the touch, the sidebar goes back where the gesture started, and the touchscreen is gone from
    /// input.status.
    @Test func unpluggingMidSwipeCancelsIt() throws {
        // Never lifted: of a stroke planned over 98 frames, the first 16 are replayed (313 px), then the unplug.
        let held = MockedDevice.Stroke(from: 0, to: 99, points: [(0.002, 0.5), (1.0, 0.5)])
        let mock = try MockedDevice(.touchscreen, unpluggable: true)
        defer { mock.removeFolder() }
        let daemon = try DaemonProcess(inputBackend: "libinput", wrapper: mock.wrapper)
        let rpc = try daemon.connect()
        _ = try rpc.ok("subscribe", ["transitions": ["sidebar"], "events": ["state", "input", "input-events"]])
        defer { mock.stop(rpc) }
        try mock.plugIn(MockedDevice.touches([held]))
        // Unplugged once animd has seen the last replayed position (frame 16 of 98, in device units, scaled as in
        // the first test): the finger is down, mid-swipe.
        let lastX = ((0.002 + (1.0 - 0.002) * 16 / 98) * 4096).rounded() * 1920 / 4096
        var events = try rpc.notifications(
            until: { method, params in
                method == .inputEvent && params["event"]?["kind"] == "touch-move"
                    && params["event"]?["x"]?.number == lastX
            }, timeout: 20)
        try mock.unplug()
        events += try rpc.notifications(until: { method, _ in method == .ended }, timeout: 20)
        #expect(events.first { $0.0 == .began }?.1["gesture"] == "sidebar-open")
        let kinds = events.compactMap { $0.0 == .inputEvent ? $0.1["event"]?["kind"]?.string : nil }
        #expect(
            !kinds.contains("touch-up") && kinds.last == "touch-cancel",
            "the finger never lifted; libinput cancelled it")
        #expect(events.last?.1["snap"] == 0 && events.last?.1["position"] == "start")
        func gone(_ method: NotificationMethod?, _ params: JSONValue) -> Bool {
            method == .inputStatus
                && params["sources"]?["touch"]?["detail"]?.string?.contains("0 touchscreen(s)") == true
        }
        if !events.contains(where: gone) { _ = try rpc.notification(where: gone) }
    }

    /// Three fingers swiping left on a mocked touchpad: libinput makes the swipe, and the pager goes to its next
    /// page; the touchpad is named in input.status.
    @Test func replayedThreeFingerTouchpadSwipeMovesThePager() throws {
        let mock = try MockedDevice(.touchpad)
        defer { mock.removeFolder() }
        let daemon = try DaemonProcess(inputBackend: "libinput", wrapper: mock.wrapper)
        let rpc = try daemon.connect()
        _ = try rpc.ok("subscribe", ["transitions": ["pager"], "events": ["state", "input-events"]])
        defer { mock.stop(rpc) }
        try mock.plugIn(MockedDevice.threeFingerSwipe(step: -60, frames: 20))
        let events = try rpc.notifications(until: { method, _ in method == .ended }, timeout: 20)
        // libinput may first report a hold (fingers resting before they move: a loaded machine can delay umockdev's
        // replay beyond libinput's hold timeout), which it ends when the swipe begins: the first event of another
        // kind is the swipe.
        let first = events.first {
            $0.0 == .inputEvent && !($0.1["event"]?["kind"]?.string?.hasPrefix("hold-") ?? false)
        }
        #expect(first?.1["event"]?["kind"] == "swipe-begin")
        #expect(first?.1["event"]?["fingers"] == 3)
        #expect(events.first { $0.0 == .began }?.1["gesture"] == "pager-swipe")
        #expect(events.last?.1["snap"] == 1)
        #expect(
            try rpc.ok("daemon.hello")["input"]?["sources"]?["touchpad"]?["detail"]?.string?.hasSuffix(
                ": animd test touchpad") == true)
    }

    /// Three fingers resting on a mocked touchpad while the pager runs a long leg: libinput reports a hold, which
    /// catches the leg (the pager's touchpad binding told to `catch`), driven at rest; the hold's end lets it settle
    /// from there, from rest, to the nearest page (issue 32).
    @Test func aTouchpadHoldCatchesARunningLegAndItsEndSettlesIt() throws {
        let mock = try MockedDevice(.touchpad)
        defer { mock.removeFolder() }
        let daemon = try DaemonProcess(
            config: "defaults = true\n[bindings.pager-swipe]\ncatch = true\n", inputBackend: "libinput",
            wrapper: mock.wrapper)
        let rpc = try daemon.connect()
        _ = try rpc.ok("subscribe", ["transitions": ["pager"], "events": ["state", "input-events"]])
        defer { mock.stop(rpc) }
        _ = try rpc.ok("transition.animate", ["name": "pager", "to": 1, "timing": "linear", "duration": 60])
        let (_, began) = try rpc.notification(where: { method, _ in method == .began })
        let startTime = try #require(began["leg"]?["startTime"]?.number)
        try mock.plugIn(MockedDevice.threeFingerSwipe(step: 0, frames: 60))
        let events = try rpc.notifications(until: { method, _ in method == .ended }, timeout: 20)
        let kinds = events.compactMap { $0.0 == .inputEvent ? $0.1["event"]?["kind"]?.string : $0.0?.rawValue }
        let holdBegin = try #require(kinds.firstIndex(of: "hold-begin"), "libinput reported a hold: \(kinds)")
        let caughtAt = try #require(kinds.firstIndex(of: "transition.leg"))
        let holdEnd = try #require(kinds.firstIndex(of: "hold-end"))
        #expect(holdBegin < caughtAt && caughtAt < holdEnd, "\(kinds)")
        let legs = events.filter { $0.0 == .leg }.map(\.1)
        try #require(legs.count == 2, "caught, then settling: \(kinds)")
        let caught = legs[0], settling = legs[1]
        let time = try #require(caught["time"]?.number), progress = try #require(caught["progress"]?.number)
        #expect(caught["leg"]?["kind"] == "driven" && caught["velocity"] == 0)
        #expect(abs(progress - (time - startTime) / 60) <= 1e-9, "stopped at the leg's own value")
        #expect(
            settling["leg"]?["kind"] == "spring" && settling["leg"]?["velocity"] == 0
                && settling["progress"]?.number == progress)
        let ended = try #require(events.last?.1)
        #expect(ended["snap"] == 0 && ended["position"] == "start", "from \(progress) the nearest page is the first")
    }
}

/// A touchscreen or touchpad mocked by umockdev for one animd, replaying the evdev events it is given (`touches`,
/// `threeFingerSwipe`) 1 s after animd opens the device. The device appears when the test plugs it in.
struct MockedDevice {
    enum Kind {
        /// `twinReplay`: a touchscreen like the first with `ABS_MT_TOOL_TYPE`, as a relay's twin has it, under a
        /// name of its own, which replays a recorded twin's stream to a real libinput (ExclusiveTouchTests).
        case touchscreen, touchpad, tabletSwitch, twinReplay

        var fixture: String {
            switch self {
            case .touchscreen: "touchscreen"
            case .touchpad: "touchpad"
            case .tabletSwitch: "tablet-switch"
            case .twinReplay: "twin-replay"
            }
        }
        /// The node's number; its device number as the fixture's sysfs entry gives it is 13:(64 + that).
        private var number: Int {
            switch self {
            case .touchscreen: 50
            case .touchpad: 51
            case .tabletSwitch: 52
            case .twinReplay: 53
            }
        }
        var node: String { "/dev/input/event\(number)" }
        var deviceNumber: String { "13:\(64 + number)" }
        var udevProperty: String {
            switch self {
            case .touchscreen, .twinReplay: "ID_INPUT_TOUCHSCREEN"
            case .touchpad: "ID_INPUT_TOUCHPAD"
            case .tabletSwitch: "ID_INPUT_SWITCH"
            }
        }
        var sysfsPath: String { "/sys/devices/virtual/input/input\(number)/event\(number)" }
    }

    /// One finger on the touchscreen: down from frame `from` to frame `to` (of 17, 10 ms apart, or as many as the
    /// latest stroke needs), moving along its points (in the unit square) in between.
    struct Stroke {
        var from = 0
        var to = 16
        var points: [(Double, Double)]
    }

    static let fixtures = Binaries.repo.appendingPathComponent("Tests/LibinputFixtures").path
    static var installed: Bool {
        // umockdev-run stands for its package, which also ships the preload library; the header is libumockdev-dev's.
        getuid() == 0
            && ["/usr/bin/umockdev-run", "/usr/bin/unshare", "/usr/bin/cc", "/usr/bin/pkg-config"]
                .allSatisfy { FileManager.default.isExecutableFile(atPath: $0) }
            && FileManager.default.fileExists(atPath: "/usr/include/umockdev-1.0/umockdev.h")
    }

    let folder: String
    let wrapper: [String]
    private let eventsPath: String
    private let unplugPath: String

    /// A device that `plugIn` plugs in, and that `unplug` removes when `unpluggable`.
    init(_ kind: Kind, unpluggable: Bool = false) throws {
        let folder = try DaemonProcess.makeFolder()
        (self.folder, eventsPath, unplugPath) = (folder, folder + "/device.events", folder + "/unplug")
        try Self.shell("cc -shared -fPIC -O2 -o '\(folder)/evdev-node.so' '\(Self.fixtures)/evdev-node.c' -ldl")
        try Self.shell(
            "cc -O2 -o '\(folder)/mockhost' '\(Self.fixtures)/mockhost.c' $(pkg-config --cflags --libs umockdev-1.0)")
        let mocked = "\(Self.fixtures)/\(kind.fixture)"
        let script =
            Self.udevPrelude(kind) + """
                exec env LD_PRELOAD=libumockdev-preload.so.0 \(folder)/mockhost \(mocked).umockdev \(kind.node) \(mocked).ioctl \\
                    \(eventsPath) \(kind.sysfsPath) \(unpluggable ? unplugPath : "-") 120 \(folder)/evdev-node.so -- "$@"
                """
        try script.write(toFile: folder + "/run.sh", atomically: true, encoding: .utf8)
        wrapper = ["/usr/bin/unshare", "-m", "/bin/sh", folder + "/run.sh"]
    }

    /// Plugs the device in: animd sees it appear, and umockdev replays `events` once animd opens it. Called after
    /// the test has subscribed, so that nothing happens before it listens, however slowly animd starts.
    func plugIn(_ events: String) throws {
        try events.write(toFile: eventsPath, atomically: true, encoding: .utf8)
    }

    /// Unplugs the device: umockdev removes it and sends its "remove" uevent.
    func unplug() throws {
        try "".write(toFile: unplugPath, atomically: true, encoding: .utf8)
    }

    /// The start of a host's script. umockdev 0.17.16 reads udev's database from the real /run/udev: a tmpfs over
    /// it, in a mount namespace of animd's own, says the mocked node is initialized, an input device of its kind,
    /// on the seat.
    static func udevPrelude(_ kind: Kind) -> String {
        """
        set -e
        mkdir -p /run/udev
        mount -t tmpfs animd-test /run/udev
        mkdir /run/udev/data
        printf 'I:1\\nE:ID_INPUT=1\\nE:\(kind.udevProperty)=1\\nG:seat\\nQ:seat\\nV:1\\n' > /run/udev/data/c\(kind.deviceNumber)

        """
    }

    static func shell(_ command: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw HarnessError("failed: \(command)") }
    }

    /// animd is stopped by its own pid: the harness's process is its host.
    func stop(_ rpc: RPCConnection) {
        if let pid = (try? rpc.ok("daemon.hello"))?["pid"]?.number { kill(pid_t(pid), SIGTERM) }
    }

    /// Removes the host, the preload and the events: deferred as soon as the device exists, so that a test that
    /// fails before animd answers leaves nothing behind either.
    func removeFolder() { try? FileManager.default.removeItem(atPath: folder) }

    /// evemu lines ("E: sec.usec type code value"), written by `frame`s 10 ms apart after a lone SYN_REPORT (libinput
    /// drains what is queued when it opens the device) and 1 s of quiet. Their times count from 0: evdev-node.c
    /// moves them onto the clock as animd reads them, as the kernel would have stamped them.
    struct EventWriter {
        private var time = 0.0
        private(set) var lines: [String] = []
        static let (synReport, key, abs) = (0, 1, 3)
        static let (slotAxis, trackingID, positionX, positionY) = (0x2f, 0x39, 0x35, 0x36)
        static let (btnTouch, btnToolTripletap, btnToolQuadtap) = (0x14a, 0x14e, 0x14f)

        init() {
            add(Self.synReport, 0, 0)
            time += 1
        }

        mutating func add(_ type: Int, _ code: Int, _ value: Int) {
            lines.append(
                String(
                    format: "E: %d.%06d %04x %04x %d", Int(time), Int((time - time.rounded(.down)) * 1e6), type, code,
                    value))
        }

        /// Ends a frame with SYN_REPORT; the next starts 10 ms later.
        mutating func frame() {
            add(Self.synReport, 0, 0)
            time += 0.01
        }

        var text: String { lines.joined(separator: "\n") + "\n" }
    }

    /// A touchscreen's strokes, on axes of 0 … 4095.
    static func touches(_ strokes: [Stroke]) -> String {
        var writer = EventWriter()
        var down = 0
        for frame in 0...max(16, strokes.map(\.to).max() ?? 16) {
            let downBefore = down
            for (slot, stroke) in strokes.enumerated()
            where (stroke.from...stroke.to).contains(frame) && !stroke.points.isEmpty {
                writer.add(EventWriter.abs, EventWriter.slotAxis, slot)
                if frame == stroke.to {
                    writer.add(EventWriter.abs, EventWriter.trackingID, -1)
                    down -= 1
                    continue
                }
                // Linear along the points, from the first at `from` to the last at `to - 1`.
                let k =
                    Double(frame - stroke.from) / Double(max(1, stroke.to - 1 - stroke.from))
                    * Double(stroke.points.count - 1)
                let i = min(Int(k.rounded(.down)), stroke.points.count - 1)
                let a = stroke.points[i], b = stroke.points[min(stroke.points.count - 1, i + 1)]
                let f = k - Double(i)
                if frame == stroke.from {
                    writer.add(EventWriter.abs, EventWriter.trackingID, slot + 1)
                    down += 1
                }
                writer.add(EventWriter.abs, EventWriter.positionX, Int(((a.0 + (b.0 - a.0) * f) * 4096).rounded()))
                writer.add(EventWriter.abs, EventWriter.positionY, Int(((a.1 + (b.1 - a.1) * f) * 4096).rounded()))
            }
            // BTN_TOUCH follows whether any finger is down, as the kernel's multitouch core reports it.
            if downBefore == 0 && down > 0 { writer.add(EventWriter.key, EventWriter.btnTouch, 1) }
            if downBefore > 0 && down == 0 { writer.add(EventWriter.key, EventWriter.btnTouch, 0) }
            writer.frame()
        }
        return writer.text
    }

    /// Three fingers side by side mid-pad, moving `step` units of x per frame for `frames` frames, then lifted: the
    /// touchpad's axes are 0 … 4000 at 40 units per mm.
    static func threeFingerSwipe(step: Int, frames: Int) -> String {
        var writer = EventWriter()
        var xs = [1500, 1800, 2100]
        for (slot, x) in xs.enumerated() {
            writer.add(EventWriter.abs, EventWriter.slotAxis, slot)
            writer.add(EventWriter.abs, EventWriter.trackingID, slot + 1)
            writer.add(EventWriter.abs, EventWriter.positionX, x)
            writer.add(EventWriter.abs, EventWriter.positionY, 1200)
        }
        writer.add(EventWriter.key, EventWriter.btnTouch, 1)
        writer.add(EventWriter.key, EventWriter.btnToolTripletap, 1)
        writer.frame()
        for _ in 0..<frames {
            xs = xs.map { $0 + step }
            for (slot, x) in xs.enumerated() {
                writer.add(EventWriter.abs, EventWriter.slotAxis, slot)
                writer.add(EventWriter.abs, EventWriter.positionX, x)
            }
            writer.frame()
        }
        for slot in xs.indices {
            writer.add(EventWriter.abs, EventWriter.slotAxis, slot)
            writer.add(EventWriter.abs, EventWriter.trackingID, -1)
        }
        writer.add(EventWriter.key, EventWriter.btnTouch, 0)
        writer.add(EventWriter.key, EventWriter.btnToolTripletap, 0)
        writer.frame()
        return writer.text
    }
}
