import AnimConfig
import Gestures
import Testing
import TransitionModel

@testable import Transitions

/// Touches that act before they move, with the manual clock (issue 32): a finger landing on a running leg catches
/// it, a long press acts or fills as the touch rests, a held pan waits for its rest. Expected values come from the
/// rules: a catch keeps the position the leg had and has no velocity; a settle from rest goes to the nearest snap
/// (the projection rule at velocity 0); a fill is linear, `elapsed / duration`; a spring back starts with the
/// fill's own velocity, 1 / duration.
@Suite struct HoldingTests {
    static let sidebar = """
        [transitions.sidebar]
        snap-points = [0, 1]
        timing = "spring(damping-ratio=0.9, response=0.35)"
        duration = 0.35

        """

    /// A second transition, for a second binding on the same place.
    static let panel = sidebar.replacingOccurrences(of: "transitions.sidebar", with: "transitions.panel")

    static func tester(_ text: String) throws -> EngineTester {
        EngineTester(config: try ConfigParser.parse(sidebar + text))
    }

    static func touch(_ kind: InputEvent.Kind, _ x: Double, _ y: Double, at time: Double) -> InputEvent {
        InputEvent(time: time, kind: kind, location: Point(x: x, y: y))
    }

    static let catchingEdge = """
        [bindings.open]
        transition = "sidebar"
        gesture = "edge-pan"
        edge = "left"
        distance = 400
        catch = true
        """

    // MARK: - Catching

    /// Catch, then move: stopped at once and at rest; the pan that begins takes it from the caught progress, 1:1;
    /// the release hands the finger's velocity to the spring.
    @Test func catchThenMove() throws {
        var tester = try Self.tester(Self.catchingEdge)
        tester.command(.toggle("sidebar"), at: 0, expect: [.began("sidebar", .command, from: 0, to: 1, progress: 0)])
        let caught = try #require(tester.engine.snapshot(of: "sidebar", at: 0.1)?.progress)
        tester.input(
            Self.touch(.touchDown(id: 1), 5, 500, at: 0.1), at: 0.1,
            expect: [.leg("sidebar", .driven), .progress("sidebar", .interactive, progress: caught)])
        #expect(tester.engine.snapshot(of: "sidebar", at: 0.2)?.progress == caught, "it stays where it stopped")
        #expect(tester.engine.snapshot(of: "sidebar", at: 0.2)?.velocity == 0)
        tester.tick(at: 0.11, expect: [])
        tester.input(
            Self.touch(.touchMove(id: 1), 25, 500, at: 0.12), at: 0.12, expect: [.gesture("open", .began)],
            decisions: [.claimed(sequence: 1, source: .touch, touches: [1])])
        tester.input(
            Self.touch(.touchMove(id: 1), 65, 500, at: 0.14), at: 0.14,
            expect: [.gesture("open", .changed), .progress("sidebar", .interactive, progress: caught + 40.0 / 400)])
        let moving = try #require(tester.engine.snapshot(of: "sidebar", at: 0.14))
        tester.input(
            Self.touch(.touchUp(id: 1), 65, 500, at: 0.15), at: 0.15,
            expect: [
                .gesture("open", .ended), .leg("sidebar", .spring),
                .progress("sidebar", .animating, progress: caught + 40.0 / 400),
            ])
        let released = try #require(tester.engine.snapshot(of: "sidebar", at: 0.15))
        #expect(
            abs(released.velocity - moving.velocity) <= 0.01 * abs(moving.velocity),
            "the spring starts at the finger's velocity")
        tester.runToEnd("sidebar", from: 0.15, position: .end, snap: 1)
    }

    /// Catch, then lift without a gesture: it settles from where it stopped, from rest, to the nearest snap.
    @Test func catchThenLift() throws {
        var tester = try Self.tester(Self.catchingEdge)
        tester.command(.toggle("sidebar"), at: 0, expect: [.began("sidebar", .command, from: 0, to: 1, progress: 0)])
        let caught = try #require(tester.engine.snapshot(of: "sidebar", at: 0.05)?.progress)
        tester.input(
            Self.touch(.touchDown(id: 1), 5, 500, at: 0.05), at: 0.05,
            expect: [.leg("sidebar", .driven), .progress("sidebar", .interactive, progress: caught)])
        tester.input(
            Self.touch(.touchUp(id: 1), 5, 500, at: 0.4), at: 0.4,
            expect: [
                .gesture("open", .failed), .leg("sidebar", .spring), .progress("sidebar", .animating, progress: caught),
            ], decisions: [.released(sequence: 1, source: .touch, touches: [1])])
        #expect(tester.engine.snapshot(of: "sidebar", at: 0.4)?.velocity == 0, "it settles from rest")
        let target = caught < 0.5 ? 0 : 1
        tester.runToEnd("sidebar", from: 0.4, position: target == 0 ? .start : .end, snap: target)
    }

    /// A touch outside every catching place, or on a transition at rest, catches nothing.
    @Test func onlyARunningLegInTheBindingsPlaceIsCaught() throws {
        var tester = try Self.tester(Self.catchingEdge)
        tester.input(Self.touch(.touchDown(id: 1), 5, 500, at: 0), at: 0, expect: [])
        tester.input(
            Self.touch(.touchUp(id: 1), 5, 500, at: 0.1), at: 0.1, expect: [.gesture("open", .failed)],
            decisions: [.released(sequence: 1, source: .touch, touches: [1])])
        tester.command(.toggle("sidebar"), at: 1, expect: [.began("sidebar", .command, from: 0, to: 1, progress: 0)])
        tester.input(
            Self.touch(.touchDown(id: 2), 500, 500, at: 1.05), at: 1.05, expect: [],
            decisions: [.released(sequence: 2, source: .touch, touches: [2])])
        #expect(tester.engine.snapshot(of: "sidebar", at: 1.05)?.phase == .animating)
    }

    /// A touchpad hold catches a running leg of a touchpad binding; its end settles it, from rest.
    @Test func catchByATouchpadHold() throws {
        var tester = try Self.tester(
            """
            [bindings.pad]
            transition = "sidebar"
            gesture = "pan"
            sources = ["touchpad"]
            min-touches = 3
            increases = "right"
            distance = 400
            catch = true
            """)
        tester.command(.toggle("sidebar"), at: 0, expect: [.began("sidebar", .command, from: 0, to: 1, progress: 0)])
        let caught = try #require(tester.engine.snapshot(of: "sidebar", at: 0.3)?.progress)
        tester.input(
            Self.touch(.holdBegin(fingers: 3), 900, 500, at: 0.3), at: 0.3,
            expect: [
                .leg("sidebar", .driven), .progress("sidebar", .interactive, progress: caught),
                .gesture("hold", .began),
            ])
        #expect(
            tester.command(.toggle("sidebar"), at: 0.4, expect: [])
                == .failure(.notAllowed("a gesture drives \"sidebar\"; commands wait until the finger lifts")))
        tester.input(
            Self.touch(.holdEnd(fingers: 3, cancelled: false), 900, 500, at: 0.6), at: 0.6,
            expect: [
                .gesture("hold", .ended), .leg("sidebar", .spring), .progress("sidebar", .animating, progress: caught),
            ])
        let target = caught < 0.5 ? 0 : 1
        tester.runToEnd("sidebar", from: 0.6, position: target == 0 ? .start : .end, snap: target)
    }

    /// A leg caught where a pan and a long press of its transition both start settles only when both have failed:
    /// the press is one of the bindings holding it too (found by the property test, where it stayed caught).
    @Test func aCaughtLegSettlesWhenThePressBesideItFails() throws {
        var tester = try Self.tester(
            """
            [bindings.close]
            transition = "sidebar"
            gesture = "pan"
            direction = "left"
            increases = "right"
            region = [0, 0, 400, 1080]
            distance = 400
            [bindings.press]
            transition = "sidebar"
            gesture = "long-press"
            region = [0, 0, 400, 1080]
            """)
        tester.command(.toggle("sidebar"), at: 0, expect: [.began("sidebar", .command, from: 0, to: 1, progress: 0)])
        let caught = try #require(tester.engine.snapshot(of: "sidebar", at: 0.05)?.progress)
        tester.input(
            Self.touch(.touchDown(id: 1), 200, 500, at: 0.05), at: 0.05,
            expect: [.leg("sidebar", .driven), .progress("sidebar", .interactive, progress: caught)])
        tester.input(
            Self.touch(.touchUp(id: 1), 200, 500, at: 0.2), at: 0.2,
            expect: [
                .gesture("close", .failed), .gesture("press", .failed), .leg("sidebar", .spring),
                .progress("sidebar", .animating, progress: caught),
            ], decisions: [.released(sequence: 1, source: .touch, touches: [1])])
        #expect(tester.engine.held.isEmpty)
    }

    // MARK: - Long press

    static let press = """
        [bindings.press]
        transition = "sidebar"
        gesture = "long-press"
        edge = "bottom"
        """

    /// Recognized at its duration with no event (the daemon's timer): `began`, and the transition goes to its
    /// other end; the lift then says `ended`.
    @Test func longPressRecognized() throws {
        var tester = try Self.tester(Self.press)
        let down = tester.input(Self.touch(.touchDown(id: 1), 960, 1075, at: 10), at: 100, expect: [])
        // The trace's clock (10 s) and the engine's (100 s) differ: the deadline is 0.5 s after the touch, on the engine's.
        #expect(down.recognizerDeadline == 100.5)
        tester.advance(at: 100.3, expect: [])
        tester.advance(
            at: 100.5,
            expect: [
                .gesture("press", .began), .began("sidebar", .gesture("press"), from: 0, to: 1, progress: 0),
            ], decisions: [.claimed(sequence: 1, source: .touch, touches: [1])])
        #expect(tester.engine.recognizerDeadline == nil)
        tester.input(Self.touch(.touchUp(id: 1), 960, 1075, at: 10.7), at: 100.7, expect: [.gesture("press", .ended)])
    }

    /// A trace sent all at once meets the same deadline: the lift at 0.7 s first fires the press due at 0.5 s.
    @Test func anEventFiresTheDeadlinesItsTimePassed() throws {
        var tester = try Self.tester(Self.press + "\nto = 1\n")
        tester.input(Self.touch(.touchDown(id: 1), 960, 1075, at: 0), at: 50, expect: [])
        tester.input(
            Self.touch(.touchUp(id: 1), 960, 1075, at: 0.7), at: 50,
            expect: [
                .gesture("press", .began), .began("sidebar", .gesture("press"), from: 0, to: 1, progress: 0),
                .gesture("press", .ended),
            ], decisions: [.claimed(sequence: 1, source: .touch, touches: [1])])
    }

    /// Moving beyond the slop, or a second finger, fails the press, and the touches go back to the application.
    @Test(arguments: [false, true]) func longPressFails(bySecondFinger: Bool) throws {
        var tester = try Self.tester(Self.press)
        tester.input(Self.touch(.touchDown(id: 1), 960, 1075, at: 0), at: 0, expect: [])
        if bySecondFinger {
            tester.input(
                Self.touch(.touchDown(id: 2), 1000, 1075, at: 0.2), at: 0.2, expect: [.gesture("press", .failed)],
                decisions: [.released(sequence: 1, source: .touch, touches: [1, 2])])
        } else {
            tester.input(Self.touch(.touchMove(id: 1), 960, 1075, at: 0.1), at: 0.1, expect: [])
            tester.input(
                Self.touch(.touchMove(id: 1), 971, 1075, at: 0.2), at: 0.2, expect: [.gesture("press", .failed)],
                decisions: [.released(sequence: 1, source: .touch, touches: [1])])
        }
        #expect(tester.engine.recognizerDeadline == nil, "nothing waits any more")
        tester.advance(at: 0.6, expect: [])
    }

    /// With `fill`, the held touch moves the transition linearly toward `to`: half way at half the duration; at
    /// recognition it is there.
    @Test func longPressWithFill() throws {
        var tester = try Self.tester(Self.press + "\nto = 1\nfill = true\n")
        tester.input(
            Self.touch(.touchDown(id: 1), 960, 1075, at: 0), at: 0,
            expect: [.began("sidebar", .gesture("press"), from: 0, to: 1, progress: 0)])
        #expect(
            tester.command(.toggle("sidebar"), at: 0.1, expect: [])
                == .failure(.notAllowed("a gesture drives \"sidebar\"; commands wait until the finger lifts")),
            "a fill is held like a finger")
        tester.tick(at: 0.125, expect: [.progress("sidebar", .animating, progress: 0.25)])
        tester.tick(at: 0.25, expect: [.progress("sidebar", .animating, progress: 0.5)])
        tester.advance(
            at: 0.5, expect: [.gesture("press", .began), .ended("sidebar", .end, snap: 1, progress: 1)],
            decisions: [.claimed(sequence: 1, source: .touch, touches: [1])])
        tester.input(Self.touch(.touchUp(id: 1), 960, 1075, at: 0.8), at: 0.8, expect: [.gesture("press", .ended)])
    }

    /// A fill whose touch lifts early springs back to where it came from, starting with the fill's velocity.
    @Test func aFillLiftedEarlySpringsBack() throws {
        var tester = try Self.tester(Self.press + "\nto = 1\nfill = true\n")
        tester.input(
            Self.touch(.touchDown(id: 1), 960, 1075, at: 0), at: 0,
            expect: [.began("sidebar", .gesture("press"), from: 0, to: 1, progress: 0)])
        let filling = try #require(tester.engine.snapshot(of: "sidebar", at: 0.3))
        #expect(abs(filling.velocity - 1 / 0.5) < 1e-9, "linear: 1 snap in 0.5 s")
        tester.input(
            Self.touch(.touchUp(id: 1), 960, 1075, at: 0.3), at: 0.3,
            expect: [
                .gesture("press", .failed), .leg("sidebar", .spring), .progress("sidebar", .animating, progress: 0.6),
            ], decisions: [.released(sequence: 1, source: .touch, touches: [1])])
        let back = try #require(tester.engine.snapshot(of: "sidebar", at: 0.3))
        #expect(back.target == 0)
        #expect(abs(back.velocity - filling.velocity) <= 0.01 * filling.velocity, "no seam in velocity")
        tester.runToEnd("sidebar", from: 0.3, position: .start, snap: 0)
    }

    // MARK: - A press and a swipe on one edge

    static let swipeAndPress =
        panel + """
            [bindings.swipe]
            transition = "sidebar"
            gesture = "edge-pan"
            edge = "left"
            distance = 400
            require-to-fail = ["press"]

            [bindings.press]
            transition = "panel"
            gesture = "long-press"
            edge = "left"
            slop = 30
            to = 1
            """

    /// The swipe waits while the press may still happen: 20 px is past the swipe's slop but within the press's;
    /// at 40 px the press fails and the swipe begins.
    @Test func aSwipeRequiresThePressToFail() throws {
        var tester = try Self.tester(Self.swipeAndPress)
        tester.input(Self.touch(.touchDown(id: 1), 5, 500, at: 0), at: 0, expect: [])
        tester.input(Self.touch(.touchMove(id: 1), 25, 500, at: 0.05), at: 0.05, expect: [])
        tester.input(
            Self.touch(.touchMove(id: 1), 45, 500, at: 0.1), at: 0.1,
            expect: [
                .gesture("press", .failed), .gesture("swipe", .began),
                .began("sidebar", .gesture("swipe"), from: 0, to: 1, progress: 0),
            ], decisions: [.claimed(sequence: 1, source: .touch, touches: [1])])
    }

    /// Resting on the same edge is the press: it begins at its duration, and the swipe fails.
    @Test func aRestingFingerIsThePress() throws {
        var tester = try Self.tester(Self.swipeAndPress)
        tester.input(Self.touch(.touchDown(id: 1), 5, 500, at: 0), at: 0, expect: [])
        tester.advance(
            at: 0.5,
            expect: [
                .gesture("swipe", .failed), .gesture("press", .began),
                .began("panel", .gesture("press"), from: 0, to: 1, progress: 0),
            ], decisions: [.claimed(sequence: 1, source: .touch, touches: [1])])
    }

    // MARK: - Hold, then drag

    static let heldAndPlain =
        panel + """
            [bindings.plain]
            transition = "sidebar"
            gesture = "edge-pan"
            edge = "left"
            distance = 400

            [bindings.held]
            transition = "panel"
            gesture = "edge-pan"
            edge = "left"
            distance = 400
            hold = 0.3
            """

    /// An ordinary drag is the plain swipe: the held one fails as the finger moves before its rest.
    @Test func anOrdinaryDragIsThePlainSwipe() throws {
        var tester = try Self.tester(Self.heldAndPlain)
        tester.input(Self.touch(.touchDown(id: 1), 5, 500, at: 0), at: 0, expect: [])
        #expect(tester.engine.recognizerDeadline == 0.3)
        tester.input(
            Self.touch(.touchMove(id: 1), 25, 500, at: 0.05), at: 0.05,
            expect: [
                .gesture("held", .failed), .gesture("plain", .began),
                .began("sidebar", .gesture("plain"), from: 0, to: 1, progress: 0),
            ], decisions: [.claimed(sequence: 1, source: .touch, touches: [1])])
    }

    /// Rested 0.3 s, then dragged: the held swipe, and the plain one fails.
    @Test func aHeldDragIsTheHeldSwipe() throws {
        var tester = try Self.tester(Self.heldAndPlain)
        tester.input(Self.touch(.touchDown(id: 1), 5, 500, at: 0), at: 0, expect: [])
        tester.input(Self.touch(.touchMove(id: 1), 9, 500, at: 0.2), at: 0.2, expect: [])
        tester.advance(at: 0.3, expect: [])
        #expect(tester.engine.recognizerDeadline == nil)
        tester.input(
            Self.touch(.touchMove(id: 1), 25, 500, at: 0.4), at: 0.4,
            expect: [
                .gesture("plain", .failed), .gesture("held", .began),
                .began("panel", .gesture("held"), from: 0, to: 1, progress: 0),
            ], decisions: [.claimed(sequence: 1, source: .touch, touches: [1])])
    }

    /// Alone, a held swipe leaves an ordinary one to the application: its touches are released.
    @Test func aHeldSwipeAloneReleasesAnOrdinaryDrag() throws {
        var tester = try Self.tester(
            """
            [bindings.held]
            transition = "sidebar"
            gesture = "edge-pan"
            edge = "left"
            distance = 400
            hold = 0.3
            """)
        tester.input(Self.touch(.touchDown(id: 1), 5, 500, at: 0), at: 0, expect: [])
        tester.input(
            Self.touch(.touchMove(id: 1), 25, 500, at: 0.05), at: 0.05, expect: [.gesture("held", .failed)],
            decisions: [.released(sequence: 1, source: .touch, touches: [1])])
    }
}
