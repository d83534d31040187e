public import Gestures

/// The gesture half of a binding.
public enum BindingGesture: Hashable, Sendable {
    case edgePan(EdgePanOptions)
    case pan(PanOptions, region: RegionSpec?)
    /// A long press; a `region` replaces the options' own place (an edge, or anywhere).
    case longPress(LongPress, region: RegionSpec?)

    /// What a long press does besides its recognizer's options.
    public struct LongPress: Hashable, Sendable {
        public var options: LongPressOptions
        /// The snap it sends its transition to; nil toggles between the first and the last.
        public var to: Int?
        /// Whether the held touch moves the transition toward `to` as the time passes, so a widget can draw the
        /// press filling up.
        public var fill: Bool

        public init(options: LongPressOptions, to: Int? = nil, fill: Bool = false) {
            self.options = options; self.to = to; self.fill = fill
        }
    }
}

/// A pan's start region, resolved against the monitors at run time (and again when they change).
public enum RegionSpec: Hashable, Sendable {
    /// Strips `depth` px deep along `edge` wherever an edge pan from that side can start: on each monitor whose
    /// border there is, at least in part, an outer edge of the layout, and on each touchscreen's glass. So the
    /// pan that closes what an edge pan opened lies on the same monitor's edge, on any number of monitors.
    case strip(edge: Edge, depth: Double)
    case rect(Rect)
    /// The whole of the monitor of this name (a RandR monitor, a Wayland output); nothing while none has it.
    case output(String)

    public func resolve(in geometry: ScreenGeometry) -> [Rect] {
        switch self {
        case let .rect(rect): return [rect]
        case let .output(name): return geometry.outputs.filter { $0.name == name }.map(\.rect)
        case let .strip(edge, depth):
            var surfaces = geometry.monitors(withOuter: edge)
            for glass in geometry.touchSurfaces where !surfaces.contains(glass) { surfaces.append(glass) }
            return surfaces.map { $0.border(edge).strip(width: min(depth, edge == .left || edge == .right ? $0.width : $0.height)) }
        }
    }
}

/// Connects a recognizer to a transition: moving `distance` px toward
/// `increases` adds 1 to the progress (a long press moves nothing by distance, and has neither).
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
    /// Whether a touch that lands in the binding's place stops its transition's running leg at once (UIKit's
    /// catch), rather than once its pan begins. `BindingConfig.defaultCatch` says which bindings do unless told.
    public var catches = false
    /// The focused applications it works for (issue 31); always, unless told.
    public var appCondition = AppCondition()

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
        case let .longPress(press, region):
            var resolved = press.options
            if let region { resolved.place = .region(region.resolve(in: geometry)) }
            kind = .longPress(resolved)
        }
        return RecognizerSpec(name: name, kind: kind, sources: sources, requireToFail: requireToFail)
    }
}

extension BindingConfig {
    /// Catching is on by default only for a pan bound to a region: the region is where the widget is drawn, so a
    /// finger landing there lands on what moves. An edge pan's zone lies over the application at the edge, and in
    /// the shared touch mode that application gets the touch too: a tap meant for it would stop the transition and
    /// let it settle again from there, perhaps back where it came from. A region-less pan would catch every touch
    /// on the screen. Those catch once their pan begins, as before, unless `catch = true` says otherwise.
    public static func defaultCatch(for gesture: BindingGesture) -> Bool {
        if case .pan(_, region: .some) = gesture { return true }
        return false
    }

    /// The long press this binding is, if it is one.
    var longPress: BindingGesture.LongPress? {
        if case let .longPress(press, _) = gesture { return press }
        return nil
    }
}
