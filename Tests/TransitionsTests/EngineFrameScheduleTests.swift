import Motion
import Testing

@testable import Transitions

/// The engine says when it wants its next tick (`EngineOutput.nextFrame`):
/// on an absolute grid of 1/frame-rate while anything runs, never when idle.
@Suite struct EngineFrameScheduleTests {
    /// 60 Hz from the default config: period 1/60 s, grid origin at the first moving step.
    static let period = 1.0 / 60

    /// Idle steps ask for no frame; a started leg asks for origin + period; each tick asks for the next grid point.
    @Test func framesFollowAnAbsoluteGridWhileALegRuns() throws {
        var engine = Engine(config: EngineCommandTests.linearConfig, geometry: .fallback)
        #expect(engine.tick(at: 5).nextFrame == nil)
        let started = engine.perform(.toggle("sidebar"), at: 10).1
        #expect(abs(try #require(started.nextFrame) - (10 + Self.period)) < 1e-12)
        // A late tick (2.5 periods in) asks for the 3rd grid point, not "a period from now".
        let late = engine.tick(at: 10 + 2.5 * Self.period)
        #expect(abs(try #require(late.nextFrame) - (10 + 3 * Self.period)) < 1e-12)
        // The 1 s leg ends at 11: no frame after that.
        #expect(engine.tick(at: 11).nextFrame == nil)
        #expect(engine.tick(at: 12).nextFrame == nil)
    }

    /// After an idle spell the next animation starts its own grid at its own start time.
    @Test func aNewAnimationStartsANewGrid() throws {
        var engine = Engine(config: EngineCommandTests.linearConfig, geometry: .fallback)
        _ = engine.perform(.toggle("sidebar"), at: 0)
        _ = engine.tick(at: 1)
        let next = engine.perform(.toggle("sidebar"), at: 7.003).1
        #expect(abs(try #require(next.nextFrame) - (7.003 + Self.period)) < 1e-12)
    }

    /// A paused leg needs no frames; continuing it does.
    @Test func aPausedLegAsksForNoFrames() {
        var engine = Engine(config: EngineCommandTests.linearConfig, geometry: .fallback)
        _ = engine.perform(.toggle("sidebar"), at: 0)
        #expect(engine.perform(.pause("sidebar"), at: 0.3).1.nextFrame == nil)
        #expect(
            engine.perform(.continue("sidebar", timing: nil, durationFactor: nil, velocity: nil), at: 0.5).1.nextFrame
                != nil)
    }

    /// The display's refresh replaces the config's rate; absurd rates are held to 1…1000 Hz.
    @Test func frameRateComesFromTheDisplayWithinBounds() throws {
        var engine = Engine(config: EngineCommandTests.linearConfig, geometry: .fallback)
        engine.setFrameRate(120)
        let started = engine.perform(.toggle("sidebar"), at: 0).1
        #expect(abs(try #require(started.nextFrame) - 1.0 / 120) < 1e-12)
        engine.setFrameRate(1e308)
        #expect(engine.frameRate == 1000)
        engine.setFrameRate(.nan)
        #expect(engine.frameRate == 60)
        engine.setFrameRate(.leastNonzeroMagnitude)
        #expect(engine.frameRate == 1)
    }
}
