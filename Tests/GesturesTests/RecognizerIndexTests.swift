import TestSupport
import Testing

@testable import Gestures

/// The arena asks only the recognizers its index files under a start's edges, monitors and cells. The index may
/// hand it too many, never too few: for random placed edge pans and random starts, what lands is exactly what the
/// rules say (`EdgePanOptions`: within the zone of an outer edge, on the named monitor, within the span), in the
/// recognizers' own order.
struct RecognizerIndexTests {
    static let geometry = EdgePlacementTests.geometry

    static func randomSpecs(_ rng: inout SplitMix64, count: Int) -> [RecognizerSpec] {
        (0..<count).map { index in
            let edge = Edge.allCases[Int.random(in: 0..<4, using: &rng)]
            let output = [nil, "A", "B", "gone"][Int.random(in: 0..<4, using: &rng)]
            let placement: EdgePlacement
            if Int.random(in: 0..<5, using: &rng) == 0 {
                placement = EdgePlacement()
            } else {
                let a = Double.random(in: 0..<1, using: &rng), b = Double.random(in: 0..<1, using: &rng)
                placement = EdgePlacement(output: output, span: min(a, b)...max(max(a, b), min(a, b) + 0.001))
            }
            let options = EdgePanOptions(
                edge: edge, touchZone: Double.random(in: 1...60, using: &rng), placement: placement)
            return RecognizerSpec(name: "r\(index)", kind: .edgePan(options), sources: [.touch])
        }
    }

    /// What the rules say lands, by the geometry's own measures.
    static func expected(_ specs: [RecognizerSpec], at p: Point) -> [String] {
        specs.compactMap { spec in
            guard case let .edgePan(options) = spec.kind,
                let distance = geometry.touchDistance(from: p, to: options.edge),
                distance <= options.touchZone,
                options.placement.isEverywhere || geometry.places(p, on: options.edge, options.placement, touch: true)
            else { return nil }
            return spec.name
        }
    }

    @Test func whatLandsIsWhatTheRulesSay() {
        var rng = SplitMix64(seed: 29)
        for round in 0..<4 {
            let specs = Self.randomSpecs(&rng, count: [5, 50, 300, 1000][round])
            var arena = GestureArena(recognizers: specs, geometry: Self.geometry)
            var mismatches = 0
            for step in 0..<1500 {
                // Mostly near an edge of either monitor, sometimes anywhere.
                let monitor = Self.geometry.monitors[Int.random(in: 0..<2, using: &rng)]
                var p = Point(
                    x: monitor.x + Double.random(in: 0..<monitor.width, using: &rng),
                    y: Double.random(in: 0..<monitor.height, using: &rng))
                switch Int.random(in: 0..<5, using: &rng) {
                case 0: p.x = monitor.x + Double.random(in: 0..<70, using: &rng)
                case 1: p.x = monitor.maxX - 1 - Double.random(in: 0..<70, using: &rng)
                case 2: p.y = Double.random(in: 0..<70, using: &rng)
                case 3: p.y = monitor.maxY - 1 - Double.random(in: 0..<70, using: &rng)
                default: break
                }
                let time = Double(step)
                let outputs = arena.handle(InputEvent(time: time, kind: .touchDown(id: 1), location: p))
                _ = arena.handle(InputEvent(time: time, kind: .touchUp(id: 1), location: p))
                let landed =
                    outputs.compactMap { output -> [String]? in
                        if case let .landed(_, _, names) = output { return names }
                        return nil
                    }.first ?? []
                if landed != Self.expected(specs, at: p) {
                    mismatches += 1
                    if mismatches < 3 {
                        Issue.record(
                            "at \(p) with \(specs.count) recognizers: \(landed), expected \(Self.expected(specs, at: p))"
                        )
                    }
                }
            }
            #expect(mismatches == 0)
        }
    }
}
