import AnimConfig
import AnimCore
import AnimProtocol
import BackendThread
import Gestures
import LibinputInput
import Logging
import X11Input

/// Makes the input backend a session asks for: at start-up, and again when
/// `daemon.environment` changes its display. Each backend's events carry the
/// generation it was made in, so that a replaced backend's last words are
/// dropped instead of overwriting its successor's status.
struct BackendLauncher: Sendable {
    let setting: BackendSetting
    let logger: Logger
    /// animd's `HOME`, where `~/.Xauthority` is when the session names no `XAUTHORITY`.
    let home: String?
    let report: @Sendable (_ generation: Int, BackendEvent) -> Void

    /// The backend for `session`, not yet started, and the status to show until it reports.
    func make(for session: SessionEnvironment, plan: InputPlan, generation: Int) -> (
        backend: any InputBackend, status: InputStatus
    ) {
        let target = session.target(setting)
        let report = self.report
        let onEvent: @Sendable (BackendEvent) -> Void = { report(generation, $0) }
        logger.info(
            "input backend", metadata: ["backend": "\(target.choice.rawValue)", "setting": "\(setting.rawValue)"])
        switch target.choice {
        case .x11:
            let reason =
                target.display == nil
                ? "no DISPLAY is set; input is off until a display appears" : InputStatus.connecting
            let opener = X11SessionOpener(
                display: target.display, xauthority: target.xauthority, home: home,
                tabletMode: { TabletModeSwitches(logger: $0) })
            return (
                BackendRuntime(opener: opener, plan: plan, logger: logger, onEvent: onEvent),
                InputStatus(backend: .x11, connected: false, display: target.display, reason: reason)
            )
        case .libinput:
            return (
                BackendRuntime(
                    opener: LibinputSessionOpener(seat: target.seat, waylandDisplay: target.waylandDisplay), plan: plan,
                    logger: logger, onEvent: onEvent),
                InputStatus(
                    backend: .libinput, connected: false, display: target.waylandDisplay, seat: target.seat,
                    reason: InputStatus.connecting)
            )
        }
    }
}
