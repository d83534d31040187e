public import Gestures
import Glibc

/// The gesture half of a binding.
public enum BindingGesture: Hashable, Sendable {
    case edgePan(EdgePanOptions)
    case pan(PanOptions, region: RegionSpec?)
    /// A long press; a `region` replaces the options' own place (an edge, or anywhere).
    case longPress(LongPress, region: RegionSpec?)
    /// A pinch or a rotation (issue 45): its `region` is where its first finger must land on the glass.
    case transform(Transform, region: RegionSpec?)
    /// A tap (issue 61), which sends its transition to snap `to`, or toggles it between its ends.
    case tap(TapOptions, to: Int?, region: RegionSpec?)
    /// A swipe (issue 61), which sends its transition to the next snap (a stroke toward `increases`) or the previous.
    case swipe(SwipeOptions, region: RegionSpec?)

    /// The input sources its recognizer can read, as the arena accepts them (`GestureArena.accepts`): a pan has no
    /// edge to push into, an edge pan no touchpad swipe, a long press only the glass (the pointer's presses reach
    /// animd only in edge strips), a pinch or a rotation only fingers on the glass or the touchpad's own.
    public var readableSources: [InputSource] {
        switch self {
        case .pan: [.touch, .pointer, .touchpad]
        case .edgePan: [.touch, .pointer, .pressure]
        case .longPress, .tap: [.touch]
        case .transform, .swipe: [.touch, .touchpad]
        }
    }

    /// The config's word for it (`gesture`), as a command's `ANIMD_GESTURE` says it.
    public var word: String {
        switch self {
        case .edgePan: "edge-pan"
        case .pan: "pan"
        case .longPress: "long-press"
        case .tap: "tap"
        case .swipe: "swipe"
        case let .transform(transform, _):
            if case .pinch = transform.kind { "pinch" } else { "rotate" }
        }
    }

    /// The fewest fingers on the glass it can begin with: what an exclusive touchscreen holds touches for
    /// (docs/wayland.md). An edge pan's touch is held by its zone instead.
    public var fewestFingers: Int? {
        switch self {
        case .edgePan: nil
        case let .pan(options, _): options.minTouches
        case let .longPress(press, _): press.options.minTouches
        case let .transform(transform, _): transform.options.minTouches
        case let .tap(options, _, _): options.touches
        case let .swipe(options, _): options.touches
        }
    }

    /// A pinch's or a rotation's recognizer, and how its measure moves the progress.
    public struct Transform: Hashable, Sendable {
        public enum Kind: Hashable, Sendable {
            /// `increases = "in"` (closing) or `"out"`; `factor`: the scale, in or out, that adds 1 to the progress.
            case pinch(closing: Bool, factor: Double)
            /// `increases = "clockwise"` or `"counter-clockwise"` (on the screen, y down); degrees that add 1.
            case rotate(clockwise: Bool, angle: Double)
        }

        public var kind: Kind
        public var options: TransformOptions

        public init(kind: Kind, options: TransformOptions) {
            self.kind = kind; self.options = options
        }

        /// The progress a transform (ln scale, degrees clockwise) adds: ln(scale) / ln(1/factor) for a pinch in,
        /// ln(scale) / ln(factor) out, degrees / angle for a rotation, negated counter-clockwise.
        func progress(of transform: Point) -> Double {
            switch kind {
            case let .pinch(closing, factor): (closing ? -transform.x : transform.x) / log(factor)
            case let .rotate(clockwise, angle): (clockwise ? transform.y : -transform.y) / angle
            }
        }

        /// A finger's travel, px, for 1 of progress, where release rules need pixels (the threshold rule's px/s):
        /// a finger at `TransformOptions.handRadius` from the centre moves that radius times ln(factor) for a pinch
        /// (for small scales, d(radius) = radius · d(ln scale)), and that radius times the angle in radians for a turn.
        public var fingerTravel: Double {
            switch kind {
            case let .pinch(_, factor): TransformOptions.handRadius * log(factor)
            case let .rotate(_, angle): TransformOptions.handRadius * angle * .pi / 180
            }
        }
    }

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
            return surfaces.map {
                $0.border(edge).strip(width: min(depth, edge == .left || edge == .right ? $0.width : $0.height))
            }
        }
    }
}

/// Connects a recognizer to a transition: moving `distance` px toward
/// `increases` adds 1 to the progress (a long press moves nothing by distance, and has neither; a pinch and a
/// rotation carry their own measure in their gesture, and `distance` is then their finger travel for 1).
public struct BindingConfig: Hashable, Sendable {
    public var name: String
    /// The transition it drives; nil for a binding that only runs its command.
    public var transition: String?
    /// The command it runs (`run`), and when; nil for one that only drives its transition.
    public var command: BindingCommand?
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
    public var condition = BindingCondition()

    public init(name: String, transition: String?, gesture: BindingGesture, increases: Direction, distance: Double) {
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
        case let .transform(transform, region):
            var resolved = transform.options
            resolved.region = region?.resolve(in: geometry)
            switch transform.kind {
            case .pinch: kind = .pinch(resolved)
            case .rotate: kind = .rotate(resolved)
            }
        case let .tap(options, _, region):
            var resolved = options
            resolved.region = region?.resolve(in: geometry)
            kind = .tap(resolved)
        case let .swipe(options, region):
            var resolved = options
            resolved.region = region?.resolve(in: geometry)
            kind = .swipe(resolved)
        }
        return RecognizerSpec(name: name, kind: kind, sources: sources, requireToFail: requireToFail)
    }

    /// What a gesture has moved the progress by since it began, and how fast it moves it (per second): its
    /// translation toward `increases` over `distance` for a pan, its transform by its own measure for a pinch or a
    /// rotation.
    func progress(of update: GestureUpdate) -> (delta: Double, velocity: Double) {
        if case let .transform(transform, _) = gesture {
            return (transform.progress(of: update.transform), transform.progress(of: update.transformVelocity))
        }
        return (progress(ofTranslation: update.translation), progress(ofTranslation: update.velocity))
    }

    /// The progress a finger's travel (`FingerDrive.travel`: a translation, or a transform) adds by this binding.
    func progress(ofTravel travel: Point) -> Double {
        if case let .transform(transform, _) = gesture { return transform.progress(of: travel) }
        return progress(ofTranslation: travel)
    }

    private func progress(ofTranslation translation: Point) -> Double {
        (translation.x * increases.unit.x + translation.y * increases.unit.y) / distance
    }

    /// A pinch or a rotation, whose recognizer reports a transform rather than a translation.
    var readsTransform: Bool {
        if case .transform = gesture { return true }
        return false
    }

    /// The travel a gesture update reports for this binding: the transform of a pinch or a rotation, else the
    /// translation.
    func travel(of update: GestureUpdate) -> Point { readsTransform ? update.transform : update.translation }
}

extension BindingConfig {
    /// Catching is on by default only for a pan (or a pinch, or a rotation) bound to a region: the region is where the
    /// widget is drawn, so a finger landing there lands on what moves. An edge pan's zone lies over the application at the edge, and in
    /// the shared touch mode that application gets the touch too: a tap meant for it would stop the transition and
    /// let it settle again from there, perhaps back where it came from. A region-less pan would catch every touch
    /// on the screen. Those catch once their pan begins, as before, unless `catch = true` says otherwise.
    public static func defaultCatch(for gesture: BindingGesture) -> Bool {
        switch gesture {
        case .pan(_, region: .some), .transform(_, region: .some): true
        case .pan, .transform, .edgePan, .longPress, .tap, .swipe: false
        }
    }

    /// Whether its recognizer is decided when the fingers lift (a tap, a swipe): it sends its transition to a snap
    /// rather than drive it with the fingers.
    var isDecidedAtLift: Bool {
        switch gesture {
        case .tap, .swipe: true
        case .pan, .edgePan, .longPress, .transform: false
        }
    }

    /// The long press this binding is, if it is one.
    var longPress: BindingGesture.LongPress? {
        if case let .longPress(press, _) = gesture { return press }
        return nil
    }
}
