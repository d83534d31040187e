import AnimConfig
import Foundation
import Gestures
import Transitions

/// What binding a pinch and a rotation costs a touch (issue 45): the engine's work for one touch-move with the
/// default bindings alone, and with a region-less pinch and rotation of 2 to 5 fingers bound beside them, which every
/// sequence on the glass may then be: one finger whose edge pan drives, three fingers whose pager pan drives, and three
/// fingers closing while the pinch drives its own transition (against the pager's three fingers without them).
enum TransformBenchmark {
    static let extra = """
        [transitions.zoom]
        snap-points = [0, 1]

        [bindings.zoom-pinch]
        transition = "zoom"
        gesture = "pinch"
        increases = "in"

        [bindings.zoom-turn]
        transition = "zoom"
        gesture = "rotate"
        increases = "clockwise"
        """

    static func engine(withTransforms: Bool) -> Engine {
        let layer = withTransforms ? ConfigLayer(name: "bench.toml", text: extra) : nil
        guard let config = try? ConfigParser.load(user: layer).config else { fatalError("the bench's config") }
        return Engine(transitions: config.transitions, bindings: config.bindings, frameRate: 60, geometry: .fallback)
    }

    static func run() -> [TargetResult] {
        print(
            "\n== transforms: a touch-move with a pinch and a rotation bound beside the default bindings, against without (best of 7)"
        )
        let plain = engine(withTransforms: false), bound = engine(withTransforms: true)
        let rows: [(String, Double, Double)] = [
            (
                "one finger, the sidebar's edge pan drives", ScaleBenchmark.moveCost(plain, from: Point(x: 2, y: 540)),
                ScaleBenchmark.moveCost(bound, from: Point(x: 2, y: 540))
            ),
            ("three fingers, the pager's pan drives", handCost(plain, closing: false), handCost(bound, closing: false)),
            (
                "three fingers, the pinch drives (against the pager's pan without it)", handCost(plain, closing: false),
                handCost(bound, closing: true)
            ),
        ]
        for (name, without, with) in rows {
            print(
                name.padding(toLength: 72, withPad: " ", startingAt: 0)
                    + String(
                        format: "without %7.2f µs   with %7.2f µs   %5.2f×", without / 1000, with / 1000, with / without
                    ))
        }
        let ratio = rows[1].2 / rows[1].1
        return [
            TargetResult(
                figure: "a three-finger pan's touch-move with a pinch and a rotation bound, against without",
                target: "≤ 1.25×",
                measured: String(format: "%.2f×", ratio), met: ratio <= 1.25)
        ]
    }

    /// Nanoseconds for one finger's move of three about (960, 540), 120 px from their centre, once a gesture drives:
    /// all moving left and back together (the pager's pan), or closing and opening between 120 and 80 px (a pinch).
    static func handCost(_ engine: Engine, closing: Bool) -> Double {
        var engine = engine
        func place(_ finger: Int, radius: Double, shift: Double) -> Point {
            let angle = Double(finger) * 2 * .pi / 3
            return Point(x: 960 + shift + radius * cos(angle), y: 540 + radius * sin(angle))
        }
        var time = 0.0
        for finger in 0..<3 {
            _ = engine.handle(
                InputEvent(
                    time: time, kind: .touchDown(id: finger + 1), location: place(finger, radius: 120, shift: 0)),
                at: time)
        }
        // Into the gesture: 30 px left, or closing to 90 px.
        for step in 1...10 {
            time += 0.004
            for finger in 0..<3 {
                let location = place(
                    finger, radius: closing ? 120 - 3 * Double(step) : 120, shift: closing ? 0 : -3 * Double(step))
                _ = engine.handle(
                    InputEvent(time: time, kind: .touchMove(id: finger + 1), location: location), at: time)
            }
        }
        var step = 0
        return nanosecondsPerOperation(iterations: 30_000) { index in
            if index % 3 == 0 { time += 0.001; step += 1 }
            let phase = Double(step % 40 < 20 ? step % 40 : 40 - step % 40)
            let location = place(index % 3, radius: closing ? 90 - phase : 120, shift: closing ? 0 : -30 - phase)
            let moved = engine.handle(
                InputEvent(time: time, kind: .touchMove(id: index % 3 + 1), location: location), at: time)
            return Double(moved.events.count)
        }
    }
}
