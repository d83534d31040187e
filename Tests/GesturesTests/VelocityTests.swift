import Foundation
import TestSupport
import Testing

@testable import Gestures

extension SplitMix64 {
    mutating func gaussian(sigma: Double) -> Double {
        let u1 = Double.random(in: Double.ulpOfOne..<1, using: &self), u2 = Double.random(in: 0..<1, using: &self)
        return sigma * (-2 * log(u1)).squareRoot() * cos(2 * .pi * u2)
    }
}

/// An analytic 1-D path sampled like a touchscreen: 120 Hz, ±0.5 ms jitter,
/// millisecond timestamps, σ = 0.3 px noise (as scripts/generate-traces.py).
struct NoisyPath: Sendable {
    let name: String
    let position: @Sendable (Double) -> Double
    let velocity: @Sendable (Double) -> Double
    let duration: Double

    func feed(_ tracker: inout VelocityTracker, rng: inout SplitMix64, noise: Bool = true) {
        let count = Int((duration * 120).rounded())
        for i in 0...count {
            let trueTime = min(
                max(Double(i) / 120 + (noise ? Double.random(in: -0.0005...0.0005, using: &rng) : 0), 0), duration)
            let reported = noise ? (trueTime * 1000).rounded() / 1000 : trueTime
            let x = position(trueTime) + (noise ? rng.gaussian(sigma: 0.3) : 0)
            tracker.add(Point(x: x, y: 0), at: reported)
        }
    }

    var releaseVelocity: Double { velocity(duration) }

    static let scenarios: [NoisyPath] = {
        let accel = 2500 / 0.15, decel = 2000 / 0.15, shortAccel = 3000 / 0.06
        // A minimum-jerk 400 px stroke over 0.25 s, released at 60 % of it (still moving fast).
        @Sendable func minJerk(_ t: Double) -> Double {
            let s = t / 0.25; return 400 * (10 * pow(s, 3) - 15 * pow(s, 4) + 6 * pow(s, 5))
        }
        @Sendable func minJerkVelocity(_ t: Double) -> Double {
            let s = t / 0.25; return 400 / 0.25 * (30 * s * s - 60 * pow(s, 3) + 30 * pow(s, 4))
        }
        return [
            NoisyPath(name: "constant 2000 px/s", position: { 2000 * $0 }, velocity: { _ in 2000 }, duration: 0.15),
            NoisyPath(name: "constant 500 px/s", position: { 500 * $0 }, velocity: { _ in 500 }, duration: 0.3),
            NoisyPath(
                name: "accelerating to 2500", position: { 0.5 * accel * $0 * $0 }, velocity: { accel * $0 },
                duration: 0.15),
            NoisyPath(
                name: "decelerating to 1500", position: { 3500 * $0 - 0.5 * decel * $0 * $0 },
                velocity: { 3500 - decel * $0 }, duration: 0.15),
            NoisyPath(
                name: "short 60 ms flick to 3000", position: { 0.5 * shortAccel * $0 * $0 },
                velocity: { shortAccel * $0 }, duration: 0.06),
            NoisyPath(name: "min-jerk stroke at 60 %", position: minJerk, velocity: minJerkVelocity, duration: 0.15),
        ]
    }()
}

@Suite struct VelocityTests {
    /// LSQ2 on Android's reference samples (x = 1000t + 5000t², 8 ms apart) gives the slope at the newest sample, 1000 px/s.
    @Test func lsq2MatchesAndroidReference() {
        let times = (0...12).map { -0.096 + Double($0) * 0.008 }
        let accelerating = times.map { 1000 * $0 + 5000 * $0 * $0 }
        #expect(abs(VelocityEstimator.lsq2.velocity(times: times, positions: accelerating) - 999.9999999999936) < 1e-6)
        #expect(abs(VelocityEstimator.lsq2.velocity(times: times, positions: times.map { 1500 * $0 }) - 1500) < 1e-6)
    }

    /// The impulse strategy reproduces Android's reference values (963.06 and 1500 px/s).
    @Test func impulseMatchesAndroidReference() {
        let times = (0...12).map { -0.096 + Double($0) * 0.008 }
        let accelerating = times.map { 1000 * $0 + 5000 * $0 * $0 }
        #expect(
            abs(VelocityEstimator.impulse.velocity(times: times, positions: accelerating) - 963.0583560858067) < 1e-6)
        #expect(abs(VelocityEstimator.impulse.velocity(times: times, positions: times.map { 1500 * $0 }) - 1500) < 1e-6)
    }

    /// On a noise-free constant-velocity path every estimator is exact.
    @Test(arguments: VelocityEstimator.allCases)
    func exactOnCleanConstantVelocity(estimator: VelocityEstimator) {
        var tracker = VelocityTracker(estimator: estimator)
        var rng = SplitMix64(seed: 0)
        let path = NoisyPath.scenarios[0]
        path.feed(&tracker, rng: &rng, noise: false)
        #expect(abs(tracker.velocity(at: path.duration).x - 2000) < 1e-6)
    }

    /// With jitter and noise, the default tracker stays within 5 % at 2000 px/s, and 10 % at 500 px/s and under constant acceleration.
    @Test func defaultTrackerOnNoisyAnalyticPaths() {
        for (index, tolerance) in [(0, 0.05), (1, 0.10), (2, 0.10), (3, 0.10)] {
            let path = NoisyPath.scenarios[index]
            for seed in 0..<100 {
                var rng = SplitMix64(seed: UInt64(seed))
                var tracker = VelocityTracker()
                path.feed(&tracker, rng: &rng)
                let error = abs(tracker.velocity(at: path.duration).x - path.releaseVelocity) / path.releaseVelocity
                #expect(error < tolerance, "\(path.name), seed \(seed): error \(error)")
            }
        }
    }

    /// No movement for more than 40 ms means velocity 0, whether the device kept reporting or went quiet.
    @Test func stillnessAfterFortyMilliseconds() {
        var tracker = VelocityTracker()
        for i in 0...10 { tracker.add(Point(x: Double(i) * 10, y: 0), at: Double(i) * 0.008) }
        #expect(tracker.velocity(at: 0.080).x > 1000)
        #expect(tracker.velocity(at: 0.080 + 0.041) == .zero)
        // A touchscreen that keeps reporting the same position is still too.
        for i in 1...6 { tracker.add(Point(x: 100, y: 0), at: 0.080 + Double(i) * 0.008) }
        #expect(tracker.velocity(at: 0.128) == .zero)
    }

    /// Events sharing one millisecond (dt = 0) do not break the estimate.
    @Test func survivesZeroTimeSteps() {
        var tracker = VelocityTracker()
        for i in 0...20 {
            let t = Double(i / 2) * 0.008  // pairs of events with the same timestamp
            tracker.add(Point(x: 1000 * t + Double(i % 2) * 0.1, y: 0), at: t)
        }
        let v = tracker.velocity(at: 0.080).x
        #expect(v.isFinite && abs(v - 1000) < 50)
    }
}

/// Chooses the estimator by measurement: the best worst case over realistic
/// flicks wins (MOTION.md §4). The printed table is docs/gestures.md's.
@Suite struct VelocityComparisonTests {
    /// The default estimator has the smallest worst-case relative error of all three.
    @Test func defaultHasBestWorstCase() {
        var worst: [VelocityEstimator: Double] = [:]
        var table =
            "| scenario | " + VelocityEstimator.allCases.map { "\($0.rawValue) mean / worst" }.joined(separator: " | ")
            + " |\n"
        table += "|---|" + VelocityEstimator.allCases.map { _ in "---|" }.joined() + "\n"
        for path in NoisyPath.scenarios {
            var row = "| \(path.name) |"
            for estimator in VelocityEstimator.allCases {
                var errors: [Double] = []
                for seed in 0..<300 {
                    var rng = SplitMix64(seed: UInt64(seed))
                    var tracker = VelocityTracker(estimator: estimator)
                    path.feed(&tracker, rng: &rng)
                    errors.append(
                        abs(tracker.velocity(at: path.duration).x - path.releaseVelocity) / path.releaseVelocity)
                }
                let mean = errors.reduce(0, +) / Double(errors.count), maximum = errors.max() ?? 0
                worst[estimator] = max(worst[estimator] ?? 0, maximum)
                row += String(format: " %.1f %% / %.1f %% |", mean * 100, maximum * 100)
            }
            table += row + "\n"
        }
        table +=
            "| **worst case** |"
            + VelocityEstimator.allCases.map { String(format: " **%.1f %%** |", (worst[$0] ?? 0) * 100) }.joined()
            + "\n"
        print(table)
        let best = VelocityEstimator.allCases.min { (worst[$0] ?? 0) < (worst[$1] ?? 0) }
        #expect(VelocityTracker.defaultEstimator == best, "measured worst cases: \(worst)")
    }
}
