public import Gestures

/// The session the bindings' conditions are matched against (`BindingCondition`): the focused application and
/// the tablet mode. A change turns bindings on or off from the next sequence on; a gesture under way finishes as it
/// began.
extension Engine {
    /// The focused application changed (issue 31): bindings whose `apps`, `except-apps` or `when-fullscreen` no
    /// longer allow it leave the arena, and those that now do join it, from the next sequence on. A gesture under
    /// way finishes as it began, so that a swipe that moves the focus is not cut short by it. True when some binding
    /// turned on or off, and so what the backend intercepts may have changed.
    @discardableResult
    public mutating func setFocus(_ focus: SessionFocus) -> Bool {
        setSession(SessionState(focus: focus, tabletMode: session.tabletMode))
    }

    /// The machine went into tablet mode or out of it (issue 45), or its switch came or went: `when-tablet-mode`
    /// bindings turn on or off as `setFocus` turns app bindings. True when some binding turned on or off.
    @discardableResult
    public mutating func setTabletMode(_ on: Bool?) -> Bool {
        setSession(SessionState(focus: session.focus, tabletMode: on))
    }

    private mutating func setSession(_ newSession: SessionState) -> Bool {
        guard newSession != bindings.session, bindings.setSession(newSession) else { return false }
        arena.setRecognizers(bindings.recognizers)
        return true
    }

    /// The session the bindings are matched against: the focus and the tablet mode.
    public var session: SessionState { bindings.session }

    /// The focus the bindings are matched against.
    public var focus: SessionFocus { bindings.session.focus }
}
