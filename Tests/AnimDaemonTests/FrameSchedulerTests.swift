import Testing

@testable import AnimDaemon

/// The frame timer's rules, with plain numbers.
struct FrameSchedulerTests {
    typealias S = FrameScheduler

    @Test func idleWantsNoTimer() {
        #expect(S.decide(engineDeadline: nil, heldDue: nil, armed: nil, now: 5) == .keep)
        #expect(
            S.decide(engineDeadline: nil, heldDue: nil, armed: 6, now: 5) == .cancel,
            "nothing moves: an armed timer goes")
    }

    /// The engine's frame comes before a held frame's due time.
    @Test func theEnginesFrameWins() {
        #expect(
            S.decide(engineDeadline: 5.016, heldDue: 5.001, armed: nil, now: 5) == .arm(wanted: 5.016, fireAt: 5.016))
        #expect(S.decide(engineDeadline: nil, heldDue: 5.5, armed: nil, now: 5) == .arm(wanted: 5.5, fireAt: 5.5))
    }

    /// An armed timer early enough stays; a later one is replaced.
    @Test func anEarlyEnoughTimerStays() {
        #expect(S.decide(engineDeadline: 5.016, heldDue: nil, armed: 5.016, now: 5) == .keep)
        #expect(S.decide(engineDeadline: 5.016, heldDue: nil, armed: 5.010, now: 5) == .keep)
        #expect(S.decide(engineDeadline: 5.016, heldDue: nil, armed: 5.5, now: 5) == .arm(wanted: 5.016, fireAt: 5.016))
    }

    /// With only `frames: "driven"` subscribers, a running leg needs no frame but its last: the engine wakes at the
    /// first leg's end (never before its next frame), or sooner for a held frame; with any `"all"` subscriber, every frame.
    @Test func withoutFrameReadersTheEngineWakesAtTheLegsEnd() {
        #expect(S.engineWake(nextFrame: 5.016, nextLegEnd: 5.4, framesWanted: true, heldDue: nil) == 5.016)
        #expect(S.engineWake(nextFrame: 5.016, nextLegEnd: 5.4, framesWanted: false, heldDue: nil) == 5.4)
        #expect(S.engineWake(nextFrame: 5.016, nextLegEnd: 5.4, framesWanted: false, heldDue: 5.1) == 5.1)
        // A recognizer's deadline wakes the loop whether or not anything animates, and no later than it.
        #expect(
            S.engineWake(nextFrame: nil, nextLegEnd: nil, framesWanted: false, heldDue: nil, recognizerDeadline: 7.5)
                == 7.5)
        #expect(
            S.engineWake(nextFrame: 5.016, nextLegEnd: 5.4, framesWanted: false, heldDue: nil, recognizerDeadline: 5.2)
                == 5.2)
        #expect(
            S.engineWake(nextFrame: 5.016, nextLegEnd: 5.4, framesWanted: true, heldDue: nil, recognizerDeadline: 5.2)
                == 5.016)
        #expect(
            S.engineWake(nextFrame: nil, nextLegEnd: nil, framesWanted: true, heldDue: nil, recognizerDeadline: nil)
                == nil)
        #expect(S.engineWake(nextFrame: 5.016, nextLegEnd: 5.001, framesWanted: false, heldDue: nil) == 5.016)
        #expect(S.engineWake(nextFrame: 5.016, nextLegEnd: nil, framesWanted: false, heldDue: nil) == 5.016)
        #expect(S.engineWake(nextFrame: nil, nextLegEnd: nil, framesWanted: false, heldDue: 5.1) == nil)
    }

    /// Never in the past, never beyond a finite count of nanoseconds.
    @Test func fireTimesAreBounded() {
        #expect(S.decide(engineDeadline: 4, heldDue: nil, armed: nil, now: 5) == .arm(wanted: 4, fireAt: 5))
        #expect(
            S.decide(engineDeadline: nil, heldDue: 1e300, armed: nil, now: 5) == .arm(wanted: 1e300, fireAt: S.latest))
    }
}
