import TestSupport
import Testing

@testable import Motion

/// Properties over many random specs and times, from a fixed seed.
@Suite struct MotionPropertyTests {
    static func randomCubic(_ rng: inout SplitMix64, monotone: Bool) -> CubicBezier {
        let yRange = monotone ? 0.0...1.0 : -1.0...2.0
        return CubicBezier(
            .random(in: 0...1, using: &rng), .random(in: yRange, using: &rng),
            .random(in: 0...1, using: &rng), .random(in: yRange, using: &rng))
    }

    static func randomSpring(_ rng: inout SplitMix64) -> SpringCurve {
        SpringCurve(
            dampingRatio: .random(in: 0.1...3, using: &rng), response: .random(in: 0.05...2, using: &rng),
            initialVelocity: .random(in: -10...10, using: &rng))
    }

    /// Every cubic curve starts exactly at 0 and ends exactly at 1.
    @Test func cubicEndpointsAreExact() {
        var rng = SplitMix64(seed: 1)
        for _ in 0..<2000 {
            let c = Self.randomCubic(&rng, monotone: false)
            #expect(c.y(atX: 0) == 0)
            #expect(c.y(atX: 1) == 1)
        }
    }

    /// A curve with both y control points in [0, 1] never decreases.
    @Test func monotoneCurvesStayMonotone() {
        var rng = SplitMix64(seed: 2)
        for _ in 0..<500 {
            let c = Self.randomCubic(&rng, monotone: true)
            var previous = 0.0
            for i in 1...200 {
                let y = c.y(atX: Double(i) / 200)
                #expect(y >= previous - 1e-12, "\(c) at \(i)")
                previous = y
            }
        }
    }

    /// Solving x(s) = x is accurate to 1e-7 in x on any curve, also with overshooting y.
    @Test func solverIsAccurateInX() {
        var rng = SplitMix64(seed: 3)
        for _ in 0..<2000 {
            let c = Self.randomCubic(&rng, monotone: false)
            let x = Double.random(in: 0...1, using: &rng)
            let s = c.parameter(forX: x)
            let bx = 3 * c.x1 * s * (1 - s) * (1 - s) + 3 * c.x2 * s * s * (1 - s) + s * s * s
            #expect(abs(bx - x) < 1e-7)
        }
    }

    /// A spring starts exactly at progress 0 with velocity v0 and ends at its target after settling.
    @Test func springEndpoints() {
        var rng = SplitMix64(seed: 4)
        for _ in 0..<500 {
            let s = Self.randomSpring(&rng)
            #expect(abs(s.progress(at: 0)) < 1e-12)
            #expect(abs(s.velocity(at: 0) - s.initialVelocity) < 1e-9)
            let settle = s.settlingTime()
            #expect(abs(s.displacement(at: settle)) >= SpringCurve.settlingEpsilon * (1 - 1e-9))
            for k in 1...20 {
                #expect(
                    abs(s.displacement(at: settle + Double(k) * 0.05 * (settle + 0.01))) < SpringCurve.settlingEpsilon)
            }
        }
    }

    /// Reversing a running animator twice at the same instant changes nothing, for any spec and time.
    @Test func reverseReverseIsIdentity() throws {
        var rng = SplitMix64(seed: 5)
        for _ in 0..<500 {
            let timing: TimingSpec =
                Bool.random(using: &rng)
                ? .cubicBezier(Self.randomCubic(&rng, monotone: true))
                : .spring(
                    .perceptual(
                        dampingRatio: .random(in: 0.3...2, using: &rng), response: .random(in: 0.1...1, using: &rng),
                        velocity: 0))
            var a = Animator(duration: .random(in: 0.1...2, using: &rng), timing: timing)
            try a.startAnimation(at: 0)
            let t = Double.random(in: 0...0.09, using: &rng)
            var b = a
            try b.setReversed(true, at: t)
            try b.setReversed(false, at: t)
            #expect(abs(b.value(at: t) - a.value(at: t)) < 1e-9)
            if !timing.isSpring {
                let later = t + 0.05
                #expect(abs(b.value(at: later) - a.value(at: later)) < 1e-9)
            }
        }
    }

    /// Reversing never moves the presented value, whatever the spec and time.
    @Test func reverseNeverJumps() throws {
        var rng = SplitMix64(seed: 6)
        for _ in 0..<500 {
            let timing: TimingSpec =
                Bool.random(using: &rng)
                ? .cubicBezier(Self.randomCubic(&rng, monotone: false))
                : .spring(
                    .physical(
                        mass: 1, stiffness: .random(in: 10...500, using: &rng),
                        damping: .random(in: 1...60, using: &rng), velocity: 0))
            var a = Animator(duration: 1, timing: timing)
            try a.startAnimation(at: 0)
            let t = Double.random(in: 0...0.9, using: &rng)
            let before = a.value(at: t)
            try a.setReversed(true, at: t)
            #expect(abs(a.value(at: t) - before) < 1e-9)
        }
    }
}
