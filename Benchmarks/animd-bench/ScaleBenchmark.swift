import AnimConfig
import Foundation
import Gestures
import TransitionModel
import Transitions

/// What one client can make every other client pay: the engine's work for a command while 10 or 10,000
/// transitions exist, and for a touch-down while 10 or 10,000 touches are down and never lifted. Each larger row
/// is measured against the smaller one in the same run; a ratio near 1 means the cost does not grow with them.
///
/// The command is what the daemon does for `transition.toggle`: the command, a frame, and the next deadline. The
/// touch is a touch-down and its lift in the middle of the screen, through the default config's bindings.
enum ScaleBenchmark {
    static func run() -> [TargetResult] {
        print("\n== scale: one command, one touch, whatever else there is (best of 7)")
        let few = commandCost(transitions: 10), many = commandCost(transitions: 10_000)
        print("command (toggle, frame, next deadline) at 10 transitions     \(String(format: "%8.2f", few / 1000)) µs")
        print(
            "command (toggle, frame, next deadline) at 10,000 transitions \(String(format: "%8.2f", many / 1000)) µs   "
                + "\(String(format: "%.2f", many / few))× the 10-transition row")
        let fewTouches = touchCost(openTouches: 10), manyTouches = touchCost(openTouches: 10_000)
        print(
            "touch-down and lift with 10 touches held down               \(String(format: "%8.2f", fewTouches / 1000)) µs"
        )
        print(
            "touch-down and lift with 10,000 touch-downs never lifted    \(String(format: "%8.2f", manyTouches / 1000)) µs   "
                + "\(String(format: "%.2f", manyTouches / fewTouches))× the 10-touch row (at most \(InputLimits.openTouches) stay open)"
        )
        print(
            "touch-move while an edge pan drives the sidebar             \(String(format: "%8.2f", moveCost() / 1000)) µs"
        )
        return [
            TargetResult(
                figure: "a command at 10,000 transitions, against one at 10", target: "≤ 2×",
                measured: String(format: "%.2f×", many / few), met: many / few <= 2),
            TargetResult(
                figure: "a touch-down at 10,000 unlifted touches, against one at 10", target: "≤ 2×",
                measured: String(format: "%.2f×", manyTouches / fewTouches), met: manyTouches / fewTouches <= 2),
        ]
    }

    /// Nanoseconds for a toggle of one transition among `transitions`, with the frame and deadline that follow.
    static func commandCost(transitions count: Int) -> Double {
        let transitions = (0..<count).map { TransitionConfig(name: "t\($0)") }
        var engine = Engine(transitions: transitions, bindings: [], frameRate: 60, geometry: .fallback)
        var time = 0.0
        return nanosecondsPerOperation(iterations: 20_000) { _ in
            time += 0.004
            let (_, output) = engine.perform(.toggle("t0"), at: time)
            let frame = engine.tick(at: time + 0.002)
            return Double(output.events.count + frame.events.count) + (engine.nextLegEnd ?? 0)
        }
    }

    /// Nanoseconds for one move of a finger whose edge pan drives the sidebar: the path every touch frame takes.
    static func moveCost() -> Double {
        guard let config = try? ConfigParser.load(user: nil).config else { return .nan }
        return moveCost(
            Engine(transitions: config.transitions, bindings: config.bindings, frameRate: 60, geometry: .fallback),
            from: Point(x: 2, y: 540))
    }

    /// Nanoseconds for one move of a finger that landed at `start`, on the left edge, and whose edge pan drives:
    /// back and forth across 200 px, so the pan never runs off the screen.
    static func moveCost(_ engine: Engine, from start: Point) -> Double {
        var engine = engine
        _ = engine.handle(InputEvent(time: 0, kind: .touchDown(id: 1), location: start), at: 0)
        _ = engine.handle(
            InputEvent(time: 0.001, kind: .touchMove(id: 1), location: Point(x: 40, y: start.y)), at: 0.001)
        var time = 0.001
        var x = 40.0
        return nanosecondsPerOperation(iterations: 20_000) { index in
            time += 0.001
            x += index % 400 < 200 ? 1 : -1
            let moved = engine.handle(
                InputEvent(time: time, kind: .touchMove(id: 1), location: Point(x: x, y: start.y)), at: time)
            return Double(moved.events.count)
        }
    }

    /// Nanoseconds for a touch-down and its lift while `openTouches` touch-downs were never lifted.
    static func touchCost(openTouches: Int) -> Double {
        guard let config = try? ConfigParser.load(user: nil).config else { return .nan }
        var engine = Engine(
            transitions: config.transitions, bindings: config.bindings, frameRate: 60, geometry: .fallback)
        let middle = Point(x: 960, y: 540)
        for id in 0..<openTouches {
            _ = engine.handle(InputEvent(time: 0, kind: .touchDown(id: id), location: middle), at: 0)
        }
        var time = 0.0
        var id = openTouches
        return nanosecondsPerOperation(iterations: 20_000) { _ in
            time += 0.001
            id += 1
            let down = engine.handle(InputEvent(time: time, kind: .touchDown(id: id), location: middle), at: time)
            let up = engine.handle(InputEvent(time: time, kind: .touchUp(id: id), location: middle), at: time)
            return Double(down.events.count + up.events.count)
        }
    }
}
