import AnimProtocol
import Testing

@testable import Gestures

/// Recorded-shape traces through the arena; each test names its expected outcome.
@Suite struct TraceRecognitionTests {
    let edges: [RecognizerSpec] = Edge.allCases.map { .edge($0) }

    /// A slow left-edge drag: began, then changed many times, then ended; the final translation equals the displacement since began.
    @Test func slowEdgeDrag() throws {
        let outputs = try TraceFixtures.run("edge-slow-drag", edges)
        let states = outputs.states(of: "left-edge")
        #expect(states.first == .began)
        #expect(states.last == .ended)
        #expect(states.dropFirst().dropLast().allSatisfy { $0 == .changed })
        #expect(states.count > 100)
        let began = try #require(outputs.updates.first { $0.state == .began })
        let ended = try #require(outputs.updates.first { $0.state == .ended })
        #expect(began.translation == .zero)
        // The sequence ends where the finger lifted, as the trace says.
        let lift = try #require(try TraceFixtures.events("edge-slow-drag").last)
        #expect(ended.location == lift.location)
        #expect(abs(ended.translation.x - (ended.location.x - began.location.x)) < 1e-9)
        #expect(abs(ended.translation.y - (ended.location.y - began.location.y)) < 1e-9)
        #expect(outputs.claims == 1 && outputs.releases == 0)
        // The other edges were never candidates: a touch far from them does not involve them.
        #expect(outputs.states(of: "right-edge").isEmpty)
    }

    /// A touch that starts outside every zone is never recognized, and is released at once.
    @Test func touchOutsideZoneIsNeverRecognized() throws {
        let outputs = try TraceFixtures.run("outside-zone", edges)
        #expect(outputs.updates.isEmpty)
        #expect(outputs.releases == 1)
        // Released on the very first event: the touch is not delayed.
        var arena = GestureArena(recognizers: edges, geometry: .fallback)
        let first = try TraceFixtures.events("outside-zone")[0]
        #expect(arena.handle(first).releases == 1)
    }

    /// Vertical motion in the left-edge zone fails the edge pan (motion along the edge dominates).
    @Test func verticalMotionAtLeftEdgeFails() throws {
        let outputs = try TraceFixtures.run("left-edge-vertical", edges)
        #expect(outputs.states(of: "left-edge") == [.failed])
        #expect(outputs.releases == 1 && outputs.claims == 0)
    }

    /// With minimum 2 touches, two fingers pan; their centroid drives the translation.
    @Test func twoFingerPanWithMinimumTwo() throws {
        let pan = RecognizerSpec(name: "two", kind: .pan(PanOptions(minTouches: 2)))
        let outputs = try TraceFixtures.run("two-finger-pan", [pan])
        let states = outputs.states(of: "two")
        #expect(states.first == .began && states.last == .ended)
        let ended = try #require(outputs.updates.last)
        // Both fingers moved 300 px right; minus the slop before began, and noise.
        #expect(ended.translation.x > 250 && ended.translation.x < 300)
        #expect(abs(ended.translation.y) < 5)
    }

    /// With minimum 2 touches, a single finger fails the pan.
    @Test func singleFingerFailsMinimumTwo() throws {
        let pan = RecognizerSpec(name: "two", kind: .pan(PanOptions(minTouches: 2)))
        let outputs = try TraceFixtures.run("one-finger-pan", [pan])
        #expect(outputs.states(of: "two") == [.failed])
        #expect(outputs.releases == 1)
    }

    /// A touch-cancel during a recognized edge pan cancels it.
    @Test func touchCancelCancels() throws {
        let outputs = try TraceFixtures.run("edge-cancel", edges)
        let states = outputs.states(of: "left-edge")
        #expect(states.first == .began)
        #expect(states.last == .cancelled)
        #expect(!states.contains(.ended))
    }

    /// A constant 2000 px/s flick is released within 5 % of its true velocity.
    @Test func constantFlickVelocityWithinFivePercent() throws {
        let truth = try TraceFixtures.trueVelocity("flick-constant")
        let ended = try #require(try TraceFixtures.run("flick-constant", edges).updates.last)
        #expect(ended.state == .ended)
        #expect(abs(ended.velocity.x - truth) / truth < 0.05, "measured \(ended.velocity.x), true \(truth)")
    }

    /// Accelerating and decelerating flicks are released within 25 % of their true velocity.
    @Test(arguments: ["flick-accelerating", "flick-decelerating"])
    func changingFlickVelocityWithinTwentyFivePercent(trace: String) throws {
        let truth = try TraceFixtures.trueVelocity(trace)
        let ended = try #require(try TraceFixtures.run(trace, edges).updates.last)
        #expect(ended.state == .ended)
        #expect(abs(ended.velocity.x - truth) / truth < 0.25, "measured \(ended.velocity.x), true \(truth)")
    }

    /// Holding still for 150 ms before lifting gives a release velocity of 0.
    @Test func holdBeforeReleaseGivesZeroVelocity() throws {
        let ended = try #require(try TraceFixtures.run("hold-then-release", edges).updates.last)
        #expect(ended.state == .ended)
        #expect(ended.velocity == .zero)
    }

    static let twoMonitors = ScreenGeometry(monitors: [
        Rect(x: 0, y: 0, width: 1920, height: 1080),
        Rect(x: 1920, y: 0, width: 1920, height: 1080),
    ])

    /// On two monitors side by side, the shared inner edge is not a screen edge.
    @Test func sharedInnerEdgeIsNotAnEdge() throws {
        let outputs = try TraceFixtures.run("two-monitor-inner-edge", edges, geometry: Self.twoMonitors)
        #expect(outputs.updates.isEmpty)
        #expect(outputs.releases == 1)
    }

    /// On two monitors side by side, the outer right edge of the right monitor is a screen edge.
    @Test func outerEdgeOfSecondMonitorIsAnEdge() throws {
        let outputs = try TraceFixtures.run("two-monitor-outer-edge", edges, geometry: Self.twoMonitors)
        #expect(outputs.states(of: "right-edge").first == .began)
        #expect(outputs.states(of: "right-edge").last == .ended)
    }

    /// A mouse press within 2 px of the left edge, dragged right, is a pointer edge pan.
    @Test func pointerEdgeDrag() throws {
        let outputs = try TraceFixtures.run("pointer-edge-drag", edges)
        let updates = outputs.updates.filter { $0.name == "left-edge" }
        #expect(updates.first?.state == .began)
        #expect(updates.last?.state == .ended)
        #expect(updates.allSatisfy { $0.source == .pointer })
    }

    /// Trace files round-trip through the reader and writer.
    @Test func traceRoundTrip() throws {
        let events = try TraceFixtures.events("two-finger-pan")
        #expect(try Trace.decode(Trace.encode(events)) == events)
    }
}
