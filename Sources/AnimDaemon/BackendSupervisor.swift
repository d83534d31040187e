import AnimConfig
import AnimCore
import AnimProtocol
import BackendThread
import Gestures
import Logging
import NIOCore

/// What animd starts in the user's session, with the session's display variables: the input backend and the config's
/// commands (`run`).
///
/// The backend's life is on the event loop: made for the session (`BackendLauncher`), started, replaced when
/// `daemon.environment` changes what it depends on, stopped, each when the machine says (`BackendLife`). Each step
/// returns what it brought about, as `InputReport`s; reports from a replaced backend are dropped by their generation, and start-up can wait for the
/// first report (`whenInputKnown`). Commands run off the loop (`ActionRunner`), in the session as it is when each
/// starts.
final class BackendSupervisor {
    private let logger: Logger
    private let launcher: BackendLauncher
    /// Where input comes from and touch decisions go; nil while stopped.
    private(set) var backend: (any InputBackend)?
    /// The compositor's IPC, where the session has one that tells the focus; followed with the backend.
    let compositorFocus: CompositorFocusWatch
    /// Counts the backends made; events from an older one are dropped.
    private var generation = 0
    /// The session's display variables, as animd started or as the machine last handed them.
    private(set) var session: SessionEnvironment
    /// Start-up waits until the backend has reported (or its time is up).
    private let firstReport: FirstReportWait
    /// Runs the `on-snap`, `on-tablet-mode` and bindings' commands.
    private let commands: ActionRunner

    init(
        loop: any EventLoop, logger: Logger, launcher: BackendLauncher, compositorFocus: CompositorFocusWatch,
        session: SessionEnvironment
    ) {
        self.logger = logger
        self.launcher = launcher
        self.compositorFocus = compositorFocus
        self.session = session
        firstReport = FirstReportWait(loop: loop)
        commands = ActionRunner(logger: logger)
    }

    /// Runs the config's commands in the session, off this loop.
    func run(_ actions: [ConfiguredAction]) { commands.run(actions, in: session) }

    /// Makes and starts the backend `session` asks for, intercepting what `plan` says; its status shows until it
    /// reports. Commands run in `session` from now on.
    func launch(_ session: SessionEnvironment, plan: InputPlan) -> [InputReport] {
        self.session = session
        generation += 1
        let made = launcher.make(for: session, plan: plan, generation: generation)
        backend = made.backend
        made.backend.start()
        compositorFocus.follow(session.compositorEndpoint)
        return [.status(made.status, geometry: nil, refreshRate: nil)]
    }

    /// Stops the backend, without waiting for its thread: what it still reports is dropped by its generation, and
    /// the process environment, which the next backend could need changed, is never changed (docs/reliability.md).
    func stop() -> [InputReport] {
        compositorFocus.follow(nil)
        guard let old = backend else { return [] }
        backend = nil
        old.stop()
        return [.vanished(old.kind)]
    }

    /// The session's variables changed, not what the backend depends on: commands run in `session`, and the
    /// compositor's focus is followed where it names.
    func follow(_ session: SessionEnvironment) {
        self.session = session
        compositorFocus.follow(session.compositorEndpoint)
    }

    /// The backend setting in force (`[input] backend`, or `--backend`).
    var setting: BackendSetting { launcher.setting }

    /// Succeeds once the backend has reported whether its input is on, or after `seconds`, whichever is first.
    func whenInputKnown(within seconds: Int64) -> EventLoopFuture<Void> { firstReport.wait(within: seconds) }

    /// What a report of the backend of `generation` brings about; nothing for a replaced backend's.
    func handle(_ event: BackendEvent, generation: Int) -> [InputReport] {
        guard generation == self.generation else { return [] }
        firstReport.arrived()
        switch event {
        case let .connected(info), let .changed(info):
            let status = InputStatus(
                backend: info.backend, connected: info.displayLost == nil, display: info.display, seat: info.seat,
                reason: info.displayLost, warning: info.warning, sources: info.sources, outputs: info.outputs,
                tabletMode: info.tabletModeDetail)
            return [
                .status(status, geometry: info.geometry, refreshRate: info.refreshRate),
                .xsettingsAnimations(info.animationsEnabled),
                .focus(
                    info.focus
                        ?? .unknown(
                            reason: info.displayLost == nil
                                ? Self.noFocusSource(on: info.backend)
                                : "the compositor is out of reach; the focus is unknown until it is back")),
                .tabletMode(info.tabletMode),
            ]
        case let .input(events):
            // Input that a stopped backend had already posted is dropped with it: what it drove was cancelled.
            guard let backend else { return [] }
            return [.input(events, from: backend.kind)]
        case let .disconnected(kind, display, reason):
            // Whatever the backend was driving is gone with it: cancel, so that nothing stays finger-driven.
            let status = InputStatus(
                backend: kind, connected: false, display: display,
                reason: reason + "; input is off until a display appears")
            return [
                .vanished(kind), .status(status, geometry: nil, refreshRate: nil), .xsettingsAnimations(nil),
                .focus(.unknown(reason: "the display is gone: \(reason)")), .tabletMode(nil),
            ]
        }
    }

    /// Why a backend without a focus source of its own knows no focus.
    static func noFocusSource(on backend: InputBackendKind) -> String {
        switch backend {
        case .x11: "the X display tells no focus"
        case .libinput:
            "the compositor offers no zwlr_foreign_toplevel_manager_v1, the session names no sway (SWAYSOCK) or Hyprland "
                + "(HYPRLAND_INSTANCE_SIGNATURE) IPC, and no GNOME Shell or KWin on the session bus tells it (docs/focus.md): "
                + "\"apps\" bindings stay off, \"except-apps\" bindings on"
        }
    }
}
