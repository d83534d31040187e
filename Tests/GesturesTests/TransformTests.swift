import AnimProtocol
import Foundation
import Testing

@testable import Gestures

/// Pinch and rotation (issue 45): the fingers' spread and turn about their centroid, measured against the formulas
/// (ln of the mean distance's ratio, the mean turn in degrees clockwise), and the arena choosing between a pan, a
/// pinch and a rotation on the same fingers by which first passes its own slop, on the generated traces.
@Suite struct TransformTests {
    static func touches(_ points: [Point]) -> [(id: Int, location: Point)] {
        points.enumerated().map { ($0.offset + 1, $0.element) }
    }

    /// `count` points `radius` from `centre`, evenly spread, turned `degrees` clockwise (y grows downward).
    static func ring(_ count: Int, radius: Double, degrees: Double = 0, centre: Point = Point(x: 500, y: 400))
        -> [Point]
    {
        (0..<count).map { index in
            let angle = (360 * Double(index) / Double(count) + degrees) * .pi / 180
            return centre + Point(x: radius * cos(angle), y: radius * sin(angle))
        }
    }

    // MARK: - The measure

    /// Fingers moving from 80 px to 160 px and to 20 px from their centre: ln 2 and ln ¼, for two fingers and five.
    @Test(arguments: [2, 5]) func theScaleIsTheLogOfTheMeanDistancesRatio(_ count: Int) {
        var spread = TouchSpread(touches: Self.touches(Self.ring(count, radius: 80)), time: 0)
        spread.update(Self.touches(Self.ring(count, radius: 160)), moved: 0, at: 0.01)
        #expect(abs(spread.transform.x - log(2)) < 1e-12 && abs(spread.transform.y) < 1e-9)
        spread.update(Self.touches(Self.ring(count, radius: 20)), moved: 0, at: 0.02)
        #expect(abs(spread.transform.x - log(0.25)) < 1e-12)
    }

    /// Turning in steps of 30° clockwise (y down) to two whole turns: 720°, not the angle's remainder; and back.
    @Test func theTurnIsCountedAcrossTheSeamInDegreesClockwise() {
        var spread = TouchSpread(touches: Self.touches(Self.ring(3, radius: 100)), time: 0)
        for step in 1...24 {
            spread.update(
                Self.touches(Self.ring(3, radius: 100, degrees: Double(step) * 30)), moved: 0, at: Double(step) * 0.01)
        }
        #expect(abs(spread.transform.y - 720) < 1e-9 && abs(spread.transform.x) < 1e-12)
        for step in (0..<24).reversed() {
            spread.update(
                Self.touches(Self.ring(3, radius: 100, degrees: Double(step) * 30)), moved: 0,
                at: 0.3 - Double(step) * 0.001)
        }
        #expect(abs(spread.transform.y) < 1e-9)
    }

    /// A finger landing or lifting changes the centroid and the mean distance at once, but not the measure: it goes
    /// on from where it was, as a pan's path does.
    @Test func aFingerLandingOrLiftingDoesNotJump() {
        var path = TouchPath(touch: 1, at: Point(x: 400, y: 400), time: 0, swipeFingers: nil, measuresSpread: true)
        path.add(2, at: Point(x: 600, y: 400))
        path.move(2, to: Point(x: 700, y: 400), at: 0.01)  // 100 → 150 px from the centre: ln 1.5
        #expect(abs((path.spread?.transform.x ?? .nan) - log(1.5)) < 1e-12)
        path.add(3, at: Point(x: 550, y: 900))
        #expect(abs((path.spread?.transform.x ?? .nan) - log(1.5)) < 1e-12, "landing keeps the scale")
        path.remove(1)
        #expect(abs((path.spread?.transform.x ?? .nan) - log(1.5)) < 1e-12, "lifting keeps the scale")
        path.remove(3)
        path.move(2, to: Point(x: 900, y: 400), at: 0.02)
        #expect(abs((path.spread?.transform.x ?? .nan) - log(1.5)) < 1e-12, "one finger has no spread to change")
    }

    /// Three fingers 30 px apart in a row moving 8 px left together, each reporting on its own as fingers do: each
    /// report changes the spread for a moment (23 % at the first), but a whole frame leaves it as it was, and that
    /// is what a pinch's slop is held to.
    @Test func aHandMovingRigidlyOneReportAtATimeSettlesUnchanged() {
        var path = TouchPath(touch: 1, at: Point(x: 930, y: 500), time: 0, swipeFingers: nil, measuresSpread: true)
        path.add(2, at: Point(x: 960, y: 500))
        path.add(3, at: Point(x: 990, y: 500))
        var widest = 0.0
        for step in 1...10 {
            for finger in 1...3 {
                path.move(
                    finger, to: Point(x: 900 + Double(finger) * 30 - Double(step) * 8, y: 500), at: Double(step) * 0.008
                )
                widest = max(widest, abs(path.spread?.transform.x ?? 0))
            }
            #expect(abs(path.spread?.settled.x ?? .nan) < 1e-12, "step \(step)")
        }
        #expect(widest > TransformOptions.scaleSlop, "each report alone would pass a pinch's slop: \(widest)")
    }

    /// One finger resting while the other moves: a frame ends when the moving finger reports again, or when time
    /// moves on, so the settled scale follows the moving finger a report behind.
    @Test func aRestingFingerDoesNotHoldTheFrameOpen() {
        var path = TouchPath(touch: 1, at: Point(x: 400, y: 400), time: 0, swipeFingers: nil, measuresSpread: true)
        path.add(2, at: Point(x: 600, y: 400))
        path.move(2, to: Point(x: 700, y: 400), at: 0.008)
        path.move(2, to: Point(x: 800, y: 400), at: 0.016)
        // The second report ended the first frame: 100 → 150 px from the centre.
        #expect(abs((path.spread?.settled.x ?? .nan) - log(1.5)) < 1e-12)
        path.move(2, to: Point(x: 900, y: 400), at: 0.024)
        #expect(abs((path.spread?.settled.x ?? .nan) - log(2)) < 1e-12)
    }

    /// Fingers landing on one point, and a touchpad reporting a scale of 0: finite numbers, never NaN or infinity.
    @Test func degenerateSpreadsStayFinite() {
        var spread = TouchSpread(touches: Self.touches([Point(x: 10, y: 10), Point(x: 10, y: 10)]), time: 0)
        spread.update(Self.touches([Point(x: 10, y: 10), Point(x: 10, y: 10)]), moved: 0, at: 0.01)
        #expect(spread.transform == .zero)
        spread.update(Self.touches([Point(x: 0, y: 10), Point(x: 20, y: 10)]), moved: 0, at: 0.02)
        #expect(abs(spread.transform.x - log(10)) < 1e-12, "measured from the 1 px floor")
        var touchpad = TouchSpread(touches: Self.touches([Point(x: 10, y: 10)]), time: 0)
        touchpad.set(scale: 0, rotation: -36_000, at: 0.01)
        #expect(touchpad.transform.x == log(TouchSpread.minimumScale) && touchpad.transform.y == -36_000)
    }

    // MARK: - The arena, on traces

    static let pan = RecognizerSpec(name: "pan", kind: .pan(PanOptions(minTouches: 3, maxTouches: 3)))
    static let pinch = RecognizerSpec(
        name: "pinch", kind: .pinch(TransformOptions(slop: TransformOptions.scaleSlop, minTouches: 3, maxTouches: 3)))
    static let rotate = RecognizerSpec(
        name: "rotate", kind: .rotate(TransformOptions(slop: TransformOptions.angleSlop, minTouches: 3, maxTouches: 3)))

    /// The same three fingers closing, turning, or moving together: whichever passes its own slop first begins, the
    /// others fail, and the sequence is claimed once.
    @Test(arguments: [
        ("three-finger-pinch-in", "pinch"), ("three-finger-rotate", "rotate"), ("three-finger-pan", "pan"),
    ])
    func theGestureThatFirstPassesItsSlopWins(_ trace: String, _ winner: String) throws {
        let outputs = try TraceFixtures.run(trace, [Self.pan, Self.pinch, Self.rotate])
        for name in ["pan", "pinch", "rotate"] {
            if name == winner {
                #expect(
                    outputs.states(of: name).first == .began && outputs.states(of: name).last == .ended,
                    "\(trace): \(name)")
            } else {
                #expect(outputs.states(of: name) == [.failed], "\(trace): \(name) \(outputs.states(of: name))")
            }
        }
        #expect(outputs.claims == 1)
    }

    /// What the pinch reports, from the trace's formula: it closes to 0.4 of the span, of which it began once past
    /// its slop (ln 1.15 closer), so it ends at ln 0.4 + ln 1.15 since it began, within one sample's step. The
    /// rotation turns 60°, 10° of them its slop.
    @Test func theTransformSinceBeganFollowsTheFormula() throws {
        let pinched = try TraceFixtures.run("three-finger-pinch-in", [Self.pinch]).updates.filter { $0.name == "pinch" }
        #expect(pinched.first?.state == .began && pinched.first?.transform == .zero)
        let closed = try #require(pinched.last { $0.state == .ended })
        #expect(abs(closed.transform.x - (log(0.4) + TransformOptions.scaleSlop)) < 0.05, "\(closed.transform)")
        #expect(abs(closed.transform.y) < 2, "a pinch with no turn turns little: \(closed.transform)")

        let turned = try TraceFixtures.run("three-finger-rotate", [Self.rotate]).updates.filter { $0.name == "rotate" }
        let end = try #require(turned.last { $0.state == .ended })
        #expect(abs(end.transform.y - (60 - TransformOptions.angleSlop)) < 3, "\(end.transform)")
        #expect(abs(end.transform.x) < 0.02, "a turn at a constant radius keeps the scale: \(end.transform)")
        #expect(turned.filter { $0.state == .changed }.count > 10)
    }

    /// The release velocity of the scale, ln a second, from the velocity tracker on the log scale: within 5 % of
    /// the trace's true 2.5, as the pans' flicks are held to.
    @Test func thePinchsReleaseVelocityIsTracked() throws {
        let two = RecognizerSpec(name: "pinch", kind: .pinch(TransformOptions(slop: TransformOptions.scaleSlop)))
        let ended = try #require(
            try TraceFixtures.run("two-finger-pinch-flick", [two]).updates.last {
                $0.name == "pinch" && $0.state == .ended
            })
        let truth = try TraceFixtures.trueVelocity("two-finger-pinch-flick")
        #expect(
            abs(ended.transformVelocity.x - truth) / truth < 0.05,
            "measured \(ended.transformVelocity.x), true \(truth)")
    }

    // MARK: - The arena, by hand

    /// One finger dragging where a pinch waits for two: past a pan's slop, the pinch fails and the touch is released
    /// to applications, as a pan with too few fingers does.
    @Test func oneFingerDraggingFailsAPinchAndIsReleased() {
        let pinch = RecognizerSpec(name: "pinch", kind: .pinch(TransformOptions(slop: TransformOptions.scaleSlop)))
        let outputs = ArenaTests.run([pinch], ArenaTests.drag(from: Point(x: 500, y: 500), by: Point(x: 40, y: 0)))
        #expect(outputs.states(of: "pinch") == [.failed])
        #expect(outputs.releases == 1)
    }

    /// More fingers than its most fail it.
    @Test func tooManyFingersFailAPinch() {
        let pinch = RecognizerSpec(
            name: "pinch", kind: .pinch(TransformOptions(slop: TransformOptions.scaleSlop, maxTouches: 2)))
        let points = Self.ring(3, radius: 100)
        let events = points.enumerated().map {
            InputEvent(time: Double($0.offset) * 0.01, kind: .touchDown(id: $0.offset + 1), location: $0.element)
        }
        #expect(ArenaTests.run([pinch], events).states(of: "pinch") == [.failed])
    }

    static func touchpadPinch(_ scales: [Double], rotation: Double = 0) -> [InputEvent] {
        var events = [InputEvent(time: 0, kind: .pinchBegin(fingers: 4), location: Point(x: 300, y: 300))]
        for (index, scale) in scales.enumerated() {
            events.append(
                InputEvent(
                    time: Double(index + 1) * 0.01,
                    kind: .pinchUpdate(fingers: 4, delta: .zero, scale: scale, rotation: rotation),
                    location: Point(x: 300, y: 300)))
        }
        events.append(
            InputEvent(
                time: Double(scales.count + 1) * 0.01, kind: .pinchEnd(fingers: 4, cancelled: false),
                location: Point(x: 300, y: 300)))
        return events
    }

    /// The touchpad's pinch, read by the scale libinput and XI 2.4 report: ln of it, since the pinch recognizer
    /// began (past ln 1.15), while the built-in `pinch` is published as before.
    @Test func aTouchpadPinchIsReadByItsOwnScale() {
        var four = RecognizerSpec(
            name: "overview",
            kind: .pinch(TransformOptions(slop: TransformOptions.scaleSlop, minTouches: 4, maxTouches: 4)))
        four.sources = [.touchpad]
        let outputs = ArenaTests.run([four], Self.touchpadPinch([0.95, 0.8, 0.6, 0.5]))
        let updates = outputs.updates.filter { $0.name == "overview" }
        #expect(updates.map(\.state) == [.began, .changed, .changed, .ended])
        // Began at 0.8 (|ln 0.8| ≥ ln 1.15; 0.95 is within), so it ends ln(0.5/0.8) since.
        #expect(abs((updates.last?.transform.x ?? .nan) - log(0.5 / 0.8)) < 1e-12)
        #expect(
            outputs.states(of: BuiltInGesture.pinch.rawValue) == [
                .began, .changed, .changed, .changed, .changed, .ended,
            ])
    }

    /// Without a pinch or rotation recognizer on the touchpad, a touchpad pinch is the built-in gesture only, as it
    /// was: no sequence, no claim, no release. A pan on the touchpad does not take a pinch.
    @Test func withoutOneATouchpadPinchIsOnlyTheBuiltInGesture() {
        var swipe = RecognizerSpec(name: "swipe", kind: .pan(PanOptions(minTouches: 3)))
        swipe.sources = [.touchpad]
        let outputs = ArenaTests.run([swipe], Self.touchpadPinch([0.9, 0.5]))
        #expect(outputs.states(of: "swipe").isEmpty && outputs.claims == 0 && outputs.releases == 0)
        #expect(outputs.updates.allSatisfy { $0.name == BuiltInGesture.pinch.rawValue })
    }
}
