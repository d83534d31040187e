import AnimConfig
import Gestures
import Motion
import Testing
import TransitionModel

@testable import Transitions

/// Reduced motion in the engine (issue 30), with the manual clock. Expected values come from the rules: a reduced
/// completion is a cubic ease-out, CSS's (0, 0, 0.58, 1), of `reducedDuration` seconds, and an instant one a leg of
/// zero duration already at its end; a factor f scales a cubic duration by f and a spring's time by f (stiffness /
/// f², damping / f, the same damping ratio), so its settling time by f too.
@Suite struct ReducedMotionTests {
    static let easeOut = CubicBezier(0, 0, 0.58, 1)

    /// Instant: the toggle's leg is at its end at once, and the next frame ends it.
    @Test func anInstantCompletionArrivesAtOnce() {
        var tester = EngineTester()
        tester.engine.setMotion(MotionPolicy(reduced: true))
        tester.command(.toggle("sidebar"), at: 1, expect: [.began("sidebar", .command, from: 0, to: 1, progress: 1)])
        guard case let .cubic(leg)? = tester.engine.motion(of: "sidebar") else {
            Issue.record("not a cubic leg"); return
        }
        #expect(leg.duration == 0 && leg.progress(at: 1) == 1, "a leg already at its end: \(leg)")
        tester.tick(
            at: 1 + 1.0 / 60,
            expect: [.progress("sidebar", .animating, progress: 1), .ended("sidebar", .end, snap: 1, progress: 1)])
    }

    /// A short reduced completion: an ease-out of exactly `reducedDuration`, whatever the transition's spring.
    @Test func aReducedCompletionIsAShortEaseOut() {
        var tester = EngineTester()
        tester.engine.setMotion(MotionPolicy(reduced: true, reducedDuration: 0.2))
        tester.command(.toggle("sidebar"), at: 1, expect: [.began("sidebar", .command, from: 0, to: 1, progress: 0)])
        #expect(
            tester.engine.motion(of: "sidebar")
                == .cubic(
                    CubicLegMotion(curve: Self.easeOut, from: 0, to: 1, startTime: 1, startX: 0, endX: 1, duration: 0.2)
                ))
    }

    /// A finger still drives 1:1 under reduced motion; only the release's completion changes: no spring.
    @Test func aFingerStillDrivesAndItsReleaseIsReduced() {
        var tester = EngineTester()
        tester.engine.setMotion(MotionPolicy(reduced: true, reducedDuration: 0.15))
        let drag = EngineGestureTests.drag(from: Point(x: 3, y: 500), by: Point(x: 240, y: 0))
        let moved = tester.inputs(drag, decisions: [.claimed(sequence: 1, source: .touch, touches: [1])]) { $0.time }
        let frames = moved.compactMap { if case let .progress(s) = $0 { s.progress } else { nil } }
        // 20 moves of 12 px; the edge pan begins at the first (past its 10 px slop): the 228 px after it, at 400 px a unit.
        #expect(abs((frames.last ?? 0) - 228.0 / 400) < 1e-9, "1:1 as in full motion: \(frames)")
        let end = drag.last?.time ?? 0
        _ = tester.inputs([EngineGestureTests.lift(at: Point(x: 243, y: 500), time: end)]) { $0.time }
        guard case let .cubic(leg)? = tester.engine.motion(of: "sidebar") else {
            Issue.record("the release is not a cubic leg"); return
        }
        #expect(leg.curve == Self.easeOut && leg.duration <= 0.15, "\(leg)")
    }

    /// A factor of 0.5 halves a spring's settling time, and doubles nothing else; a factor of 2 doubles a cubic
    /// leg's duration. Changing the policy leaves a running leg as it is.
    @Test func aFactorScalesDurations() throws {
        var full = EngineTester(), half = EngineTester()
        half.engine.setMotion(MotionPolicy(factor: 0.5))
        full.command(.toggle("sidebar"), at: 0, expect: [.began("sidebar", .command, from: 0, to: 1, progress: 0)])
        half.command(.toggle("sidebar"), at: 0, expect: [.began("sidebar", .command, from: 0, to: 1, progress: 0)])
        guard case let .spring(slow)? = full.engine.motion(of: "sidebar"),
            case let .spring(fast)? = half.engine.motion(of: "sidebar")
        else {
            Issue.record("the default sidebar is a spring"); return
        }
        #expect(
            abs(fast.settlingTime - slow.settlingTime / 2) <= 0.01 * slow.settlingTime,
            "\(fast.settlingTime) against \(slow.settlingTime)")
        #expect(
            abs(
                fast.damping / (2 * (fast.stiffness * fast.mass).squareRoot()) - slow.damping
                    / (2 * (slow.stiffness * slow.mass).squareRoot())) < 1e-12,
            "the same damping ratio")
        var double = EngineTester()
        double.engine.setMotion(MotionPolicy(factor: 2))
        double.command(
            .animate("sidebar", to: 1, timing: .linear, duration: 0.3, velocity: nil), at: 0,
            expect: [.began("sidebar", .command, from: 0, to: 1, progress: 0)])
        guard case let .cubic(leg)? = double.engine.motion(of: "sidebar") else { Issue.record("not cubic"); return }
        #expect(abs(leg.duration - 0.6) < 1e-12)
        double.engine.setMotion(.full)
        #expect(double.engine.motion(of: "sidebar") == .cubic(leg), "a running leg keeps its motion")
    }

    /// Out-of-range values from outside never make a policy that breaks a leg: they fall back to the defaults.
    @Test(arguments: [1e308, -0.0, Double.leastNonzeroMagnitude, -1, .nan, .infinity]) func absurdValuesFallBack(
        value: Double
    ) {
        let policy = MotionPolicy(reduced: true, reducedDuration: value, factor: value)
        #expect(
            MotionPolicy.reducedDurations.contains(policy.reducedDuration)
                && MotionPolicy.factors.contains(policy.factor))
    }
}
