import Testing

@testable import AnimDaemon

/// The fan-out policy, one scenario each, with a manual clock and strings for frames.
struct DeliveryQueueTests {
    typealias Queue = DeliveryQueue<String, String>

    /// A frame goes out at once when the socket takes it and no rate holds it.
    @Test func writableFrameGoesAtOnce() {
        var q = Queue()
        #expect(q.offer("p1", key: "sidebar", transition: "sidebar", rate: nil, now: 0, writable: true) == "p1")
        #expect(q.isEmpty && q.nextDue == nil)
    }

    /// While the socket is full, a newer frame replaces the waiting one (latest wins); when it drains, only the latest goes.
    @Test func latestWinsWhileFull() {
        var q = Queue()
        #expect(q.offer("p1", key: "sidebar", transition: "sidebar", rate: nil, now: 0, writable: false) == nil)
        #expect(q.offer("p2", key: "sidebar", transition: "sidebar", rate: nil, now: 0.01, writable: false) == nil)
        #expect(q.release(now: 0.02, writable: false).isEmpty)
        #expect(q.release(now: 0.03, writable: true) == ["p2"])
        #expect(q.isEmpty)
    }

    /// A state event goes out after every frame still waiting for its transition, progress and gesture alike, and
    /// leaves other transitions' frames waiting: nothing about a leg arrives after its ended.
    @Test func stateEventFlushesItsTransitionFirst() {
        var q = Queue()
        _ = q.offer("gesture", key: "gesture:sidebar-open", transition: "sidebar", rate: nil, now: 0, writable: false)
        _ = q.offer("panel", key: "panel", transition: "panel", rate: nil, now: 0, writable: false)
        _ = q.offer("progress", key: "sidebar", transition: "sidebar", rate: nil, now: 0, writable: false)
        #expect(q.offerEvent("ended", transition: "sidebar", now: 0.1) == ["gesture", "progress", "ended"])
        #expect(q.release(now: 0.2, writable: true) == ["panel"])
    }

    /// An event about no transition (input.status) goes out at once and leaves every frame waiting.
    @Test func transitionlessEventOvertakesNothing() {
        var q = Queue()
        _ = q.offer("p", key: "sidebar", transition: "sidebar", rate: nil, now: 0, writable: false)
        #expect(q.offerEvent("input", transition: nil, now: 0) == ["input"])
        #expect(!q.isEmpty)
    }

    /// With maxRate 10, frames closer than 0.1 s wait; the waiting one falls due at last + 0.1, and goes out then
    /// even if no newer frame ever comes: a leg's final frame is never lost.
    @Test func rateHoldsThenReleasesTheLastFrame() {
        var q = Queue()
        #expect(q.offer("p1", key: "sidebar", transition: "sidebar", rate: 10, now: 1.0, writable: true) == "p1")
        #expect(q.offer("p2", key: "sidebar", transition: "sidebar", rate: 10, now: 1.05, writable: true) == nil)
        #expect(q.offer("final", key: "sidebar", transition: "sidebar", rate: 10, now: 1.07, writable: true) == nil)
        #expect(q.nextDue.map { abs($0 - 1.1) < 1e-9 } == true)
        #expect(q.release(now: 1.09, writable: true).isEmpty)
        #expect(q.release(now: 1.1, writable: true) == ["final"])
        #expect(q.nextDue == nil)
    }

    /// A frame exactly 1/rate after the last one goes: the 1 µs slack keeps 60 Hz frames at a 60 Hz rate from waiting.
    @Test func exactPeriodIsDue() {
        var q = Queue()
        _ = q.offer("p1", key: "k", transition: "t", rate: 60, now: 10, writable: true)
        #expect(q.offer("p2", key: "k", transition: "t", rate: 60, now: 10 + 1.0 / 60, writable: true) == "p2")
    }

    /// A state event that flushes a rate-held frame counts as that frame's send for the rate.
    @Test func stateEventFlushCountsForTheRate() {
        var q = Queue()
        _ = q.offer("p1", key: "s", transition: "s", rate: 10, now: 0, writable: true)
        _ = q.offer("p2", key: "s", transition: "s", rate: 10, now: 0.05, writable: true)
        #expect(q.offerEvent("ended", transition: "s", now: 0.06) == ["p2", "ended"])
        #expect(q.offer("p3", key: "s", transition: "s", rate: 10, now: 0.1, writable: true) == nil, "0.04 s after p2")
    }

    /// Each key keeps its own rate: a frame under one key neither delays nor frees a frame under another.
    @Test func ratesArePerKey() {
        var q = Queue()
        #expect(q.offer("a1", key: "a", transition: "a", rate: 10, now: 0, writable: true) == "a1")
        #expect(q.offer("b1", key: "b", transition: "b", rate: 10, now: 0.05, writable: true) == "b1")
        #expect(q.offer("a2", key: "a", transition: "a", rate: 10, now: 0.1, writable: true) == "a2", "0.1 s after a1")
        #expect(q.offer("b2", key: "b", transition: "b", rate: 10, now: 0.1, writable: true) == nil, "0.05 s after b1")
        #expect(q.nextDue.map { abs($0 - 0.15) < 1e-9 } == true)
        #expect(q.release(now: 0.15, writable: true) == ["b2"])
    }

    /// Waiting frames go out in the order they were first queued.
    @Test func releaseKeepsQueueOrder() {
        var q = Queue()
        for name in ["a", "b", "c"] {
            _ = q.offer(name, key: name, transition: name, rate: nil, now: 0, writable: false)
        }
        _ = q.offer("a2", key: "a", transition: "a", rate: nil, now: 0, writable: false)
        #expect(q.release(now: 0, writable: true) == ["a2", "b", "c"])
    }

    /// A frame waiting only because the socket is full has no timer: writability, not time, releases it.
    @Test func fullSocketNeedsNoTimer() {
        var q = Queue()
        _ = q.offer("p", key: "s", transition: "s", rate: nil, now: 0, writable: false)
        #expect(q.nextDue == nil)
    }

    /// A forgotten key (its transition is gone) keeps no time of its last frame: a frame under the same name later
    /// (a transition made anew) is not held by the old one's rate, and the others' keys are kept.
    @Test func aForgottenKeyKeepsNoTime() {
        var q = Queue()
        #expect(q.offer("a1", key: "dock", transition: "dock", rate: 10, now: 0, writable: true) == "a1")
        #expect(q.offer("b1", key: "panel", transition: "panel", rate: 10, now: 0, writable: true) == "b1")
        q.forget { $0 == "dock" }
        #expect(
            q.offer("a2", key: "dock", transition: "dock", rate: 10, now: 0.01, writable: true) == "a2",
            "no rate holds it")
        #expect(
            q.offer("b2", key: "panel", transition: "panel", rate: 10, now: 0.01, writable: true) == nil,
            "panel's time is kept")
    }
}
