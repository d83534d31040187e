import CX11
import Gestures
import Testing

@testable import X11Input

/// Barrier, swipe, pinch and strip events, as the server sends them, through the converter.
struct PointerConversionTests {
    static let left: UInt = 0x200001
    static let bottom: UInt = 0x200002

    static func converter() -> XInputConverter {
        var converter = XInputConverter()
        converter.barriers = [left: .left, bottom: .bottom]
        return converter
    }

    /// Hits against the left barrier become one push: begin, then an update per hit with |dx| capped at GNOME's
    /// 15 px; hits that slide along the edge, move inward, come from a grabbed device or name an unknown barrier
    /// add nothing; leaving the edge ends it.
    @Test func barrierHitsBecomeOnePush() {
        var converter = Self.converter()
        var events: [InputEvent] = []
        events += converter.barrier(
            XEvents.barrier(XI_BarrierHit, barrier: Self.left, x: 0, y: 400, dx: -10, dy: 0, ms: 1000))
        events += converter.barrier(
            XEvents.barrier(XI_BarrierHit, barrier: Self.left, x: 0, y: 400, dx: -40, dy: 3, ms: 1008))
        events += converter.barrier(
            XEvents.barrier(XI_BarrierHit, barrier: Self.left, x: 0, y: 410, dx: -3, dy: 10, ms: 1016))
        events += converter.barrier(
            XEvents.barrier(XI_BarrierHit, barrier: Self.left, x: 0, y: 410, dx: 5, dy: 0, ms: 1020))
        events += converter.barrier(
            XEvents.barrier(
                XI_BarrierHit, barrier: Self.left, x: 0, y: 410, dx: -9, dy: 0, ms: 1024,
                flags: Int32(XIBarrierDeviceIsGrabbed)))
        events += converter.barrier(XEvents.barrier(XI_BarrierHit, barrier: 99, x: 0, y: 410, dx: -9, dy: 0, ms: 1028))
        events += converter.barrier(
            XEvents.barrier(XI_BarrierLeave, barrier: Self.left, x: 12, y: 410, dx: 12, dy: 0, ms: 1040))
        #expect(
            events.map(\.kind) == [
                .pressureBegin(edge: .left), .pressureUpdate(edge: .left, push: 10),
                .pressureUpdate(edge: .left, push: 15), .pressureEnd(edge: .left, cancelled: false),
            ])
        #expect(events.map(\.time) == [1.0, 1.0, 1.008, 1.04])
        #expect(events.first?.location == Point(x: 0, y: 400))
    }

    /// A push that goes quiet ends after the release delay by the local clock, stamped with its last hit's time so
    /// that the push's velocity is what the release rule sees.
    @Test func quietPushExpires() {
        var converter = Self.converter()
        _ = converter.barrier(
            XEvents.barrier(XI_BarrierHit, barrier: Self.bottom, x: 600, y: 799, dx: 0, dy: 12, ms: 2000),
            receivedAt: 50.0)
        let deadline = converter.pressureDeadline
        #expect(deadline.map { abs($0 - (50 + EdgePressure.defaultReleaseDelay)) < 1e-9 } == true)
        #expect(converter.expirePressure(at: 50.05).isEmpty)
        let ended = converter.expirePressure(at: 50.2)
        #expect(ended.map(\.kind) == [.pressureEnd(edge: .bottom, cancelled: false)] && ended.first?.time == 2.0)
        #expect(converter.pressureDeadline == nil)
    }

    /// The converted push drives an edge pan: it begins once 40 px of pressure are in (two capped hits do not), and its
    /// translation points inward.
    @Test func pushDrivesAnEdgePan() {
        var converter = Self.converter()
        var arena = GestureArena(
            recognizers: [
                RecognizerSpec(name: "open", kind: .edgePan(EdgePanOptions(edge: .left)), sources: [.pressure])
            ],
            geometry: .fallback)
        var updates: [GestureUpdate] = []
        for hit in 0..<6 {
            for event in converter.barrier(
                XEvents.barrier(
                    XI_BarrierHit, barrier: Self.left, x: 0, y: 400, dx: -15, dy: 0, ms: 1000 + UInt(hit) * 8))
            {
                updates += arena.handle(event).compactMap { if case let .gesture(u) = $0 { u } else { nil } }
            }
        }
        #expect(updates.map(\.state) == [.began, .changed, .changed, .changed])
        #expect(updates.last?.translation == Point(x: 45, y: 0), "three hits of 15 px after the one that began it")
    }

    /// Touchpad swipes keep their finger count and deltas, and a cancelled end says so.
    @Test func swipes() {
        var converter = XInputConverter()
        let events =
            converter.swipe(XEvents.swipe(XI_GestureSwipeBegin, fingers: 3, ms: 10))
            + converter.swipe(XEvents.swipe(XI_GestureSwipeUpdate, fingers: 3, dx: -12.5, dy: 1, ms: 18))
            + converter.swipe(
                XEvents.swipe(XI_GestureSwipeEnd, fingers: 3, ms: 26, flags: Int32(XIGestureSwipeEventCancelled)))
        #expect(
            events.map(\.kind) == [
                .swipeBegin(fingers: 3), .swipeUpdate(fingers: 3, delta: Point(x: -12.5, y: 1)),
                .swipeEnd(fingers: 3, cancelled: true),
            ])
        #expect(events.map(\.location) == Array(repeating: Point(x: 500, y: 300), count: 3))
    }

    /// Pinches carry the server's scale and the rotation summed from its angle deltas; a bad scale becomes 1.
    @Test func pinches() {
        var converter = XInputConverter()
        let events =
            converter.pinch(XEvents.pinch(XI_GesturePinchBegin, fingers: 2, ms: 10))
            + converter.pinch(XEvents.pinch(XI_GesturePinchUpdate, fingers: 2, scale: 1.25, angle: 5, ms: 18))
            + converter.pinch(XEvents.pinch(XI_GesturePinchUpdate, fingers: 2, scale: .nan, angle: 2.5, ms: 26))
            + converter.pinch(XEvents.pinch(XI_GesturePinchEnd, fingers: 2, ms: 34))
        #expect(
            events.map(\.kind) == [
                .pinchBegin(fingers: 2),
                .pinchUpdate(fingers: 2, delta: .zero, scale: 1.25, rotation: 5),
                .pinchUpdate(fingers: 2, delta: .zero, scale: 1, rotation: 7.5),
                .pinchEnd(fingers: 2, cancelled: false),
            ])
    }

    /// Presses, motion and releases on an edge strip become button and pointer events at root coordinates.
    @Test func stripDrag() {
        var converter = XInputConverter()
        let press = XEvents.device(XI_ButtonPress, detail: 1, x: 0, y: 300, ms: 5)
        let events =
            converter.pointer(press) + converter.pointer(XEvents.device(XI_Motion, detail: 0, x: 40, y: 302, ms: 13))
            + converter.pointer(XEvents.device(XI_ButtonRelease, detail: 1, x: 80, y: 303, ms: 21))
        #expect(events.map(\.kind) == [.buttonDown(button: 1), .pointerMove, .buttonUp(button: 1)])
        #expect(events.map(\.location) == [Point(x: 0, y: 300), Point(x: 40, y: 302), Point(x: 80, y: 303)])
    }

    /// Numbers from the server meet the same ranges as injected ones: events with non-finite or absurd positions or
    /// deltas, finger counts outside 1…10 or button 0 are dropped; -0 and the smallest subnormal are ordinary numbers;
    /// a pinch's absurd scale reads as unchanged. A raw touch's valuators are device units: a non-finite one drops
    /// the touch, a huge one lands on the screen's border, as the server keeps its sprite on the screen.
    @Test func absurdServerValuesAreDropped() {
        var converter = Self.converter()
        converter.touchscreens[XEvents.touchscreen] = XEvents.mapping()
        for bad in [Double.nan, .infinity, -.infinity] {
            #expect(
                XEvents.rawTouch(XI_RawTouchBegin, touch: 1, x: bad, y: 10, ms: 1) { converter.rawTouch($0) }.isEmpty)
        }
        #expect(
            XEvents.rawTouch(XI_RawTouchBegin, touch: 3, x: 1e308, y: -1e308, ms: 1) { converter.rawTouch($0) }.map(
                \.location)
                == [Point(x: Double(1920).nextDown, y: 0)])
        for bad in [Double.nan, .infinity, 1e308, -1e308] {
            #expect(
                converter.barrier(
                    XEvents.barrier(XI_BarrierHit, barrier: Self.left, x: 0, y: 400, dx: bad, dy: 0, ms: 2)
                ).isEmpty)
            #expect(converter.swipe(XEvents.swipe(XI_GestureSwipeUpdate, fingers: 3, dx: bad, ms: 3)).isEmpty)
        }
        for fingers: Int32 in [0, -1, 11, .max] {
            #expect(converter.swipe(XEvents.swipe(XI_GestureSwipeBegin, fingers: fingers, ms: 4)).isEmpty)
            #expect(converter.pinch(XEvents.pinch(XI_GesturePinchBegin, fingers: fingers, ms: 4)).isEmpty)
        }
        #expect(converter.pointer(XEvents.device(XI_ButtonPress, detail: 0, x: 0, y: 300, ms: 5)).isEmpty)
        #expect(
            XEvents.rawTouch(XI_RawTouchBegin, touch: 2, x: -0.0, y: .leastNonzeroMagnitude, ms: 6) {
                converter.rawTouch($0)
            }.count == 1)
        _ = converter.pinch(XEvents.pinch(XI_GesturePinchBegin, fingers: 2, ms: 7))
        #expect(
            converter.pinch(XEvents.pinch(XI_GesturePinchUpdate, fingers: 2, scale: 1e308, angle: .infinity, ms: 8))
                .map(\.kind)
                == [.pinchUpdate(fingers: 2, delta: .zero, scale: 1, rotation: 0)])
    }

    /// X timestamps wrap after 2^32 ms; converted times keep increasing across the wrap, and a late event from before
    /// the wrap keeps its place.
    @Test func timeUnwrapsAcrossTheWrap() {
        var clock = XTimeUnwrapper()
        let before = clock.seconds(UInt32.max - 15)
        let after = clock.seconds(16)
        let late = clock.seconds(UInt32.max - 7)
        #expect(abs((after - before) - 0.032) < 1e-9)
        #expect(abs((late - before) - 0.008) < 1e-9)
        #expect(clock.seconds(40) > after)
    }
}
