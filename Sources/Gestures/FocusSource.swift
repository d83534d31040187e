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
    /// GNOME Shell, through animd's extension on the session bus.
    case gnome
    /// KWin, through the script animd loads over the session bus.
    case kde
}
