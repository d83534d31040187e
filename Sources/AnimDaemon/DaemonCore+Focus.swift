import AnimConfig
import AnimProtocol
import Gestures

/// The focused application, as the session's source reports it (issue 31): the bindings it turns on or off, and
/// what the backend intercepts for them.
extension DaemonCore {
    /// What the input backend must intercept now: for the config's bindings that work with the focus.
    var inputPlan: InputPlan { config.effective.inputPlan(focus: engine.focus) }

    /// What the backend's display says of the focus (the X window manager), or that it says nothing.
    func focusRead(_ focus: SessionFocus) {
        input.focus.backend = focus
        applyFocus()
    }

    /// What the compositor's IPC says of the focus; nil once none is followed.
    func compositorFocusRead(_ focus: SessionFocus?) {
        input.focus.compositor = focus
        applyFocus()
    }

    /// What the desktop shell on the session bus says of the focus; nil while none tells it.
    func desktopFocusRead(_ focus: SessionFocus?) {
        input.focus.desktop = focus
        applyFocus()
    }

    /// Puts the focus in force: the engine's arena follows from the next sequence on, the backend stops taking (or
    /// starts taking) the input of the bindings that turned off (or on), and the `focus` group hears of it.
    private func applyFocus() {
        let focus = input.focus.effective
        guard focus != engine.focus else { return }
        // A backend takes a plan equal to its own as nothing to do.
        if engine.setFocus(focus) { supervisor.backend?.configure(inputPlan) }
        logger.info("focus: \(focus.window?.app ?? "none")", metadata: ["fullscreen": "\(focus.window?.fullscreen ?? false)",
                                                                        "source": "\(focus.source?.rawValue ?? "none")"])
        publishLine(.focus, at: now()) { EventLine.focus(focus, into: &$0) }
    }
}
