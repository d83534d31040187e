/// What an input backend must intercept for the current config, so that it
/// takes nothing it has no binding for: the edges to watch for pressure, the
/// edges that get a pointer-drag strip, and whether touches and touchpad
/// gestures are wanted at all. Derived from the bindings; pure.
public struct InputPlan: Hashable, Sendable {
    public var pressureEdges: Set<Edge> = []
    /// Edge → strip width in px, for bindings that opt in to button-1 drags.
    public var dragStrips: [Edge: Double] = [:]
    /// Edge → where along it the edge pans that take pressure, or button-1 drags, may start (`output`, `span`): the
    /// barriers and drag strips cover only those parts. An edge pan with no placement covers the whole edge.
    public var pressurePlaces: [Edge: [EdgePlacement]] = [:]
    public var dragPlaces: [Edge: [EdgePlacement]] = [:]
    public var touch = false
    /// Edge → the widest touch zone of the edge-pans there, for `TouchEdges.exclusive` only (empty when shared).
    public var touchStrips: [Edge: Double] = [:]
    /// Edge → where along each touchscreen's edge those edge pans may start: the strips cover only those parts.
    public var touchPlaces: [Edge: [EdgePlacement]] = [:]
    /// The fewest fingers of a multi-finger touch binding, for `TouchEdges.exclusive` on the libinput backend (0: none
    /// or shared): touches that bring that many fingers down are held for animd.
    public var touchFingers = 0
    /// Seconds the libinput backend's relay holds a touch for animd at most (`[input] touch-hold-limit`).
    public var touchHoldLimit = 0.15
    public var touchpad = false
    public var pressureCap = EdgePressure.defaultCap
    public var pressureReleaseDelay = EdgePressure.defaultReleaseDelay
    /// Touchscreen device name → monitor (output) name.
    public var touchscreens: [String: String] = [:]
    /// The screen for a backend that learns none of its own (libinput on the console): the config's `screen`.
    public var screen = Rect(x: 0, y: 0, width: 1920, height: 1080)

    public init() {}
}

/// Whether a touch that starts in an edge zone belongs to animd alone (`[input] touch-edges`).
public enum TouchEdges: String, Hashable, Sendable, CaseIterable {
    /// animd observes every touch and holds none: applications receive every touch, edge swipes included,
    /// and a stopped animd can delay nothing.
    case shared
    /// animd takes the touches that start in its edge strips (and every press there) and decides
    /// each: an edge gesture is its alone; a touch there that is not one is lost to applications.
    case exclusive
}

/// How one input source fares on a backend (`input.status` → `sources`).
public struct SourceStatus: Hashable, Sendable {
    public enum State: String, Hashable, Sendable {
        /// Intercepted and feeding the recognizers.
        case active
        /// Wanted by a binding, but the server refused it or lacks it; `detail` says why.
        case unavailable
        /// No binding uses it, so animd takes none of it.
        case unused
    }

    public var state: State
    public var detail: String

    public init(_ state: State, _ detail: String) { self.state = state; self.detail = detail }
}
