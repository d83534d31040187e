/// What tells animd the focused window (issue 31), as `daemon.hello`'s `focus.source` names it
/// (docs/protocol.md, docs/focus.md).
public enum FocusSource: String, Hashable, Sendable, CaseIterable {
    /// The X window manager's `_NET_ACTIVE_WINDOW`, read by the X backend.
    case x11
    /// sway's IPC (i3's protocol).
    case sway
    /// Hyprland's event socket.
    case hyprland
    /// wlr-foreign-toplevel-management, on the libinput backend's Wayland connection.
    case foreignToplevel = "wlr-foreign-toplevel"
    /// GNOME Shell, through animd's own extension on the session bus (gnome-shell/, docs/focus.md).
    case gnome
    /// GNOME Shell, through the third-party "Focused Window D-Bus" extension, which says nothing of full screen.
    case gnomeFocusedWindow = "gnome-focused-window"
    /// KWin, through the script animd loads over the session bus.
    case kde
}

/// animd's own GNOME Shell extension (gnome-shell/, written out by scripts/gnome-extension.py): one UUID per extension
/// API, for GNOME 45 made extensions ES modules that GNOME 43–44 cannot load (docs/focus.md).
public enum AnimdGNOMEExtension {
    /// GNOME 45 to 49.
    public static let uuid = "animd@animd.org"
    /// GNOME 43 and 44.
    public static let legacyUUID = "animd-gnome43@animd.org"

    /// The UUID a shell of `version` ("43.9", "47.rc") loads; both, said as a choice, when the version is not known.
    public static func uuid(forShellVersion version: String?) -> String {
        guard let major = version?.split(separator: ".").first.flatMap({ Int($0) }) else {
            return "\(uuid) (GNOME 45–49) or \(legacyUUID) (GNOME 43–44)"
        }
        return major < 45 ? legacyUUID : uuid
    }

    /// How to turn it on, for `animctl hello` and `doctor`.
    public static func enableAdvice(shellVersion: String?) -> String {
        "gnome-extensions enable \(uuid(forShellVersion: shellVersion))"
    }
}
