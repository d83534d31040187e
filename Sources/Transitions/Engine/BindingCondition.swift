import Gestures

/// When a binding works: by the focused application (`apps`, `except-apps`, `when-fullscreen`; issue 31) and by
/// whether a convertible is folded into a tablet (`when-tablet-mode`; issue 45). A binding that is off is left out
/// of the arena and of the input plan, as if it did not exist: its touch goes to the next binding or to the
/// application.
public struct BindingCondition: Hashable, Sendable {
    /// On only while one of these has the focus; empty for any application.
    public var apps: [String] = []
    /// Off while one of these has the focus.
    public var exceptApps: [String] = []
    /// Whether it works while a full-screen window has the focus (games, video).
    public var whenFullscreen = true
    /// On only in tablet mode (true) or only out of it (false); nil for both.
    public var whenTabletMode: Bool?

    /// At most this many names in each list (the config says so where it is read).
    public static let nameLimit = 64

    public init(
        apps: [String] = [], exceptApps: [String] = [], whenFullscreen: Bool = true, whenTabletMode: Bool? = nil
    ) {
        self.apps = apps; self.exceptApps = exceptApps; self.whenFullscreen = whenFullscreen;
        self.whenTabletMode = whenTabletMode
    }

    /// Whether the binding works in any session, so that neither the focus nor the tablet mode ever changes it.
    public var isAlways: Bool { apps.isEmpty && exceptApps.isEmpty && whenFullscreen && whenTabletMode == nil }

    /// Whether the binding works in this session. With no focus source, nothing is known of the focused
    /// application: `apps` bindings stay off, `except-apps` and `when-fullscreen` bindings stay on. With no tablet-mode
    /// switch, the machine is taken to be out of tablet mode: a laptop, or a tablet that says nothing.
    public func allows(_ session: SessionState) -> Bool {
        guard !isAlways else { return true }
        let window = session.focus.window
        if !apps.isEmpty && window?.isOne(of: apps) != true { return false }
        if let window, window.isOne(of: exceptApps) { return false }
        if !whenFullscreen && window?.fullscreen == true { return false }
        if let whenTabletMode, whenTabletMode != (session.tabletMode ?? false) { return false }
        return true
    }

    /// Whether no session can turn both on: a split of one edge between applications, or between tablet mode and
    /// the laptop, on purpose (`apps` against the same names in `except-apps`, two disjoint `apps` lists, or
    /// `when-tablet-mode` true against false).
    public func excludes(_ other: BindingCondition) -> Bool {
        func covered(_ names: [String], by others: [String]) -> Bool {
            !names.isEmpty && names.allSatisfy { name in others.contains { $0.caseInsensitiveEquals(name) } }
        }
        if let mode = whenTabletMode, let otherMode = other.whenTabletMode, mode != otherMode { return true }
        if covered(apps, by: other.exceptApps) || covered(other.apps, by: exceptApps) { return true }
        guard !apps.isEmpty, !other.apps.isEmpty else { return false }
        return !apps.contains { name in other.apps.contains { $0.caseInsensitiveEquals(name) } }
    }
}
