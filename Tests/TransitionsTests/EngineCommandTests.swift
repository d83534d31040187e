import AnimConfig
import Gestures
import Motion
import Testing

/// Client control: every transition.* command, with a manual clock and every event asserted.
@Suite struct EngineCommandTests {
    /// A linear, 1 s sidebar, so expected values follow from value = t / D.
    static let linearConfig: DaemonConfig = {
        var config = EngineTester.defaultConfig
        config.transitions = config.transitions.map { t in
            var t = t
            t.timing = .linear
            t.duration = 1
            return t
        }
        return config
    }()

    /// toggle from rest begins a command leg 0→1, runs one frame per tick, and ends at the end snap.
    @Test func toggleFromRestRunsToTheOtherEnd() {
        var tester = EngineTester(config: Self.linearConfig)
        tester.command(.toggle("sidebar"), at: 10, expect: [.began("sidebar", .command, from: 0, to: 1, progress: 0)])
        tester.tick(at: 10.25, expect: [.progress("sidebar", .animating, progress: 0.25)])
        tester.tick(at: 10.5, expect: [.progress("sidebar", .animating, progress: 0.5)])
        tester.tick(
            at: 11.0,
            expect: [.progress("sidebar", .animating, progress: 1), .ended("sidebar", .end, snap: 1, progress: 1)])
        #expect(tester.engine.snapshot(of: "sidebar", at: 12)?.phase == .idle)
        #expect(!tester.engine.isAnimating)
        // Nothing moves: a tick produces nothing.
        tester.tick(at: 12, expect: [])
    }

    /// A second toggle mid-flight turns the same leg around (no new began) and retraces to the start.
    @Test func toggleMidFlightReverses() {
        var tester = EngineTester(config: Self.linearConfig)
        tester.command(.toggle("sidebar"), at: 0, expect: [.began("sidebar", .command, from: 0, to: 1, progress: 0)])
        tester.command(
            .toggle("sidebar"), at: 0.4,
            expect: [.leg("sidebar", .cubic), .progress("sidebar", .animating, progress: 0.4)])
        #expect(tester.engine.snapshot(of: "sidebar", at: 0.4)?.target == 0)
        tester.tick(at: 0.6, expect: [.progress("sidebar", .animating, progress: 0.2)])
        tester.tick(
            at: 0.8,
            expect: [.progress("sidebar", .animating, progress: 0), .ended("sidebar", .start, snap: 0, progress: 0)])
    }

    /// animate interrupts a running leg: it ends with position current, then the new leg begins from exactly there.
    @Test func animateInterruptsWithCurrentThenBegins() {
        var tester = EngineTester(config: Self.linearConfig)
        tester.command(.toggle("sidebar"), at: 0, expect: [.began("sidebar", .command, from: 0, to: 1, progress: 0)])
        tester.command(
            .animate("sidebar", to: 0, timing: nil, duration: 2, velocity: nil), at: 0.3,
            expect: [
                .ended("sidebar", .current, snap: 0, progress: 0.3),
                .began("sidebar", .command, from: 0, to: 1, progress: 0.3),
            ])
        // Back to 0 is a reversed leg: 0.3 of 2 s remains, linearly.
        tester.tick(at: 0.6, expect: [.progress("sidebar", .animating, progress: 0.15)])
        tester.tick(
            at: 0.9,
            expect: [.progress("sidebar", .animating, progress: 0), .ended("sidebar", .start, snap: 0, progress: 0)])
    }

    /// animate with a timing spec uses that curve for the leg.
    @Test func animateWithTimingUsesThatCurve() {
        var tester = EngineTester(config: Self.linearConfig)
        // vectors.json, bezier "ease-in-out": y(0.25) = 0.12916193104731982; a 1 s leg from 0 to 2 is there at 0.25 s.
        let easeInOutAtQuarter = 0.12916193104731982
        tester.command(
            .animate("pager", to: 2, timing: .easeInOut, duration: 1, velocity: nil), at: 0,
            expect: [.began("pager", .command, from: 0, to: 2, progress: 0)])
        tester.tick(at: 0.25, expect: [.progress("pager", .animating, progress: 2 * easeInOutAtQuarter)])
    }

    /// begin starts a paused, client-driven leg; scrub moves it linearly; release with no velocity snaps to the nearest end.
    @Test func beginScrubRelease() {
        var tester = EngineTester(config: Self.linearConfig)
        tester.command(
            .begin("sidebar", to: 1), at: 0, expect: [.began("sidebar", .command, from: 0, to: 1, progress: 0)])
        #expect(tester.engine.snapshot(of: "sidebar", at: 0)?.phase == .interactive)
        tester.tick(at: 0.1, expect: [])
        tester.command(
            .scrub("sidebar", fraction: 0.7), at: 0.2, expect: [.progress("sidebar", .interactive, progress: 0.7)])
        let result = tester.command(
            .release("sidebar", velocity: nil), at: 0.3,
            expect: [.leg("sidebar", .cubic), .progress("sidebar", .animating, progress: 0.7)])
        #expect(result == .success(.released(to: 1)))
        // The percent-driven remainder: (1 − 0.7)·1 s.
        tester.tick(at: 0.45, expect: [.progress("sidebar", .animating, progress: 0.85)])
        tester.tick(
            at: 0.61,
            expect: [.progress("sidebar", .animating, progress: 1), .ended("sidebar", .end, snap: 1, progress: 1)])
    }

    /// begin toward the snap the transition rests at is refused: there is no way to go.
    @Test func beginTowardRestingSnapIsRefused() {
        var tester = EngineTester(config: Self.linearConfig)
        #expect(
            tester.command(.begin("sidebar", to: 0), at: 0, expect: [])
                == .failure(.notAllowed("\"sidebar\" already rests at snap 0: begin a leg toward another snap")))
    }

    /// A release completes in (1 − p)·D / completionSpeed: from 0.6 at speed 2, 0.2 s of a 1 s linear leg.
    @Test func releaseHonoursCompletionSpeed() {
        var config = Self.linearConfig
        config.transitions = config.transitions.map { t in
            var t = t
            t.completionSpeed = 2
            return t
        }
        var tester = EngineTester(config: config)
        tester.command(
            .begin("sidebar", to: 1), at: 0, expect: [.began("sidebar", .command, from: 0, to: 1, progress: 0)])
        tester.command(
            .scrub("sidebar", fraction: 0.6), at: 0, expect: [.progress("sidebar", .interactive, progress: 0.6)])
        #expect(
            tester.command(
                .release("sidebar", velocity: 0), at: 1,
                expect: [.leg("sidebar", .cubic), .progress("sidebar", .animating, progress: 0.6)])
                == .success(.released(to: 1)))
        tester.tick(at: 1.1, expect: [.progress("sidebar", .animating, progress: 0.8)])
        tester.tick(
            at: 1.21,
            expect: [.progress("sidebar", .animating, progress: 1), .ended("sidebar", .end, snap: 1, progress: 1)])
    }

    /// A release below halfway with no velocity cancels: a reversed leg that completes at the start position.
    @Test func releaseBelowHalfCancels() {
        var tester = EngineTester(config: Self.linearConfig)
        tester.command(
            .begin("sidebar", to: 1), at: 0, expect: [.began("sidebar", .command, from: 0, to: 1, progress: 0)])
        tester.command(
            .scrub("sidebar", fraction: 0.2), at: 0, expect: [.progress("sidebar", .interactive, progress: 0.2)])
        #expect(
            tester.command(
                .release("sidebar", velocity: 0), at: 0,
                expect: [.leg("sidebar", .cubic), .progress("sidebar", .animating, progress: 0.2)])
                == .success(.released(to: 0)))
        tester.tick(
            at: 0.2,
            expect: [.progress("sidebar", .animating, progress: 0), .ended("sidebar", .start, snap: 0, progress: 0)])
    }

    /// A release flicked toward the end finishes even from 20 % (projection: a flick never returns).
    @Test func releaseFlickFinishes() {
        var tester = EngineTester(config: Self.linearConfig)
        tester.command(
            .scrub("sidebar", fraction: 0.2), at: 0,
            expect: [
                .began("sidebar", .command, from: 0, to: 1, progress: 0),
                .progress("sidebar", .interactive, progress: 0.2),
            ])
        #expect(
            tester.command(
                .release("sidebar", velocity: 2), at: 0,
                expect: [.leg("sidebar", .cubic), .progress("sidebar", .animating, progress: 0.2)])
                == .success(.released(to: 1)))
    }

    /// pause freezes the leg (ticks produce nothing); resume continues it from the same point.
    @Test func pauseAndResume() {
        var tester = EngineTester(config: Self.linearConfig)
        tester.command(.toggle("panel"), at: 0, expect: [.began("panel", .command, from: 0, to: 1, progress: 0)])
        tester.command(
            .pause("panel"), at: 0.25, expect: [.leg("panel", .driven), .progress("panel", .paused, progress: 0.25)])
        tester.tick(at: 5, expect: [])
        tester.command(
            .resume("panel"), at: 5, expect: [.leg("panel", .cubic), .progress("panel", .animating, progress: 0.25)])
        tester.tick(at: 5.5, expect: [.progress("panel", .animating, progress: 0.75)])
    }

    /// reverse flips the direction of a paused leg without moving it.
    @Test func reverseWhilePaused() {
        var tester = EngineTester(config: Self.linearConfig)
        tester.command(.toggle("panel"), at: 0, expect: [.began("panel", .command, from: 0, to: 1, progress: 0)])
        tester.command(
            .pause("panel"), at: 0.6, expect: [.leg("panel", .driven), .progress("panel", .paused, progress: 0.6)])
        tester.command(.reverse("panel"), at: 0.6, expect: [.progress("panel", .paused, progress: 0.6)])
        #expect(abs((tester.engine.snapshot(of: "panel", at: 0.6)?.fraction ?? 0) - 0.4) < 1e-12)
        tester.command(
            .resume("panel"), at: 1, expect: [.leg("panel", .cubic), .progress("panel", .animating, progress: 0.6)])
        tester.tick(
            at: 1.6,
            expect: [.progress("panel", .animating, progress: 0), .ended("panel", .start, snap: 0, progress: 0)])
    }

    /// continue with durationFactor 0.5 runs the rest in exactly half the duration, with new timing if given.
    @Test func continueWithFactor() {
        var tester = EngineTester(config: Self.linearConfig)
        tester.command(
            .scrub("launcher", fraction: 0.2), at: 0,
            expect: [
                .began("launcher", .command, from: 0, to: 1, progress: 0),
                .progress("launcher", .interactive, progress: 0.2),
            ])
        tester.command(
            .continue("launcher", timing: nil, durationFactor: 0.5, velocity: nil), at: 1,
            expect: [.leg("launcher", .cubic), .progress("launcher", .animating, progress: 0.2)])
        tester.tick(at: 1.25, expect: [.progress("launcher", .animating, progress: 0.6)])
        tester.tick(
            at: 1.5,
            expect: [.progress("launcher", .animating, progress: 1), .ended("launcher", .end, snap: 1, progress: 1)])
    }

    /// stop(false) holds the leg in `stopped`; finish(at: current) ends it there and the transition rests off a snap.
    @Test func stopThenFinishAtCurrent() {
        var tester = EngineTester(config: Self.linearConfig)
        tester.command(.toggle("sidebar"), at: 0, expect: [.began("sidebar", .command, from: 0, to: 1, progress: 0)])
        tester.command(
            .stop("sidebar", withoutFinishing: false), at: 0.3,
            expect: [.leg("sidebar", .driven), .progress("sidebar", .stopped, progress: 0.3)])
        tester.tick(at: 1, expect: [])
        #expect(
            tester.command(.toggle("sidebar"), at: 1, expect: [])
                == .failure(.notAllowed("\"sidebar\" is stopped: finish it first (transition.finish)")))
        tester.command(
            .finish("sidebar", at: .current), at: 1, expect: [.ended("sidebar", .current, snap: 0, progress: 0.3)])
        let rest = tester.engine.snapshot(of: "sidebar", at: 2)
        #expect(rest?.phase == .idle && abs((rest?.progress ?? 0) - 0.3) < 1e-12)
    }

    /// finish(at: end) after stop jumps to the end snap and reports position end.
    @Test func stopThenFinishAtEnd() {
        var tester = EngineTester(config: Self.linearConfig)
        tester.command(.toggle("sidebar"), at: 0, expect: [.began("sidebar", .command, from: 0, to: 1, progress: 0)])
        tester.command(
            .stop("sidebar", withoutFinishing: false), at: 0.3,
            expect: [.leg("sidebar", .driven), .progress("sidebar", .stopped, progress: 0.3)])
        tester.command(.finish("sidebar", at: .end), at: 0.4, expect: [.ended("sidebar", .end, snap: 1, progress: 1)])
    }

    /// stop(withoutFinishing: true) ends the leg at once, where it is.
    @Test func stopWithoutFinishing() {
        var tester = EngineTester(config: Self.linearConfig)
        tester.command(.toggle("sidebar"), at: 0, expect: [.began("sidebar", .command, from: 0, to: 1, progress: 0)])
        tester.command(
            .stop("sidebar", withoutFinishing: true), at: 0.5,
            expect: [.ended("sidebar", .current, snap: 0, progress: 0.5)])
        tester.tick(at: 1, expect: [])
    }

    /// Refusals: unknown transition, finish without stop, idle pause, toggle of a multi-point transition, bad snap index.
    @Test func refusalsMapToErrors() {
        var tester = EngineTester(config: Self.linearConfig)
        #expect(tester.command(.toggle("nope"), at: 0, expect: []) == .failure(.unknownTransition("nope")))
        #expect(
            tester.command(.pause("sidebar"), at: 0, expect: [])
                == .failure(.notAllowed("\"sidebar\" is idle: nothing to pause")))
        tester.command(.toggle("sidebar"), at: 0, expect: [.began("sidebar", .command, from: 0, to: 1, progress: 0)])
        #expect(
            tester.command(.finish("sidebar", at: .end), at: 0.1, expect: [])
                == .failure(.notAllowed("finish is only allowed after transition.stop with withoutFinishing false")))
        guard case .failure(.notAllowed) = tester.command(.toggle("pager"), at: 0, expect: []) else {
            Issue.record("toggle of a four-point transition must be refused"); return
        }
        #expect(
            tester.command(.animate("pager", to: 4, timing: nil, duration: nil, velocity: nil), at: 0, expect: [])
                == .failure(.invalidParams("to must be a snap index from 0 to 3, got 4")))
        #expect(
            tester.command(.animate("pager", to: 1, timing: nil, duration: -1, velocity: nil), at: 0, expect: [])
                == .failure(.invalidParams("duration must be a positive number of seconds")))
    }

    /// With the default spring, an animation settles exactly at the target and reports one frame per tick.
    @Test func springToggleSettles() {
        var tester = EngineTester()
        tester.command(.toggle("launcher"), at: 0, expect: [.began("launcher", .command, from: 0, to: 1, progress: 0)])
        let run = tester.runToEnd("launcher", from: 0, position: .end, snap: 1)
        // The default launcher spring (ζ = 0.85) overshoots a little.
        #expect((run.values.max() ?? 0) > 1)
        let settle = SpringCurve(dampingRatio: 0.85, response: 0.4).settlingTime()
        #expect(run.end >= settle && run.end < settle + 1.0 / 60 + 1e-9)
    }
}
