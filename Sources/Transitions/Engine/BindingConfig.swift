public import Gestures

/// The gesture half of a binding.
public enum BindingGesture: Hashable, Sendable {
    case edgePan(EdgePanOptions)
    case pan(PanOptions, region: RegionSpec?)
}

/// A pan's start region, resolved against the monitors at run time (and again when they change).
public enum RegionSpec: Hashable, Sendable {
    /// Strips `depth` px deep along `edge` wherever an edge pan from that side can start: on each monitor whose
    /// border there is, at least in part, an outer edge of the layout, and on each touchscreen's glass. So the
    /// pan that closes what an edge pan opened lies on the same monitor's edge, on any number of monitors.
    case strip(edge: Edge, depth: Double)
    case rect(Rect)

    public func resolve(in geometry: ScreenGeometry) -> [Rect] {
        switch self {
        case let .rect(rect): return [rect]
        case let .strip(edge, depth):
            var surfaces = geometry.monitors(withOuter: edge)
            for glass in geometry.touchSurfaces where !surfaces.contains(glass) { surfaces.append(glass) }
            return surfaces.map { $0.border(edge).strip(width: min(depth, edge == .left || edge == .right ? $0.width : $0.height)) }
        }
    }
}

/// Connects a recognizer to a transition: moving `distance` px toward
/// `increases` adds 1 to the progress.
public struct BindingConfig: Hashable, Sendable {
    public var name: String
    public var transition: String
    public var gesture: BindingGesture
    /// Pointer drags are opt-in: a press in an edge strip belongs to animd.
    public var sources: Set<InputSource> = [.touch, .pressure]
    public var increases: Direction
    public var distance: Double
    /// Applies only while the transition rests at this snap (or moves from or to it).
    public var atSnap: Int?
    public var requireToFail: [String] = []

    public init(name: String, transition: String, gesture: BindingGesture, increases: Direction, distance: Double) {
        self.name = name; self.transition = transition; self.gesture = gesture
        self.increases = increases; self.distance = distance
    }

    /// The recognizer this binding runs, with its region resolved for `geometry`.
    public func recognizer(in geometry: ScreenGeometry) -> RecognizerSpec {
        let kind: RecognizerSpec.Kind
        switch gesture {
        case let .edgePan(options): kind = .edgePan(options)
        case let .pan(options, region):
            var resolved = options
            resolved.region = region?.resolve(in: geometry)
            kind = .pan(resolved)
        }
        return RecognizerSpec(name: name, kind: kind, sources: sources, requireToFail: requireToFail)
    }
}
