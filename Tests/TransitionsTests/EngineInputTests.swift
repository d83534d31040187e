import Gestures
import Motion
import Testing

/// Edge pressure, pinches and vanished input, through the default config.
struct EngineInputTests {
    static let leftEdge = Point(x: 0, y: 500)

    static func push(_ step: Int, _ amount: Double = 15, edge: Edge = .left, at point: Point = leftEdge) -> InputEvent {
        InputEvent(time: 0.008 * Double(step), kind: .pressureUpdate(edge: edge, push: amount), location: point)
    }

    /// Pushing the left edge drives the sidebar 1:1 with the pressure: nothing until 40 px are in (the pressure slop),
    /// then +15/400 per 15 px hit; when the push ends, its velocity is handed over and the sidebar opens.
    @Test func pressureDrivesTheSidebar() {
        var tester = EngineTester()
        tester.input(InputEvent(time: 0, kind: .pressureBegin(edge: .left), location: Self.leftEdge), at: 0, expect: [])
        tester.input(Self.push(1), at: 0.008, expect: [])
        tester.input(Self.push(2), at: 0.016, expect: [])
        tester.input(
            Self.push(3), at: 0.024,
            expect: [
                .gesture("sidebar-open", .began),
                .began("sidebar", .gesture("sidebar-open"), from: 0, to: 1, progress: 0),
            ],
            decisions: [.claimed(sequence: 1, source: .pressure, touches: [])])
        for step in 4...12 {
            tester.input(
                Self.push(step), at: 0.008 * Double(step),
                expect: [
                    .gesture("sidebar-open", .changed),
                    .progress("sidebar", .interactive, progress: Double(step - 3) * 15 / 400),
                ])
        }
        tester.input(
            InputEvent(time: 0.096, kind: .pressureEnd(edge: .left, cancelled: false), location: Self.leftEdge),
            at: 0.1,
            expect: [.gesture("sidebar-open", .ended), .leg("sidebar", .spring), .progress("sidebar", .animating)])
        tester.runToEnd("sidebar", from: 0.1, position: .end, snap: 1)
    }

    /// A gesture leg's began says where it heads (from == to is reserved for idle): the closing pan of an open sidebar
    /// heads from 1 to 0, by its binding; the pager's axis-only swipe heads the way the fingers move.
    @Test func gestureLegsSayWhereTheyHead() {
        var tester = EngineTester()
        tester.command(.toggle("sidebar"), at: 0, expect: [.began("sidebar", .command, from: 0, to: 1, progress: 0)])
        tester.runToEnd("sidebar", from: 0, position: .end, snap: 1)
        let closing = tester.inputs(
            EngineGestureTests.drag(from: Point(x: 300, y: 500), by: Point(x: -100, y: 0), startTime: 5),
            decisions: [.claimed(sequence: 1, source: .touch, touches: [1])], at: { $0.time })
        let began = closing.first { if case .began = $0 { true } else { false } }
        guard case let .began(snapshot, _, _)? = began else { Issue.record("no began: \(closing)"); return }
        #expect(snapshot.from == 1 && snapshot.to == 0 && snapshot.target == 0)

        var pager = EngineTester()
        var events: [InputEvent] = []
        for finger in 1...3 {
            events.append(.touch(InputEvent.Kind.touchDown, 900 + Double(finger) * 30, 500, at: 0, id: finger))
        }
        for step in 1...10 {
            for finger in 1...3 {
                events.append(
                    .touch(
                        InputEvent.Kind.touchMove, 900 + Double(finger) * 30 - Double(step) * 8, 500,
                        at: Double(step) * 0.01, id: finger))
            }
        }
        let swiped = pager.inputs(
            events, decisions: [.claimed(sequence: 1, source: .touch, touches: [1, 2, 3])], at: { $0.time })
        guard case let .began(page, _, _)? = swiped.first(where: { if case .began = $0 { true } else { false } }) else {
            Issue.record("no began: \(swiped)"); return
        }
        #expect(page.name == "pager" && page.from == 0 && page.to == 1, "leftward increases the pager")
    }

    /// Pressure drives only the binding of the edge it pushes; a pressure event for another edge than the push's is ignored.
    @Test func pressureBelongsToItsEdge() {
        var tester = EngineTester()
        let right = Point(x: 1919, y: 500)
        tester.input(InputEvent(time: 0, kind: .pressureBegin(edge: .right), location: right), at: 0, expect: [])
        tester.input(Self.push(1, edge: .left), at: 0.008, expect: [])
        for step in 1...3 {
            _ = tester.engine.handle(Self.push(step, edge: .right, at: right), at: 0.008 * Double(step))
        }
        #expect(tester.engine.snapshot(of: "panel", at: 0.03)?.phase == .interactive)
        #expect(tester.engine.snapshot(of: "sidebar", at: 0.03)?.phase == .idle)
    }

    /// When the input that drove a transition vanishes (the X server died), the gesture is cancelled, the sidebar goes
    /// back to where it started, and commands work again.
    @Test func vanishedInputIsCancelled() {
        var tester = EngineTester()
        _ = tester.inputs(
            EngineGestureTests.drag(from: Point(x: 2, y: 500), by: Point(x: 100, y: 0)),
            decisions: [.claimed(sequence: 1, source: .touch, touches: [1])], at: { $0.time })
        #expect(tester.engine.snapshot(of: "sidebar", at: 0.2)?.phase == .interactive)
        #expect(tester.engine.isTracking(.touch))
        tester.cancel(
            [.touch, .pointer, .pressure, .touchpad], at: 0.25,
            expect: [.gesture("sidebar-open", .cancelled), .leg("sidebar", .spring), .progress("sidebar", .animating)])
        #expect(!tester.engine.isTracking(.touch))
        tester.runToEnd("sidebar", from: 0.25, position: .start, snap: 0)
        tester.command(.toggle("sidebar"), at: 2, expect: [.began("sidebar", .command, from: 0, to: 1, progress: 0)])
    }

    /// Cancelling sources that drive nothing changes nothing.
    @Test func cancellingNothingIsQuiet() {
        var tester = EngineTester()
        tester.cancel([.touch, .pointer, .pressure, .touchpad], at: 1, expect: [])
    }

    /// A touchpad pinch is published as the "pinch" gesture with its scale and rotation, and moves no transition;
    /// a second begin while one runs is ignored, and vanished input cancels it.
    @Test func pinchesArePublished() {
        var tester = EngineTester()
        let at = Point(x: 300, y: 300)
        tester.input(
            InputEvent(time: 0, kind: .pinchBegin(fingers: 2), location: at), at: 0, expect: [.gesture("pinch", .began)]
        )
        tester.input(InputEvent(time: 0.01, kind: .pinchBegin(fingers: 2), location: at), at: 0.01, expect: [])
        let output = tester.input(
            InputEvent(
                time: 0.02, kind: .pinchUpdate(fingers: 2, delta: Point(x: 2, y: 3), scale: 1.5, rotation: 10),
                location: at),
            at: 0.02, expect: [.gesture("pinch", .changed)])
        guard case let .gesture(update, _)? = output.events.first else { return }
        #expect(update.pinch?.scale == 1.5 && update.pinch?.rotation == 10 && update.translation == Point(x: 2, y: 3))
        tester.cancel([.touchpad], at: 0.03, expect: [.gesture("pinch", .cancelled)])
        tester.input(
            InputEvent(time: 0.04, kind: .pinchEnd(fingers: 2, cancelled: false), location: at), at: 0.04, expect: [])
    }

    /// A touchpad hold (libinput) is published as the "hold" gesture with its finger count, and moves no transition;
    /// its end says whether the fingers moved (cancelled); a second begin while one runs is ignored, and vanished
    /// input cancels it.
    @Test func holdsArePublished() {
        var tester = EngineTester()
        let at = Point(x: 960, y: 540)
        let began = tester.input(
            InputEvent(time: 0, kind: .holdBegin(fingers: 3), location: at), at: 0, expect: [.gesture("hold", .began)])
        if case let .gesture(update, _)? = began.events.first {
            #expect(update.touchCount == 3 && update.translation == .zero)
        }
        tester.input(InputEvent(time: 0.01, kind: .holdBegin(fingers: 2), location: at), at: 0.01, expect: [])
        tester.input(
            InputEvent(time: 0.2, kind: .holdEnd(fingers: 3, cancelled: false), location: at), at: 0.2,
            expect: [.gesture("hold", .ended)])
        tester.input(
            InputEvent(time: 0.3, kind: .holdEnd(fingers: 3, cancelled: false), location: at), at: 0.3, expect: [])
        tester.input(
            InputEvent(time: 0.4, kind: .holdBegin(fingers: 2), location: at), at: 0.4,
            expect: [.gesture("hold", .began)])
        tester.input(
            InputEvent(time: 0.5, kind: .holdEnd(fingers: 2, cancelled: true), location: at), at: 0.5,
            expect: [.gesture("hold", .cancelled)])
        tester.input(
            InputEvent(time: 0.6, kind: .holdBegin(fingers: 2), location: at), at: 0.6,
            expect: [.gesture("hold", .began)])
        tester.cancel([.touchpad], at: 0.7, expect: [.gesture("hold", .cancelled)])
    }
}
