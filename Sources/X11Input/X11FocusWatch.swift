import CX11
import Gestures

/// Follows the window that has the focus, as an EWMH window manager (openbox, xfwm4, i3, KWin, Mutter…) publishes
/// it, for `apps`, `except-apps` and `when-fullscreen` bindings (issue 31):
/// - the manager is alive while the root's `_NET_SUPPORTING_WM_CHECK` names a window that names itself; that window
///   is watched, and its destruction (the manager quit, or another replaced it) is a DestroyNotify;
/// - the focused window is the root's `_NET_ACTIVE_WINDOW`, a PropertyNotify on the root when it changes;
/// - its names are `WM_CLASS` (instance, then class), and it is full screen while its `_NET_WM_STATE` holds
///   `_NET_WM_STATE_FULLSCREEN`: the focused window is watched for both, and only it;
/// - the focused window may close while the manager still names it (openbox keeps the last one when no other takes
///   the focus): it is watched for its destruction too, and a window that is gone has no focus.
/// Each of these reads the focus again. Nothing polls. A read of no window right after a window waits a moment
/// (`FocusSettle`): openbox publishes None between two windows on every switch. Lives on the X thread.
struct X11FocusWatch {
    private let supportingCheck: Atom
    private let activeWindow: Atom
    private let wmClass: Atom
    private let wmState: Atom
    private let fullscreenState: Atom
    /// The manager's check window, watched for its destruction; None without a manager.
    private var checkWindow = Window(None)
    /// The focused window, watched for its class and state; None when no window has the focus.
    private var focused = Window(None)
    /// What was read, as published after the settle.
    private var settle: FocusSettle

    /// The most of `WM_CLASS` read: two names of `FocusedWindow.nameLimit` bytes and their NULs. A longer property
    /// (a hostile window's megabyte) is cut there by the server, which sends no more.
    static let classBytes = 2 * (FocusedWindow.nameLimit + 1)
    /// The most of `_NET_WM_STATE` read: a real one holds a handful of atoms.
    static let stateAtoms = 64

    static let noManager =
        "no EWMH window manager runs on this display (none sets _NET_SUPPORTING_WM_CHECK): "
        + "\"apps\" bindings stay off and \"except-apps\" bindings on until one starts"

    init(_ connection: X11Connection) {
        let display = connection.display
        supportingCheck = XInternAtom(display, "_NET_SUPPORTING_WM_CHECK", 0)
        activeWindow = XInternAtom(display, "_NET_ACTIVE_WINDOW", 0)
        wmClass = XInternAtom(display, "WM_CLASS", 0)
        wmState = XInternAtom(display, "_NET_WM_STATE", 0)
        fullscreenState = XInternAtom(display, "_NET_WM_STATE_FULLSCREEN", 0)
        settle = FocusSettle(.unknown(reason: Self.noManager))
        _ = refresh(connection, at: 0)
    }

    /// The focus bindings are matched against.
    var focus: SessionFocus { settle.published }

    /// When `expire` must be called next: a gap between two windows is waiting to be believed.
    var deadline: Double? { settle.deadline }

    /// Whether the event may change the focus; then `refresh` reads it again.
    func concerns(_ event: inout XEvent, root: Window) -> Bool {
        switch event.type {
        case PropertyNotify:
            let property = event.xproperty
            if property.window == root { return property.atom == activeWindow || property.atom == supportingCheck }
            return focused != Window(None) && property.window == focused
                && (property.atom == wmState || property.atom == wmClass)
        case DestroyNotify:
            let window = event.xdestroywindow.window
            return window != Window(None) && (window == checkWindow || window == focused)
        default:
            return false
        }
    }

    /// Reads the manager, the focused window and its names and state again; true when the published focus changed.
    mutating func refresh(_ connection: X11Connection, at now: Double) -> Bool {
        settle.read(read(connection.display, root: connection.root), at: now)
    }

    /// Publishes a gap that lasted; true when the published focus changed.
    mutating func expire(at now: Double) -> Bool { settle.expire(at: now) }

    private mutating func read(_ display: OpaquePointer, root: Window) -> SessionFocus {
        let check = Self.window(display, root, supportingCheck)
        let alive = check.map { $0 != Window(None) && Self.window(display, $0, supportingCheck) == $0 } ?? false
        Self.watch(display, &checkWindow, alive ? check ?? Window(None) : Window(None), StructureNotifyMask, root: root)
        guard alive else {
            Self.watch(display, &focused, Window(None), PropertyChangeMask, root: root)
            return .unknown(reason: Self.noManager)
        }
        let active = Self.window(display, root, activeWindow) ?? Window(None)
        Self.watch(display, &focused, active, PropertyChangeMask | StructureNotifyMask, root: root)
        guard active != Window(None), active != root, WindowProperty.windowExists(display, active, probing: wmClass)
        else { return .known(nil, source: .x11) }
        let names = Self.classNames(in: Self.bytes(display, active, wmClass, longs: Self.classBytes / 4 + 1) ?? [])
        let fullscreen = Self.atoms(display, active, wmState).contains(fullscreenState)
        return .known(FocusedWindow(names: names, fullscreen: fullscreen), source: .x11)
    }

    /// `WM_CLASS`'s two NUL-terminated strings, instance then class, those that are not empty.
    static func classNames(in bytes: [UInt8]) -> [String] {
        bytes.prefix(classBytes).split(separator: 0, omittingEmptySubsequences: true).prefix(2).map {
            String(decoding: $0, as: UTF8.self)
        }
    }

    /// Moves the watch from the window in `watched` to `window`: the old one's events are deselected (it may be gone
    /// already; the trap keeps its BadWindow from mattering). The root is never selected here, for its mask is the
    /// connection's own.
    private static func watch(
        _ display: OpaquePointer, _ watched: inout Window, _ window: Window, _ mask: Int, root: Window
    ) {
        guard window != watched else { return }
        let old = watched
        watched = window
        _ = XErrorTrap.catching(display) {
            if old != Window(None) && old != root { XSelectInput(display, old, NoEventMask) }
            if window != Window(None) && window != root { XSelectInput(display, window, mask) }
        }
    }

    /// A window property's first 32-bit item, as a window; nil when it is missing or of another kind.
    private static func window(_ display: OpaquePointer, _ window: Window, _ property: Atom) -> Window? {
        items(display, window, property, longs: 1).first.map { Window(UInt(bitPattern: $0)) }
    }

    /// A window property's 32-bit items, as atoms; empty when it is missing or of another kind.
    private static func atoms(_ display: OpaquePointer, _ window: Window, _ property: Atom) -> [Atom] {
        items(display, window, property, longs: stateAtoms).map { Atom(UInt(bitPattern: $0)) }
    }

    /// At most `longs` items of a format-32 property (Xlib hands them over as C longs).
    private static func items(_ display: OpaquePointer, _ window: Window, _ property: Atom, longs: Int) -> [Int] {
        WindowProperty.read(display, window, property, longs: longs) { format, count, _, data in
            format == 32
                ? Array(
                    UnsafeBufferPointer(start: UnsafeRawPointer(data).assumingMemoryBound(to: Int.self), count: count))
                : nil
        } ?? []
    }

    /// At most `longs` × 4 bytes of a format-8 property: its start, for a name is all that is wanted of it.
    private static func bytes(_ display: OpaquePointer, _ window: Window, _ property: Atom, longs: Int) -> [UInt8]? {
        WindowProperty.read(display, window, property, longs: longs) { format, count, _, data in
            format == 8 ? Array(UnsafeBufferPointer(start: data, count: count)) : nil
        }
    }
}
