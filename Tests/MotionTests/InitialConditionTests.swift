import Testing

@testable import Motion

/// A spring leg starts exactly where and as fast as it was told to (MOTION.md §1: x(0) = 1, x′(0) = −v0), in every
/// regime: `transition.began` reports these values, and a velocity of −1.8e-15 instead of 0 confused users.
struct InitialConditionTests {
    /// (damping ratio, response, initial velocity): under-, critically and over-damped, at rest and thrown; the
    /// first is the default config's `notifications` spring, which reported −1.78e-15.
    @Test(arguments: [
        (0.9, 0.4, 0.0), (0.9, 0.35, 0.0), (0.6, 0.4, 3.5), (1.0, 0.4, 0.0), (1.0, 0.3, -2.0), (1.7, 0.5, 0.0),
        (1.7, 0.5, 7.25),
    ])
    func springsStartAtTheirInitialConditions(zeta: Double, response: Double, v0: Double) {
        let spring = SpringCurve(dampingRatio: zeta, response: response, initialVelocity: v0)
        #expect(spring.displacement(at: 0) == 1)
        #expect(spring.progress(at: 0) == 0)
        #expect(spring.velocity(at: 0) == v0)
    }
}
