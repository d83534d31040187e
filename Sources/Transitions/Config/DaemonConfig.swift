public import Gestures
public import Motion

/// The whole configuration: daemon settings, transitions and the bindings
/// that connect gestures to them. Built by `ConfigParser` from TOML.
public struct DaemonConfig: Hashable, Sendable {
    public var daemon = DaemonSettings()
    public var input = InputSettings()
    /// In file order.
    public var transitions: [TransitionConfig] = []
    /// In file order; the order breaks ties in gesture arbitration.
    public var bindings: [BindingConfig] = []

    public init(daemon: DaemonSettings = DaemonSettings(), transitions: [TransitionConfig] = [], bindings: [BindingConfig] = []) {
        self.daemon = daemon; self.transitions = transitions; self.bindings = bindings
    }

    public func transition(named name: String) -> TransitionConfig? { transitions.first { $0.name == name } }
}

public struct DaemonSettings: Hashable, Sendable {
    /// Frames per second when the display does not report its refresh rate.
    public var frameRate: Double = 60
    /// The screen assumed without an X display.
    public var screenWidth: Double = 1920
    public var screenHeight: Double = 1080
    public var maxClients = 1024
    public var maxSubscriptions = 16
    /// Bytes queued for one client before it is disconnected as too slow.
    public var maxBacklog = 1 << 20

    public init() {}
}

/// How input is read (the `[input]` table).
public struct InputSettings: Hashable, Sendable {
    /// Seconds without a barrier hit that end an edge push.
    public var pressureReleaseDelay = EdgePressure.defaultReleaseDelay
    /// Px one barrier hit may add (GNOME's 15).
    public var pressureCap = EdgePressure.defaultCap
    /// Touchscreen device name → monitor (output) name.
    public var touchscreens: [String: String] = [:]
    public var touchEdges = TouchEdges.shared
    public var backend = BackendSetting.auto

    public init() {}
}

/// Which input backend reads the devices (`[input] backend`).
public enum BackendSetting: String, Hashable, Sendable, CaseIterable {
    case auto, x11, libinput

    /// `auto`: libinput on a Wayland session (`WAYLAND_DISPLAY`, or `XDG_SESSION_TYPE=wayland`; Xwayland's
    /// `DISPLAY` there does not make it an X11 session) and on the console (no display at all); X11 on an X11 session.
    public func resolved(environment: [String: String]) -> InputBackendKind {
        switch self {
        case .x11: return .x11
        case .libinput: return .libinput
        case .auto:
            let set = { (name: String) in !(environment[name] ?? "").isEmpty }
            if set("WAYLAND_DISPLAY") || environment["XDG_SESSION_TYPE"] == "wayland" { return .libinput }
            return set("DISPLAY") ? .x11 : .libinput
        }
    }
}

/// How a lifted finger (or `transition.release`) picks the target snap (MOTION.md §5).
public enum ReleaseRule: Hashable, Sendable {
    /// The snap nearest the position projected with deceleration rate `rate`.
    case projection(rate: Double)
    /// Finish past `fraction` unless flung back faster than `velocity` px/s,
    /// or when flung forward faster than it.
    case threshold(fraction: Double, velocity: Double)
}

public struct TransitionConfig: Hashable, Sendable {
    public var name: String
    public var snapPoints: [Double] = [0, 1]
    /// Timing of completions, toggles and animations.
    public var timing: TimingSpec = .spring(.perceptual(dampingRatio: 0.9, response: 0.35, velocity: 0))
    /// Duration of cubic legs, in seconds (springs settle in their own time).
    public var duration: Double = 0.35
    public var release: ReleaseRule = .projection(rate: 0.998)
    /// How many snaps one release may move from where the gesture started (GNOME's rule is 1).
    public var reach = 1
    /// iOS scroll-view rubber band past the ends; 0 stops hard.
    public var rubberBand = 0.55
    public var completionSpeed = 1.0
    public var initialSnap = 0
    /// A command (argv, no shell) to run each time the transition comes to rest at a snap, by snap index.
    public var onSnap: [Int: [String]] = [:]

    public init(name: String) { self.name = name }

    public var lastSnap: Int { snapPoints.count - 1 }
}

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

extension DaemonConfig {
    /// What the input backend must intercept for these bindings, and nothing more.
    public var inputPlan: InputPlan {
        var plan = InputPlan()
        for binding in bindings {
            if binding.sources.contains(.touch) { plan.touch = true }
            if binding.sources.contains(.touchpad) { plan.touchpad = true }
            guard case let .edgePan(options) = binding.gesture else { continue }
            if binding.sources.contains(.pressure) { plan.pressureEdges.insert(options.edge) }
            if binding.sources.contains(.touch) && input.touchEdges == .exclusive {
                plan.touchStrips[options.edge] = max(plan.touchStrips[options.edge] ?? 0, max(1, options.touchZone.rounded(.up)))
            }
            if binding.sources.contains(.pointer) {
                plan.dragStrips[options.edge] = max(plan.dragStrips[options.edge] ?? 0, max(1, options.pointerZone.rounded(.up)))
            }
        }
        plan.pressureCap = input.pressureCap
        plan.pressureReleaseDelay = input.pressureReleaseDelay
        plan.touchscreens = input.touchscreens
        plan.screen = Rect(x: 0, y: 0, width: daemon.screenWidth, height: daemon.screenHeight)
        return plan
    }
}
