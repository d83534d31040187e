import AnimProtocol
import Foundation
import Testing

@testable import Gestures

/// Outer edges, edge pressure and the arena's pressure and cancel paths.
struct EdgeInputTests {
    /// One monitor: each edge is one stretch along the whole border; right and bottom lines lie one past the last pixel.
    @Test func oneMonitorHasFourOuterEdges() {
        let segments = ScreenGeometry(monitors: [Rect(x: 0, y: 0, width: 1280, height: 800)]).outerSegments()
        #expect(
            Set(segments) == [
                EdgeSegment(edge: .left, line: 0, start: 0, end: 800),
                EdgeSegment(edge: .right, line: 1280, start: 0, end: 800),
                EdgeSegment(edge: .top, line: 0, start: 0, end: 1280),
                EdgeSegment(edge: .bottom, line: 800, start: 0, end: 1280),
            ])
    }

    /// Side by side, 1920×1080 and 1280×1024 top-aligned: the shared border has no barrier where the other monitor is
    /// beyond it, only the 56 px of the taller monitor's right border that overhang.
    @Test func sharedBordersAreNotOuterEdges() {
        let geometry = ScreenGeometry(monitors: [
            Rect(x: 0, y: 0, width: 1920, height: 1080), Rect(x: 1920, y: 0, width: 1280, height: 1024),
        ])
        let segments = geometry.outerSegments()
        #expect(
            segments.filter { $0.edge == .right } == [
                EdgeSegment(edge: .right, line: 1920, start: 1024, end: 1080),
                EdgeSegment(edge: .right, line: 3200, start: 0, end: 1024),
            ])
        #expect(segments.filter { $0.edge == .left } == [EdgeSegment(edge: .left, line: 0, start: 0, end: 1080)])
        #expect(segments.filter { $0.edge == .bottom }.map(\.line) == [1080, 1024])
        #expect(geometry.outerSegments(of: [.top]).count == 2)
    }

    /// A strip lies inside the monitor along its stretch.
    @Test func stripsLieInside() {
        #expect(
            EdgeSegment(edge: .right, line: 1280, start: 0, end: 800).strip(width: 2)
                == Rect(x: 1278, y: 0, width: 2, height: 800))
        #expect(
            EdgeSegment(edge: .bottom, line: 800, start: 0, end: 1280).strip(width: 3)
                == Rect(x: 0, y: 797, width: 1280, height: 3))
    }

    /// A push that slides into the corner and onto the other edge ends the first push and begins the second; a
    /// cancelled push says so.
    @Test func cornerSwitchesEdges() {
        var pressure = EdgePressure()
        _ = pressure.hit(.init(edge: .left, location: Point(x: 0, y: 790), delta: Point(x: -10, y: 0), time: 1))
        let switched = pressure.hit(
            .init(edge: .bottom, location: Point(x: 0, y: 799), delta: Point(x: 0, y: 12), time: 1.008))
        #expect(
            switched.map(\.kind) == [
                .pressureEnd(edge: .left, cancelled: false), .pressureBegin(edge: .bottom),
                .pressureUpdate(edge: .bottom, push: 12),
            ])
        #expect(pressure.cancel().map(\.kind) == [.pressureEnd(edge: .bottom, cancelled: true)])
        #expect(pressure.cancel().isEmpty && !pressure.isPushing)
    }

    /// New settings mid-push keep the push: it carries on under the new cap and still ends when it goes quiet, so
    /// the sequence it drives is never left open.
    @Test func reconfiguringKeepsThePush() {
        var pressure = EdgePressure(cap: 15, releaseDelay: 0.12)
        _ = pressure.hit(.init(edge: .left, location: Point(x: 0, y: 300), delta: Point(x: -40, y: 0), time: 1))
        pressure.configure(cap: 10, releaseDelay: 0.5)
        #expect(pressure.isPushing)
        #expect(
            pressure.hit(.init(edge: .left, location: Point(x: 0, y: 300), delta: Point(x: -40, y: 0), time: 1.01)).map(
                \.kind)
                == [.pressureUpdate(edge: .left, push: 10)])
        #expect(pressure.expire(at: 1.2).isEmpty, "the new 0.5 s delay applies")
        #expect(pressure.expire(at: 1.51).map(\.kind) == [.pressureEnd(edge: .left, cancelled: false)])
    }

    /// Pans ignore pressure, an edge pan ignores pressure on another edge, and a push shorter than the pressure slop
    /// is released when it ends.
    @Test func pressureOnlyDrivesItsEdgePan() {
        let specs = [
            RecognizerSpec(name: "pan", kind: .pan(PanOptions()), sources: [.pressure]),
            RecognizerSpec(name: "right", kind: .edgePan(EdgePanOptions(edge: .right)), sources: [.pressure]),
        ]
        var arena = GestureArena(recognizers: specs, geometry: .fallback)
        let left = Point(x: 0, y: 300)
        let begin = arena.handle(InputEvent(time: 0, kind: .pressureBegin(edge: .left), location: left))
        #expect(begin == [.released(sequence: 1, source: .pressure, touches: [])], "nothing can use a left push")
        #expect(
            arena.handle(InputEvent(time: 0.1, kind: .pressureEnd(edge: .left, cancelled: false), location: left))
                .isEmpty)
        let right = Point(x: 1919, y: 300)
        #expect(arena.handle(InputEvent(time: 1, kind: .pressureBegin(edge: .right), location: right)).isEmpty)
        #expect(
            arena.handle(InputEvent(time: 1.008, kind: .pressureUpdate(edge: .right, push: 15), location: right))
                .isEmpty)
        let ended = arena.handle(
            InputEvent(time: 1.1, kind: .pressureEnd(edge: .right, cancelled: false), location: right))
        #expect(ended.contains(.released(sequence: 2, source: .pressure, touches: [])), "15 px is under the 40 px slop")
    }

    /// Cancelling a source ends its sequence: an undecided one is released with its touches, and nothing stays tracked.
    @Test func cancelReleasesUndecidedTouches() {
        var arena = GestureArena(
            recognizers: [RecognizerSpec(name: "left", kind: .edgePan(EdgePanOptions(edge: .left)))],
            geometry: .fallback)
        _ = arena.handle(InputEvent(time: 0, kind: .touchDown(id: 4), location: Point(x: 3, y: 300)))
        #expect(arena.isTracking(.touch))
        let cancelled = arena.cancel(.touch, at: 0.05)
        #expect(cancelled.contains(.released(sequence: 1, source: .touch, touches: [4])))
        #expect(!arena.isTracking(.touch) && arena.cancel(.touch, at: 0.06).isEmpty)
    }

    /// Injected numbers are range-checked where they enter: absurd coordinates, finger counts, buttons, pushes and
    /// scales are refused with the field's name; -0 and the smallest subnormal are ordinary numbers.
    @Test(arguments: [
        (#"{"t":0,"kind":"touch-down","id":1,"x":1e308,"y":0}"#, "x"),
        (#"{"t":1e300,"kind":"pointer-move","x":0,"y":0}"#, "t"),
        (#"{"t":0,"kind":"touch-down","id":-1,"x":0,"y":0}"#, "id"),
        (#"{"t":0,"kind":"swipe-begin","fingers":0,"x":0,"y":0}"#, "fingers"),
        (#"{"t":0,"kind":"button-down","button":0,"x":0,"y":0}"#, "button"),
        (#"{"t":0,"kind":"pressure-update","edge":"left","push":-1,"x":0,"y":0}"#, "push"),
        (#"{"t":0,"kind":"pressure-update","edge":"left","push":1e30,"x":0,"y":0}"#, "push"),
        (#"{"t":0,"kind":"pressure-begin","edge":"middle","x":0,"y":0}"#, "edge"),
        (#"{"t":0,"kind":"pinch-update","fingers":2,"dx":0,"dy":0,"scale":1e200,"rotation":0,"x":0,"y":0}"#, "scale"),
    ])
    func absurdValuesAreRefused(line: String, field: String) {
        do {
            _ = try Trace.decode(line)
            Issue.record("\(line) was read")
        } catch {
            #expect(error.message.contains("\"\(field)\""), "\(error.message) names \(field)")
        }
    }

    @Test func tinyAndNegativeZeroAreFine() throws {
        let event = try #require(try Trace.decode(#"{"t":5e-324,"kind":"pointer-move","x":-0,"y":5e-324}"#).first)
        #expect(event.location.x == 0 && event.time > 0)
    }

    /// The new kinds round-trip through the trace format.
    @Test func newKindsRoundTrip() throws {
        let events = [
            InputEvent(time: 1, kind: .pressureBegin(edge: .top), location: Point(x: 400, y: 0)),
            InputEvent(time: 1.008, kind: .pressureUpdate(edge: .top, push: 12.5), location: Point(x: 400, y: 0)),
            InputEvent(time: 1.1, kind: .pressureEnd(edge: .top, cancelled: true), location: Point(x: 401, y: 0)),
            InputEvent(time: 2, kind: .pinchBegin(fingers: 2), location: Point(x: 5, y: 6)),
            InputEvent(
                time: 2.01, kind: .pinchUpdate(fingers: 2, delta: Point(x: 1, y: -1), scale: 0.8, rotation: -4),
                location: Point(x: 5, y: 6)),
            InputEvent(time: 2.02, kind: .pinchEnd(fingers: 2, cancelled: false), location: Point(x: 5, y: 6)),
        ]
        #expect(try Trace.decode(Trace.encode(events)) == events)
    }
}

/// For touch, a touchscreen's glass has its own edges: a touchscreen on the second of two monitors side by side
/// starts edge swipes at that monitor's left border, which is no screen edge for the pointer.
struct TouchSurfaceEdgeTests {
    static let left = Rect(x: 0, y: 0, width: 1920, height: 1080)
    static let right = Rect(x: 1920, y: 0, width: 1280, height: 800)

    @Test func aTouchscreensBordersAreItsEdges() {
        let geometry = ScreenGeometry(monitors: [Self.left, Self.right], touchSurfaces: [Self.right])
        let inner = Point(x: 1925, y: 400)
        #expect(geometry.distance(from: inner, to: .left) == nil, "for the pointer the shared border is no edge")
        #expect(geometry.touchDistance(from: inner, to: .left) == 5)
        #expect(geometry.touchDistance(from: Point(x: 3199, y: 799), to: .right) == 0)
        #expect(geometry.touchDistance(from: Point(x: 3199, y: 799), to: .bottom) == 0)
        #expect(
            geometry.touchDistance(from: Point(x: 1915, y: 400), to: .right) == nil,
            "off the glass, the screen-edge rule")
        #expect(geometry.touchDistance(from: Point(x: 3, y: 400), to: .left) == 3)
    }

    @Test func theArenaStartsAnEdgePanOnTheGlassEdge() {
        let spec = RecognizerSpec(name: "left-edge", kind: .edgePan(EdgePanOptions(edge: .left)), sources: [.touch])
        func claims(_ surfaces: [Rect]) -> Bool {
            var arena = GestureArena(
                recognizers: [spec],
                geometry: ScreenGeometry(monitors: [Self.left, Self.right], touchSurfaces: surfaces))
            var outputs = arena.handle(InputEvent(time: 0, kind: .touchDown(id: 1), location: Point(x: 1922, y: 400)))
            for step in 1...5 {
                outputs += arena.handle(
                    InputEvent(
                        time: Double(step) * 0.01, kind: .touchMove(id: 1),
                        location: Point(x: 1922 + Double(step) * 20, y: 400)))
            }
            return outputs.contains { if case .claimed = $0 { true } else { false } }
        }
        #expect(claims([Self.right]))
        #expect(!claims([]), "without a touchscreen there, the inner border is no edge")
        #expect(!claims([Rect(x: 0, y: 0, width: 3200, height: 1080)]), "nor on a touchscreen that spans both monitors")
    }
}
