import Foundation
public import Gestures
public import Logging
import Synchronization

/// The libinput input backend, for Wayland sessions and the console: it owns a libinput context on one dedicated
/// thread, which waits in poll() on libinput's descriptor and a wake-up pipe. Events go out through `onEvent`; the
/// plan comes in through `configure`, which never blocks. The thread never waits for the engine, and the engine
/// never waits for libinput. Nothing is held or grabbed: libinput reads the devices beside the compositor, so
/// `decide` has nothing to answer.
public final class LibinputBackend: InputBackend {
    private struct Inbox {
        var plan: InputPlan
        var planChanged = false
        var stopping = false
    }

    private let seat: String
    private let logger: Logger
    private let onEvent: @Sendable (BackendEvent) -> Void
    private let inbox: Mutex<Inbox>
    /// [read end, write end]; a byte means "look at the inbox".
    private let wakePipe: [Int32]
    static let retry = 2.0

    /// `seat`: `XDG_SEAT`, else seat0.
    public init(seat: String, plan: InputPlan, logger: Logger, onEvent: @escaping @Sendable (BackendEvent) -> Void) {
        self.seat = seat
        self.logger = logger
        self.onEvent = onEvent
        inbox = Mutex(Inbox(plan: plan))
        var fds: [Int32] = [-1, -1]
        _ = pipe(&fds)
        for fd in fds {
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            // Neither side may block on the other.
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        }
        wakePipe = fds
    }

    public func start() {
        let thread = Thread { [self] in run() }
        thread.name = "animd-libinput"
        thread.start()
    }

    public func stop() {
        inbox.withLock { $0.stopping = true }
        wake()
    }

    public func configure(_ plan: InputPlan) {
        inbox.withLock { $0.plan = plan; $0.planChanged = true }
        wake()
    }

    /// libinput holds nothing for animd: there is no ownership to answer.
    public func decide(_ decisions: [ArenaOutput]) {}

    private func wake() {
        var byte: UInt8 = 1
        _ = write(wakePipe[1], &byte, 1)
    }

    // MARK: - The libinput thread

    private func run() {
        var reported = false
        while !inbox.withLock({ $0.stopping }) {
            let plan = inbox.withLock { state in
                state.planChanged = false
                return state.plan
            }
            guard let session = LibinputSession(seat: seat, plan: plan, logger: logger) else {
                if !reported {
                    onEvent(.disconnected(backend: "libinput", display: nil, reason: "libinput cannot read seat \(seat) through udev; retrying"))
                    reported = true
                }
                if sleep(Self.retry) { return }
                continue
            }
            let events = session.dispatch()
            session.infoChanged = false
            onEvent(.connected(session.info))
            if !events.isEmpty { onEvent(.input(events)) }
            serve(session)
            session.close()
            return
        }
    }

    private func serve(_ session: LibinputSession) {
        while true {
            var fds = [pollfd(fd: session.fileDescriptor, events: Int16(POLLIN), revents: 0), pollfd(fd: wakePipe[0], events: Int16(POLLIN), revents: 0)]
            if poll(&fds, 2, -1) < 0 && errno != EINTR { return }
            if fds[1].revents != 0 {
                drainWakePipe()
                let (stopping, plan) = inbox.withLock { state in
                    defer { state.planChanged = false }
                    return (state.stopping, state.planChanged ? state.plan : nil)
                }
                if stopping { return }
                if let plan { session.apply(plan) }
            }
            let events = fds[0].revents != 0 ? session.dispatch() : []
            if session.infoChanged {
                session.infoChanged = false
                logUnavailable(session.info)
                onEvent(.changed(session.info))
            }
            if !events.isEmpty { onEvent(.input(events)) }
        }
    }

    private func logUnavailable(_ info: BackendInfo) {
        for source in [InputSource.touch, .touchpad] {
            guard let status = info.sources[source], status.state == .unavailable else { continue }
            logger.warning("\(source.rawValue) input unavailable", metadata: ["reason": "\(status.detail)"])
        }
    }

    /// Waits `seconds` or until stop(); true when stopping.
    private func sleep(_ seconds: Double) -> Bool {
        let deadline = monotonicSeconds() + seconds
        while true {
            if inbox.withLock({ $0.stopping }) { return true }
            let left = deadline - monotonicSeconds()
            if left <= 0 { return false }
            var fd = pollfd(fd: wakePipe[0], events: Int16(POLLIN), revents: 0)
            if poll(&fd, 1, Int32((left * 1000).rounded(.up))) > 0 { drainWakePipe() }
        }
    }

    private func drainWakePipe() {
        var buffer = [UInt8](repeating: 0, count: 256)
        while read(wakePipe[0], &buffer, buffer.count) > 0 {}
    }
}
