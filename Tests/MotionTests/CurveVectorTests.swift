import Testing

@testable import Motion

/// Bézier samples are held to 1e-9 (the issue asks for 1e-7); springs to 1e-9.
@Suite struct CurveVectorTests {
    let vectors = Vectors.shared

    /// y(x) of every reference curve matches the 40-digit bisection reference.
    @Test func bezierSamplesMatchReference() {
        for curve in vectors.bezier {
            let p = curve.control_points
            let bezier = CubicBezier(p[0], p[1], p[2], p[3])
            for sample in curve.samples {
                #expect(abs(bezier.y(atX: sample.x) - sample.y) < 1e-9, "\(curve.curve) at x=\(sample.x)")
            }
        }
    }

    /// Outside [0, 1] the curve extends linearly with its end slopes, as WebKit does.
    @Test func bezierExtrapolatesWithEndSlopes() {
        for curve in vectors.bezier {
            let p = curve.control_points
            let bezier = CubicBezier(p[0], p[1], p[2], p[3])
            #expect(abs(bezier.y(atX: -0.1) - curve.extrapolation_webkit.x_minus_0_1) < 1e-12, "\(curve.curve)")
            #expect(abs(bezier.y(atX: 1.1) - curve.extrapolation_webkit.x_1_1) < 1e-12, "\(curve.curve)")
        }
    }

    /// The named specs are the CSS / Core Animation control points.
    @Test func namedSpecsUseTheReferenceControlPoints() throws {
        let byName = Dictionary(
            uniqueKeysWithValues: vectors.bezier.map {
                ($0.curve.split(separator: " ").first.map(String.init) ?? "", $0.control_points)
            })
        for (name, spec) in [
            ("ease", TimingSpec.ease), ("ease-in", .easeIn), ("ease-out", .easeOut), ("ease-in-out", .easeInOut),
        ] {
            let c = try #require(spec.cubic)
            #expect([c.x1, c.y1, c.x2, c.y2] == byName[name], "\(name)")
        }
    }

    /// Spring positions and velocities match the closed-form reference for every damping regime.
    @Test func springPositionsAndVelocities() {
        for c in vectors.spring.cases {
            let spring = SpringCurve(
                mass: c.mass, stiffness: c.stiffness, damping: c.damping, initialVelocity: c.v0_relative)
            for (i, t) in c.t.enumerated() {
                #expect(abs(spring.displacement(at: t) - c.x_closed[i]) < 1e-9, "\(c.case) x(\(t))")
                #expect(abs(spring.displacementVelocity(at: t) - c.velocity_closed[i]) < 1e-9, "\(c.case) x'(\(t))")
                #expect(abs(spring.progress(at: t) - (1 - c.x_closed[i])) < 1e-9, "\(c.case) p(\(t))")
            }
        }
    }

    /// The settling time is the exact last time |x| ≥ 0.001, not an envelope bound.
    @Test func springSettlingTimes() {
        for c in vectors.spring.cases {
            let spring = SpringCurve(
                mass: c.mass, stiffness: c.stiffness, damping: c.damping, initialVelocity: c.v0_relative)
            #expect(abs(spring.settlingTime() - c.`settle_exact_eps1e-3`) < 1e-9, "\(c.case)")
        }
        for named in vectors.spring.named_spring_settling {
            let spring = SpringCurve(mass: named.mass, stiffness: named.stiffness, damping: named.damping)
            #expect(abs(spring.settlingTime() - named.`settle_exact_eps1e-3`) < 1e-9, "\(named.name)")
        }
    }

    /// duration/bounce and damping-ratio/response convert to the reference physical parameters.
    @Test func perceptualToPhysical() {
        for c in vectors.misc.perceptual_spring_conversions {
            let spring = SpringCurve(duration: c.duration, bounce: c.bounce)
            #expect(spring.mass == c.mass)
            #expect(abs(spring.stiffness - c.stiffness) < 1e-9 * c.stiffness, "k for \(c.duration),\(c.bounce)")
            #expect(abs(spring.damping - c.damping) < 1e-9 * c.damping, "c for \(c.duration),\(c.bounce)")
            #expect(abs(SpringCurve.dampingRatio(bounce: c.bounce) - c.dampingRatio) < 1e-12)
            let viaRatio = SpringCurve(dampingRatio: c.dampingRatio, response: c.duration)
            #expect(abs(viaRatio.damping - c.damping) < 1e-9 * c.damping)
        }
    }

    /// Physical parameters convert back to damping ratio, response and bounce.
    @Test func physicalToPerceptual() {
        for c in vectors.misc.spring_to_perceptual {
            let spring = SpringCurve(mass: c.mass, stiffness: c.stiffness, damping: c.damping)
            #expect(abs(spring.dampingRatio - c.dampingRatio) < 1e-12)
            #expect(abs(spring.response - c.response_or_duration) < 1e-12)
            #expect(abs(spring.bounce - c.bounce) < 1e-12)
        }
    }

    /// A percent-driven leg finishes in (1 − p)·D/speed and cancels in p·D/speed.
    @Test func percentDrivenCompletionDurations() throws {
        for c in vectors.misc.percent_driven_duration_factor {
            var finishing = InteractiveLeg(duration: 0.5, timing: .easeOut, completionSpeed: c.completionSpeed, at: 10)
            try finishing.update(c.percent, at: 10)
            #expect(finishing.percentComplete(at: 10) == c.percent)
            try finishing.finish(at: 10)
            #expect(abs(try #require(finishing.animator.deadline) - 10 - c.finish_seconds_if_duration_0_5) < 1e-12)
            #expect(finishing.advance(to: 10 + c.finish_seconds_if_duration_0_5) == .end)

            var cancelling = InteractiveLeg(duration: 0.5, timing: .easeOut, completionSpeed: c.completionSpeed, at: 10)
            try cancelling.update(c.percent, at: 10)
            try cancelling.cancel(at: 10)
            #expect(abs(try #require(cancelling.animator.deadline) - 10 - c.cancel_seconds_if_duration_0_5) < 1e-12)
            #expect(cancelling.advance(to: 10 + c.cancel_seconds_if_duration_0_5) == .start)
            #expect(cancelling.animator.value(at: 11) == 0)
        }
    }
}
