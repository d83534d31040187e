import AnimClient
import AnimProtocol
import Foundation
import JSONText
import Testing

/// A mocked touchscreen and a mocked /dev/uinput for one animd with exclusive touch (issue 59), hosted by
/// Tests/LibinputFixtures/relayhost.c: the test plugs the touchscreen in, writes its events frame by frame, and
/// reads what the relay did to /dev/uinput, the twin, event by event.
struct RelayedTouchscreen {
    let folder: String
    let wrapper: [String]
    private var next = 1

    /// `restarts`: animd is run that many times more after it ends (the restart test kills it).
    init(restarts: Int = 0) throws {
        folder = try DaemonProcess.makeFolder()
        let fixtures = MockedDevice.fixtures
        try MockedDevice.shell("cc -shared -fPIC -O2 -o '\(folder)/evdev-node.so' '\(fixtures)/evdev-node.c' -ldl")
        try MockedDevice.shell(
            "cc -O2 -o '\(folder)/relayhost' '\(fixtures)/relayhost.c' $(pkg-config --cflags --libs umockdev-1.0)")
        let kind = MockedDevice.Kind.touchscreen
        let mocked = "\(fixtures)/\(kind.fixture)"
        let script =
            MockedDevice.udevPrelude(kind) + """
                env LD_PRELOAD=libumockdev-preload.so.0 \(folder)/relayhost \(folder) \(mocked).umockdev \(kind.node) \(mocked).ioctl \\
                    \(kind.sysfsPath) 300 \(folder)/evdev-node.so -- /bin/sh -c 'for run in $(seq \(restarts + 1)); do "$@" || true; done' animd "$@" || echo "relayhost exited $?" >&2
                """
        try script.write(toFile: folder + "/run.sh", atomically: true, encoding: .utf8)
        wrapper = ["/usr/bin/unshare", "-m", "/bin/sh", folder + "/run.sh"]
    }

    func plugIn() throws { try "".write(toFile: folder + "/plug", atomically: true, encoding: .utf8) }

    /// Unplugs the touchscreen (umockdev removes it and sends its "remove" uevent).
    func unplug() throws { try "".write(toFile: folder + "/unplug", atomically: true, encoding: .utf8) }

    /// Ends animd (however many times it was restarted), its relay and the host.
    func stop() { try? "".write(toFile: folder + "/stop", atomically: true, encoding: .utf8) }

    /// Writes one evdev frame (its SYN_REPORT added) and waits until the host has written it to the touchscreen.
    mutating func write(_ events: [(Int, Int, Int)]) throws {
        let path = folder + "/events-\(next)"
        let text = (events + [(0, 0, 0)]).map { "\($0.0) \($0.1) \($0.2)" }.joined(separator: "\n") + "\n"
        try text.write(toFile: path + ".tmp", atomically: true, encoding: .utf8)
        try FileManager.default.moveItem(atPath: path + ".tmp", toPath: path)
        next += 1
        try waitUntil("the host writes \(path)") { !FileManager.default.fileExists(atPath: path) }
    }

    /// Frames 10 ms apart, as a touchscreen reports.
    mutating func write(frames: [[(Int, Int, Int)]]) throws {
        for frame in frames {
            try write(frame)
            usleep(10_000)
        }
    }

    var log: [String] {
        ((try? String(contentsOfFile: folder + "/twin.log", encoding: .utf8)) ?? "").split(separator: "\n").map(
            String.init)
    }

    /// The events written to the twin, as (type, code, value), in order.
    var twinEvents: [TwinEvent] {
        log.compactMap { line in
            let words = line.split(separator: " ")
            guard words.first == "event", words.count == 5, let time = Int(words[1]), let type = Int(words[2]),
                let code = Int(words[3]),
                let value = Int(words[4])
            else { return nil }
            return TwinEvent(time: time, type: type, code: code, value: value)
        }
    }

    /// The twin's events in frames, each up to its SYN_REPORT (left out).
    var twinFrames: [[Event]] {
        var frames: [[Event]] = [], frame: [Event] = []
        for event in twinEvents {
            if event.type == 0 && event.code == 0 {
                frames.append(frame)
                frame = []
            } else {
                frame.append(Event(event.type, event.code, event.value))
            }
        }
        return frames
    }

    struct TwinEvent: Hashable {
        var time: Int, type: Int, code: Int, value: Int
    }

    struct Event: Hashable, CustomStringConvertible {
        var type: Int, code: Int, value: Int
        init(_ type: Int, _ code: Int, _ value: Int) { self.type = type; self.code = code; self.value = value }
        var description: String { "(\(type) \(code) \(value))" }
    }

    /// Waits until the twin has `count` frames.
    func awaitTwinFrames(_ count: Int, timeout: Double = 10) throws -> [[Event]] {
        var frames: [[Event]] = []
        try waitUntil("\(count) twin frames (\(twinFrames.count): \(twinFrames))", timeout: timeout) {
            frames = twinFrames
            return frames.count >= count
        }
        return frames
    }

    /// Waits until input.status's touch detail contains `text` (asked again every 50 ms: notifications of other
    /// kinds stay queued for the test).
    static func awaitTouchDetail(_ rpc: RPCConnection, containing text: String) throws {
        var detail = ""
        try waitUntil("the touch detail says \(text)", timeout: 20) {
            detail = try rpc.ok("daemon.hello")["input"]?["sources"]?["touch"]?["detail"]?.string ?? ""
            if detail.contains(text) { return true }
            usleep(50_000)
            return false
        }
    }

    func removeFolder() { try? FileManager.default.removeItem(atPath: folder) }

    // MARK: - Frames

    static let (abs, key) = (3, 1)
    static let (slot, trackingID, x, y, btnTouch) = (0x2f, 0x39, 0x35, 0x36, 0x14a)

    /// A finger landing in `slot` at (x, y) with tracking id `id`.
    static func down(_ slot: Int, _ id: Int, _ x: Int, _ y: Int) -> [(Int, Int, Int)] {
        [(abs, Self.slot, slot), (abs, trackingID, id), (abs, Self.x, x), (abs, Self.y, y)]
    }

    static func move(_ slot: Int, _ x: Int, _ y: Int) -> [(Int, Int, Int)] {
        [(abs, Self.slot, slot), (abs, Self.x, x), (abs, Self.y, y)]
    }

    static func up(_ slot: Int) -> [(Int, Int, Int)] { [(abs, Self.slot, slot), (abs, trackingID, -1)] }

    static func touch(_ down: Bool) -> [(Int, Int, Int)] { [(key, btnTouch, down ? 1 : 0)] }
}
