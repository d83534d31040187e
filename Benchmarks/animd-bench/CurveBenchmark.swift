import Foundation
import Motion

/// Curve and spring evaluation cost (target ≤ 100 ns per evaluation).
///
/// Baselines: a plain cubic polynomial (what a Bézier costs without solving
/// x(s) = x) and one exp·cos pair (the floor of any closed-form spring).
enum CurveBenchmark {
    static func run() {
        let inputs = (0..<1024).map { Double($0) / 1023 }
        let times = (0..<1024).map { Double($0) / 1023 * 0.8 }
        let ease = TimingSpec.easeInOut.cubic ?? .linear
        let custom = CubicBezier(0.17, 0.67, 0.76, 1)
        let under = SpringCurve(dampingRatio: 0.5, response: 0.4)
        let over = SpringCurve(dampingRatio: 2, response: 0.4)
        let critical = SpringCurve(dampingRatio: 1, response: 0.4)

        let polynomial = nanosecondsPerOperation { i in
            let s = inputs[i & 1023]
            return ((0.3 * s + 0.2) * s + 0.5) * s
        }
        let expCos = nanosecondsPerOperation { i in
            let t = times[i & 1023]
            return exp(-3 * t) * cos(9 * t)
        }
        let rows: [(String, Double, Double)] = [
            ("bezier ease-in-out y(x)", nanosecondsPerOperation { ease.y(atX: inputs[$0 & 1023]) }, polynomial),
            (
                "bezier (0.17,0.67,0.76,1) y(x)", nanosecondsPerOperation { custom.y(atX: inputs[$0 & 1023]) },
                polynomial
            ),
            ("spring under-damped x(t)", nanosecondsPerOperation { under.displacement(at: times[$0 & 1023]) }, expCos),
            ("spring critical x(t)", nanosecondsPerOperation { critical.displacement(at: times[$0 & 1023]) }, expCos),
            ("spring over-damped x(t)", nanosecondsPerOperation { over.displacement(at: times[$0 & 1023]) }, expCos),
            (
                "spring under-damped x'(t)",
                nanosecondsPerOperation { under.displacementVelocity(at: times[$0 & 1023]) }, expCos
            ),
        ]
        print("\n== curves: ns per evaluation (best of 7 × 2,000,000; target ≤ 100 ns)")
        print("baseline cubic polynomial  \(String(format: "%6.2f", polynomial)) ns")
        print("baseline exp·cos           \(String(format: "%6.2f", expCos)) ns")
        for (name, ns, baseline) in rows {
            let verdict = ns <= 100 ? "ok" : "OVER TARGET"
            print(
                "\(pad(name, 32)) \(String(format: "%7.2f", ns)) ns   \(String(format: "%5.1f", ns / baseline))× baseline   \(verdict)"
            )
        }
        let settle = nanosecondsPerOperation(iterations: 20_000, rounds: 5) { i in
            SpringCurve(dampingRatio: 0.3 + Double(i & 7) * 0.1, response: 0.4).settlingTime()
        }
        print(
            "\(pad("spring settling time (exact)", 32)) \(String(format: "%7.0f", settle)) ns   (once per leg, not per frame)"
        )
    }
}
