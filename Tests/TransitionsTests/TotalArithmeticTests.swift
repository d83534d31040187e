import Testing

@testable import Transitions

/// Nothing that reaches the release rules or snapshots can trap.
struct TotalArithmeticTests {
    /// Rounding to a snap index never traps, clamps to its range, and sends NaN to the lower bound.
    @Test func snapIndexIsTotal() {
        #expect(snapIndex(.infinity, in: 0...3) == 3 && snapIndex(-.infinity, in: 0...3) == 0)
        #expect(snapIndex(.nan, in: -1...4) == -1 && snapIndex(1e300, in: 0...1) == 1)
        #expect(snapIndex(1.5, in: 0...3) == 2 && snapIndex(-0.0, in: 0...3) == 0)
        #expect(snapIndex(1.2, in: 0...3, rounding: .up) == 2)
    }

    /// The release rules give a snap in range for any velocity, finite or not (1e30 crashed the daemon).
    @Test(arguments: [1e30, -1e30, 1e308, .infinity, -.infinity, .nan, .leastNonzeroMagnitude, -0.0])
    func releaseRulesAreTotal(velocity: Double) {
        for rule in [ReleaseRule.projection(rate: 0.998), .threshold(fraction: 0.5, velocity: 1000)] {
            let target = ReleaseRules.target(
                progress: 0.4, velocity: velocity, origin: 0, lastSnap: 3, rule: rule, reach: 1, distance: 400)
            #expect((0...1).contains(target), "reach 1 from snap 0")
        }
    }
}
