import Foundation
import Gestures
import TransitionModel
import Transitions

/// What the number of bindings costs a touch (issue 29: widgets declare their own, so a desktop may have hundreds):
/// the engine's work for a touch-down and its lift, and for a touch-move while an edge pan drives, with 10, 100 and
/// 1000 edge pans placed as widgets would place them: on two monitors (A, B), on every edge, each on its own part of
/// the edge (`span`). The touch lands where one of them starts. Each row is measured against the 10-binding row in
/// the same run; a ratio near 1 means a touch pays only for the bindings that could take it.
enum BindingsBenchmark {
    static let geometry = ScreenGeometry(monitors: [Rect(x: 0, y: 0, width: 1920, height: 1080), Rect(x: 1920, y: 0, width: 1920, height: 1080)],
                                         outputs: [NamedOutput(name: "A", rect: Rect(x: 0, y: 0, width: 1920, height: 1080)),
                                                   NamedOutput(name: "B", rect: Rect(x: 1920, y: 0, width: 1920, height: 1080))])

    static func run() -> [TargetResult] {
        print("\n== bindings: a touch with 10, 100 and 1000 edge pans placed on two monitors' edges (best of 7)")
        let counts = [10, 100, 1000]
        let downs = counts.map(downCost), moves = counts.map(moveCost)
        for (index, count) in counts.enumerated() {
            print("touch-down and lift, \(String(count).padding(toLength: 5, withPad: " ", startingAt: 0)) bindings "
                  + String(format: "%8.2f µs  %5.2f×", downs[index] / 1000, downs[index] / downs[0])
                  + "    touch-move " + String(format: "%8.2f µs  %5.2f×", moves[index] / 1000, moves[index] / moves[0]))
        }
        return [TargetResult(figure: "a touch-down at 1000 bindings, against one at 10", target: "≤ 2×",
                             measured: String(format: "%.2f×", downs[2] / downs[0]), met: downs[2] / downs[0] <= 2),
                TargetResult(figure: "a touch-move at 1000 bindings, against one at 10", target: "≤ 2×",
                             measured: String(format: "%.2f×", moves[2] / moves[0]), met: moves[2] / moves[0] <= 2)]
    }

    /// `count` edge pans, each driving a transition of its own: binding i on edge i mod 4 of monitor A or B, the j-th
    /// of its edge's equal parts.
    static func engine(bindings count: Int) -> Engine {
        let edges: [Edge] = [.left, .right, .top, .bottom]
        let parts = Double((count + 7) / 8)
        let bindings = (0..<count).map { index in
            let options = EdgePanOptions(edge: edges[index % 4],
                                         placement: EdgePlacement(output: index / 4 % 2 == 0 ? "A" : "B",
                                                                  span: Double(index / 8) / parts...Double(index / 8 + 1) / parts))
            return BindingConfig(name: "b\(index)", transition: "t\(index)", gesture: .edgePan(options), increases: .right, distance: 300)
        }
        return Engine(transitions: (0..<count).map { TransitionConfig(name: "t\($0)") }, bindings: bindings, frameRate: 60, geometry: geometry)
    }

    /// On A's left edge, a quarter of the way down: in one binding's span whatever their number.
    static let start = Point(x: 2, y: 270)

    static func downCost(bindings count: Int) -> Double {
        var engine = engine(bindings: count)
        var time = 0.0
        return nanosecondsPerOperation(iterations: 20_000) { _ in
            time += 0.001
            let down = engine.handle(InputEvent(time: time, kind: .touchDown(id: 1), location: start), at: time)
            let up = engine.handle(InputEvent(time: time, kind: .touchUp(id: 1), location: start), at: time)
            return Double(down.events.count + up.events.count)
        }
    }

    static func moveCost(bindings count: Int) -> Double { ScaleBenchmark.moveCost(engine(bindings: count), from: start) }
}
