import AnimConfig
import Foundation
import Gestures
import Motion
import Testing

@testable import Transitions

/// The `leg` a `began` carries and the `leg` events that follow each change of motion, with their parameters
/// checked against MOTION.md's formulas (the frames themselves are checked against the legs by
/// `EnginePropertyTests` in every random interleaving).
struct LegEventTests {
    /// The motion of the newest `began` or `leg` event in `events`.
    static func motion(in events: [EngineEvent]) -> LegMotion? {
        events.reversed().lazy.compactMap { event -> LegMotion? in
            switch event {
            case let .began(_, _, leg), let .leg(_, leg): leg
            default: nil
            }
        }.first
    }

    /// The default sidebar's spring, spring(damping-ratio=0.9, response=0.35), in the physical form of
    /// MOTION.md §1: m = 1, k = (2π/r)², c = 4πζ/r.
    @Test func aToggleAnnouncesTheSpringInPhysicalForm() throws {
        var tester = EngineTester()
        let (_, output) = tester.engine.perform(.toggle("sidebar"), at: 10)
        guard case let .spring(leg)? = Self.motion(in: output.events) else { Issue.record("\(output.events)"); return }
        #expect(leg.mass == 1)
        #expect(abs(leg.stiffness - pow(2 * Double.pi / 0.35, 2)) <= 1e-9 * leg.stiffness)
        #expect(abs(leg.damping - 4 * Double.pi * 0.9 / 0.35) <= 1e-12 * leg.damping)
        #expect(leg.velocity == 0 && leg.from == 0 && leg.to == 1 && leg.startTime == 10 && leg.elapsed == 0)
        // The settling time is the last time |x| ≥ 0.001: just before it the spring is still that far out, after it never.
        #expect(abs(leg.spring.displacement(at: leg.settlingTime)) >= 0.001 * (1 - 1e-9))
        #expect(
            (1...400).allSatisfy { abs(leg.spring.displacement(at: leg.settlingTime + Double($0) * 0.005)) < 0.001 })
    }

    /// Linear over 2 s: pause at 1 s says driven, then its frame; resume at 3 s runs the other half from x = 0.5
    /// in 1 s; reverse at 3.5 s retraces from x = 0.75 back to 0 at the same rate, 1.5 s.
    @Test func pauseResumeAndReverseEachAnnounceTheNewMotion() throws {
        var tester = EngineTester()
        tester.command(
            .animate("sidebar", to: 1, timing: .linear, duration: 2, velocity: nil), at: 0,
            expect: [.began("sidebar", .command, from: 0, to: 1, progress: 0)])
        #expect(
            tester.engine.motion(of: "sidebar")
                == .cubic(CubicLegMotion(curve: .linear, from: 0, to: 1, startTime: 0, startX: 0, endX: 1, duration: 2))
        )
        tester.command(
            .pause("sidebar"), at: 1, expect: [.leg("sidebar", .driven), .progress("sidebar", .paused, progress: 0.5)])
        tester.command(
            .resume("sidebar"), at: 3,
            expect: [.leg("sidebar", .cubic), .progress("sidebar", .animating, progress: 0.5)])
        #expect(
            tester.engine.motion(of: "sidebar")
                == .cubic(
                    CubicLegMotion(curve: .linear, from: 0, to: 1, startTime: 3, startX: 0.5, endX: 1, duration: 1)))
        tester.tick(at: 3.5, expect: [.progress("sidebar", .animating, progress: 0.75)])
        tester.command(
            .reverse("sidebar"), at: 3.5,
            expect: [.leg("sidebar", .cubic), .progress("sidebar", .animating, progress: 0.75)])
        #expect(
            tester.engine.motion(of: "sidebar")
                == .cubic(
                    CubicLegMotion(curve: .linear, from: 0, to: 1, startTime: 3.5, startX: 0.75, endX: 0, duration: 1.5)
                ))
        #expect(abs((tester.engine.motion(of: "sidebar")?.progress(at: 4.25) ?? .nan) - 0.375) <= 1e-9)
    }

    /// A finger catching a running leg as its pan begins ends it and begins a driven one; its moves announce
    /// nothing; the release announces the completion, a spring handed the finger's velocity (MOTION.md §5).
    @Test func aFingerDrivesThenReleasesIntoASpring() throws {
        var tester = EngineTester(
            config: try EngineTester.defaultConfig(adding: "[bindings.sidebar-close]\ncatch = false\n"))
        tester.command(
            .animate("sidebar", to: 1, timing: .linear, duration: 2, velocity: nil), at: 0,
            expect: [.began("sidebar", .command, from: 0, to: 1, progress: 0)])
        let caught = tester.inputs(
            EngineGestureTests.drag(from: Point(x: 3, y: 500), by: Point(x: 120, y: 0), startTime: 0.5),
            decisions: [.claimed(sequence: 1, source: .touch, touches: [1])]
        ) { $0.time }
        #expect(caught.contains { if case .began(_, .gesture("sidebar-open"), .driven) = $0 { true } else { false } })
        #expect(!caught.contains { if case .leg = $0 { true } else { false } }, "finger moves change no motion")
        let released = tester.inputs([EngineGestureTests.lift(at: Point(x: 123, y: 500), time: 0.71)]) { $0.time }
        guard case let .spring(leg)? = Self.motion(in: released) else { Issue.record("\(released)"); return }
        let frame = try #require(released.compactMap { if case let .progress(s) = $0 { s } else { nil } }.last)
        #expect(leg.startTime == 0.71 && leg.from == frame.progress && leg.to == 1)
        // UIKit's relative velocity: progress per second over the distance left.
        #expect(abs(leg.velocity - frame.velocity / (leg.to - leg.from)) <= 1e-12 * max(1, abs(leg.velocity)))
    }

    /// A cubic completion of a leg pushed past its end (rubber-banded) keeps its start outside [0, 1]: the
    /// stretch runs the whole curve from there, in max(distance, 5 %) · duration / completion speed.
    @Test func aRubberBandedReleaseStartsOutsideTheSnaps() throws {
        let config = try ConfigParser.parse(
            """
            defaults = false
            [transitions.sheet]
            snap-points = [0, 1]
            timing = "ease-out"
            duration = 0.5
            completion-speed = 2
            rubber-band = 0.55
            [bindings.sheet-open]
            transition = "sheet"
            gesture = "edge-pan"
            edge = "left"
            distance = 100
            """)
        var tester = EngineTester(config: config)
        _ = tester.inputs(
            EngineGestureTests.drag(from: Point(x: 3, y: 500), by: Point(x: 300, y: 0), duration: 2),
            decisions: [.claimed(sequence: 1, source: .touch, touches: [1])]
        ) { $0.time }
        let released = tester.inputs([EngineGestureTests.lift(at: Point(x: 303, y: 500), time: 3)]) { $0.time }
        guard case let .cubic(leg)? = Self.motion(in: released) else { Issue.record("\(released)"); return }
        #expect(leg.from > 1 && leg.to == 1, "from \(leg.from)")
        #expect(leg.curve == CubicBezier(0, 0, 0.58, 1) && leg.startX == 0 && leg.endX == 1)
        #expect(abs(leg.duration - max(leg.from - 1, 0.05) * 0.5 / 2) <= 1e-12)
    }
}
