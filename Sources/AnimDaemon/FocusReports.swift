import Gestures

/// What each focus source says, and the one in force (issue 31), first to last: the compositor's IPC (sway,
/// Hyprland) where the session names one, the desktop shell on the session bus (GNOME's extension, KWin's script),
/// the backend's own display (the X window manager, wlr-foreign-toplevel). A source that knows the focus wins over
/// one that does not; when none does, the first one's reason is shown, for it is the one a user set up.
struct FocusReports: Hashable {
    /// From the input backend: nil until it reports.
    var backend: SessionFocus?
    /// From the compositor's IPC: nil while the session names no compositor animd reads.
    var compositor: SessionFocus?
    /// From GNOME Shell or KWin on the session bus: nil while neither is there.
    var desktop: SessionFocus?

    var effective: SessionFocus {
        let sources = [compositor, desktop, backend].compactMap { $0 }
        return sources.first { if case .known = $0 { true } else { false } } ?? sources.first
            ?? .unknown(reason: "no focus source has reported yet")
    }
}
