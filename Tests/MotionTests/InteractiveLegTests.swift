import Testing

@testable import Motion

/// The percent-driven completion beyond the reference vectors (those are in CurveVectorTests).
@Suite struct InteractiveLegTests {
    /// A leg rubber-banded past its end takes |1 − p|·D/speed back onto it (value 1.2: 0.2·0.5/2 s).
    @Test func aLegBeyondItsEndComesBackInItsDistance() throws {
        var leg = InteractiveLeg(duration: 0.5, timing: .linear, completionSpeed: 2, value: 1.2, at: 10)
        #expect(leg.animator.value(at: 10) == 1.2)
        try leg.finish(velocity: 0, at: 10)
        #expect(abs(try #require(leg.animator.deadline) - 10 - 0.2 * 0.5 / 2) < 1e-12)
    }

    /// A leg released within the minimum share of its end (value 0.98) still takes that share, not one frame.
    @Test func aLegNearItsEndFinishesInTheMinimumTime() throws {
        var leg = InteractiveLeg(duration: 0.5, timing: .linear, completionSpeed: 2, value: 0.98, at: 10)
        try leg.finish(velocity: 0, at: 10)
        let expected = InteractiveLeg.minimumRemainder * 0.5 / 2
        #expect(abs(try #require(leg.animator.deadline) - 10 - expected) < 1e-12)
        #expect(leg.advance(to: 10 + expected) == .end)
        #expect(leg.animator.value(at: 11) == 1)
    }

    /// Cancelling from below the start (value −0.3) takes |p|·D/speed, not a negative or zero time.
    @Test func cancelMeasuresTheDistanceBack() throws {
        var leg = InteractiveLeg(duration: 1, timing: .linear, value: -0.3, at: 0)
        try leg.cancel(velocity: 0, at: 0)
        #expect(abs(try #require(leg.animator.deadline) - 0.3) < 1e-12)
        #expect(leg.advance(to: 0.3) == .start)
    }

    /// finish after cancel turns the leg around toward the end: (1 − p)·D/speed from where it is.
    @Test func finishAfterCancelHeadsForTheEnd() throws {
        var leg = InteractiveLeg(duration: 1, timing: .linear, at: 0)
        try leg.update(0.6, at: 0)
        try leg.cancel(velocity: 0, at: 0)
        // Linear, 0.6 s back: at 0.2 s the value is 0.4.
        #expect(abs(leg.animator.value(at: 0.2) - 0.4) < 1e-12)
        try leg.finish(velocity: 0, at: 0.2)
        #expect(abs(try #require(leg.animator.deadline) - (0.2 + 0.6)) < 1e-12)
        #expect(leg.advance(to: 0.8) == .end)
    }

    /// A paused leg pointed back reports fractionComplete along its new heading and does not move.
    @Test func pauseHeadingBackKeepsTheValue() throws {
        var leg = InteractiveLeg(duration: 1, timing: .easeOut, value: 0.25, at: 0)
        try leg.pauseHeadingBack(at: 0)
        #expect(leg.animator.isReversed)
        #expect(!leg.animator.isRunning)
        #expect(leg.animator.value(at: 5) == 0.25)
        #expect(leg.percentComplete(at: 5) == 0.75)
    }
}
