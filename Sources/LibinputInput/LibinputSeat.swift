import BackendThread
import Gestures
import Glibc
import Logging
import UnixSupport

/// A libinput session and the compositor it reads its outputs from, as one backend session: two descriptors, the
/// seat's and the compositor's. A compositor that goes away is tried again with its own backoff while input goes
/// on with its last outputs.
final class LibinputSeat: BackendSession {
    private let session: LibinputSession
    private var compositor: CompositorLink
    private let logger: Logger
    /// Read while opening, so that the first report knows the devices; handed out by the first dispatch.
    private var pending: [InputEvent]

    init(session: LibinputSession, waylandDisplay: String?, logger: Logger, isStopping: @escaping @Sendable () -> Bool)
    {
        self.session = session
        self.logger = logger
        session.waylandDisplay = waylandDisplay
        compositor = CompositorLink(display: waylandDisplay, isStopping: isStopping)
        compositor.connect(at: monotonicSeconds(), logger: logger)
        if let reader = compositor.reader { session.setOutputs(reader.table) }
        session.setCompositorLost(compositor.lostReason)
        session.setFocus(compositor.reader?.toplevels.focus)
        pending = session.dispatch()
        session.infoChanged = false
    }

    /// Sends what the Wayland connection queued and handles what it already read, before poll waits on it.
    func prepareToWait() { compositor.reader?.prepare() }

    /// The seat's, the compositor's, then each touch relay's (exclusive touch).
    var descriptors: [Int32] {
        [session.fileDescriptor, compositor.reader?.fileDescriptor ?? -1] + session.relayDescriptors
    }

    func timeout(now: Double) -> Double? { pending.isEmpty ? compositor.timeout(now: now) : 0 }

    func dispatch(ready: [Int16], now: Double) -> SessionStep {
        if ready.count > 1, ready[1] != 0 { compositor.read(ready[1], at: now, logger: logger) }
        if compositor.reader == nil {
            compositor.connect(at: now, logger: logger)
            if let reader = compositor.reader { session.setOutputs(reader.table) }
        }
        session.setCompositorLost(compositor.lostReason)
        if let reader = compositor.reader, reader.changed {
            reader.changed = false
            session.setOutputs(reader.table)
        }
        if let toplevels = compositor.reader?.toplevels, toplevels.changed {
            toplevels.changed = false
            session.setFocus(toplevels.focus)
        }
        if compositor.reader == nil { session.setFocus(nil) }
        var events = pending
        pending = []
        if ready.first ?? 0 != 0 { events += session.dispatch() }
        if ready.count > 2 { events += session.dispatchRelays(ready: Array(ready.dropFirst(2))) }
        return .events(events)
    }

    func apply(_ plan: InputPlan) { session.apply(plan) }

    func allow(_ decisions: [ArenaOutput]) { session.decide(decisions) }

    var info: BackendInfo { session.info }

    func takeInfoChange() -> BackendInfo? {
        guard session.infoChanged else { return nil }
        session.infoChanged = false
        return session.info
    }

    func close() {
        compositor.reader?.close()
        session.close()
    }
}

/// The Wayland connection for the outputs: kept, lost, and tried again with backoff (0.5 s doubling to 8 s).
struct CompositorLink {
    let display: String?
    var reader: WaylandOutputReader?
    private var backoff = Backoff(first: 0.5, last: 8)
    private var nextTry = 0.0
    private var reportedLoss = false
    /// Whether the backend's thread is asked to stop: a compositor that does not answer is waited for no longer.
    private let isStopping: @Sendable () -> Bool
    /// What the last try found, when the compositor took the connection and did not answer: the status says it.
    private var silence: String?

    init(display: String?, isStopping: @escaping @Sendable () -> Bool) {
        self.display = display; self.isStopping = isStopping
    }

    mutating func connect(at now: Double, logger: Logger) {
        guard let display, reader == nil, now >= nextTry else { return }
        // libwayland's roundtrips wait for the compositor without a bound: it is asked first, within one.
        silence = WaylandOutputReader.silence(of: display, isStopping: isStopping)
        if silence == nil { (reader, silence) = WaylandOutputReader.connect(to: display) }
        if reader == nil {
            if !reportedLoss {
                logger.warning(
                    "cannot reach the Wayland compositor for its outputs; retrying",
                    metadata: ["display": "\(display)", "reason": "\(silence ?? "it refused the connection")"])
            }
            reportedLoss = true
            nextTry = now + backoff.next()
        } else {
            if reportedLoss { logger.notice("Wayland compositor reached again", metadata: ["display": "\(display)"]) }
            reportedLoss = false
            backoff.reset()
        }
    }

    /// Reads what the compositor sent; on a hang-up or a failed read, the connection is dropped.
    mutating func read(_ revents: Int16, at now: Double, logger: Logger) {
        guard let current = reader else { return }
        guard revents & Int16(POLLHUP | POLLERR) != 0 || !current.read() else { return }
        // Touches keep their last outputs until the compositor answers again.
        logger.warning(
            "the Wayland compositor went away; keeping its last outputs", metadata: ["display": "\(current.socket)"])
        current.close()
        reader = nil
        reportedLoss = true
        nextTry = now + backoff.next()
    }

    /// Why the compositor is out of reach, for the status; nil while connected or on the console.
    var lostReason: String? {
        guard let display, reader == nil else { return nil }
        return
            "the Wayland compositor on \(display) cannot be reached\(silence.map { " (\($0))" } ?? ""); input goes on with its last outputs, "
            + "and animd reconnects"
    }

    /// Seconds until the next try, for poll; nil when none is due.
    func timeout(now: Double) -> Double? {
        guard display != nil, reader == nil else { return nil }
        return max(0, nextTry - now)
    }
}
