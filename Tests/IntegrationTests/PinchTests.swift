import AnimClient
import AnimProtocol
import Foundation
import JSONText
import Testing
import XorgInputTest

/// Pinch bindings (issue 45) through a real X server's input: XI 2.4 touchpad pinches and XI2 touches from Xorg's
/// inputtest driver, read by a live animd whose config binds a pinch to a transition of its own.
@Suite(
    .serialized,
    .enabled(
        if: HeadlessXorg.installed, "needs root and Xorg with the dummy and inputtest drivers (scripts/install-deps.sh)"
    ))
struct PinchTests {
    /// The default config, with a `zoom` transition that a two-finger touchpad pinch in drives (the default's
    /// `overview` takes four fingers there, and three on the glass, where the pager's pan takes three too).
    static func config() throws -> String {
        try String(contentsOf: Binaries.repo.appendingPathComponent("config/animd.toml"), encoding: .utf8) + """

            [transitions.zoom]
            snap-points = [0, 1]

            [bindings.zoom-touchpad]
            transition = "zoom"
            gesture = "pinch"
            increases = "in"
            min-touches = 2
            max-touches = 2
            sources = ["touchpad"]

            """
    }

    /// The touchpad's pinch, by the scale XI 2.4 reports (each a sixteenth, exact in the protocol's fixed point): it
    /// begins at 0.75, the first past ln 1.15, and the zoom's progress is then ln(0.75 / scale) / ln 2.
    @Test func aTouchpadPinchDrivesItsTransitionByTheLogOfItsScale() throws {
        let xorg = try HeadlessXorg()
        let (daemon, rpc, input) = try TouchTests.start(try Self.config(), on: xorg)
        #expect(input["sources"]?["touchpad"]?["state"] == "active")
        _ = try rpc.ok("subscribe", ["transitions": ["zoom"], "events": ["progress", "state"]])
        try xorg.touchpad.pinch(.begin, fingers: 2)
        for scale in [0.9375, 0.875, 0.75, 0.625, 0.5] {
            usleep(8000)
            try xorg.touchpad.pinch(.update, fingers: 2, scale: scale)
        }
        try xorg.touchpad.pinch(.end, fingers: 2, scale: 0.5)
        try xorg.touchpad.sync()
        let events = try rpc.notifications(until: { method, _ in method == .ended })
        #expect(events.first { $0.0 == .began }?.1["gesture"] == "zoom-touchpad")
        let frames = events.filter { $0.0 == .progress && $0.1["phase"] == "interactive" }.compactMap {
            $0.1["progress"]?.number
        }
        let expected = [0.625, 0.5].map { log(0.75 / $0) / log(2) }
        #expect(
            frames.count == expected.count && zip(frames, expected).allSatisfy { abs($0 - $1) < 1e-6 },
            "\(frames) vs \(expected)")
        withExtendedLifetime(daemon) {}
    }

    /// The default `overview-touchpad`: an XI 2.4 pinch of four fingers closing to half opens the overview, which
    /// rests at snap 1; the same with two fingers is the zoom's, and three are neither's.
    @Test(arguments: [(4, "overview-touchpad"), (2, "zoom-touchpad")]) func theTouchpadsFingersChooseTheBinding(
        _ fingers: Int, _ binding: String
    ) throws {
        let xorg = try HeadlessXorg()
        let (daemon, rpc, _) = try TouchTests.start(try Self.config(), on: xorg)
        _ = try rpc.ok("subscribe", ["transitions": ["overview", "zoom"], "events": ["state"]])
        for count in [3, fingers] {
            try xorg.touchpad.pinch(.begin, fingers: UInt16(count))
            for scale in [0.875, 0.75, 0.625, 0.5] {
                usleep(8000)
                try xorg.touchpad.pinch(.update, fingers: UInt16(count), scale: scale)
            }
            try xorg.touchpad.pinch(.end, fingers: UInt16(count), scale: 0.5)
        }
        try xorg.touchpad.sync()
        let events = try rpc.notifications(until: { method, _ in method == .ended })
        let began = events.filter { $0.0 == .began }
        #expect(
            began.count == 1 && began.first?.1["gesture"] == .string(binding),
            "three fingers begin nothing: \(began.map(\.1))")
        #expect(events.last?.1["snap"] == 1)
        withExtendedLifetime(daemon) {}
    }

    /// Three fingers on the glass closing from 200 px to 100 px about their centre, 10 px a step: the default
    /// overview's pinch, not the pager's three-finger pan, takes them. It begins at the end of the step that passes
    /// 15 % (170 px, the first at or below 200 / 1.15 = 174), so the overview ends its drive at ln(170 / 100) / ln 2.
    @Test func threeFingersClosingOnTheGlassArePinchNotPan() throws {
        let xorg = try HeadlessXorg()
        let (daemon, rpc, _) = try TouchTests.start(try Self.config(), on: xorg)
        _ = try rpc.ok("subscribe", ["transitions": ["overview", "pager"], "events": ["progress", "state"]])
        let centre = (960.0, 540.0)
        func place(_ finger: Int, _ radius: Double) -> (Double, Double) {
            let angle = Double(finger) * 2 * .pi / 3
            return (centre.0 + radius * cos(angle), centre.1 + radius * sin(angle))
        }
        for finger in 0..<3 {
            let (x, y) = place(finger, 200)
            try xorg.touchscreen.touch(.begin, id: UInt32(finger + 1), x: x, y: y)
        }
        for step in 1...10 {
            usleep(8000)
            for finger in 0..<3 {
                let (x, y) = place(finger, 200 - 10 * Double(step))
                try xorg.touchscreen.touch(.update, id: UInt32(finger + 1), x: x, y: y)
            }
        }
        try xorg.touchscreen.sync()
        let events = try rpc.notifications(until: { method, params in
            method == .progress && params["name"] == "overview"
                && (params["progress"]?.number ?? 0) >= log(170.0 / 100) / log(2) - 0.01
        })
        #expect(
            events.first { $0.0 == .began }?.1["gesture"] == "overview-pinch",
            "the overview's pinch began, not the pager: \(events.map { $0.1["name"] ?? .null })")
        for finger in 0..<3 {
            let (x, y) = place(finger, 100)
            try xorg.touchscreen.touch(.end, id: UInt32(finger + 1), x: x, y: y)
        }
        try xorg.touchscreen.sync()
        let rest = try rpc.notifications(until: { method, params in method == .ended && params["name"] == "overview" })
        let driven = (events + rest).filter { $0.0 == .progress && $0.1["phase"] == "interactive" }.compactMap {
            $0.1["progress"]?.number
        }
        let last = try #require(driven.last)
        #expect(abs(last - log(170.0 / 100) / log(2)) < 0.01, "\(last)")
        #expect(!(events + rest).contains { $0.0 == .began && $0.1["name"] == "pager" })
        withExtendedLifetime(daemon) {}
    }
}
