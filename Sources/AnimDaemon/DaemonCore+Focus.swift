import AnimConfig
import AnimProtocol
import Gestures

/// The focused application, as the session's source reports it (issue 31): the bindings it turns on or off, and
/// what the backend intercepts for them.
extension DaemonCore {
    /// What the input backend must intercept now: for the config's bindings that work with the focus.
    var inputPlan: InputPlan { config.config.inputPlan(focus: engine.focus) }

    /// Takes a new focus: the engine's arena follows from the next sequence on, the backend stops taking (or starts
    /// taking) the input of the bindings that turned off (or on), and the `focus` group hears of it.
    func focusRead(_ focus: SessionFocus) {
        guard focus != engine.focus else { return }
        let planBefore = inputPlan
        engine.setFocus(focus)
        let plan = inputPlan
        if plan != planBefore { supervisor.backend?.configure(plan) }
        logger.info("focus: \(focus.window?.app ?? "none")", metadata: ["fullscreen": "\(focus.window?.fullscreen ?? false)",
                                                                        "source": "\(focus.source ?? "none")"])
        publishLine(.focus, at: now()) { EventLine.focus(focus, into: &$0) }
    }
}
