public import Gestures

/// A source of input events for the engine: X11 or libinput. The daemon starts and stops it, tells it what to
/// intercept, and answers its touch ownership; events come out through the callback the backend was made with, on
/// the backend's own thread, as `BackendEvent`s.
public protocol InputBackend: Sendable {
    var kind: InputBackendKind { get }
    func start()
    /// Asks the backend's thread to end; returns at once, and nothing waits for the thread: a thread that is
    /// blocked in its library ends when `ConnectDeadline` frees it, holding nothing its successor needs.
    func stop()
    /// What to intercept from now on; takes effect at once, without blocking.
    func configure(_ plan: InputPlan)
    /// The arena's claims and releases for the touches this backend reported; never blocks.
    func decide(_ decisions: [ArenaOutput])
}

/// What a backend says about itself (`input.status`): which it is, where it reads, the screen it knows, and how
/// each input source fares there.
public struct BackendInfo: Hashable, Sendable {
    public var backend: InputBackendKind
    /// The X display, or the seat libinput reads.
    public var display: String?
    public var seat: String?
    /// The monitors and touchscreens the backend learned; nil when it knows none (libinput on the console), and
    /// then the config's `screen` applies.
    public var geometry: ScreenGeometry?
    /// Hz of the display; nil when it reports none.
    public var refreshRate: Double?
    public var sources: [InputSource: SourceStatus]
    /// The monitors by the names the display server gives them, in its order: RandR monitors, Wayland outputs.
    public var outputs: [NamedOutput]
    /// Why the session's display is out of reach while the backend still reads its devices (the Wayland
    /// compositor went away): the status says disconnected, with this reason, until it is back.
    public var displayLost: String?
    /// What is amiss though input works: a daemon with no display at all (no WAYLAND_DISPLAY nor DISPLAY).
    public var warning: String?
    /// What the display's XSETTINGS manager says of animations (`Gtk/EnableAnimations`); nil where there is none.
    public var animationsEnabled: Bool?
    /// The focused application, from the backend's own display (the X window manager); nil where the backend has
    /// no focus source.
    public var focus: SessionFocus?
    /// Whether the machine is in tablet mode, by its tablet-mode switch; nil where the backend reads none.
    public var tabletMode: Bool?
    /// How the backend reads the tablet-mode switch, or why it reads none (`input.status`'s `tablet-mode`).
    public var tabletModeDetail: String?

    public init(
        backend: InputBackendKind, display: String? = nil, seat: String? = nil, geometry: ScreenGeometry? = nil,
        refreshRate: Double? = nil, sources: [InputSource: SourceStatus], outputs: [NamedOutput] = [],
        displayLost: String? = nil, warning: String? = nil, animationsEnabled: Bool? = nil, focus: SessionFocus? = nil,
        tabletMode: Bool? = nil, tabletModeDetail: String? = nil
    ) {
        self.backend = backend; self.display = display; self.seat = seat; self.geometry = geometry
        self.refreshRate = refreshRate; self.sources = sources; self.outputs = outputs
        self.displayLost = displayLost; self.warning = warning; self.animationsEnabled = animationsEnabled
        self.focus = focus; self.tabletMode = tabletMode; self.tabletModeDetail = tabletModeDetail
    }
}

/// What a backend reports, in order, from its own thread.
public enum BackendEvent: Sendable {
    case connected(BackendInfo)
    /// The screen, or what each input source can do, changed.
    case changed(BackendInfo)
    /// Input for the recognizers, in the order it happened.
    case input([InputEvent])
    /// Input is off: the display went away or could not be opened. Whatever the backend drove is cancelled.
    case disconnected(backend: InputBackendKind, display: String?, reason: String)
}
