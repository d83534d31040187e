import Glibc
import Testing

@testable import Gestures

/// Taps and swipes (issue 61) on the manual clock, by UIKit's rules as docs/gestures.md states them: a tap is its
/// fingers down and up within 0.35 s and 10 px; a double tap's next tap lands within 0.3 s of the last lift and 50
/// px of the first; a single tap that requires the double to fail is recognized only once it has; a swipe is
/// decided at the lift by going 50 px its way and still moving 300 px/s that way.
@Suite struct TapAndSwipeTests {
    /// Records every output of an arena fed events and advanced in time, as the engine drives it.
    struct Run {
        var arena: GestureArena
        var outputs: [ArenaOutput] = []

        init(_ specs: [RecognizerSpec]) { arena = GestureArena(recognizers: specs, geometry: .fallback) }

        mutating func touch(_ kind: InputEvent.Kind, _ x: Double, _ y: Double, at time: Double) {
            outputs += arena.handle(InputEvent(time: time, kind: kind, location: Point(x: x, y: y)))
        }

        /// Fingers `ids` down at `time` at (x, y) (each 40 px apart), then up `held` seconds later.
        mutating func tap(_ ids: [Int] = [1], at time: Double, held: Double = 0.1, x: Double = 600, y: Double = 400) {
            for (offset, id) in ids.enumerated() { touch(.touchDown(id: id), x + Double(offset) * 40, y, at: time) }
            for (offset, id) in ids.enumerated() {
                touch(.touchUp(id: id), x + Double(offset) * 40, y, at: time + held)
            }
        }

        /// Time passes with no event: what the engine's timer does at each recognizer deadline up to `time`.
        mutating func advance(to time: Double) {
            for _ in 0..<8 {
                guard let due = arena.deadline(of: .touch), due <= time else { break }
                outputs += arena.advance(.touch, to: due)
            }
            outputs += arena.advance(.touch, to: time)
        }

        /// Each recognizer's states with the time they came at.
        func timeline(of name: String) -> [(RecognizerState, Double)] {
            outputs.updates.filter { $0.name == name }.map { ($0.state, $0.time) }
        }
    }

    static func tap(_ name: String, touches: Int = 1, taps: Int = 1, requireToFail: [String] = []) -> RecognizerSpec {
        RecognizerSpec(
            name: name, kind: .tap(TapOptions(touches: touches, taps: taps)), sources: [.touch],
            requireToFail: requireToFail)
    }

    // MARK: - Taps

    /// Within its time and slop, a tap is recognized as its finger lifts, `began` and `ended` together, and its
    /// touches claimed; held 0.35 s or longer, or moved 10 px, it fails.
    @Test func aTapWithinItsTimeAndSlop() {
        var quick = Run([Self.tap("tap")])
        quick.tap(at: 0, held: 0.2)
        #expect(quick.timeline(of: "tap").map(\.0) == [.began, .ended])
        #expect(quick.timeline(of: "tap").allSatisfy { $0.1 == 0.2 } && quick.outputs.claims == 1)

        var long = Run([Self.tap("tap")])
        long.touch(.touchDown(id: 1), 600, 400, at: 0)
        long.advance(to: 0.36)
        #expect(long.timeline(of: "tap").map(\.0) == [.failed] && long.timeline(of: "tap").first?.1 == 0.35)

        var moved = Run([Self.tap("tap")])
        moved.touch(.touchDown(id: 1), 600, 400, at: 0)
        moved.touch(.touchMove(id: 1), 609, 400, at: 0.05)
        #expect(moved.timeline(of: "tap").isEmpty, "9 px is within the slop")
        moved.touch(.touchMove(id: 1), 610, 400, at: 0.1)
        #expect(moved.timeline(of: "tap").map(\.0) == [.failed], "10 px is not")
    }

    /// A two-finger tap needs both fingers down together: one finger fails it at its lift, three fail it as the third
    /// lands.
    @Test func aTapCountsItsFingers() {
        var two = Run([Self.tap("two", touches: 2)])
        two.tap([1, 2], at: 0)
        #expect(two.timeline(of: "two").map(\.0) == [.began, .ended])
        #expect(two.outputs.updates.last?.touchCount == 2)
        var one = Run([Self.tap("two", touches: 2)])
        one.tap([1], at: 0)
        #expect(one.timeline(of: "two").map(\.0) == [.failed])
        var three = Run([Self.tap("two", touches: 2)])
        three.touch(.touchDown(id: 1), 600, 400, at: 0)
        three.touch(.touchDown(id: 2), 640, 400, at: 0.01)
        three.touch(.touchDown(id: 3), 680, 400, at: 0.02)
        #expect(three.timeline(of: "two").map(\.0) == [.failed])
    }

    static let singleAndDouble = [
        tap("double", touches: 2, taps: 2), tap("single", touches: 2, requireToFail: ["double"]),
    ]

    /// A double tap against a single tap on the same fingers: two taps 0.2 s apart are the double, at the second
    /// lift, and the single fails then; one tap is the single, but only once the double has failed, 0.3 s after
    /// the lift.
    @Test func aDoubleTapAgainstASingleTap() {
        var double = Run(Self.singleAndDouble)
        double.tap([1, 2], at: 0)
        #expect(double.outputs.updates.isEmpty, "nothing is decided at the first lift")
        #expect(double.arena.deadline(of: .touch) == 0.1 + 0.3)
        double.tap([3, 4], at: 0.3)
        #expect(double.timeline(of: "double").map(\.0) == [.began, .ended])
        #expect(double.timeline(of: "double").allSatisfy { $0.1 == 0.4 })
        #expect(double.timeline(of: "single").map(\.0) == [.failed])
        double.advance(to: 2)
        #expect(double.timeline(of: "single").map(\.0) == [.failed], "and nothing later")

        var single = Run(Self.singleAndDouble)
        single.tap([1, 2], at: 0)
        single.advance(to: 0.39)
        #expect(single.outputs.updates.isEmpty)
        single.advance(to: 1)
        #expect(single.timeline(of: "double").map(\.0) == [.failed])
        #expect(single.timeline(of: "single").map(\.0) == [.began, .ended])
        #expect(single.timeline(of: "single").allSatisfy { abs($0.1 - 0.4) < 1e-9 }, "at the double's deadline")
    }

    /// The next tap too late (past the interval) or too far (past 50 px) is not the double's: the single is
    /// recognized as the double fails, and the new tap counts as a first tap.
    @Test func aSecondTapTooLateOrTooFar() {
        var late = Run(Self.singleAndDouble)
        late.tap([1, 2], at: 0)
        late.tap([3, 4], at: 0.45)
        #expect(late.timeline(of: "double").map(\.0) == [.failed])
        #expect(late.timeline(of: "single").map(\.0) == [.began, .ended])
        #expect(late.timeline(of: "single").allSatisfy { abs($0.1 - 0.4) < 1e-9 })
        late.advance(to: 2)
        #expect(late.timeline(of: "single").map(\.0) == [.began, .ended, .began, .ended], "the late tap, alone")

        var far = Run(Self.singleAndDouble)
        far.tap([1, 2], at: 0)
        far.tap([3, 4], at: 0.2, x: 651)
        #expect(far.timeline(of: "double").map(\.0) == [.failed])
        #expect(far.timeline(of: "single").first.map { $0.0 == .began && $0.1 == 0.2 } == true, "as the far one lands")
    }

    /// A triple tap takes three taps; two, then nothing, fail it at the second tap's deadline.
    @Test func aTripleTap() {
        var three = Run([Self.tap("triple", taps: 3)])
        for index in 0..<3 { three.tap(at: Double(index) * 0.25) }
        #expect(three.timeline(of: "triple").map(\.0) == [.began, .ended])
        var two = Run([Self.tap("triple", taps: 3)])
        two.tap(at: 0)
        two.tap(at: 0.25)
        two.advance(to: 1)
        #expect(two.timeline(of: "triple").map(\.0) == [.failed])
        #expect(two.timeline(of: "triple").first.map { abs($0.1 - 0.65) < 1e-9 } == true)
    }

    /// Arbitration: a pan on the same finger takes a stroke (the tap fails as the pan begins); a still tap is the
    /// tap's (the pan fails at the lift). A long press takes a press held 0.5 s (the tap failed at 0.35 s); a quick
    /// tap is the tap's.
    @Test func tapsAgainstPansAndLongPresses() {
        let pan = RecognizerSpec(name: "pan", kind: .pan(PanOptions()), sources: [.touch])
        var stroke = Run([Self.tap("tap"), pan])
        stroke.touch(.touchDown(id: 1), 600, 400, at: 0)
        stroke.touch(.touchMove(id: 1), 640, 400, at: 0.05)
        #expect(stroke.timeline(of: "pan").first?.0 == .began && stroke.timeline(of: "tap").map(\.0) == [.failed])
        var still = Run([Self.tap("tap"), pan])
        still.tap(at: 0)
        #expect(
            still.timeline(of: "pan").map(\.0) == [.failed] && still.timeline(of: "tap").map(\.0) == [.began, .ended])

        let press = RecognizerSpec(name: "press", kind: .longPress(LongPressOptions()), sources: [.touch])
        var held = Run([Self.tap("tap"), press])
        held.touch(.touchDown(id: 1), 600, 400, at: 0)
        held.advance(to: 0.6)
        #expect(held.timeline(of: "tap").map(\.0) == [.failed] && held.timeline(of: "press").first?.0 == .began)
        var quick = Run([Self.tap("tap"), press])
        quick.tap(at: 0)
        #expect(quick.timeline(of: "press").map(\.0) == [.failed])
        #expect(quick.timeline(of: "tap").map(\.0) == [.began, .ended])
    }

    /// An edge pan on the same finger, at the left edge: a stroke inward is the edge pan's (the tap and a swipe
    /// fail as it begins); a tap there, still, is the tap's, and the edge pan fails at the lift.
    @Test func tapsAndSwipesAgainstAnEdgePan() {
        let edge = RecognizerSpec.edge(.left)
        let swipe = RecognizerSpec(name: "swipe", kind: .swipe(SwipeOptions(directions: [.right])), sources: [.touch])
        var stroke = Run([Self.tap("tap"), swipe, edge])
        stroke.touch(.touchDown(id: 1), 3, 500, at: 0)
        stroke.touch(.touchMove(id: 1), 30, 500, at: 0.02)
        #expect(stroke.timeline(of: "left-edge").first?.0 == .began)
        #expect(stroke.timeline(of: "tap").map(\.0) == [.failed] && stroke.timeline(of: "swipe").map(\.0) == [.failed])
        var tap = Run([Self.tap("tap"), swipe, edge])
        tap.tap(at: 0, x: 3, y: 500)
        #expect(tap.timeline(of: "left-edge").map(\.0) == [.failed] && tap.timeline(of: "swipe").map(\.0) == [.failed])
        #expect(tap.timeline(of: "tap").map(\.0) == [.began, .ended])
    }

    // MARK: - Swipes

    /// A stroke of 100 px in 0.1 s in each of the eight directions is a swipe that way: `ended` carries the stroke.
    @Test(arguments: Heading.allCases) func aSwipeInEachDirection(_ heading: Heading) {
        let swipe = RecognizerSpec(
            name: "swipe", kind: .swipe(SwipeOptions(directions: Heading.allCases)), sources: [.touch])
        var run = Run([swipe])
        run.touch(.touchDown(id: 1), 600, 400, at: 0)
        for step in 1...10 {
            let moved = heading.unit * (10 * Double(step))
            run.touch(.touchMove(id: 1), 600 + moved.x, 400 + moved.y, at: Double(step) * 0.01)
        }
        let end = heading.unit * 100
        run.touch(.touchUp(id: 1), 600 + end.x, 400 + end.y, at: 0.1)
        #expect(run.timeline(of: "swipe").map(\.0) == [.began, .ended])
        let stroke = run.outputs.updates.last?.translation ?? .zero
        #expect(SwipeOptions(directions: Heading.allCases).heading(of: stroke) == heading)
        #expect(abs(stroke.length - 100) < 1e-9)
    }

    /// A swipe needs its distance and its speed at the lift: 40 px fast is too short; 100 px that stopped before the
    /// lift is a drag, not a swipe; the wrong way is no swipe of this one.
    @Test func aSwipeNeedsDistanceAndSpeed() {
        let right = RecognizerSpec(name: "right", kind: .swipe(SwipeOptions(directions: [.right])), sources: [.touch])
        func stroke(_ points: [(Double, Double)]) -> [RecognizerState] {
            var run = Run([right])
            run.touch(.touchDown(id: 1), 600, 400, at: 0)
            for (x, time) in points { run.touch(.touchMove(id: 1), x, 400, at: time) }
            run.touch(.touchUp(id: 1), points.last?.0 ?? 600, 400, at: (points.last?.1 ?? 0) + 0.01)
            return run.timeline(of: "right").map(\.0)
        }
        /// `steps` moves of `dx` px, 10 ms apart.
        func moves(_ steps: Int, _ dx: Double) -> [(Double, Double)] {
            (1...steps).map { step -> (Double, Double) in (600 + Double(step) * dx, Double(step) * 0.01) }
        }
        #expect(stroke(moves(4, 10)) == [.failed], "40 px")
        #expect(stroke(moves(10, 10)) == [.began, .ended])
        let stopped: [(Double, Double)] = moves(10, 10) + [(700, 0.5), (700, 0.9)]
        #expect(stroke(stopped) == [.failed], "stopped 0.8 s before the lift")
        #expect(stroke(moves(10, -10)) == [.failed], "leftward")
    }

    /// Four directions split the circle in quarters; listing a diagonal splits it in eighths: a stroke 40° above
    /// the right is right for the first, up-right for the second.
    @Test func theSectorsFollowTheDirectionsListed() {
        let stroke = Point(x: cos(40 * Double.pi / 180), y: -sin(40 * Double.pi / 180)) * 100
        #expect(SwipeOptions(directions: [.left, .right, .up, .down]).heading(of: stroke) == .right)
        #expect(SwipeOptions(directions: [.right, .upRight]).heading(of: stroke) == .upRight)
        #expect(SwipeOptions(directions: [.left, .upLeft]).heading(of: stroke) == nil)
    }

    /// A three-finger touchpad swipe is a swipe of three fingers; a pan that requires it to fail never begins, and
    /// the swipe is decided at the swipe's end.
    @Test func aTouchpadSwipeAndAPanThatWaitsForIt() {
        let swipe = RecognizerSpec(
            name: "swipe", kind: .swipe(SwipeOptions(touches: 3, directions: [.left])), sources: [.touchpad])
        let pan = RecognizerSpec(
            name: "pan", kind: .pan(PanOptions(minTouches: 3)), sources: [.touchpad], requireToFail: ["swipe"])
        var run = Run([swipe, pan])
        run.outputs += run.arena.handle(InputEvent(time: 0, kind: .swipeBegin(fingers: 3), location: .zero))
        for step in 1...10 {
            run.outputs += run.arena.handle(
                InputEvent(
                    time: Double(step) * 0.01, kind: .swipeUpdate(fingers: 3, delta: Point(x: -12, y: 0)),
                    location: .zero))
        }
        #expect(run.timeline(of: "pan").isEmpty && run.timeline(of: "swipe").isEmpty, "both wait for the end")
        run.outputs += run.arena.handle(
            InputEvent(time: 0.1, kind: .swipeEnd(fingers: 3, cancelled: false), location: .zero))
        #expect(
            run.timeline(of: "swipe").map(\.0) == [.began, .ended] && run.timeline(of: "pan").map(\.0) == [.failed])
        #expect(run.outputs.updates.last { $0.name == "swipe" }?.touchCount == 3)
    }
}
