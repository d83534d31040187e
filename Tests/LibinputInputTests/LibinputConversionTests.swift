import AnimProtocol
import Foundation
import Gestures
import Testing
import UnixSupport

@testable import LibinputInput

/// libinput-shaped values (slots, transformed positions, gesture deltas, the cancelled flag, device removal) go
/// through the converter and come out as the traces' own InputEvents, which the arena decides as it decides the
/// traces.
struct LibinputConversionTests {
    static let traces = [
        "flick-constant", "flick-accelerating", "flick-decelerating", "edge-slow-drag", "edge-short-slow-drag",
        "hold-then-release", "left-edge-vertical", "outside-zone", "one-finger-pan", "two-finger-pan", "edge-cancel",
    ]
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("GesturesTests/Traces")
    static let edges = Edge.allCases.map {
        RecognizerSpec(name: "\($0)-edge", kind: .edgePan(EdgePanOptions(edge: $0)), sources: [.touch])
    }
    static let device = 7

    /// Each trace event as libinput reports it: touches by slot (the trace's id, offset), up and cancel without a
    /// position (the converter keeps the last one).
    static func records(_ trace: [InputEvent]) -> [LibinputRecord] {
        trace.compactMap { event in
            switch event.kind {
            case let .touchDown(id):
                .touchDown(device: device, slot: Int32(id + 40), at: event.location, time: event.time)
            case let .touchMove(id):
                .touchMotion(device: device, slot: Int32(id + 40), at: event.location, time: event.time)
            case let .touchUp(id): .touchUp(device: device, slot: Int32(id + 40), time: event.time)
            case let .touchCancel(id): .touchCancel(device: device, slot: Int32(id + 40), time: event.time)
            default: nil
            }
        }
    }

    @Test(arguments: traces) func tracesComeOutUnchanged(name: String) throws {
        let trace = try Trace.decode(
            String(contentsOf: Self.folder.appendingPathComponent(name + ".jsonl"), encoding: .utf8))
        try #require(!trace.isEmpty)
        var converter = LibinputConverter(gestureLocation: Point(x: 960, y: 540))
        let converted = Self.records(trace).flatMap { converter.convert($0) }
        try #require(converted.count == trace.count)
        var ids: [Int: Int] = [:]
        for (original, event) in zip(trace, converted) {
            #expect(event.time == original.time)
            func mapped(_ id: Int) -> Int {
                if let known = ids[id] { return known }
                ids[id] = ids.count + 1
                return ids.count
            }
            switch (original.kind, event.kind) {
            case let (.touchDown(a), .touchDown(b)), let (.touchMove(a), .touchMove(b)), let (.touchUp(a), .touchUp(b)),
                let (.touchCancel(a), .touchCancel(b)):
                #expect(mapped(a) == b)
            default:
                Issue.record("\(original.kind) became \(event.kind)")
            }
            if case .touchDown = original.kind { #expect(event.location == original.location) }
            if case .touchMove = original.kind { #expect(event.location == original.location) }
        }
        var reference = GestureArena(recognizers: Self.edges, geometry: .fallback)
        var arena = GestureArena(recognizers: Self.edges, geometry: .fallback)
        // Ups carry the last motion's position, which is where the traces lift too; the arena decides the same.
        #expect(
            converted.map { arena.handle($0).map(Self.summary) } == trace.map { reference.handle($0).map(Self.summary) }
        )
        #expect(converter.openTouchCount == 0)
    }

    static func summary(_ output: ArenaOutput) -> String {
        switch output {
        case let .claimed(sequence, _, touches): "claimed \(sequence) \(touches)"
        case let .released(sequence, _, touches): "released \(sequence) \(touches)"
        case let .landed(sequence, _, recognizers): "landed \(sequence) \(recognizers)"
        case let .gesture(u): "\(u.name) \(u.state) \(u.translation.x) \(u.translation.y) \(u.touchCount)"
        }
    }

    /// A device removed mid-touch cancels its touches at their last positions; another device's touch goes on.
    @Test func removalCancelsTheDevicesTouches() {
        var converter = LibinputConverter(gestureLocation: .zero)
        _ = converter.convert(.touchDown(device: 1, slot: 0, at: Point(x: 5, y: 500), time: 1))
        _ = converter.convert(.touchMotion(device: 1, slot: 0, at: Point(x: 80, y: 500), time: 1.01))
        _ = converter.convert(.touchDown(device: 2, slot: 0, at: Point(x: 900, y: 500), time: 1.02))
        #expect(
            converter.convert(.deviceRemoved(device: 1, time: 1.05))
                == [InputEvent(time: 1.05, kind: .touchCancel(id: 1), location: Point(x: 80, y: 500))])
        #expect(converter.convert(.touchUp(device: 2, slot: 0, time: 1.1)).map(\.kind) == [.touchUp(id: 2)])
        #expect(converter.convert(.touchUp(device: 1, slot: 0, time: 1.1)).isEmpty, "already cancelled")
        #expect(converter.openTouchCount == 0)
    }

    /// Touchpad swipes keep their finger count, deltas and cancelled flag; pinches their scale and summed rotation;
    /// holds their finger count and cancelled flag.
    @Test func touchpadGestures() {
        var converter = LibinputConverter(gestureLocation: Point(x: 960, y: 540))
        let events = [
            LibinputRecord.swipeBegin(fingers: 3, time: 0),
            .swipeUpdate(fingers: 3, delta: Point(x: -30, y: 1), time: 0.01),
            .swipeEnd(fingers: 3, cancelled: true, time: 0.02), .pinchBegin(fingers: 2, time: 1),
            .pinchUpdate(fingers: 2, delta: .zero, scale: 1.5, angleDelta: 10, time: 1.01),
            .pinchUpdate(fingers: 2, delta: .zero, scale: 1.25, angleDelta: -2.5, time: 1.02),
            .pinchEnd(fingers: 2, cancelled: false, time: 1.03),
            .holdBegin(fingers: 2, time: 2), .holdEnd(fingers: 2, cancelled: true, time: 2.5),
        ]
        .flatMap { converter.convert($0) }
        #expect(
            events.map(\.kind) == [
                .swipeBegin(fingers: 3), .swipeUpdate(fingers: 3, delta: Point(x: -30, y: 1)),
                .swipeEnd(fingers: 3, cancelled: true), .pinchBegin(fingers: 2),
                .pinchUpdate(fingers: 2, delta: .zero, scale: 1.5, rotation: 10),
                .pinchUpdate(fingers: 2, delta: .zero, scale: 1.25, rotation: 7.5),
                .pinchEnd(fingers: 2, cancelled: false),
                .holdBegin(fingers: 2), .holdEnd(fingers: 2, cancelled: true),
            ])
        #expect(events.allSatisfy { $0.location == Point(x: 960, y: 540) })
    }

    /// Numbers meet the ranges injected events meet: non-finite or absurd positions and deltas drop the event, finger
    /// counts outside 1…10 too, an absurd scale reads as unchanged and an absurd angle as no turn; -0 and the
    /// smallest subnormal are ordinary numbers.
    @Test func absurdValuesAreRangeChecked() {
        var converter = LibinputConverter(gestureLocation: .zero)
        for bad in [Double.nan, .infinity, 1e308, -1e308] {
            #expect(converter.convert(.touchDown(device: 1, slot: 0, at: Point(x: bad, y: 5), time: 0)).isEmpty)
            #expect(converter.convert(.swipeUpdate(fingers: 3, delta: Point(x: 0, y: bad), time: 0)).isEmpty)
        }
        for fingers in [0, -1, 11, Int.max] {
            #expect(converter.convert(.swipeBegin(fingers: fingers, time: 0)).isEmpty)
        }
        #expect(
            converter.convert(.touchDown(device: 1, slot: 0, at: Point(x: -0.0, y: .leastNonzeroMagnitude), time: 0))
                .count == 1)
        #expect(
            converter.convert(.touchDown(device: 1, slot: 0, at: Point(x: 1, y: 1), time: 0)).isEmpty,
            "a slot already down")
        _ = converter.convert(.pinchBegin(fingers: 2, time: 0))
        #expect(
            converter.convert(.pinchUpdate(fingers: 2, delta: .zero, scale: 1e308, angleDelta: .nan, time: 0)).map(
                \.kind)
                == [.pinchUpdate(fingers: 2, delta: .zero, scale: 1, rotation: 0)])
    }
}

/// A device node animd may not open: the status names the node, the cause and the fix; the source stays active
/// while another device of its kind works, and is unavailable when none does.
struct LibinputSourceStatusTests {
    @Test func unopenableDevicesAreNamedWithTheFix() {
        let denied = [(path: "/dev/input/event5", errno: EACCES)]
        let none = LibinputSourceStatus.make(
            seat: "seat0", wanted: true, kind: "touchscreen", found: [], failures: denied, fix: "the fix")
        #expect(none.state == .unavailable)
        #expect(
            none.detail
                == "libinput on seat0: 0 touchscreen(s); 1 device(s) could not be opened, first /dev/input/event5: Permission denied (EACCES);"
                + " the fix")
        let some = LibinputSourceStatus.make(
            seat: "seat1", wanted: true, kind: "touchpad", found: ["SYNA"], failures: denied)
        #expect(
            some.state == .active
                && some.detail.hasPrefix("libinput on seat1: 1 touchpad(s): SYNA; 1 device(s) could not be opened"))
        let other = LibinputSourceStatus.make(
            seat: "seat0", wanted: true, kind: "touchpad", found: [],
            failures: [(path: "/dev/input/event9", errno: ENODEV)])
        #expect(
            other.state == .unavailable && other.detail.hasSuffix("(errno \(ENODEV))"),
            "only EACCES points at the udev rule")
        #expect(
            LibinputSourceStatus.make(seat: "seat0", wanted: false, kind: "touchpad", found: [], failures: denied).state
                == .unused)
        let absent = LibinputSourceStatus.make(seat: "seat0", wanted: true, kind: "touchpad", found: [], failures: [])
        #expect(
            absent.state == .active
                && absent.detail
                    == "libinput on seat0: 0 touchpad(s): none present yet; one that appears is used at once",
            "a source with nothing to read says so, and takes a device that appears")
    }
}

/// The fix a device animd may not open names, for how animd was installed (issue 58: it named `make install` to people
/// who had installed the package).
struct DeviceAccessFixTests {
    static func advice(_ executable: String, files: Set<String>) -> String {
        DeviceAccessFix.advice(executable: executable) { files.contains($0) }
    }

    @Test func eachInstallGetsItsOwnFix() {
        let packaged = Self.advice("/usr/bin/animd", files: ["/usr/lib/udev/rules.d/70-animd-touch.rules"])
        #expect(
            packaged.hasPrefix(
                "animd's udev rule is installed (/usr/lib/udev/rules.d/70-animd-touch.rules) but not in force for this "
                    + "device yet: sudo udevadm control --reload && sudo udevadm trigger"), "\(packaged)")
        #expect(
            Self.advice("/usr/bin/animd", files: []).contains("sudo apt-get install --reinstall animd"),
            "the package's rule is missing")
        let personal = Self.advice(
            "/home/ana/.local/bin/animd", files: ["/home/ana/.local/share/animd/70-animd-touch.rules"])
        #expect(
            personal.hasPrefix(
                "install animd's udev rule for touchscreens, touchpads and tablet-mode switches: sudo install -m 0644 "
                    + "/home/ana/.local/share/animd/70-animd-touch.rules /etc/udev/rules.d/ && sudo udevadm control --reload"
            ), "\(personal)")
        let checkout = Self.advice("/src/animd/.build/debug/animd", files: ["/src/animd/udev/70-animd-touch.rules"])
        #expect(
            checkout.contains("sudo install -m 0644 /src/animd/udev/70-animd-touch.rules /etc/udev/rules.d/"),
            "\(checkout)")
        #expect(
            Self.advice("/opt/animd/bin/animd", files: ["/etc/udev/rules.d/70-animd-touch.rules"]).hasPrefix(
                "animd's udev rule is installed (/etc"))
    }

    /// The command the fix names is the one the package runs after it installs the rule.
    @Test func theFixAppliesTheRuleAsThePackageDoes() throws {
        let postinst = try String(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("debian/animd.postinst"), encoding: .utf8)
        let trigger = try #require(
            postinst.split(separator: "\n").first { $0.contains("udevadm trigger") }?.trimmingCharacters(
                in: .whitespaces))
        #expect(
            DeviceAccessFix.apply == "sudo udevadm control --reload && sudo "
                + trigger.replacingOccurrences(of: " || true", with: ""))
    }
}
