import AnimProtocol
import BackendThread
import Gestures
import Logging
import NIOCore

/// What the supervisor reports to the daemon: the backend's status, its input, and that what it drove is gone.
protocol BackendSupervisorDelegate: AnyObject {
    /// What the backend intercepts now.
    var inputPlan: InputPlan { get }
    func backendStatus(_ status: InputStatus, geometry: ScreenGeometry?, refreshRate: Double?)
    func backendInput(_ events: [InputEvent], from backend: InputBackendKind)
    /// The backend stopped or lost its devices: whatever it drove must be cancelled.
    func backendVanished(_ backend: InputBackendKind)
}

/// The input backend's life on the event loop: made for the session (`BackendLauncher`), started, replaced when
/// `daemon.environment` changes what it depends on, stopped. Reports from a replaced backend are dropped by their
/// generation, and start-up can wait for the first report (`whenInputKnown`).
final class BackendSupervisor {
    private let loop: any EventLoop
    private let logger: Logger
    private let launcher: BackendLauncher
    /// The core; set once it exists (it owns this supervisor).
    weak var delegate: (any BackendSupervisorDelegate)?
    /// Where input comes from and touch decisions go; nil while stopped.
    private(set) var backend: (any InputBackend)?
    /// Counts the backends made; events from an older one are dropped.
    private var generation = 0
    /// The session's display variables, as animd started or as `daemon.environment` last set them.
    private(set) var session: SessionEnvironment
    /// Succeeded by the first report, so that start-up can wait for the input status to be known.
    private var inputKnown: EventLoopPromise<Void>?
    private var reported = false

    init(loop: any EventLoop, logger: Logger, launcher: BackendLauncher, session: SessionEnvironment) {
        self.loop = loop; self.logger = logger; self.launcher = launcher; self.session = session
    }

    /// Makes and starts the backend the session asks for; its status shows until it reports.
    func launch() {
        guard let delegate else { return }
        generation += 1
        let made = launcher.make(for: session, plan: delegate.inputPlan, generation: generation)
        backend = made.backend
        delegate.backendStatus(made.status, geometry: nil, refreshRate: nil)
        made.backend.start()
    }

    /// Stops the backend and waits a moment for its thread to end.
    func stop() {
        guard let old = backend else { return }
        backend = nil
        old.stop()
        if !old.waitUntilStopped(seconds: 2) { logger.warning("the input backend's thread did not end within 2 s") }
        delegate?.backendVanished(old.kind)
    }

    /// Takes the session's display variables; when the backend depends on one that changed, it is made anew.
    /// True when it was.
    func adopt(_ changes: [String: String]) -> Bool {
        let next = session.applying(changes)
        let restart = next.target(launcher.setting) != session.target(launcher.setting) || backend == nil
        let previous = session
        session = next
        guard restart else { return false }
        stop()
        next.export(over: previous)
        launch()
        logger.notice("session environment changed; input backend restarted",
                      metadata: ["display": "\(next.display ?? "-")", "wayland": "\(next.waylandDisplay ?? "-")"])
        return true
    }

    /// Succeeds once the backend has reported whether its input is on, or after `seconds`, whichever is first.
    func whenInputKnown(within seconds: Int64) -> EventLoopFuture<Void> {
        if reported { return loop.makeSucceededVoidFuture() }
        let promise = inputKnown ?? loop.makePromise()
        inputKnown = promise
        let bound = NIOLoopBound(self, eventLoop: loop)
        loop.scheduleTask(in: .seconds(seconds)) { bound.value.settleInputKnown() }
        return promise.futureResult
    }

    private func settleInputKnown() {
        inputKnown?.succeed()
        inputKnown = nil
    }

    /// What the backend of `generation` reports, on the event loop; a replaced backend's reports are dropped.
    func handle(_ event: BackendEvent, generation: Int) {
        guard generation == self.generation, let delegate else { return }
        reported = true
        settleInputKnown()
        switch event {
        case let .connected(info), let .changed(info):
            delegate.backendStatus(InputStatus(backend: info.backend, connected: info.displayLost == nil, display: info.display, seat: info.seat,
                                               reason: info.displayLost, warning: info.warning, sources: info.sources, outputs: info.outputs),
                                   geometry: info.geometry, refreshRate: info.refreshRate)
        case let .input(events):
            // Input that a stopped backend had already posted is dropped with it: what it drove was cancelled.
            guard let backend else { return }
            delegate.backendInput(events, from: backend.kind)
        case let .disconnected(kind, display, reason):
            // Whatever the backend was driving is gone with it: cancel, so that nothing stays finger-driven.
            delegate.backendVanished(kind)
            delegate.backendStatus(InputStatus(backend: kind, connected: false, display: display,
                                               reason: reason + "; input is off until a display appears"),
                                   geometry: nil, refreshRate: nil)
        }
    }
}
