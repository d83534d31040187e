public import Gestures

/// When a binding works, by the focused application (`apps`, `except-apps`, `when-fullscreen`; issue 31). A binding
/// that is off is left out of the arena, as if it did not exist: its touch goes to the next binding or to the
/// application.
public struct AppCondition: Hashable, Sendable {
    /// On only while one of these has the focus; empty for any application.
    public var apps: [String] = []
    /// Off while one of these has the focus.
    public var exceptApps: [String] = []
    /// Whether it works while a full-screen window has the focus (games, video).
    public var whenFullscreen = true

    /// At most this many names in each list (the config says so where it is read).
    public static let nameLimit = 64

    public init(apps: [String] = [], exceptApps: [String] = [], whenFullscreen: Bool = true) {
        self.apps = apps; self.exceptApps = exceptApps; self.whenFullscreen = whenFullscreen
    }

    /// Whether the binding works in any focus, so that the focus never changes it.
    public var isAlways: Bool { apps.isEmpty && exceptApps.isEmpty && whenFullscreen }

    /// Whether the binding works with this focus. With no source, nothing is known of the focused application:
    /// `apps` bindings stay off, `except-apps` and `when-fullscreen` bindings stay on.
    public func allows(_ focus: SessionFocus) -> Bool {
        guard !isAlways else { return true }
        let window = focus.window
        if !apps.isEmpty && window?.isOne(of: apps) != true { return false }
        if let window, window.isOne(of: exceptApps) { return false }
        if !whenFullscreen && window?.fullscreen == true { return false }
        return true
    }

    /// Whether no focus can turn both on: a split of one edge between applications, on purpose (`apps` against
    /// the same names in `except-apps`, or two disjoint `apps` lists).
    public func excludes(_ other: AppCondition) -> Bool {
        func covered(_ names: [String], by others: [String]) -> Bool {
            !names.isEmpty && names.allSatisfy { name in others.contains { $0.caseInsensitiveEquals(name) } }
        }
        if covered(apps, by: other.exceptApps) || covered(other.apps, by: exceptApps) { return true }
        guard !apps.isEmpty, !other.apps.isEmpty else { return false }
        return !apps.contains { name in other.apps.contains { $0.caseInsensitiveEquals(name) } }
    }
}
