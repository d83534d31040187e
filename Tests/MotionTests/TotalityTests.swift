import Foundation
import Testing

@testable import Motion

/// Any finite spring gets a settling time in bounded steps; absurd specs are refused where they are parsed.
struct TotalityTests {
    /// The spring that hung the daemon (initial velocity 1e200) settles in finite time, later than a still one.
    @Test(arguments: [1e200, -1e200, 1e30, Double.greatestFiniteMagnitude])
    func hugeInitialVelocitySettles(velocity: Double) {
        let spring = SpringCurve(dampingRatio: 0.9, response: 0.35, initialVelocity: velocity)
        let settling = spring.settlingTime()
        #expect(settling.isFinite && settling > SpringCurve(dampingRatio: 0.9, response: 0.35).settlingTime())
    }

    /// A barely damped spring, past the exact search's bound, gets the envelope's answer: an upper bound on the true
    /// settling time ln(1/ε)/(ζω0) within one half period.
    @Test func barelyDampedSpringGetsTheEnvelope() {
        let zeta = 1e-6, response = 0.5
        let spring = SpringCurve(dampingRatio: zeta, response: response)
        let omega0 = 2 * Double.pi / response
        let envelope = log(1 / SpringCurve.settlingEpsilon) / (zeta * omega0)
        let settling = spring.settlingTime()
        #expect(settling >= envelope * 0.999 && settling <= envelope + Double.pi / omega0 + 1)
    }

    /// Spring parameters outside their ranges are refused with the key and the range, including derived ones.
    @Test(arguments: [
        ("spring(damping-ratio=0.9, response=0.3, velocity=1e200)", "velocity"),
        ("spring(damping-ratio=1e-9, response=0.3)", "damping-ratio"),
        ("spring(mass=1e-300, stiffness=1e9, damping=1)", "mass"),
        ("spring(mass=1e6, stiffness=1e-6, damping=1)", "response"),
        ("spring(stiffness=1e9, damping=1e-6)", "damping ratio"),
        ("spring(duration=1e308, bounce=0)", "duration"),
        ("spring(duration=0.3, bounce=0.999)", "bounce"),
        ("cubic-bezier(0.2, 1e300, 0.8, 1)", "y1"),
    ])
    func absurdSpecsAreRefused(spec: String, names: String) {
        do {
            _ = try TimingSpec(parsing: spec)
            Issue.record("\(spec) was accepted")
        } catch {
            #expect(error.reason.contains(names), "\(error.reason)")
        }
    }
}
