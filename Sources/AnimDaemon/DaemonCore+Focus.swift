import AnimConfig
import AnimProtocol
import Gestures

/// The focused application, as the session's source reports it (issue 31): the bindings it turns on or off, and
/// what the backend intercepts for them.
extension DaemonCore {
    /// What the input backend must intercept now: for the config's bindings that work with the focus.
    var inputPlan: InputPlan { config.effective.inputPlan(focus: engine.focus) }

    /// What one of the focus's channels says now (`FocusReports`), or that it says nothing any more: the one way
    /// the focus comes in, from the backend's display, the compositor's IPC and the desktop shell alike.
    func focusReported(_ focus: SessionFocus?, by channel: FocusReports.Channel) {
        input.focus[channel] = focus
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
