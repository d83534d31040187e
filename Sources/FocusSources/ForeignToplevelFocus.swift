public import Gestures

/// The focused window as `zwlr_foreign_toplevel_manager_v1` tells it (labwc, niri, Wayfire, sway, river…; issue 31):
/// each toplevel's `app_id` and `state` arrive as pending changes that its `done` applies together; the one whose
/// state holds `activated` has the focus, full screen while it also holds `fullscreen`; a `closed` toplevel is gone.
/// Pure: the Wayland reader hands it each event.
public struct ForeignToplevelFocus: Hashable, Sendable {
    public enum Change: Hashable, Sendable {
        case appID(String)
        /// The protocol's states: 0 maximized, 1 minimized, 2 activated, 3 fullscreen.
        case state([UInt32])
        case done
        case closed
    }

    private struct Toplevel: Hashable, Sendable {
        var appID = ""
        var activated = false
        var fullscreen = false
    }

    /// Each toplevel's state as its last `done` left it, and what has come since.
    private var current: [UInt32: Toplevel] = [:]
    private var pending: [UInt32: Toplevel] = [:]
    /// The activated toplevel, if one is.
    private var focused: UInt32?

    public static let source = FocusSource.foreignToplevel
    /// The most toplevels followed; a compositor announcing more is not believed about the rest.
    public static let limit = 4096
    /// The most states read from one `state` array (the protocol has four).
    public static let stateLimit = 16

    public init() {}

    /// Whether there is room for one more toplevel; the reader destroys a handle it cannot follow.
    public var hasRoom: Bool { current.count < Self.limit }

    public mutating func add(_ id: UInt32) {
        guard hasRoom else { return }
        current[id] = Toplevel()
        pending[id] = Toplevel()
    }

    /// Applies one event of toplevel `id`; true when the focus changed.
    public mutating func update(_ id: UInt32, _ change: Change) -> Bool {
        guard current[id] != nil, var next = pending[id] else { return false }
        let before = focus
        switch change {
        case let .appID(name):
            next.appID = name
            pending[id] = next
        case let .state(states):
            let read = states.prefix(Self.stateLimit)
            next.activated = read.contains(2)
            next.fullscreen = read.contains(3)
            pending[id] = next
        case .done:
            current[id] = next
            if next.activated { focused = id } else if focused == id { focused = nil }
        case .closed:
            current[id] = nil
            pending[id] = nil
            if focused == id { focused = nil }
        }
        return focus != before
    }

    public var focus: SessionFocus {
        guard let focused, let toplevel = current[focused] else { return .known(nil, source: Self.source) }
        return .known(
            FocusedWindow(names: toplevel.appID.isEmpty ? [] : [toplevel.appID], fullscreen: toplevel.fullscreen),
            source: Self.source)
    }
}
