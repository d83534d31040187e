/// Which recognizers may take part in a sequence, by where and how it starts: each recognizer's sources, and its
/// region, edge zone, part of the edge, or finger count.
extension GestureArena {
    /// Whether a recognizer may take part in a sequence that starts at `start` (`pinch`: a touchpad pinch's fingers,
    /// which are known from its begin).
    func accepts(_ spec: RecognizerSpec, source: InputSource, start: Point, pressureEdge: Edge?, pinch: Int?)
        -> Bool
    {
        guard spec.sources.contains(source) else { return false }
        switch spec.kind {
        case let .pan(options):
            // Pressure has no free motion to pan with: it only pushes into an edge. A touchpad pinch is not a swipe.
            return source != .pressure && pinch == nil && (options.region?.contains { $0.contains(start) } ?? true)
        case let .pinch(options), let .rotate(options):
            switch source {
            case .touch: return options.region?.contains { $0.contains(start) } ?? true
            case .touchpad: return pinch.map { (options.minTouches...options.maxTouches).contains($0) } ?? false
            case .pointer, .pressure: return false
            }
        case let .edgePan(options):
            return edgePanAccepts(options, source: source, start: start, pressureEdge: pressureEdge)
        case let .tap(options):
            // Fingers on the glass: the touchpad's taps are libinput's own clicks.
            return source == .touch && (options.region?.contains { $0.contains(start) } ?? true)
        case let .swipe(options):
            switch source {
            case .touch: return options.region?.contains { $0.contains(start) } ?? true
            case .touchpad: return pinch == nil
            case .pointer, .pressure: return false
            }
        case let .longPress(options):
            // Touch only: the pointer's presses reach animd only in the strips of pointer edge pans (docs/x11.md).
            guard source == .touch else { return false }
            switch options.place {
            case .anywhere: return true
            case let .region(rects): return rects.contains { $0.contains(start) }
            case let .edge(edge, zone):
                let distance =
                    source == .touch
                    ? geometry.touchDistance(from: start, to: edge) : geometry.distance(from: start, to: edge)
                return distance.map { $0 <= zone } ?? false
            }
        }
    }

    /// Whether an edge pan may take a sequence of `source` that starts at `start`: in its zone for that source, on
    /// its part of the edge, or pressed into its edge.
    private func edgePanAccepts(_ options: EdgePanOptions, source: InputSource, start: Point, pressureEdge: Edge?)
        -> Bool
    {
        let distance =
            source == .touch
            ? geometry.touchDistance(from: start, to: options.edge)
            : geometry.distance(from: start, to: options.edge)
        guard source != .touchpad, let distance,
            options.placement.isEverywhere
                || geometry.places(start, on: options.edge, options.placement, touch: source == .touch)
        else { return false }
        switch source {
        case .touch: return distance <= options.touchZone
        case .pointer: return distance <= options.pointerZone
        case .pressure: return pressureEdge == options.edge
        case .touchpad: return false
        }
    }
}
