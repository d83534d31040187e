import Foundation
public import Gestures
public import Logging
public import BackendThread
import UnixSupport

/// The libinput input backend, for Wayland sessions and the console: it owns a libinput context on one dedicated
/// thread, which waits in poll() on libinput's descriptor, the compositor's (on a Wayland session: its outputs are
/// the screen) and a wake-up pipe. Events go out through `onEvent`; the
/// plan comes in through `configure`, which never blocks. The thread never waits for the engine, and the engine
/// never waits for libinput. Nothing is held or grabbed: libinput reads the devices beside the compositor, so
/// `decide` has nothing to answer.
public final class LibinputBackend: InputBackend {
    public var kind: InputBackendKind { .libinput }
    private let seat: String
    /// `WAYLAND_DISPLAY`; nil on the console.
    private let waylandDisplay: String?
    private let logger: Logger
    private let onEvent: @Sendable (BackendEvent) -> Void
    private let mailbox: BackendMailbox
    static let retry = 2.0
    /// Reconnecting to a compositor that went away: 0.5 s doubling to 8 s, with its last outputs kept meanwhile.
    static let firstWaylandRetry = 0.5
    static let lastWaylandRetry = 8.0

    /// `seat`: `XDG_SEAT`, else seat0. `waylandDisplay`: `WAYLAND_DISPLAY`, whose outputs are the screen.
    public init(seat: String, waylandDisplay: String?, plan: InputPlan, logger: Logger, onEvent: @escaping @Sendable (BackendEvent) -> Void) {
        self.seat = seat
        self.waylandDisplay = waylandDisplay
        self.logger = logger
        self.onEvent = onEvent
        mailbox = BackendMailbox(plan: plan)
    }

    public func start() { mailbox.startThread(named: "animd-libinput") { [self] in run() } }

    public func stop() { mailbox.stop() }

    public func waitUntilStopped(seconds: Double) -> Bool { mailbox.waitUntilStopped(seconds: seconds) }

    public func configure(_ plan: InputPlan) { mailbox.configure(plan) }

    /// libinput holds nothing for animd: there is no ownership to answer.
    public func decide(_ decisions: [ArenaOutput]) {}

    // MARK: - The libinput thread

    private func run() {
        var reported = false
        while !mailbox.isStopping {
            let plan = mailbox.takePlan()
            guard let session = LibinputSession(seat: seat, plan: plan, logger: logger) else {
                if !reported {
                    onEvent(.disconnected(backend: .libinput, display: nil, reason: "libinput cannot read seat \(seat) through udev; retrying"))
                    reported = true
                }
                if mailbox.sleep(Self.retry) { return }
                continue
            }
            session.waylandDisplay = waylandDisplay
            var compositor = Compositor(display: waylandDisplay)
            compositor.connect(logger: logger)
            if let reader = compositor.reader { session.setOutputs(reader.table) }
            session.setCompositorLost(compositor.lostReason)
            let events = session.dispatch()
            session.infoChanged = false
            onEvent(.connected(session.info))
            if !events.isEmpty { onEvent(.input(events)) }
            serve(session, &compositor)
            compositor.reader?.close()
            session.close()
            return
        }
    }

    /// The Wayland connection for the outputs: kept, lost, and tried again with backoff.
    private struct Compositor {
        let display: String?
        var reader: WaylandOutputReader?
        var retry = LibinputBackend.firstWaylandRetry
        var nextTry = 0.0
        var reportedLoss = false

        init(display: String?) { self.display = display }

        mutating func connect(logger: Logger) {
            guard let display, reader == nil, monotonicSeconds() >= nextTry else { return }
            reader = WaylandOutputReader(socket: display)
            if reader == nil {
                if !reportedLoss { logger.warning("cannot reach the Wayland compositor for its outputs; retrying", metadata: ["display": "\(display)"]) }
                reportedLoss = true
                nextTry = monotonicSeconds() + retry
                retry = min(retry * 2, LibinputBackend.lastWaylandRetry)
            } else {
                if reportedLoss { logger.notice("Wayland compositor reached again", metadata: ["display": "\(display)"]) }
                reportedLoss = false
                retry = LibinputBackend.firstWaylandRetry
            }
        }

        /// Why the compositor is out of reach, for the status; nil while connected or on the console.
        var lostReason: String? {
            guard let display, reader == nil else { return nil }
            return "the Wayland compositor on \(display) cannot be reached; input goes on with its last outputs, and animd reconnects"
        }

        /// ms until the next try, for poll; -1 when none is due.
        var timeout: Int32 {
            guard display != nil, reader == nil else { return -1 }
            return Int32(max(0, min((nextTry - monotonicSeconds()) * 1000, 60_000)).rounded(.up))
        }
    }

    private func serve(_ session: LibinputSession, _ compositor: inout Compositor) {
        while true {
            compositor.reader?.prepare()
            var fds = [pollfd(fd: session.fileDescriptor, events: Int16(POLLIN), revents: 0), pollfd(fd: mailbox.wakePipe.readEnd, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: compositor.reader?.fileDescriptor ?? -1, events: Int16(POLLIN), revents: 0)]
            if poll(&fds, 3, compositor.timeout) < 0 && errno != EINTR { return }
            if let reader = compositor.reader, fds[2].revents != 0 {
                if fds[2].revents & Int16(POLLHUP | POLLERR) != 0 || !reader.read() {
                    // Touches keep their last outputs until the compositor answers again.
                    logger.warning("the Wayland compositor went away; keeping its last outputs", metadata: ["display": "\(reader.socket)"])
                    reader.close()
                    compositor.reader = nil
                    compositor.reportedLoss = true
                    compositor.nextTry = monotonicSeconds() + compositor.retry
                }
            }
            if compositor.reader == nil {
                compositor.connect(logger: logger)
                if let reader = compositor.reader { session.setOutputs(reader.table) }
            }
            session.setCompositorLost(compositor.lostReason)
            if let reader = compositor.reader, reader.changed {
                reader.changed = false
                session.setOutputs(reader.table)
            }
            if fds[1].revents != 0 {
                let news = mailbox.takeNews()
                if news.stopping { return }
                if let plan = news.plan { session.apply(plan) }
            }
            let events = fds[0].revents != 0 ? session.dispatch() : []
            if session.infoChanged {
                session.infoChanged = false
                // The pointer's sources are unavailable on libinput by nature; the status says so, the log need not.
                logUnavailable(session.info.sources, among: [.touch, .touchpad], logger: logger)
                onEvent(.changed(session.info))
            }
            if !events.isEmpty { onEvent(.input(events)) }
        }
    }


}
