package import Gestures

/// What each focus source says, and the one in force (issue 31), first to last: the compositor's IPC (sway,
/// Hyprland) where the session names one, the desktop shell on the session bus (GNOME's extension, KWin's script),
/// the backend's own display (the X window manager, wlr-foreign-toplevel). A source that knows the focus wins over
/// one that does not; when none does, the first one's reason is shown, for it is the one a user set up.
package struct FocusReports: Hashable {
    /// Where a report comes from, in the order the effective focus asks them.
    package enum Channel: CaseIterable {
        /// The compositor's IPC (sway, Hyprland): none while the session names no compositor animd reads.
        case compositor
        /// GNOME Shell or KWin on the session bus: none while neither is there.
        case desktop
        /// The input backend's own display: none until it reports.
        case backend
    }

    private var reports: [Channel: SessionFocus] = [:]

    /// What `channel` said last; nil while it says nothing.
    package subscript(channel: Channel) -> SessionFocus? {
        get { reports[channel] }
        set { reports[channel] = newValue }
    }

    package var effective: SessionFocus {
        let sources = Channel.allCases.compactMap { reports[$0] }
        return sources.first { if case .known = $0 { true } else { false } } ?? sources.first
            ?? .unknown(reason: "no focus source has reported yet")
    }
}
