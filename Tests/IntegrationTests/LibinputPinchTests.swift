import AnimClient
import AnimProtocol
import Foundation
import JSONText
import Testing

/// Pinches through a real libinput (issue 45), on umockdev's mocked touchscreen and touchpad, with the default
/// config's `overview`: three fingers closing on the glass, read by animd from libinput's touches; three closing on the
/// touchpad, which libinput itself makes a pinch of, with its own scale.
@Suite(
    .serialized,
    .enabled(
        if: MockedDevice.installed,
        "needs root (a mount namespace) and umockdev, cc, pkg-config (scripts/install-deps.sh)"))
struct LibinputPinchTests {
    /// Three fingers about the middle of the glass, closing from 0.15 to 0.07 of its size from their centre over 15
    /// frames (one frame's reports for all three): the default `overview-pinch` takes them, not the pager's pan.
    /// Its slop (ln 1.15) is passed at frame 4, radius 0.1287, so its last driven frame is ln(0.1287 / 0.07) / ln 2.
    @Test func threeFingersClosingOnTheGlassOpenTheOverview() throws {
        let mock = try MockedDevice(.touchscreen)
        defer { mock.removeFolder() }
        let daemon = try DaemonProcess(inputBackend: "libinput", wrapper: mock.wrapper)
        let rpc = try daemon.connect()
        _ = try rpc.ok("subscribe", ["transitions": ["overview", "pager"], "events": ["progress", "state"]])
        defer { mock.stop(rpc) }
        func at(_ finger: Int, _ radius: Double) -> (Double, Double) {
            let angle = Double(finger) * 2 * .pi / 3
            return (0.5 + radius * cos(angle), 0.5 + radius * sin(angle))
        }
        try mock.plugIn(
            MockedDevice.touches((0..<3).map { MockedDevice.Stroke(points: [at($0, 0.15), at($0, 0.07)]) }))
        let events = try rpc.notifications(
            until: { method, params in method == .ended && params["name"] == "overview" }, timeout: 20)
        #expect(
            events.first { $0.0 == .began }?.1["gesture"] == "overview-pinch", "\(events.map { $0.1["name"] ?? .null })"
        )
        #expect(!events.contains { $0.0 == .began && $0.1["name"] == "pager" })
        let driven = events.filter { $0.0 == .progress && $0.1["phase"] == "interactive" }.compactMap {
            $0.1["progress"]?.number
        }
        let radiusAtBegin = 0.15 - 0.08 * 4 / 15
        let expected = log(radiusAtBegin / 0.07) / log(2)
        #expect(
            abs((driven.last ?? .nan) - expected) < 0.01,
            "last driven \(driven.last ?? .nan), the formula's \(expected)")
    }

    /// Fingers closing toward their centre mid-pad: libinput reports a pinch of that many fingers, and
    /// `overview-touchpad` follows its scale: from the first past 1/1.15, each frame's progress is
    /// ln(that scale / the frame's) / ln 2, with libinput's own scales as the reference (each pinch stays short of
    /// progress 1, past which the rubber band would take over). Four fingers are the
    /// default's, two by two in the pad's upper half; three, at the corners of a triangle, with the binding told to
    /// take three. (Four at the corners of a square reaching the pad's lower third give no gesture from libinput at
    /// all, which its thumb detection may explain; not looked into further.)
    @Test(arguments: [3, 4]) func fingersClosingOnTheTouchpadOpenTheOverview(fingers: Int) throws {
        let mock = try MockedDevice(.touchpad)
        defer { mock.removeFolder() }
        let config =
            fingers == 4
            ? "defaults = true\n" : "defaults = true\n[bindings.overview-touchpad]\nmin-touches = 3\nmax-touches = 3\n"
        let daemon = try DaemonProcess(config: config, inputBackend: "libinput", wrapper: mock.wrapper)
        let rpc = try daemon.connect()
        _ = try rpc.ok("subscribe", ["transitions": ["overview"], "events": ["progress", "state", "input-events"]])
        defer { mock.stop(rpc) }
        let corners = fingers == 4 ? [(-1, -1), (1, -1), (-1, 0), (1, 0)] : [(-1, -1), (1, -1), (0, 1)]
        try mock.plugIn(
            Self.pinch(corners: corners, from: fingers == 4 ? 700 : 900, to: fingers == 4 ? 400 : 250, frames: 20))
        let events = try rpc.notifications(
            until: { method, params in method == .ended && params["name"] == "overview" }, timeout: 20)
        let pinches = events.filter { $0.0 == .inputEvent && $0.1["event"]?["kind"] == "pinch-update" }
        #expect(pinches.first?.1["event"]?["fingers"] == .number(Double(fingers)), "\(pinches.first?.1 ?? .null)")
        #expect(events.first { $0.0 == .began }?.1["gesture"] == "overview-touchpad")
        let scales = pinches.compactMap { $0.1["event"]?["scale"]?.number }
        let begun = try #require(scales.firstIndex { abs(log($0)) >= log(1.15) }, "libinput's scales: \(scales)")
        let expected = scales[(begun + 1)...].map { log(scales[begun] / $0) / log(2) }
        let driven = events.filter { $0.0 == .progress && $0.1["phase"] == "interactive" }.compactMap {
            $0.1["progress"]?.number
        }
        #expect(
            driven.count == expected.count && zip(driven, expected).allSatisfy { abs($0 - $1) < 1e-6 },
            "\(driven) vs \(expected)")
    }

    /// Fingers at `corners` about the point (2000, 1500) of the pad (its axes are 0 … 4000 and 0 … 2500), `from`
    /// units from it across (three quarters of that up and down), closing to `to` over `frames` frames, then lifted.
    /// The kernel's BTN_TOOL_TRIPLETAP or QUADTAP says how many fingers are down.
    static func pinch(corners: [(Int, Int)], from: Int, to: Int, frames: Int) -> String {
        var writer = MockedDevice.EventWriter()
        let tool =
            corners.count == 4 ? MockedDevice.EventWriter.btnToolQuadtap : MockedDevice.EventWriter.btnToolTripletap
        func place(_ offset: Int) {
            for (slot, corner) in corners.enumerated() {
                writer.add(MockedDevice.EventWriter.abs, MockedDevice.EventWriter.slotAxis, slot)
                writer.add(MockedDevice.EventWriter.abs, MockedDevice.EventWriter.positionX, 2000 + corner.0 * offset)
                writer.add(
                    MockedDevice.EventWriter.abs, MockedDevice.EventWriter.positionY, 1500 + corner.1 * offset * 3 / 4)
            }
        }
        for slot in corners.indices {
            writer.add(MockedDevice.EventWriter.abs, MockedDevice.EventWriter.slotAxis, slot)
            writer.add(MockedDevice.EventWriter.abs, MockedDevice.EventWriter.trackingID, slot + 1)
        }
        place(from)
        writer.add(MockedDevice.EventWriter.key, MockedDevice.EventWriter.btnTouch, 1)
        writer.add(MockedDevice.EventWriter.key, tool, 1)
        writer.frame()
        for frame in 1...frames {
            place(from + (to - from) * frame / frames)
            writer.frame()
        }
        for slot in corners.indices {
            writer.add(MockedDevice.EventWriter.abs, MockedDevice.EventWriter.slotAxis, slot)
            writer.add(MockedDevice.EventWriter.abs, MockedDevice.EventWriter.trackingID, -1)
        }
        writer.add(MockedDevice.EventWriter.key, MockedDevice.EventWriter.btnTouch, 0)
        writer.add(MockedDevice.EventWriter.key, tool, 0)
        writer.frame()
        return writer.text
    }

}
