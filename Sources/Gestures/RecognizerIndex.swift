/// Where each recognizer may start, so that a sequence's start asks only the recognizers that could take it
/// (issue 29: with widgets declaring their own bindings, a desktop may have hundreds of edge pans, each on its own
/// monitor and part of an edge). Edge pans are filed by edge, then by the monitor they name (or none), then by the
/// cells of the edge's length their span covers; every other recognizer (pans, long presses) is asked at every
/// start. What it returns is a superset, in the recognizers' own order: the arena still checks each exactly.
struct RecognizerIndex: Sendable {
    /// The cells an edge is cut into along its length: a span covers those it touches.
    static let cellCount = 64

    /// Recognizers that are not edge pans.
    private var elsewhere: [Int] = []
    /// Edge pans with no placement: the whole edge of every monitor.
    private var whole: [Edge: [Int]] = [:]
    /// Placed edge pans, by edge and monitor name (nil: the monitor, or glass, a start is on), by cell.
    private var placed: [Edge: [PlacedKey: [[Int]]]] = [:]
    /// How far from each edge its edge pans may start, for any source: beyond it, the edge has no candidate.
    private var reach: [Edge: Double] = [:]

    private struct PlacedKey: Hashable, Sendable {
        var output: String?
    }

    init(_ specs: [RecognizerSpec]) {
        for (index, spec) in specs.enumerated() {
            guard case let .edgePan(options) = spec.kind else {
                elsewhere.append(index)
                continue
            }
            let edge = options.edge
            reach[edge] = max(reach[edge] ?? 0, options.touchZone, options.pointerZone)
            guard !options.placement.isEverywhere else {
                whole[edge, default: []].append(index)
                continue
            }
            var cells =
                placed[edge]?[PlacedKey(output: options.placement.output)]
                ?? Array(repeating: [], count: Self.cellCount)
            for cell in Self.cells(covering: options.placement.span) { cells[cell].append(index) }
            placed[edge, default: [:]][PlacedKey(output: options.placement.output)] = cells
        }
    }

    /// The cells a span touches: from the one holding its lower bound to the one before its (excluded) upper bound.
    private static func cells(covering span: ClosedRange<Double>) -> ClosedRange<Int> {
        let first = cell(span.lowerBound)
        let last = max(first, Int((span.upperBound * Double(cellCount)).rounded(.up)) - 1)
        return first...min(last, cellCount - 1)
    }

    private static func cell(_ fraction: Double) -> Int {
        min(max(Int(fraction * Double(cellCount)), 0), cellCount - 1)
    }

    /// The recognizers that may take a sequence of `source` starting at `start`, in their order.
    func candidates(at start: Point, source: InputSource, pressureEdge: Edge?, in geometry: ScreenGeometry) -> [Int] {
        var found = elsewhere
        // A touchpad swipe has no place on the screen: no edge pan takes it.
        guard source != .touchpad else { return found }
        var fromEdges = false
        for edge in Edge.allCases where reach[edge] != nil {
            if source == .pressure {
                guard edge == pressureEdge else { continue }
            } else {
                let distance =
                    source == .touch
                    ? geometry.touchDistance(from: start, to: edge) : geometry.distance(from: start, to: edge)
                guard let distance, distance <= reach[edge] ?? 0 else { continue }
            }
            if let everywhere = whole[edge] { found += everywhere; fromEdges = true }
            for (key, cells) in placed[edge] ?? [:] {
                guard let fraction = geometry.fraction(of: start, along: edge, on: key.output, touch: source == .touch)
                else { continue }
                found += cells[Self.cell(fraction)]
                fromEdges = true
            }
        }
        // Each recognizer is filed once, and one cell of its bucket is read: no repeats, only the order to restore.
        if fromEdges { found.sort() }
        return found
    }
}
