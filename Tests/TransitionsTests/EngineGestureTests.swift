import AnimProtocol
import Foundation
import Gestures
import Motion
import Testing
import TransitionModel

/// Gestures driving transitions through the default config's bindings.
@Suite struct EngineGestureTests {
    static func trace(_ name: String) throws -> [InputEvent] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("GesturesTests/Traces/\(name).jsonl")
        return try Trace.decode(String(contentsOf: url, encoding: .utf8))
    }

    static func drag(from start: Point, by delta: Point, steps: Int = 20, duration: Double = 0.2, startTime: Double = 0)
        -> [InputEvent]
    {
        var events = [InputEvent(time: startTime, kind: .touchDown(id: 1), location: start)]
        for i in 1...steps {
            let t = startTime + duration * Double(i) / Double(steps)
            events.append(
                InputEvent(time: t, kind: .touchMove(id: 1), location: start + delta * (Double(i) / Double(steps))))
        }
        return events
    }

    static func lift(at point: Point, time: Double) -> InputEvent {
        InputEvent(time: time, kind: .touchUp(id: 1), location: point)
    }

    /// An edge flick opens the sidebar: progress follows the finger 1:1 (translation / 400), the finger's velocity is handed to the spring, and it ends at snap 1.
    @Test func edgeFlickOpensSidebar() throws {
        var tester = EngineTester()
        let events = try Self.trace("flick-constant")
        var began = false, releaseSnapshot: TransitionSnapshot?, releaseVelocity = 0.0
        var lastUpdate: GestureUpdate?
        do {
            for engineEvent in tester.inputs(
                events, decisions: [.claimed(sequence: 1, source: .touch, touches: [1])], at: { $0.time })
            {
                if case let .gesture(update, _) = engineEvent {
                    if update.name == "sidebar-open" { lastUpdate = update }
                    continue
                }
                guard let update = lastUpdate else { Issue.record("\(engineEvent) before any gesture"); continue }
                switch (update.state, engineEvent) {
                case (.began, .began(let snapshot, let cause, _)):
                    #expect(
                        cause == .gesture("sidebar-open") && snapshot.progress == 0 && snapshot.phase == .interactive)
                    began = true
                case (.changed, .progress(let snapshot)):
                    #expect(abs(snapshot.progress - update.translation.x / 400) < 1e-12, "1:1 with the finger")
                case (.ended, .progress(let snapshot)):
                    releaseSnapshot = snapshot
                    releaseVelocity = update.velocity.x / 400
                case (.ended, .leg(_, let motion)):
                    if case .spring = motion {
                    } else {
                        Issue.record("the release hands its velocity to a spring, not \(motion)")
                    }
                default:
                    Issue.record("unexpected pairing \(update.state) / \(engineEvent)")
                }
            }
        }
        #expect(began)
        let release = try #require(releaseSnapshot)
        #expect(release.phase == .animating && release.target == 1)
        // No seam: the leg starts with the finger's velocity (≈ 2000 px/s / 400 px = 5/s).
        #expect(abs(release.velocity - releaseVelocity) < 1e-9)
        #expect(abs(releaseVelocity - 5) < 0.25)
        tester.runToEnd("sidebar", from: events.last?.time ?? 0, position: .end, snap: 1)
    }

    /// A short, slow edge drag that comes to rest is released with no velocity and cancels back to the start.
    @Test func shortSlowDragCancels() throws {
        var tester = EngineTester()
        let events = try Self.trace("edge-short-slow-drag")
        let produced = tester.inputs(events, decisions: [.claimed(sequence: 1, source: .touch, touches: [1])]) {
            $0.time
        }
        #expect(produced.contains { if case .began(_, .gesture("sidebar-open"), _) = $0 { true } else { false } })
        let last = try #require(tester.engine.snapshot(of: "sidebar", at: events.last?.time ?? 0))
        #expect(last.phase == .animating && last.target == 0 && last.velocity == 0)
        tester.runToEnd("sidebar", from: events.last?.time ?? 0, position: .start, snap: 0)
    }

    /// A touch that lands on a running transition's region catches it at once (the default config's
    /// `sidebar-close` is a pan bound to the sidebar's strip, and catches): the leg stops where it is, driven at
    /// rest; the edge pan that then begins takes it from exactly there, with no new leg.
    @Test func catchMidFlightWithoutJump() {
        var tester = EngineTester()
        tester.command(.toggle("sidebar"), at: 0, expect: [.began("sidebar", .command, from: 0, to: 1, progress: 0)])
        tester.tick(at: 1.0 / 60, expect: [.progress("sidebar", .animating)])
        let caught = tester.engine.snapshot(of: "sidebar", at: 0.09)?.progress ?? -1
        #expect(caught > 0.05 && caught < 0.95)
        let down = InputEvent(time: 0.09, kind: .touchDown(id: 1), location: Point(x: 4, y: 500))
        tester.input(
            down, at: 0.09, expect: [.leg("sidebar", .driven), .progress("sidebar", .interactive, progress: caught)])
        #expect(tester.engine.snapshot(of: "sidebar", at: 0.095)?.velocity == 0, "caught at rest")
        tester.tick(at: 0.095, expect: [])
        let move = InputEvent(time: 0.1, kind: .touchMove(id: 1), location: Point(x: 20, y: 500))
        // The edge pan wins; the other candidates for a touch at (4, 500) fail first.
        tester.input(
            move, at: 0.1,
            expect: [
                .gesture("sidebar-close", .failed), .gesture("launcher-close", .failed),
                .gesture("notifications-close", .failed), .gesture("pager-swipe", .failed),
                .gesture("overview-pinch", .failed),
                .gesture("sidebar-open", .began),
            ], decisions: [.claimed(sequence: 1, source: .touch, touches: [1])])
        // From there the finger moves it 1:1: 40 px more is +0.1.
        tester.input(
            InputEvent(time: 0.11, kind: .touchMove(id: 1), location: Point(x: 60, y: 500)), at: 0.11,
            expect: [
                .gesture("sidebar-open", .changed), .progress("sidebar", .interactive, progress: caught + 0.1),
            ])
        // The animation no longer runs: a tick produces nothing.
        tester.tick(at: 0.12, expect: [])
    }

    /// Where nothing catches as it lands (`catch = false`), the pan catches once it begins, as UIKit's pans do:
    /// the running leg ends at the presented value and a finger leg begins from exactly there.
    @Test func aPanCatchesAsItBeginsWhereLandingDoesNot() throws {
        var tester = EngineTester(
            config: try EngineTester.defaultConfig(
                adding: """
                    [bindings.sidebar-close]
                    catch = false
                    """))
        tester.command(.toggle("sidebar"), at: 0, expect: [.began("sidebar", .command, from: 0, to: 1, progress: 0)])
        let caught = tester.engine.snapshot(of: "sidebar", at: 0.1)?.progress ?? -1
        tester.input(
            InputEvent(time: 0.09, kind: .touchDown(id: 1), location: Point(x: 4, y: 500)), at: 0.09, expect: [])
        tester.input(
            InputEvent(time: 0.1, kind: .touchMove(id: 1), location: Point(x: 20, y: 500)), at: 0.1,
            expect: [
                .gesture("sidebar-close", .failed), .gesture("launcher-close", .failed),
                .gesture("notifications-close", .failed), .gesture("pager-swipe", .failed),
                .gesture("overview-pinch", .failed),
                .gesture("sidebar-open", .began),
                .ended("sidebar", .current, snap: 0, progress: caught),
                .began("sidebar", .gesture("sidebar-open"), from: 0, to: 1, progress: caught),
            ], decisions: [.claimed(sequence: 1, source: .touch, touches: [1])])
    }

    /// While a finger drives a transition, commands on it are refused; after the lift they work again.
    @Test func fingerWinsOverCommands() {
        var tester = EngineTester()
        _ = tester.inputs(
            Self.drag(from: Point(x: 3, y: 500), by: Point(x: 200, y: 0)),
            decisions: [.claimed(sequence: 1, source: .touch, touches: [1])]
        ) { $0.time }
        #expect(
            tester.command(.toggle("sidebar"), at: 0.3, expect: [])
                == .failure(.notAllowed("a gesture drives \"sidebar\"; commands wait until the finger lifts")))
        _ = tester.inputs([Self.lift(at: Point(x: 203, y: 500), time: 0.3)]) { $0.time }
        #expect(
            tester.command(
                .pause("sidebar"), at: 0.31, expect: [.leg("sidebar", .driven), .progress("sidebar", .paused)])
                == .success(.done))
    }

    /// The closing pan applies only while the sidebar is open: at rest at 0 it fails and the touch is released.
    @Test func closingPanOnlyWhenOpen() {
        var tester = EngineTester()
        let closed = tester.inputs(
            Self.drag(from: Point(x: 300, y: 500), by: Point(x: -200, y: 0)),
            decisions: [.released(sequence: 1, source: .touch, touches: [1])]
        ) { $0.time }
        #expect(
            closed.contains(
                .gesture(
                    GestureUpdate(
                        name: "sidebar-close", state: .failed, translation: .zero, velocity: .zero,
                        location: Point(x: 290, y: 500), startLocation: Point(x: 300, y: 500),
                        source: .touch, touchCount: 1, sequence: 1, time: 0.01),
                    transition: "sidebar")))
        #expect(!closed.contains { if case .gesture = $0 { false } else { $0.transition == "sidebar" } })
        _ = tester.inputs([Self.lift(at: Point(x: 100, y: 500), time: 0.3)]) { $0.time }

        tester.command(
            .animate("sidebar", to: 1, timing: nil, duration: nil, velocity: nil), at: 1,
            expect: [.began("sidebar", .command, from: 0, to: 1, progress: 0)])
        tester.runToEnd("sidebar", from: 1, position: .end, snap: 1)
        let open = tester.inputs(
            Self.drag(from: Point(x: 300, y: 500), by: Point(x: -200, y: 0), startTime: 10),
            decisions: [.claimed(sequence: 2, source: .touch, touches: [1])]
        ) { $0.time }
        #expect(open.contains { if case .began(_, .gesture("sidebar-close"), _) = $0 { true } else { false } })
        let snapshot = tester.engine.snapshot(of: "sidebar", at: 10.2)
        // 200 px left, less the 10 px slop, at 400 px per unit.
        #expect(abs((snapshot?.progress ?? 0) - (1 - 190.0 / 400)) < 1e-9)
    }

    /// Past the end, the progress rubber-bands: 1 + (1 − 1/(0.55·e + 1)) for an excess e.
    @Test func rubberBandPastTheEnd() {
        var tester = EngineTester()
        // 60 steps of 10 px: the pan begins after the first, so 590 px count.
        _ = tester.inputs(
            Self.drag(from: Point(x: 3, y: 500), by: Point(x: 600, y: 0), steps: 60),
            decisions: [.claimed(sequence: 1, source: .touch, touches: [1])]
        ) { $0.time }
        let raw = 590.0 / 400
        let expected = 1 + (1 - 1 / (0.55 * (raw - 1) + 1))
        #expect(abs((tester.engine.snapshot(of: "sidebar", at: 0.2)?.progress ?? 0) - expected) < 1e-9)
    }

    /// Three fingers moving 600 px left move the pager by one page, less the slop.
    @Test func threeFingerPagerSwipe() {
        var tester = EngineTester()
        var events: [InputEvent] = []
        for id in 1...3 {
            events.append(
                InputEvent(time: 0, kind: .touchDown(id: id), location: Point(x: 800 + Double(id) * 100, y: 500)))
        }
        for step in 1...30 {
            for id in 1...3 {
                let x = 800 + Double(id) * 100 - 20 * Double(step)
                events.append(
                    InputEvent(time: Double(step) * 0.01, kind: .touchMove(id: id), location: Point(x: x, y: 500)))
            }
        }
        _ = tester.inputs(events, decisions: [.claimed(sequence: 1, source: .touch, touches: [1, 2, 3])]) { $0.time }
        let snapshot = tester.engine.snapshot(of: "pager", at: 0.3)
        #expect(snapshot?.phase == .interactive)
        // Fingers 1 and 2 moving 20 px move the centroid 13.3 px: past the slop, the pan begins there.
        let beganAt = 40.0 / 3
        #expect(abs((snapshot?.progress ?? 0) - (600 - beganAt) / 600) < 1e-9)
    }

    /// A cancelled touch sends the transition back to where the gesture started.
    @Test func touchCancelReturnsToStart() {
        var tester = EngineTester()
        _ = tester.inputs(
            Self.drag(from: Point(x: 3, y: 500), by: Point(x: 300, y: 0)),
            decisions: [.claimed(sequence: 1, source: .touch, touches: [1])]
        ) { $0.time }
        _ = tester.inputs([InputEvent(time: 0.25, kind: .touchCancel(id: 1), location: Point(x: 303, y: 500))]) {
            $0.time
        }
        #expect(tester.engine.snapshot(of: "sidebar", at: 0.25)?.target == 0)
        tester.runToEnd("sidebar", from: 0.25, position: .start, snap: 0)
    }

    /// Reloading a config without a running transition ends its leg where it is; kept transitions keep running.
    @Test func reconfigureEndsRemovedTransitions() {
        var tester = EngineTester()
        tester.command(.toggle("sidebar"), at: 0, expect: [.began("sidebar", .command, from: 0, to: 1, progress: 0)])
        tester.command(.toggle("panel"), at: 0, expect: [.began("panel", .command, from: 0, to: 1, progress: 0)])
        var smaller = EngineTester.defaultConfig
        smaller.transitions.removeAll { $0.name == "sidebar" }
        smaller.bindings.removeAll { $0.transition == "sidebar" }
        let output = tester.engine.reconfigure(smaller, at: 0.1)
        #expect(output.events.count == 1)
        if case let .ended(snapshot, .current)? = output.events.first {
            #expect(snapshot.name == "sidebar")
        } else {
            Issue.record("expected ended")
        }
        #expect(tester.engine.transitionNames == ["panel", "launcher", "notifications", "pager", "overview"])
        #expect(tester.engine.isAnimating)
    }
}
