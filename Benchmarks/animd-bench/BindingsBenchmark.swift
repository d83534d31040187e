import AnimConfig
import Foundation
import Gestures
import JSONText
import TransitionModel
import Transitions

/// What the number of bindings costs a touch (issue 29: widgets declare their own, so a desktop may have hundreds):
/// the engine's work for a touch-down and its lift, and for a touch-move while an edge pan drives, with 10, 100 and
/// 1000 edge pans declared as widgets would declare them (`transition.declare`, through `DeclarationBook`, one
/// transition and one binding each): on two monitors (A, B), on every edge, each on its own part of the edge
/// (`span`). The touch lands where one of them starts. Then what one more declaration costs at each size: declared,
/// composed into the engine's tables, and retracted again. Each row is measured against the 10-binding row in the
/// same run; a ratio near 1 means a touch pays only for the bindings that could take it.
enum BindingsBenchmark {
    static let geometry = ScreenGeometry(
        monitors: [Rect(x: 0, y: 0, width: 1920, height: 1080), Rect(x: 1920, y: 0, width: 1920, height: 1080)],
        outputs: [
            NamedOutput(name: "A", rect: Rect(x: 0, y: 0, width: 1920, height: 1080)),
            NamedOutput(name: "B", rect: Rect(x: 1920, y: 0, width: 1920, height: 1080)),
        ])

    static func run() -> [TargetResult] {
        print("\n== bindings: a touch with 10, 100 and 1000 edge pans declared on two monitors' edges (best of 7)")
        let counts = [10, 100, 1000]
        let downs = counts.map(downCost), moves = counts.map(moveCost), declares = counts.map(declareCost)
        for (index, count) in counts.enumerated() {
            print(
                "touch-down and lift, \(String(count).padding(toLength: 5, withPad: " ", startingAt: 0)) bindings "
                    + String(format: "%8.2f µs  %5.2f×", downs[index] / 1000, downs[index] / downs[0])
                    + "    touch-move "
                    + String(format: "%8.2f µs  %5.2f×", moves[index] / 1000, moves[index] / moves[0])
                    + "    one more declared and retracted "
                    + String(format: "%9.1f µs  %6.1f×", declares[index] / 1000, declares[index] / declares[0]))
        }
        return [
            TargetResult(
                figure: "a touch-down at 1000 declared bindings, against one at 10", target: "≤ 2×",
                measured: String(format: "%.2f×", downs[2] / downs[0]), met: downs[2] / downs[0] <= 2),
            TargetResult(
                figure: "a touch-move at 1000 declared bindings, against one at 10", target: "≤ 2×",
                measured: String(format: "%.2f×", moves[2] / moves[0]), met: moves[2] / moves[0] <= 2),
        ]
    }

    /// The config the declarations go over: nothing of its own, and room for all of them.
    static let config: LoadedConfig = {
        let text = "defaults = false\n[daemon]\nmax-declarations = 1024\nmax-declarations-per-client = 1024\n"
        guard let loaded = try? ConfigParser.load(user: ConfigLayer(name: "bench.toml", text: text)) else {
            fatalError("the bench's config")
        }
        return loaded
    }()

    /// Declaration `index`'s body: an edge pan on edge `index` mod 4 of monitor A or B, the j-th of its edge's
    /// `parts` equal parts, so that no two contend.
    static func body(_ index: Int, parts: Int) -> JSONValue {
        let edges = ["left", "right", "top", "bottom"]
        let from = Double(index / 8) / Double(parts), to = Double(index / 8 + 1) / Double(parts)
        let swipe: [(String, JSONValue)] = [
            ("gesture", .string("edge-pan")), ("edge", .string(edges[index % 4])),
            ("output", .string(index / 4 % 2 == 0 ? "A" : "B")), ("span", .array([.number(from), .number(to)])),
            ("distance", .number(300)), ("increases", .string("right")),
        ]
        return .object([("bindings", .object([("b\(index)", .object(swipe))]))])
    }

    /// `count` declarations, each by a connection of its own.
    static func declared(_ count: Int) -> DeclarationBook {
        var book = DeclarationBook()
        for index in 0..<count {
            do {
                try book.declare(
                    "t\(index)", body(index, parts: (count + 7) / 8), by: TransitionOwner(connection: index),
                    over: config)
            } catch {
                fatalError("declaration \(index): \(error.message)")
            }
        }
        return book
    }

    /// The engine with `count` declared edge pans composed into its tables.
    static func engine(bindings count: Int) -> Engine {
        let tables = declared(count).tables(over: config)
        return Engine(transitions: tables.transitions, bindings: tables.bindings, frameRate: 60, geometry: geometry)
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

    static func moveCost(bindings count: Int) -> Double {
        ScaleBenchmark.moveCost(engine(bindings: count), from: start)
    }

    /// One more declaration at `count`, as the daemon carries it out: the book's rules, the composed tables handed
    /// to the engine, and the same back once it is retracted (on a third monitor, C, where none of the others is).
    static func declareCost(bindings count: Int) -> Double {
        var book = declared(count)
        var engine = engine(bindings: count)
        let extra = TransitionOwner(connection: -1)
        let body = JSONValue.object([
            (
                "bindings",
                .object([
                    (
                        "extra",
                        .object([
                            ("gesture", .string("edge-pan")), ("edge", .string("bottom")),
                            ("output", .string("C")), ("span", .array([.number(0.25), .number(0.75)])),
                            ("distance", .number(300)),
                        ])
                    )
                ])
            )
        ])
        var time = 0.0
        return nanosecondsPerOperation(iterations: max(20, 20_000 / count)) { _ in
            time += 0.001
            do {
                try book.declare("extra", body, by: extra, over: config)
            } catch {
                fatalError("the extra declaration: \(error)")
            }
            var tables = book.tables(over: config)
            let added = engine.reconfigure(transitions: tables.transitions, bindings: tables.bindings, at: time)
            _ = try? book.retract("extra", by: extra.connection, config: config)
            tables = book.tables(over: config)
            let removed = engine.reconfigure(transitions: tables.transitions, bindings: tables.bindings, at: time)
            return Double(added.events.count + removed.events.count)
        }
    }
}
