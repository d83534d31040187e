import TestSupport
import Testing

@testable import Motion

/// One scenario per rule of MOTION.md §2, with time passed in by hand.
/// Expected values come from the curve definitions (linear: value = t/D;
/// ease-in-out: CubicBezier y(x)), never from a previous run.
@Suite struct AnimatorTests {
    let easeInOut = CubicBezier(0.42, 0, 0.58, 1)

    /// Starting an inactive animator makes it active and running; it ends at the end position after its duration.
    @Test func startRunsToTheEnd() throws {
        var a = Animator(duration: 2, timing: .linear)
        #expect(a.state == .inactive)
        try a.startAnimation(at: 100)
        #expect(a.state == .active && a.isRunning)
        #expect(abs(a.value(at: 101) - 0.5) < 1e-12)
        #expect(a.advance(to: 101.5) == nil)
        #expect(a.deadline == 102)
        #expect(a.advance(to: 102) == .end)
        #expect(a.state == .inactive && a.value(at: 200) == 1)
    }

    /// A spring spec's own velocity applies when the animator starts, as UIKit's initialVelocity does: the value
    /// moves at v × distance at once, follows the closed form with that velocity, and ends at its settling time.
    @Test func springSpecVelocityAppliesAtStart() throws {
        let spec = SpringSpec.physical(mass: 1, stiffness: 170, damping: 26, velocity: 5)
        var a = Animator(duration: 1, timing: .spring(spec))
        try a.startAnimation(at: 10)
        #expect(abs(a.velocity(at: 10) - 5) < 1e-9)
        let reference = SpringCurve(mass: 1, stiffness: 170, damping: 26, initialVelocity: 5)
        #expect(abs(a.value(at: 10.1) - reference.progress(at: 0.1)) < 1e-12)
        #expect(a.advance(to: 10 + reference.settlingTime()) == .end)
    }

    /// Pausing mid-flight freezes the presentation value; scrubbing then sets it linearly.
    @Test func pauseMidFlightThenScrub() throws {
        var a = Animator(duration: 1, timing: .easeInOut)
        try a.startAnimation(at: 0)
        try a.pauseAnimation(at: 0.3)
        let frozen = easeInOut.y(atX: 0.3)
        #expect(abs(a.value(at: 5) - frozen) < 1e-12)
        #expect(a.velocity(at: 5) == 0)
        try a.setFractionComplete(0.8, at: 5)
        #expect(a.value(at: 5) == 0.8)
        #expect(a.fractionComplete(at: 5) == 0.8)
    }

    /// Resuming a paused animator continues the same leg from where it froze.
    @Test func resumeAfterPauseContinuesTheLeg() throws {
        var a = Animator(duration: 1, timing: .easeInOut)
        try a.startAnimation(at: 0)
        try a.pauseAnimation(at: 0.4)
        try a.startAnimation(at: 10)
        #expect(abs(a.value(at: 10.2) - easeInOut.y(atX: 0.6)) < 1e-12)
        #expect(a.deadline == 10.6)
    }

    /// fractionComplete may not be set while running.
    @Test func scrubWhileRunningIsRefused() throws {
        var a = Animator(duration: 1, timing: .linear)
        try a.startAnimation(at: 0)
        #expect(throws: AnimatorError.self) { try a.setFractionComplete(0.5, at: 0.1) }
    }

    /// Setting fractionComplete on an inactive animator makes it active and paused.
    @Test func scrubInactiveMakesItPaused() throws {
        var a = Animator(duration: 1, timing: .linear)
        try a.setFractionComplete(0.25, at: 0)
        #expect(a.state == .active && !a.isRunning)
        #expect(a.value(at: 0) == 0.25)
    }

    /// Reversing flips fractionComplete to 1 − f with no jump in value.
    @Test func reverseFlipsFractionWithoutJump() throws {
        var a = Animator(duration: 1, timing: .linear)
        try a.setFractionComplete(0.3, at: 0)
        try a.setReversed(true, at: 0)
        #expect(a.value(at: 0) == 0.3)
        #expect(abs(a.fractionComplete(at: 0) - 0.7) < 1e-12)
    }

    /// A running animation reversed mid-flight retraces its path back to the start in the time it had run.
    @Test func reverseRunningRetracesInElapsedTime() throws {
        var a = Animator(duration: 1, timing: .easeInOut)
        try a.startAnimation(at: 0)
        try a.setReversed(true, at: 0.4)
        // Retracing: at 0.4 + s the curve shows the point it showed at 0.4 − s.
        for s in [0.0, 0.1, 0.25, 0.39] {
            #expect(abs(a.value(at: 0.4 + s) - easeInOut.y(atX: 0.4 - s)) < 1e-12, "s = \(s)")
        }
        #expect(abs(try #require(a.deadline) - 0.8) < 1e-12)
        #expect(a.advance(to: 0.8) == .start)
        #expect(a.value(at: 1) == 0)
    }

    /// Reversing twice is the identity: same value, same remaining path.
    @Test func reverseTwiceIsIdentity() throws {
        var a = Animator(duration: 1, timing: .easeInOut)
        try a.startAnimation(at: 0)
        try a.setReversed(true, at: 0.3)
        try a.setReversed(false, at: 0.3)
        #expect(abs(a.value(at: 0.7) - easeInOut.y(atX: 0.7)) < 1e-12)
        #expect(abs(try #require(a.deadline) - 1) < 1e-12)
    }

    /// continue with durationFactor 0 takes the natural remainder (1 − fractionComplete)·D.
    @Test func continueWithFactorZeroTakesNaturalRemainder() throws {
        var a = Animator(duration: 2, timing: .linear)
        try a.setFractionComplete(0.25, at: 0)
        try a.continueAnimation(durationFactor: 0, at: 1)
        #expect(abs(try #require(a.deadline) - (1 + 0.75 * 2)) < 1e-12)
        #expect(abs(a.value(at: 1 + 0.75) - 0.625) < 1e-12)
    }

    /// continue with durationFactor 0.5 takes exactly 0.5·D, whatever is left.
    @Test func continueWithFactorHalfTakesHalfTheDuration() throws {
        var a = Animator(duration: 2, timing: .linear)
        try a.setFractionComplete(0.25, at: 0)
        try a.continueAnimation(durationFactor: 0.5, at: 1)
        #expect(abs(try #require(a.deadline) - 2) < 1e-12)
        #expect(abs(a.value(at: 1.5) - 0.625) < 1e-12)
    }

    /// A new cubic curve resumes at the point of itself that shows the same progress.
    @Test func newCubicCurveResumesWithoutJump() throws {
        var a = Animator(duration: 1, timing: .linear)
        try a.setFractionComplete(0.5, at: 0)
        try a.continueAnimation(timing: .easeInOut, durationFactor: 0, at: 0)
        #expect(abs(a.value(at: 0) - 0.5) < 1e-9)
        // ease-in-out shows 0.5 at x = 0.5; the rest of the curve takes (1 − 0.5)·D.
        #expect(abs(a.value(at: 0.25) - easeInOut.y(atX: 0.75)) < 1e-9)
    }

    /// Switching from ease-in-out to a spring while paused starts the spring at the same value, with no jump.
    @Test func switchToSpringWhilePausedHasNoJump() throws {
        var a = Animator(duration: 1, timing: .easeInOut)
        try a.startAnimation(at: 0)
        try a.pauseAnimation(at: 0.5)
        let before = a.value(at: 0.5)
        let spring = SpringSpec.perceptual(dampingRatio: 0.8, response: 0.3, velocity: 0)
        try a.continueAnimation(timing: .spring(spring), at: 2)
        #expect(abs(a.value(at: 2) - before) < 1e-12)
        // From there it follows the closed form: value = 1 − (1 − before)·x(t).
        let curve = spring.curve
        #expect(abs(a.value(at: 2.1) - (1 - (1 - before) * curve.displacement(at: 0.1))) < 1e-12)
        #expect(abs(try #require(a.deadline) - (2 + curve.settlingTime())) < 1e-12)
    }

    /// A spring continuation receives the velocity handed to it (value per second) and keeps it at t = 0.
    @Test func springReceivesHandedVelocity() throws {
        var a = Animator(duration: 1, timing: .spring(.perceptual(dampingRatio: 1, response: 0.4, velocity: 0)))
        try a.setFractionComplete(0.2, at: 0)
        try a.continueAnimation(velocity: 3.2, at: 0)
        #expect(abs(a.velocity(at: 0) - 3.2) < 1e-9)
    }

    /// A spring stops at its settling time and snaps to the target without a visible jump.
    @Test func springStopsAtSettlingTime() throws {
        let spec = SpringSpec.durationBounce(duration: 0.5, bounce: 0.3, velocity: 0)
        var a = Animator(duration: 1, timing: .spring(spec))
        try a.startAnimation(at: 0)
        let settle = spec.curve.settlingTime()
        #expect(abs(a.value(at: settle * 0.999999) - 1) < 2e-3)
        #expect(a.advance(to: settle) == .end)
        #expect(a.value(at: settle) == 1)
    }

    /// stop(false) then finish(at: .current) completes at the current value.
    @Test func stopThenFinishAtCurrent() throws {
        var a = Animator(duration: 1, timing: .linear)
        try a.startAnimation(at: 0)
        try a.stopAnimation(withoutFinishing: false, at: 0.3)
        #expect(a.state == .stopped)
        #expect(throws: AnimatorError.self) { try a.startAnimation(at: 0.4) }
        #expect(try a.finishAnimation(at: .current, at: 0.5) == .current)
        #expect(a.state == .inactive)
        #expect(abs(a.value(at: 1) - 0.3) < 1e-12)
    }

    /// finish(at: .start / .end) moves the value to that end.
    @Test func finishAtStartOrEndMovesThere() throws {
        for (position, value) in [(AnimatingPosition.start, 0.0), (.end, 1.0)] {
            var a = Animator(duration: 1, timing: .linear)
            try a.startAnimation(at: 0)
            try a.stopAnimation(withoutFinishing: false, at: 0.3)
            #expect(try a.finishAnimation(at: position, at: 0.3) == position)
            #expect(a.value(at: 0.3) == value)
        }
    }

    /// finish is refused unless the animator is stopped.
    @Test func finishWithoutStopIsRefused() throws {
        var a = Animator(duration: 1, timing: .linear)
        try a.startAnimation(at: 0)
        #expect(throws: AnimatorError.self) { _ = try a.finishAnimation(at: .end, at: 0.1) }
    }

    /// stop(withoutFinishing: true) makes it inactive at once with no completion.
    @Test func stopWithoutFinishingHasNoCompletion() throws {
        var a = Animator(duration: 1, timing: .linear)
        try a.startAnimation(at: 0)
        try a.stopAnimation(withoutFinishing: true, at: 0.6)
        #expect(a.state == .inactive)
        #expect(a.advance(to: 10) == nil)
        #expect(abs(a.value(at: 10) - 0.6) < 1e-12)
    }

    /// With pausesOnCompletion the animator stays active and paused at the end, and reports no completion.
    @Test func pausesOnCompletionStaysActive() throws {
        var a = Animator(duration: 1, timing: .linear)
        a.pausesOnCompletion = true
        try a.startAnimation(at: 0)
        #expect(a.advance(to: 1) == nil)
        #expect(a.state == .active && !a.isRunning)
        #expect(a.value(at: 2) == 1)
        // Reversed and started again, it runs back to the start.
        try a.setReversed(true, at: 2)
        try a.startAnimation(at: 2)
        #expect(abs(a.value(at: 2.5) - 0.5) < 1e-12)
    }

    /// A reversed run completes at the start position.
    @Test func reversedCompletionIsStart() throws {
        var a = Animator(duration: 1, timing: .linear)
        try a.setFractionComplete(0.5, at: 0)
        try a.setReversed(true, at: 0)
        try a.startAnimation(at: 0)
        #expect(abs(try #require(a.deadline) - 0.5) < 1e-12)
        #expect(a.advance(to: 0.5) == .start)
    }

    /// Interrupting a running leg freezes it at its presentation value, and a new leg starts exactly there.
    @Test func interruptionFreezesPresentationValue() throws {
        var a = Animator(duration: 1, timing: .easeOut)
        try a.startAnimation(at: 0)
        let presented = a.value(at: 0.35)
        try a.pauseAnimation(at: 0.35)
        #expect(a.value(at: 0.35) == presented)
        try a.continueAnimation(timing: .linear, durationFactor: 1, at: 3)
        #expect(abs(a.value(at: 3) - presented) < 1e-12)
        #expect(abs(a.value(at: 3.5) - (presented + 0.5 * (1 - presented))) < 1e-9)
    }

    /// Presentation velocity of a running cubic leg is y′(x)·dx/dt.
    @Test func cubicVelocityIsSlopeTimesRate() throws {
        var a = Animator(duration: 0.5, timing: .easeInOut)
        try a.startAnimation(at: 0)
        // Central difference of y(t/D) as an independent reference.
        let h = 1e-6
        let expected = (easeInOut.y(atX: (0.2 + h) / 0.5) - easeInOut.y(atX: (0.2 - h) / 0.5)) / (2 * h)
        #expect(abs(a.velocity(at: 0.2) - expected) < 1e-5)
    }
}
