import Gestures

/// What each focus source says, and the one in force (issue 31): the compositor's IPC (sway, Hyprland) where the
/// session has one, else the backend's own display (the X window manager). A source that knows the focus wins over
/// one that does not; when none does, the compositor's reason is shown first, for it is the one a user set up.
struct FocusReports: Hashable {
    /// From the input backend: nil until it reports.
    var backend: SessionFocus?
    /// From the compositor's IPC: nil while the session names no compositor animd reads.
    var compositor: SessionFocus?

    var effective: SessionFocus {
        if case .known? = compositor, let compositor { return compositor }
        if case .known? = backend, let backend { return backend }
        return compositor ?? backend ?? .unknown(reason: "no focus source has reported yet")
    }
}
