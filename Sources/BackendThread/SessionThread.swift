import Glibc
import NIOConcurrencyHelpers
import UnixSupport

/// The thread one of the session's sources lives on: an input backend (`BackendRuntime`) or the session bus
/// (`PortalWatch`). The event loop starts it, wakes it and asks it to stop, and each of those returns at once; the
/// thread waits in poll() on its session's descriptors and a wake-up pipe (`serve`), and between sessions sleeps
/// its backoff (`SessionLife`). Every source thread is this one loop: a new source is a `PolledSession`, not
/// another loop.
public final class SessionThread: Sendable {
    /// NIO's lock, a pthread mutex that ThreadSanitizer sees whole (`BackendMailbox` says why).
    private let stopping = NIOLockedValueBox(false)
    /// A byte means "look": at what the loop left (a plan, decisions) or at `isStopping`.
    private let wakePipe = WakePipe()
    private let exit = ThreadExit()

    public init() {}

    /// Runs `body` on a thread of its own named `name`; its end is what `waitUntilStopped` waits for. False when no
    /// thread could be started, which then counts as ended.
    @discardableResult
    public func start(named name: String, _ body: @escaping @Sendable () -> Void) -> Bool {
        let exit = self.exit
        let started = PosixThread.start(named: name) {
            body()
            exit.markExited()
        }
        if !started { exit.markExited() }
        return started
    }

    /// Makes the thread look at what the loop left for it, at its next wait or at once.
    public func wake() { wakePipe.wake() }

    /// Asks the thread to end at its next wake-up; returns at once.
    public func stop() {
        stopping.withLockedValue { $0 = true }
        wakePipe.wake()
    }

    public var isStopping: Bool { stopping.withLockedValue { $0 } }

    /// After `stop()`: true once the thread has ended, false if it did not within `seconds`. For tests: the daemon
    /// never waits for a source's thread (a thread blocked in its library would hold the loop; issue 57).
    public func waitUntilStopped(seconds: Double) -> Bool { exit.wait(seconds: seconds) }

    /// Waits `seconds` (a backoff), or less when asked to stop; true when stopping.
    public func sleep(_ seconds: Double) -> Bool { wakePipe.sleep(seconds) { isStopping } }

    /// Serves `session` on this thread until it ends or the thread is asked to stop. Each turn waits in poll() on the
    /// session's descriptors and the wake-up pipe, no longer than the session's timeout; after a wake-up that is not
    /// a stop, `woken` takes what the loop left; then `dispatch` reads what is ready (what poll returned for each
    /// descriptor) and what is due at the time it is given, and returns how the session ended, or nil while it goes on.
    public func serve(
        _ session: any PolledSession, woken: () -> Void,
        dispatch: (_ ready: [Int16], _ now: Double) -> SessionEnd?
    ) -> SessionEnd {
        while true {
            session.prepareToWait()
            let descriptors = session.descriptors, events = session.pollEvents
            var fds = descriptors.indices.map { index in
                pollfd(
                    fd: descriptors[index],
                    events: events.flatMap { index < $0.count ? $0[index] : nil } ?? Int16(POLLIN), revents: 0)
            }
            fds.append(pollfd(fd: wakePipe.readEnd, events: Int16(POLLIN), revents: 0))
            let timeout = pollTimeout(session.timeout(now: monotonicSeconds()))
            if poll(&fds, nfds_t(fds.count), timeout) < 0 && errno != EINTR {
                return .ended(reason: "poll failed: \(errnoText())")
            }
            if fds[descriptors.count].revents != 0 {
                wakePipe.drain()
                if isStopping { return .stopped }
                woken()
            }
            if let end = dispatch(fds.prefix(descriptors.count).map(\.revents), monotonicSeconds()) { return end }
        }
    }
}

/// What a `SessionThread` waits on for one session: its descriptors, the events on each, and its deadline.
public protocol PolledSession: AnyObject {
    /// Called before each wait: a session whose library queues what it sends (Wayland) flushes it here.
    func prepareToWait()
    /// The descriptors to wait on, in a fixed order; -1 for one that is absent now (poll skips it).
    var descriptors: [Int32] { get }
    /// poll()'s events for each of `descriptors`; nil for POLLIN on each, as input sessions want (sd-bus asks for
    /// POLLOUT too while it has a message to send).
    var pollEvents: [Int16]? { get }
    /// Seconds from `now` until the session must run without input (an edge push to expire, a compositor to try
    /// again, a bus call's deadline), 0 when it holds what it has not handled yet, nil for no deadline.
    func timeout(now: Double) -> Double?
}

extension PolledSession {
    public func prepareToWait() {}
    public var pollEvents: [Int16]? { nil }
}
