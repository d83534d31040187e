public import Gestures
public import Logging

/// What every input backend runs, on a `SessionThread` of its own: open a session, report it, wait on its
/// descriptors, let it dispatch, report what changed and what came in; when the session cannot be opened or ends,
/// report that and try again with backoff (`Backoff.sessions`, by `SessionLife`); end when asked to stop. The
/// thread, the wait and the life are the ones the session bus's watch (`PortalWatch`) runs on too; what is the
/// backends' own is the mailbox (the plan and the touch decisions) and what they report.
/// A backend is its `BackendSessionOpener`; adding one means writing a session, not another loop.
///
/// The loop never waits for the engine, and the engine never waits for it: events go out through `onEvent`, and
/// the plan and touch decisions come in through the mailbox, which never blocks.
public final class BackendRuntime: InputBackend {
    private let opener: any BackendSessionOpener
    private let logger: Logger
    private let onEvent: @Sendable (BackendEvent) -> Void
    private let mailbox: BackendMailbox
    private let thread = SessionThread()
    private let backoff: Backoff

    public init(
        opener: any BackendSessionOpener, plan: InputPlan, backoff: Backoff = .sessions, logger: Logger,
        onEvent: @escaping @Sendable (BackendEvent) -> Void
    ) {
        self.opener = opener; self.logger = logger; self.onEvent = onEvent; self.backoff = backoff
        mailbox = BackendMailbox(plan: plan)
    }

    public var kind: InputBackendKind { opener.kind }

    public func start() { thread.start(named: opener.threadName) { [self] in run() } }

    public func stop() { thread.stop() }

    /// For tests: see `SessionThread.waitUntilStopped`.
    public func waitUntilStopped(seconds: Double) -> Bool { thread.waitUntilStopped(seconds: seconds) }

    public func configure(_ plan: InputPlan) {
        mailbox.configure(plan)
        thread.wake()
    }

    public func decide(_ decisions: [ArenaOutput]) {
        let relevant = opener.relevant(decisions)
        guard !relevant.isEmpty else { return }
        mailbox.post(relevant)
        thread.wake()
    }

    // MARK: - The backend's thread

    private func run() {
        var life = SessionLife<any BackendSession>(backoff: backoff)
        life.run(
            isStopping: { thread.isStopping }, wait: wait,
            open: {
                switch opener.open(
                    plan: mailbox.takePlan(), logger: logger, isStopping: { [thread] in thread.isStopping })
                {
                case let .success(session): .opened(session)
                case let .failure(failure): .failed(failure)
                }
            },
            serve: { session in
                logUnavailable(session.info.sources)
                onEvent(.connected(session.info))
                defer { session.close() }
                return serve(session)
            },
            report: { news in
                switch news {
                case let .failed(reason, first):
                    if first {
                        onEvent(.disconnected(backend: kind, display: opener.display, reason: reason + "; retrying"))
                    }
                case let .gaveUp(reason), let .ended(reason):
                    onEvent(.disconnected(backend: kind, display: opener.display, reason: reason))
                }
            })
    }

    /// Logs each of the opener's `loggedSources` that the plan wants but cannot have, with the reason.
    private func logUnavailable(_ sources: [InputSource: SourceStatus]) {
        for source in opener.loggedSources {
            guard let status = sources[source], status.state == .unavailable else { continue }
            logger.warning("\(source.rawValue) input unavailable", metadata: ["reason": "\(status.detail)"])
        }
    }

    /// Waits `seconds` (the next backoff); true when asked to stop meanwhile.
    private func wait(_ seconds: Double) -> Bool {
        logger.debug("input backend retrying", metadata: ["backend": "\(kind.rawValue)", "in-seconds": "\(seconds)"])
        return thread.sleep(seconds)
    }

    private func serve(_ session: any BackendSession) -> SessionEnd {
        thread.serve(
            session,
            woken: {
                let news = mailbox.takeNews()
                if !news.decisions.isEmpty { session.allow(news.decisions) }
                if let plan = news.plan { session.apply(plan) }
            },
            dispatch: { ready, now in
                let step = session.dispatch(ready: ready, now: now)
                if let info = session.takeInfoChange() {
                    logUnavailable(info.sources)
                    onEvent(.changed(info))
                }
                switch step {
                case let .ended(reason): return .ended(reason: reason)
                case let .events(events):
                    if !events.isEmpty { onEvent(.input(events)) }
                    return nil
                }
            })
    }
}
