import AnimProtocol
import Testing

@testable import Gestures

/// Arbitration rules of MOTION.md §4, driven by hand-made events.
@Suite struct ArenaTests {
    static func drag(from start: Point, by delta: Point, steps: Int = 10, id: Int = 1) -> [InputEvent] {
        var events = [InputEvent(time: 0, kind: .touchDown(id: id), location: start)]
        for i in 1...steps {
            let p = start + delta * (Double(i) / Double(steps))
            events.append(InputEvent(time: Double(i) * 0.01, kind: .touchMove(id: id), location: p))
        }
        events.append(InputEvent(time: Double(steps) * 0.01 + 0.005, kind: .touchUp(id: id), location: start + delta))
        return events
    }

    static func run(
        _ specs: [RecognizerSpec], _ events: [InputEvent], shouldBegin: (BeginRequest) -> Bool = { _ in true }
    ) -> [ArenaOutput] {
        var arena = GestureArena(recognizers: specs, geometry: .fallback)
        return events.flatMap { arena.handle($0, shouldBegin: shouldBegin) }
    }

    let pan = RecognizerSpec(name: "pan", kind: .pan(PanOptions()))
    let edge = RecognizerSpec.edge(.left)

    /// When an edge pan and a plain pan could both begin, the edge pan wins and the pan fails.
    @Test func edgeBeatsPan() {
        let outputs = Self.run([pan, edge], Self.drag(from: Point(x: 3, y: 500), by: Point(x: 200, y: 0)))
        #expect(outputs.states(of: "left-edge").first == .began)
        #expect(outputs.states(of: "pan") == [.failed])
        #expect(outputs.claims == 1)
    }

    /// A pan with a smaller slop still waits while a more specific edge pan is possible.
    @Test func lessSpecificWaitsForMoreSpecific() {
        let eager = RecognizerSpec(name: "pan", kind: .pan(PanOptions(slop: 2)))
        let outputs = Self.run([eager, edge], Self.drag(from: Point(x: 3, y: 500), by: Point(x: 200, y: 0), steps: 40))
        #expect(outputs.states(of: "left-edge").first == .began)
        #expect(outputs.states(of: "pan") == [.failed])
    }

    /// Away from the edge, only the plain pan is a candidate and it begins.
    @Test func panAloneAwayFromEdge() {
        let outputs = Self.run([pan, edge], Self.drag(from: Point(x: 500, y: 500), by: Point(x: 200, y: 0)))
        #expect(outputs.states(of: "left-edge").isEmpty)
        #expect(outputs.states(of: "pan").first == .began)
    }

    /// requireToFail: a recognizer waits for another to fail, and fails if the other begins.
    @Test func requireToFailWaitsThenLoses() {
        var needsEdgeToFail = pan
        needsEdgeToFail.requireToFail = ["left-edge"]
        let outputs = Self.run([needsEdgeToFail, edge], Self.drag(from: Point(x: 3, y: 500), by: Point(x: 200, y: 0)))
        #expect(outputs.states(of: "pan") == [.failed])
        #expect(outputs.states(of: "left-edge").first == .began)
    }

    /// requireToFail: once the other fails, the waiting recognizer begins, with translation starting at zero.
    @Test func requireToFailBeginsAfterOtherFails() {
        let vertical = RecognizerSpec(name: "down", kind: .pan(PanOptions(direction: .down)))
        var waiting = pan
        waiting.requireToFail = ["down"]
        let outputs = Self.run([waiting, vertical], Self.drag(from: Point(x: 500, y: 500), by: Point(x: 200, y: 0)))
        #expect(outputs.states(of: "down") == [.failed])
        let began = outputs.updates.first { $0.name == "pan" && $0.state == .began }
        #expect(began?.translation == .zero)
        #expect(outputs.states(of: "pan").last == .ended)
    }

    /// A shouldBegin predicate that returns false makes the recognizer fail.
    @Test func shouldBeginFalseFails() {
        let outputs = Self.run([pan], Self.drag(from: Point(x: 500, y: 500), by: Point(x: 200, y: 0))) {
            $0.name != "pan"
        }
        #expect(outputs.states(of: "pan") == [.failed])
        #expect(outputs.releases == 1)
    }

    /// An axis lock fails the pan when the other axis dominates at begin.
    @Test func axisLockFailsOnOtherAxis() {
        let horizontal = RecognizerSpec(name: "h", kind: .pan(PanOptions(axis: .horizontal)))
        #expect(
            Self.run([horizontal], Self.drag(from: Point(x: 500, y: 500), by: Point(x: 30, y: 200))).states(of: "h")
                == [.failed])
        #expect(
            Self.run([horizontal], Self.drag(from: Point(x: 500, y: 500), by: Point(x: -200, y: 30))).states(of: "h")
                .first == .began)
    }

    /// A direction requirement fails motion the other way along the same axis.
    @Test func directionFailsOppositeMotion() {
        let left = RecognizerSpec(name: "l", kind: .pan(PanOptions(direction: .left)))
        #expect(
            Self.run([left], Self.drag(from: Point(x: 500, y: 500), by: Point(x: 200, y: 0))).states(of: "l") == [
                .failed
            ])
        #expect(
            Self.run([left], Self.drag(from: Point(x: 500, y: 500), by: Point(x: -200, y: 0))).states(of: "l").first
                == .began)
    }

    /// A start region limits where a pan may start.
    @Test func regionLimitsStart() {
        let inside = RecognizerSpec(
            name: "r", kind: .pan(PanOptions(region: [Rect(x: 0, y: 0, width: 400, height: 1080)])))
        #expect(
            Self.run([inside], Self.drag(from: Point(x: 500, y: 500), by: Point(x: -200, y: 0))).states(of: "r").isEmpty
        )
        #expect(
            Self.run([inside], Self.drag(from: Point(x: 300, y: 500), by: Point(x: -200, y: 0))).states(of: "r").first
                == .began)
    }

    /// The pan begins after a 10 px slop, and its translation starts at zero there with no jump.
    @Test func slopThenTranslationFromBeginPoint() {
        let outputs = Self.run([pan], Self.drag(from: Point(x: 500, y: 500), by: Point(x: 100, y: 0), steps: 50))
        let updates = outputs.updates
        // Steps of 2 px: the slop of 10 px is reached on the fifth move.
        #expect(updates.first?.state == .began)
        #expect(updates.first?.location == Point(x: 510, y: 500))
        #expect(updates.first?.translation == .zero)
        #expect(updates.dropFirst().first?.translation == Point(x: 2, y: 0))
        #expect(updates.last?.translation == Point(x: 90, y: 0))
    }

    /// A finger landing mid-pan does not make the centroid translation jump.
    @Test func secondFingerDoesNotJump() {
        var events = Self.drag(from: Point(x: 500, y: 500), by: Point(x: 100, y: 0), steps: 10)
        events.removeLast()
        events.append(InputEvent(time: 0.2, kind: .touchDown(id: 2), location: Point(x: 900, y: 900)))
        events.append(InputEvent(time: 0.21, kind: .touchMove(id: 2), location: Point(x: 910, y: 900)))
        let outputs = Self.run([pan], events)
        // Finger 2 moved 10 px: the centroid moved 5 px, on top of the 90 px since begin.
        #expect(outputs.updates.last?.translation == Point(x: 95, y: 0))
    }

    /// Touches of a recognized sequence are claimed; touches no recognizer can use are released with their ids.
    @Test func claimAndReleaseCarryTouchIDs() {
        let claimed = Self.run([edge], Self.drag(from: Point(x: 3, y: 500), by: Point(x: 200, y: 0), id: 7))
        #expect(claimed.contains(.claimed(sequence: 1, source: .touch, touches: [7])))
        let released = Self.run([edge], Self.drag(from: Point(x: 600, y: 500), by: Point(x: 200, y: 0), id: 9))
        #expect(released.first == .released(sequence: 1, source: .touch, touches: [9]))
    }

    /// A three-finger touchpad swipe drives a pan limited to the touchpad.
    @Test func touchpadSwipePans() {
        let swipe = RecognizerSpec(
            name: "pager", kind: .pan(PanOptions(minTouches: 3, maxTouches: 3, axis: .horizontal)), sources: [.touchpad]
        )
        var events = [InputEvent(time: 0, kind: .swipeBegin(fingers: 3), location: Point(x: 100, y: 100))]
        for i in 1...20 {
            events.append(
                InputEvent(
                    time: Double(i) * 0.01, kind: .swipeUpdate(fingers: 3, delta: Point(x: -5, y: 0)),
                    location: Point(x: 100, y: 100)))
        }
        events.append(
            InputEvent(time: 0.21, kind: .swipeEnd(fingers: 3, cancelled: false), location: Point(x: 100, y: 100)))
        let updates = Self.run([swipe], events).updates
        #expect(updates.first?.state == .began)
        #expect(updates.last?.state == .ended)
        #expect(updates.last?.translation == Point(x: -90, y: 0))
        #expect(abs((updates.last?.velocity.x ?? 0) + 500) < 1)
    }

    /// A pointer press is a sequence only for button 1; moves without a press do nothing.
    @Test func pointerNeedsButtonOne() {
        let events = [
            InputEvent(time: 0, kind: .buttonDown(button: 3), location: Point(x: 1, y: 500)),
            InputEvent(time: 0.1, kind: .pointerMove, location: Point(x: 200, y: 500)),
            InputEvent(time: 0.2, kind: .buttonUp(button: 3), location: Point(x: 200, y: 500)),
        ]
        #expect(Self.run([edge], events).isEmpty)
    }
}

@Suite struct GeometryTests {
    let two = ScreenGeometry(monitors: [
        Rect(x: 0, y: 0, width: 1920, height: 1080), Rect(x: 1920, y: 0, width: 1280, height: 1024),
    ])

    /// Outer edges are screen edges; the shared inner edge is not, from either side.
    @Test func sharedEdgesAreNotScreenEdges() {
        #expect(two.distance(from: Point(x: 0, y: 500), to: .left) == 0)
        #expect(two.distance(from: Point(x: 1919, y: 500), to: .right) == nil)
        #expect(two.distance(from: Point(x: 1920, y: 500), to: .left) == nil)
        #expect(two.distance(from: Point(x: 3199, y: 500), to: .right) == 0)
        #expect(two.distance(from: Point(x: 100, y: 1079), to: .bottom) == 0)
    }

    /// Where monitors differ in height, the uncovered part of the inner edge is a screen edge.
    @Test func partlySharedEdge() {
        // The right monitor is 1024 tall: below it, the left monitor's right edge is free.
        #expect(two.distance(from: Point(x: 1915, y: 1050), to: .right) == 4)
        #expect(two.distance(from: Point(x: 1915, y: 500), to: .right) == nil)
    }

    /// A point on no monitor has no edges.
    @Test func offScreenHasNoEdges() {
        #expect(two.distance(from: Point(x: 3000, y: 1050), to: .bottom) == nil)
    }
}

@Suite struct InputEventCodingTests {
    /// The JSON of PROTOCOL.md decodes, including its example line.
    @Test func decodesProtocolExample() throws {
        let events = try Trace.decode(#"{"t":0.0083,"kind":"touch-move","id":1,"x":14.0,"y":541.0}"#)
        #expect(events == [InputEvent(time: 0.0083, kind: .touchMove(id: 1), location: Point(x: 14, y: 541))])
    }

    /// Every kind round-trips through JSON.
    @Test func everyKindRoundTrips() throws {
        let kinds: [InputEvent.Kind] = [
            .touchDown(id: 1), .touchMove(id: 2), .touchUp(id: 3), .touchCancel(id: 4), .pointerMove,
            .buttonDown(button: 1), .buttonUp(button: 3), .swipeBegin(fingers: 3),
            .swipeUpdate(fingers: 3, delta: Point(x: 1.5, y: -2)), .swipeEnd(fingers: 4, cancelled: true),
        ]
        let events = kinds.enumerated().map {
            InputEvent(time: Double($0.offset), kind: $0.element, location: Point(x: 1, y: 2))
        }
        #expect(try Trace.decode(Trace.encode(events)) == events)
    }

    /// Bad lines name their line number and the bad field.
    @Test(arguments: [
        ("{\"t\":0,\"kind\":\"touch-down\",\"x\":1,\"y\":2}", "missing field \"id\""),
        ("{\"t\":0,\"kind\":\"wiggle\",\"x\":1,\"y\":2}", "unknown kind \"wiggle\""),
        ("{\"t\":\"soon\",\"kind\":\"pointer-move\",\"x\":1,\"y\":2}", "field \"t\" has the wrong type"),
        ("not json", "not valid JSON"),
    ])
    func badLinesAreReported(line: String, message: String) {
        do {
            _ = try Trace.decode("# comment\n\n" + line)
            Issue.record("should fail")
        } catch {
            #expect(error.line == 3)
            #expect(error.message.contains(message), "\(error)")
        }
    }
}

/// Pinches and holds are the arena's built-in gestures: published under their reserved names, numbered with every
/// other sequence, tracked as touchpad input, and cancelled with it.
@Suite struct TouchpadGestureArenaTests {
    static let at = Point(x: 960, y: 540)

    static func event(_ time: Double, _ kind: InputEvent.Kind) -> InputEvent {
        InputEvent(time: time, kind: kind, location: at)
    }

    @Test func pinchesAndHoldsShareTheArenasSequenceNumbers() {
        var arena = GestureArena(recognizers: [RecognizerSpec.edge(.left)], geometry: .fallback)
        let touch = ArenaTests.drag(from: Point(x: 500, y: 500), by: Point(x: 5, y: 0), steps: 1).flatMap {
            arena.handle($0)
        }
        #expect(
            touch == [.released(sequence: 1, source: .touch, touches: [1])], "no recognizer takes a touch mid-screen")
        let pinch = arena.handle(Self.event(1, .pinchBegin(fingers: 2)))
        guard case let .gesture(began)? = pinch.first else { Issue.record("\(pinch)"); return }
        #expect(began.name == BuiltInGesture.pinch.rawValue && began.state == .began && began.sequence == 2)
        #expect(arena.isTracking(.touchpad))
        #expect(arena.handle(Self.event(1.1, .pinchBegin(fingers: 2))).isEmpty, "one pinch at a time")
        let hold = arena.handle(Self.event(1.2, .holdBegin(fingers: 3)))
        guard case let .gesture(held)? = hold.first else { Issue.record("\(hold)"); return }
        #expect(held.name == BuiltInGesture.hold.rawValue && held.sequence == 3 && held.touchCount == 3)
        let cancelled = arena.cancel(.touchpad, at: 2).compactMap { output -> String? in
            guard case let .gesture(update) = output else { return nil }
            return "\(update.name) \(update.state) \(update.sequence)"
        }
        #expect(cancelled == ["pinch cancelled 2", "hold cancelled 3"])
        #expect(!arena.isTracking(.touchpad))
        #expect(
            arena.handle(Self.event(3, .pinchEnd(fingers: 2, cancelled: false))).isEmpty,
            "an end without a pinch is ignored")
    }

    /// A pinch's translation is the sum of its deltas; its scale and rotation travel with `began` and `changed` only.
    @Test func aPinchCarriesItsTranslationScaleAndRotation() {
        var arena = GestureArena(recognizers: [], geometry: .fallback)
        _ = arena.handle(Self.event(0, .pinchBegin(fingers: 2)))
        _ = arena.handle(Self.event(0.01, .pinchUpdate(fingers: 2, delta: Point(x: 2, y: 3), scale: 1.2, rotation: 5)))
        let changed = arena.handle(
            Self.event(0.02, .pinchUpdate(fingers: 2, delta: Point(x: -1, y: 1), scale: 1.5, rotation: 10)))
        guard case let .gesture(update)? = changed.first else { Issue.record("\(changed)"); return }
        #expect(update.translation == Point(x: 1, y: 4) && update.pinch?.scale == 1.5 && update.pinch?.rotation == 10)
        let ended = arena.handle(Self.event(0.03, .pinchEnd(fingers: 2, cancelled: false)))
        guard case let .gesture(end)? = ended.first else { Issue.record("\(ended)"); return }
        #expect(end.state == .ended && end.translation == Point(x: 1, y: 4) && end.pinch == nil)
    }
}

/// One sequence holds at most `InputLimits.openTouches` fingers: the rest are released to the applications at once
/// and never join it, so lifting the fingers it holds ends it, however many more came down.
@Suite struct OpenTouchLimitTests {
    @Test func touchesBeyondTheBoundNeverJoinTheSequence() {
        var arena = GestureArena(
            recognizers: [RecognizerSpec(name: "pan", kind: .pan(PanOptions()))], geometry: .fallback)
        var released: Set<Int> = []
        for id in 0..<56_000 {
            for output in arena.handle(InputEvent(time: 0, kind: .touchDown(id: id), location: Point(x: 500, y: 500))) {
                if case let .released(_, .touch, touches) = output { released.formUnion(touches) }
            }
        }
        #expect(released.isSuperset(of: InputLimits.openTouches..<56_000), "every touch past the bound is handed back")
        #expect(
            arena.handle(InputEvent(time: 0.01, kind: .touchDown(id: 3), location: Point(x: 500, y: 500))).isEmpty,
            "a finger already down is not added again")
        for id in 0..<InputLimits.openTouches {
            #expect(arena.isTracking(.touch), "finger \(id) of the bound is still down")
            _ = arena.handle(InputEvent(time: 0.03, kind: .touchUp(id: id), location: Point(x: 500, y: 500)))
        }
        #expect(!arena.isTracking(.touch), "the sequence held only the fingers within the bound")
    }
}
