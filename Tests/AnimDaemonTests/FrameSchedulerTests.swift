import AnimCore
import Testing

@testable import AnimDaemon

/// The frame timer's rules, with plain numbers: when the engine wants it (`FrameWake`, the machine's), and what the
/// shell arms once held frames are folded in (`FrameScheduler`).
struct FrameSchedulerTests {
    typealias S = FrameScheduler

    private func wake(_ engine: Double?, carries: Bool = false) -> FrameWake {
        FrameWake(engine: engine, carriesHeldFrames: carries)
    }

    private func wake(
        nextFrame: Double?, nextLegEnd: Double?, framesWanted: Bool, recognizers: Double? = nil
    ) -> FrameWake {
        FrameWake(
            deadlines: EngineDeadlines(nextFrame: nextFrame, recognizers: recognizers, nextLegEnd: nextLegEnd),
            framesWanted: framesWanted)
    }

    @Test func idleWantsNoTimer() {
        #expect(S.decide(wake: .idle, heldDue: nil, armed: nil, now: 5) == .keep)
        #expect(S.decide(wake: .idle, heldDue: nil, armed: 6, now: 5) == .cancel, "nothing moves: an armed timer goes")
    }

    /// While the engine makes every frame, a held frame waits for the next one, so that its time keeps the rate;
    /// otherwise it has a timer of its own when it is due first.
    @Test func heldFramesRideOnFreshOnes() {
        #expect(
            S.decide(wake: wake(5.016, carries: true), heldDue: 5.001, armed: nil, now: 5)
                == .arm(wanted: 5.016, fireAt: 5.016))
        #expect(S.decide(wake: .idle, heldDue: 5.5, armed: nil, now: 5) == .arm(wanted: 5.5, fireAt: 5.5))
        #expect(
            S.decide(wake: wake(5.4), heldDue: 5.1, armed: nil, now: 5) == .arm(wanted: 5.1, fireAt: 5.1),
            "a leg's end for driven clients: a held frame due before it goes at its time")
        #expect(
            S.decide(wake: wake(7.5), heldDue: 5.5, armed: nil, now: 5) == .arm(wanted: 5.5, fireAt: 5.5),
            "a recognizer waiting while nothing animates does not hold a frame back")
        #expect(S.decide(wake: wake(5.2), heldDue: 5.5, armed: nil, now: 5) == .arm(wanted: 5.2, fireAt: 5.2))
    }

    /// An armed timer early enough stays; a later one is replaced.
    @Test func anEarlyEnoughTimerStays() {
        #expect(S.decide(wake: wake(5.016, carries: true), heldDue: nil, armed: 5.016, now: 5) == .keep)
        #expect(S.decide(wake: wake(5.016, carries: true), heldDue: nil, armed: 5.010, now: 5) == .keep)
        #expect(
            S.decide(wake: wake(5.016, carries: true), heldDue: nil, armed: 5.5, now: 5)
                == .arm(wanted: 5.016, fireAt: 5.016))
    }

    /// With only `frames: "driven"` subscribers, a running leg needs no frame but its last: the engine wakes at the
    /// first leg's end (never before its next frame); with any `"all"` subscriber, every frame.
    @Test func withoutFrameReadersTheEngineWakesAtTheLegsEnd() {
        #expect(wake(nextFrame: 5.016, nextLegEnd: 5.4, framesWanted: true) == wake(5.016, carries: true))
        #expect(wake(nextFrame: 5.016, nextLegEnd: 5.4, framesWanted: false) == wake(5.4))
        #expect(wake(nextFrame: 5.016, nextLegEnd: 5.001, framesWanted: false) == wake(5.016))
        #expect(wake(nextFrame: 5.016, nextLegEnd: nil, framesWanted: false) == wake(5.016))
        #expect(wake(nextFrame: nil, nextLegEnd: nil, framesWanted: true) == .idle)
        #expect(wake(nextFrame: nil, nextLegEnd: nil, framesWanted: false) == .idle)
    }

    /// A recognizer's deadline wakes the loop whether or not anything animates, and no later than it.
    @Test func recognizersWakeTheEngine() {
        #expect(wake(nextFrame: nil, nextLegEnd: nil, framesWanted: false, recognizers: 7.5) == wake(7.5))
        #expect(wake(nextFrame: nil, nextLegEnd: nil, framesWanted: true, recognizers: 7.5) == wake(7.5))
        #expect(wake(nextFrame: 5.016, nextLegEnd: 5.4, framesWanted: false, recognizers: 5.2) == wake(5.2))
        #expect(
            wake(nextFrame: 5.016, nextLegEnd: 5.4, framesWanted: true, recognizers: 5.2)
                == wake(5.016, carries: true))
    }

    /// Never in the past, never beyond a finite count of nanoseconds.
    @Test func fireTimesAreBounded() {
        #expect(S.decide(wake: wake(4, carries: true), heldDue: nil, armed: nil, now: 5) == .arm(wanted: 4, fireAt: 5))
        #expect(S.decide(wake: .idle, heldDue: 1e300, armed: nil, now: 5) == .arm(wanted: 1e300, fireAt: S.latest))
    }
}
