import Foundation
import Gestures
import Motion
import Testing
import TransitionModel

@testable import Transitions

/// Pinch and rotation bindings (issue 45) on the manual clock, through the config's own language: the progress at
/// each scale and angle from the formulas (ln(scale) / ln(1/factor) for a pinch in, degrees / angle for a rotation,
/// both since the recognizer began), the release velocity handed to the spring within 1 %, and a pinch, a rotation and
/// the default pager's pan and overview's pinch on the same three fingers.
struct EngineTransformTests {
    static let config = """
        [transitions.zoom]
        snap-points = [0, 1]
        timing = "spring(damping-ratio=1, response=0.4)"

        [transitions.dial]
        snap-points = [0, 1]
        timing = "spring(damping-ratio=1, response=0.4)"

        [bindings.zoom-in]
        transition = "zoom"
        gesture = "pinch"
        increases = "in"
        factor = 2
        min-touches = 2
        max-touches = 2
        sources = ["touch", "touchpad"]

        [bindings.dial-turn]
        transition = "dial"
        gesture = "rotate"
        increases = "clockwise"
        angle = 90
        min-touches = 3
        max-touches = 3

        """

    static func tester() throws -> EngineTester {
        EngineTester(config: try EngineTester.defaultConfig(adding: config))
    }

    static let centre = Point(x: 1000, y: 500)

    /// Fingers `radius` from the centre, evenly spread, turned `degrees` clockwise: one event per finger.
    static func hand(_ kind: (Int) -> InputEvent.Kind, count: Int, radius: Double, degrees: Double = 0, at time: Double)
        -> [InputEvent]
    {
        (0..<count).map { finger in
            let angle = (360 * Double(finger) / Double(count) + degrees) * .pi / 180
            return InputEvent(
                time: time, kind: kind(finger + 1),
                location: centre + Point(x: radius * cos(angle), y: radius * sin(angle)))
        }
    }

    /// The progress each of the engine's frames reported for `transition`, with the time of the input behind it.
    static func progress(of transition: String, in events: [EngineEvent]) -> [Double] {
        events.compactMap { event in
            if case let .progress(snapshot) = event, snapshot.name == transition, snapshot.phase == .interactive {
                return snapshot.progress
            }
            return nil
        }
    }

    /// Two fingers closing from 200 px from their centre, 7 px a step. A step's first finger alone never passes the
    /// slop, and its end at 172 px is the first past ln 1.15, so the pinch begins there; the zoom's progress at each
    /// completed step is then ln(172 / radius) / ln 2.
    @Test func aPinchInMovesTheProgressByTheLogOfItsScale() throws {
        var tester = try Self.tester()
        var events = Self.hand(InputEvent.Kind.touchDown, count: 2, radius: 200, at: 0)
        for step in 1...14 {
            events += Self.hand(
                InputEvent.Kind.touchMove, count: 2, radius: 200 - 7 * Double(step), at: Double(step) * 0.01)
        }
        let output = tester.inputs(
            events, decisions: [.claimed(sequence: 1, source: .touch, touches: [1, 2])], at: { $0.time })
        let frames = Self.progress(of: "zoom", in: output)
        // After the begin, each step gives two frames: its first finger's, and the completed step's.
        let completed = stride(from: 1, to: frames.count, by: 2).map { frames[$0] }
        let expected = (5...14).map { log(172 / (200 - 7 * Double($0))) / log(2) }
        #expect(frames.count == 2 * expected.count, "\(frames)")
        for (got, want) in zip(completed, expected) { #expect(abs(got - want) < 1e-9, "\(got) vs \(want)") }
        #expect(tester.engine.snapshot(of: "dial", at: 1)?.phase == .idle)
    }

    /// Fingers closing at a constant rate in log scale (k = 3 a second), then let go: the zoom's leg starts with the
    /// pinch's velocity in progress, k / ln 2, within 1 %, and heads for snap 1.
    @Test func theReleaseHandsThePinchsVelocityToTheSpring() throws {
        var tester = try Self.tester()
        let k = 3.0
        var events = Self.hand(InputEvent.Kind.touchDown, count: 2, radius: 200, at: 0)
        for step in 1...20 {
            let time = Double(step) * 0.008
            events += Self.hand(InputEvent.Kind.touchMove, count: 2, radius: 200 * exp(-k * time), at: time)
        }
        let end = 20 * 0.008
        events += Self.hand(InputEvent.Kind.touchUp, count: 2, radius: 200 * exp(-k * end), at: end)
        _ = tester.inputs(events, decisions: [.claimed(sequence: 1, source: .touch, touches: [1, 2])], at: { $0.time })
        let released = try #require(tester.engine.snapshot(of: "zoom", at: end))
        #expect(released.phase == .animating && released.target == 1)
        let expected = k / log(2)
        #expect(
            abs(released.velocity - expected) / expected < 0.01,
            "leg velocity \(released.velocity), the pinch's \(expected)")
        tester.runToEnd("zoom", from: end, position: .end, snap: 1)
    }

    /// Three fingers turning clockwise 3° a step, 120 px from their centre. A completed step has turned the hand
    /// exactly 3° more (each finger turned 3° about the same centre, however the centroid moved in between), so from
    /// one completed step to the next the dial's progress grows by 3 / 90, and it began past 10°.
    @Test func aRotationMovesTheProgressByItsAngle() throws {
        var tester = try Self.tester()
        var events = Self.hand(InputEvent.Kind.touchDown, count: 3, radius: 120, at: 0)
        for step in 1...30 {
            events += Self.hand(
                InputEvent.Kind.touchMove, count: 3, radius: 120, degrees: Double(step) * 3, at: Double(step) * 0.01)
        }
        let output = tester.inputs(
            events, decisions: [.claimed(sequence: 1, source: .touch, touches: [1, 2, 3])], at: { $0.time })
        let frames = Self.progress(of: "dial", in: output)
        let steps = Double(frames.count) / 3
        #expect(steps >= 25 && steps <= 27, "began about 10° in, a frame for each finger's move since: \(frames.count)")
        // The last frame is the completed 30th step; every third frame before it completed a step too.
        let completed = stride(from: frames.count - 1, through: 0, by: -3).map { frames[$0] }
        for (later, earlier) in zip(completed, completed.dropFirst()) {
            #expect(abs(later - earlier - 3.0 / 90) < 1e-9, "\(later) after \(earlier)")
        }
        // 90° turned, of which at least its 10° slop came before it began, and at most one step more.
        let last = frames.last ?? .nan
        #expect(last <= (90 - 10) / 90.0 + 1e-9 && last >= (90 - 13) / 90.0 - 1e-9, "\(last)")
        #expect(
            tester.engine.snapshot(of: "zoom", at: 1)?.phase == .idle
                && tester.engine.snapshot(of: "pager", at: 1)?.phase == .idle)
    }

    /// The same three fingers, bound three ways (the default pager's 3-finger pan, the default overview's 3-finger
    /// pinch, a 3-finger rotation): closing drives the overview, turning the dial, moving together the pager, and
    /// only that one.
    @Test(arguments: ["closing", "turning", "moving"]) func theFirstPastItsSlopDrivesItsTransition(_ motion: String)
        throws
    {
        var tester = try Self.tester()
        var events = Self.hand(InputEvent.Kind.touchDown, count: 3, radius: 120, at: 0)
        for step in 1...20 {
            let s = Double(step)
            var moved = Self.hand(
                InputEvent.Kind.touchMove, count: 3, radius: motion == "closing" ? 120 - 3 * s : 120,
                degrees: motion == "turning" ? 2 * s : 0, at: s * 0.01)
            if motion == "moving" {
                moved = moved.map {
                    InputEvent(time: $0.time, kind: $0.kind, location: $0.location + Point(x: -6 * s, y: 0))
                }
            }
            events += moved
        }
        _ = tester.inputs(
            events, decisions: [.claimed(sequence: 1, source: .touch, touches: [1, 2, 3])], at: { $0.time })
        let driven = ["overview": "closing", "dial": "turning", "pager": "moving"]
        for (transition, by) in driven {
            let phase = tester.engine.snapshot(of: transition, at: 0.2)?.phase
            #expect(
                (phase == .interactive) == (by == motion), "\(motion): \(transition) is \(String(describing: phase))")
        }
    }

    /// The touchpad's own pinch of two fingers drives the same binding, by the scale libinput reports: it begins at
    /// 0.85 (past 1/1.15), and the zoom's progress is then ln(0.85 / scale) / ln 2.
    @Test func aTouchpadPinchDrivesItByItsScale() throws {
        var tester = try Self.tester()
        let scales = [0.95, 0.9, 0.85, 0.7, 0.6, 0.5]
        var events = [InputEvent(time: 0, kind: .pinchBegin(fingers: 2), location: Self.centre)]
        for (index, scale) in scales.enumerated() {
            events.append(
                InputEvent(
                    time: Double(index + 1) * 0.01,
                    kind: .pinchUpdate(fingers: 2, delta: .zero, scale: scale, rotation: 0),
                    location: Self.centre))
        }
        let output = tester.inputs(
            events, decisions: [.claimed(sequence: 2, source: .touchpad, touches: [])], at: { $0.time })
        let frames = Self.progress(of: "zoom", in: output)
        let expected = [0.7, 0.6, 0.5].map { log(0.85 / $0) / log(2) }
        #expect(frames.count == expected.count, "\(frames)")
        for (got, want) in zip(frames, expected) { #expect(abs(got - want) < 1e-9, "\(got) vs \(want)") }
    }
}
