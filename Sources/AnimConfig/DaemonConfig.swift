public import Gestures
public import Motion
public import Transitions

/// The whole configuration: daemon settings, transitions and the bindings
/// that connect gestures to them. Built by `ConfigParser` from TOML.
public struct DaemonConfig: Hashable, Sendable {
    public var daemon = DaemonSettings()
    public var input = InputSettings()
    /// In file order.
    public var transitions: [TransitionConfig] = []
    /// In file order; the order breaks ties in gesture arbitration.
    public var bindings: [BindingConfig] = []

    public init(
        daemon: DaemonSettings = DaemonSettings(), transitions: [TransitionConfig] = [], bindings: [BindingConfig] = []
    ) {
        self.daemon = daemon; self.transitions = transitions; self.bindings = bindings
    }

    public func transition(named name: String) -> TransitionConfig? { transitions.first { $0.name == name } }

    /// A desktop has a handful of transitions and a few bindings each; these bounds keep a config's cost to the
    /// daemon small (start-up, reloads, answers that list every transition) whatever the file holds. Past them the
    /// config is refused with an error that names the table.
    public static let maximumTransitions = 256
    public static let maximumBindings = 1024
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
    /// Follow the desktop's reduced-motion switch, or a fixed choice.
    public var motion = MotionSetting.auto
    /// Seconds of a completion under reduced motion; 0, instant.
    public var reducedDuration = 0.0
    /// Transitions clients may declare (`transition.declare`), all together and each connection; 0 allows none.
    public var maxDeclarations = 64
    public var maxDeclarationsPerClient = 8

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
    /// Seconds a touch the libinput backend holds for animd waits before it goes to applications unasked.
    public var touchHoldLimit = 0.15
    public var backend = BackendSetting.auto
    /// What to run going into tablet mode (true) and out of it (false): an argv, without a shell.
    public var onTabletMode: [Bool: [String]] = [:]

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

extension DaemonConfig {
    /// What the input backend must intercept for the bindings that work with `focus`, and nothing more: an
    /// `apps` binding off while another application has the focus takes none of its input.
    public func inputPlan(in session: SessionState) -> InputPlan {
        var plan = InputPlan()
        for binding in bindings where binding.condition.allows(session) {
            if binding.sources.contains(.touch) { plan.touch = true }
            if binding.sources.contains(.touchpad) { plan.touchpad = true }
            if binding.sources.contains(.touch), input.touchEdges == .exclusive,
                let fingers = binding.gesture.fewestFingers, fingers >= 2
            {
                plan.touchFingers = plan.touchFingers == 0 ? fingers : min(plan.touchFingers, fingers)
            }
            guard case let .edgePan(options) = binding.gesture else { continue }
            if binding.sources.contains(.pressure) {
                plan.pressureEdges.insert(options.edge)
                plan.pressurePlaces[options.edge, default: []].append(options.placement)
            }
            if binding.sources.contains(.touch) && input.touchEdges == .exclusive {
                plan.touchStrips[options.edge] = max(
                    plan.touchStrips[options.edge] ?? 0, max(1, options.touchZone.rounded(.up)))
                plan.touchPlaces[options.edge, default: []].append(options.placement)
            }
            if binding.sources.contains(.pointer) {
                plan.dragPlaces[options.edge, default: []].append(options.placement)
                plan.dragStrips[options.edge] = max(
                    plan.dragStrips[options.edge] ?? 0, max(1, options.pointerZone.rounded(.up)))
            }
        }
        plan.pressureCap = input.pressureCap
        plan.pressureReleaseDelay = input.pressureReleaseDelay
        plan.touchscreens = input.touchscreens
        plan.touchHoldLimit = input.touchHoldLimit
        plan.screen = Rect(x: 0, y: 0, width: daemon.screenWidth, height: daemon.screenHeight)
        return plan
    }
}
