import CX11
import Foundation
public import Gestures
public import Logging
public import BackendThread
import UnixSupport

/// The X11 input backend: it owns the X connection on one dedicated thread
/// (Xlib is not thread-safe), which waits in poll() on the X socket and a
/// wake-up pipe. Events go out through `onEvent` as `BackendEvent`s; the plan and touch
/// decisions come in through `configure` and `decide`, which never block.
/// The thread never waits for the engine, and the engine never waits for X.
///
/// When the server goes away it reports it and reconnects with backoff
/// (0.25 s doubling to 4 s). X errors are logged, never fatal.
public final class X11Backend: InputBackend {
    public var kind: InputBackendKind { .x11 }
    private let display: String?
    private let logger: Logger
    private let onEvent: @Sendable (BackendEvent) -> Void
    private let mailbox: BackendMailbox
    static let firstRetry = 0.25
    static let lastRetry = 4.0

    public init(display: String?, plan: InputPlan, logger: Logger, onEvent: @escaping @Sendable (BackendEvent) -> Void) {
        self.display = display.flatMap { $0.isEmpty ? nil : $0 }
        self.logger = logger
        self.onEvent = onEvent
        mailbox = BackendMailbox(plan: plan)
    }

    public func start() { mailbox.startThread(named: "animd-x11") { [self] in run() } }

    public func stop() { mailbox.stop() }

    public func waitUntilStopped(seconds: Double) -> Bool { mailbox.waitUntilStopped(seconds: seconds) }

    /// What to intercept from now on (a config reload).
    public func configure(_ plan: InputPlan) { mailbox.configure(plan) }

    /// The arena's claims and releases, to answer touch ownership. Only touch
    /// sequences have anything to answer; the others do not wake the X thread.
    public func decide(_ decisions: [ArenaOutput]) {
        let touches = decisions.filter { decision in
            switch decision {
            case .claimed(_, .touch, _), .released(_, .touch, _): true
            default: false
            }
        }
        guard !touches.isEmpty else { return }
        mailbox.post(touches)
    }

    // MARK: - The X thread

    private func run() {
        guard let display else {
            onEvent(.disconnected(backend: .x11, display: nil, reason: "no DISPLAY is set"))
            return
        }
        XErrorTrap.install()
        // Xlib must never exit the daemon when the server dies: report, return, reconnect.
        XSetIOErrorHandler { _ in 0 }
        var retry = Self.firstRetry
        var reportedFailure = false
        while !mailbox.isStopping {
            let plan = mailbox.takePlan()
            guard let session = X11Session(name: display, plan: plan, logger: logger) else {
                if !reportedFailure {
                    onEvent(.disconnected(backend: .x11, display: display, reason: "cannot open display \(display); retrying"))
                    reportedFailure = true
                }
                if mailbox.sleep(retry) { return }
                retry = min(retry * 2, Self.lastRetry)
                continue
            }
            reportedFailure = false
            retry = Self.firstRetry
            logUnavailable(session.info.sources, logger: logger)
            onEvent(.connected(session.info.backendInfo))
            switch serve(session) {
            case .stopped:
                session.close()
                return
            case .serverGone:
                // The connection is dead; closing it would only raise another IO error.
                onEvent(.disconnected(backend: .x11, display: display, reason: "the X server went away; reconnecting"))
                if mailbox.sleep(retry) { return }
            }
        }
    }

    private enum ServeEnd { case stopped, serverGone }

    private func serve(_ session: X11Session) -> ServeEnd {
        let xfd = XConnectionNumber(session.display)
        while true {
            var timeout: Int32 = -1
            if XQLength(session.display) > 0 {
                timeout = 0
            } else if let deadline = session.converter.pressureDeadline {
                timeout = Int32(max(0, min((deadline - monotonicSeconds()) * 1000, 60_000)).rounded(.up))
            }
            var fds = [pollfd(fd: xfd, events: Int16(POLLIN), revents: 0), pollfd(fd: mailbox.wakePipe.readEnd, events: Int16(POLLIN), revents: 0)]
            if poll(&fds, 2, timeout) < 0 && errno != EINTR { return .serverGone }
            if fds[1].revents != 0 {
                let news = mailbox.takeNews()
                if news.stopping { return .stopped }
                if !news.decisions.isEmpty { session.allow(news.decisions) }
                if let plan = news.plan { session.apply(plan) }
            }
            if fds[0].revents & Int16(POLLHUP | POLLERR) != 0 { return .serverGone }
            if fds[0].revents & Int16(POLLIN) != 0 {
                var probe: UInt8 = 0
                if recv(xfd, &probe, 1, Int32(MSG_PEEK | MSG_DONTWAIT)) == 0 { return .serverGone }
            }
            let now = monotonicSeconds()
            var events = session.expirePressure(at: now)
            var event = XEvent()
            while XPending(session.display) > 0 {
                XNextEvent(session.display, &event)
                events += session.handle(&event, receivedAt: now)
            }
            for failure in XErrorTrap.drain() { logger.warning("X error (ignored)", metadata: ["error": "\(failure)"]) }
            if session.infoChanged {
                session.infoChanged = false
                logUnavailable(session.info.sources, logger: logger)
                onEvent(.changed(session.info.backendInfo))
            }
            if !events.isEmpty { onEvent(.input(events)) }
        }
    }


}

