// swift-format-ignore-file: AlwaysUseLowerCamelCase

// The names are vectors.json's keys, which Codable decodes by name.
import Foundation
import Motion
import Testing

@testable import Transitions

/// Release rules of MOTION.md §5 against the reference values in vectors.json.
@Suite struct ReleaseRuleTests {
    struct Misc: Decodable {
        struct Projection: Decodable {
            let velocity_pt_per_s: Double, decelerationRate: Double, projected_distance_pt: Double
        }
        struct Relative: Decodable { let velocity: Double, current: Double, target: Double, relative_velocity: Double }
        struct Swipe: Decodable {
            let progress: Double, velocity_px_per_ms: Double, distance: Double
            let snap_points: [Double], initial: Int, touchpad: Bool, end_progress: Int
        }
        let projection: [Projection]
        let relative_velocity: [Relative]
        let gnome_swipe_tracker: [Swipe]
    }

    static let misc: Misc = {
        struct Root: Decodable { let misc: Misc }
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("vectors.json")
        do { return try JSONDecoder().decode(Root.self, from: Data(contentsOf: url)).misc } catch {
            fatalError("\(error)")
        }
    }()

    /// The projected distance is v/1000 · r/(1 − r), as UIScrollView's deceleration.
    @Test func projectionDistances() {
        for p in Self.misc.projection {
            #expect(
                abs(
                    ReleaseRules.projectedDistance(velocity: p.velocity_pt_per_s, rate: p.decelerationRate)
                        - p.projected_distance_pt) < 1e-9)
        }
    }

    /// The spring's initial velocity is the finger's velocity over the remaining distance.
    @Test func relativeVelocityHandOff() {
        for r in Self.misc.relative_velocity {
            #expect(
                abs(SpringCurve.relativeVelocity(r.velocity, from: r.current, to: r.target) - r.relative_velocity)
                    < 1e-12)
        }
    }

    /// Projection with a reach of one snap picks GNOME's swipe-tracker targets for touchscreens.
    /// (GNOME decelerates touchpad swipes differently; those vectors are not ours to match.)
    @Test func gnomeSwipeTrackerTargets() {
        for s in Self.misc.gnome_swipe_tracker where !s.touchpad {
            let velocity = s.velocity_px_per_ms * 1000 / s.distance
            let target = ReleaseRules.target(
                progress: s.progress, velocity: velocity, origin: s.initial, lastSnap: s.snap_points.count - 1,
                rule: .projection(rate: 0.998), reach: 1, distance: s.distance)
            #expect(target == s.end_progress, "progress \(s.progress), velocity \(s.velocity_px_per_ms) px/ms")
        }
    }

    /// A flick away from the start never returns to it, even when the projection falls short.
    @Test func flickAwayNeverReturns() {
        #expect(
            ReleaseRules.target(
                progress: 0.05, velocity: 0.6, origin: 0, lastSnap: 1, rule: .projection(rate: 0.998), reach: 1,
                distance: 400) == 1)
        // Below flick speed it is the nearest snap.
        #expect(
            ReleaseRules.target(
                progress: 0.05, velocity: 0.1, origin: 0, lastSnap: 1, rule: .projection(rate: 0.998), reach: 1,
                distance: 400) == 0)
    }

    /// Threshold rule: past half with no strong backward fling finishes; a fast forward fling finishes from anywhere; otherwise cancels.
    @Test func thresholdRule() {
        let rule = ReleaseRule.threshold(fraction: 0.5, velocity: 1000)
        func target(_ p: Double, _ vPx: Double) -> Int {
            ReleaseRules.target(
                progress: p, velocity: vPx / 400, origin: 0, lastSnap: 1, rule: rule, reach: 1, distance: 400)
        }
        #expect(target(0.6, 0) == 1)
        #expect(target(0.6, -900) == 1)
        #expect(target(0.6, -1100) == 0)
        #expect(target(0.2, 1100) == 1)
        #expect(target(0.2, 900) == 0)
        #expect(target(0.4, 0) == 0)
    }

    /// Reach limits how many snaps one release may travel; the ends clamp.
    @Test func reachAndClamping() {
        #expect(
            ReleaseRules.target(
                progress: 0.2, velocity: 6, origin: 0, lastSnap: 3, rule: .projection(rate: 0.998), reach: 1,
                distance: 600) == 1)
        #expect(
            ReleaseRules.target(
                progress: 0.2, velocity: 6, origin: 0, lastSnap: 3, rule: .projection(rate: 0.998), reach: 3,
                distance: 600) == 3)
        #expect(
            ReleaseRules.target(
                progress: -0.2, velocity: -6, origin: 0, lastSnap: 3, rule: .projection(rate: 0.998), reach: 3,
                distance: 600) == 0)
    }

    /// The rubber band is iOS's: linear 0.55 at first, never reaching one more unit, hard with coefficient 0.
    @Test func rubberBand() {
        #expect(ReleaseRules.rubberBand(0.5, low: 0, high: 1, coefficient: 0.55) == 0.5)
        #expect(abs(ReleaseRules.rubberBand(1.001, low: 0, high: 1, coefficient: 0.55) - (1 + 0.55 * 0.001)) < 1e-6)
        #expect(ReleaseRules.rubberBand(100, low: 0, high: 1, coefficient: 0.55) < 2)
        #expect(
            abs(ReleaseRules.rubberBand(-0.5, low: 0, high: 1, coefficient: 0.55) - -(1 - 1 / (0.55 * 0.5 + 1))) < 1e-12
        )
        #expect(ReleaseRules.rubberBand(1.5, low: 0, high: 1, coefficient: 0) == 1)
    }
}
