import AnimConfig
import Gestures
import Motion
import Testing
import TransitionModel

@testable import Transitions

/// A declared transition updated in place while it moves (`transition.update`, issue 29): the engine takes the new
/// tables with the gestures of the named bindings kept, and nothing jumps.
@Suite struct EngineUpdateTests {
    static func progress(_ events: [EngineEvent], of name: String) -> [Double] {
        events.compactMap {
            if case let .progress(snapshot) = $0, snapshot.name == name { snapshot.progress } else { nil }
        }
    }

    /// The default config with the sidebar's edge pan `distance` px long.
    static func sidebar(distance: Double) throws -> DaemonConfig {
        var config = EngineTester.defaultConfig
        let index = try #require(config.bindings.firstIndex { $0.name == "sidebar-open" })
        config.bindings[index].distance = distance
        return config
    }

    /// Mid-swipe, the distance goes from 400 px to 100 px: the progress stays where the finger had brought it, and
    /// each further pixel counts 1/100 (the finger tracks the widget's new size 1:1), where a reload would have cancelled.
    @Test func aNewDistanceMidSwipeKeepsTheProgress() throws {
        var tester = EngineTester()
        let start = Point(x: 3, y: 500)
        let first = EngineGestureTests.drag(from: start, by: Point(x: 200, y: 0), steps: 20, duration: 0.2)
        let before = Self.progress(
            tester.inputs(first, decisions: [.claimed(sequence: 1, source: .touch, touches: [1])]) { $0.time },
            of: "sidebar")
        let reached = try #require(before.last)
        let updated = try Self.sidebar(distance: 100)
        let output = tester.engine.reconfigure(
            transitions: updated.transitions, bindings: updated.bindings, at: 0.21,
            keepingGestures: ["sidebar-open"])
        #expect(output.events.isEmpty, "an update mid-swipe ends nothing and moves nothing: \(output.events)")
        #expect(tester.engine.snapshot(of: "sidebar", at: 0.21)?.progress == reached)
        let move = InputEvent(time: 0.22, kind: .touchMove(id: 1), location: start + Point(x: 210, y: 0))
        let after = Self.progress(tester.inputs([move]) { $0.time }, of: "sidebar")
        let next = try #require(after.first)
        #expect(abs(next - (reached + 10.0 / 100)) < 1e-9, "10 px more at 100 px per unit: \(reached) → \(next)")
    }

    /// The same change as a reload (no gesture kept): the swipe is cancelled, back to where it began.
    @Test func aReloadMidSwipeCancelsIt() throws {
        var tester = EngineTester()
        _ = tester.inputs(
            EngineGestureTests.drag(from: Point(x: 3, y: 500), by: Point(x: 200, y: 0)),
            decisions: [.claimed(sequence: 1, source: .touch, touches: [1])]
        ) { $0.time }
        let updated = try Self.sidebar(distance: 100)
        _ = tester.engine.reconfigure(transitions: updated.transitions, bindings: updated.bindings, at: 0.21)
        #expect(tester.engine.snapshot(of: "sidebar", at: 0.21)?.target == 0)
    }

    /// A new timing and snap points mid-leg: the leg runs on, continuous in progress and velocity at the moment
    /// of the update, as libadwaita's `shift_position` keeps a swipe in place.
    @Test func anUpdateMidLegKeepsPositionAndVelocity() throws {
        var tester = EngineTester()
        tester.command(.toggle("sidebar"), at: 0, expect: [.began("sidebar", .command, from: 0, to: 1, progress: 0)])
        _ = tester.engine.tick(at: 0.1)
        let before = try #require(tester.engine.snapshot(of: "sidebar", at: 0.15))
        var updated = EngineTester.defaultConfig
        let index = try #require(updated.transitions.firstIndex { $0.name == "sidebar" })
        updated.transitions[index].snapPoints = [0, 0.8]
        updated.transitions[index].timing = .easeOut
        let output = tester.engine.reconfigure(
            transitions: updated.transitions, bindings: updated.bindings, at: 0.15, keepingGestures: [])
        #expect(output.events.isEmpty)
        let after = try #require(tester.engine.snapshot(of: "sidebar", at: 0.15))
        #expect(after.progress == before.progress && after.velocity == before.velocity && after.phase == .animating)
        #expect(after.snapPoints == [0, 0.8])
    }
}
