import AnimProtocol
import Logging
import NIOCore
import UnixSupport

#if canImport(Glibc)
    import Glibc
#endif

/// What the listener does when `accept` fails, and the one descriptor animd keeps in reserve for telling a client no.
///
/// At the descriptor limit (`EMFILE`, `ENFILE`) a connection waits in the listening queue and accept fails for as long
/// as it waits: without a back-off the loop retried about 5,400 times a second at a full core, and the client was
/// neither answered nor refused (issue 57). NIO's `AcceptBackoffHandler` waits before the next accept; this says how
/// long. With the reserve in hand, it is closed and the next accept comes at once: the client it brings is refused
/// with a line that says why (`refusesNext`), and the reserve is opened again once that client is closed. Without it
/// (it could not be opened again), accept waits a second, so the loop stays idle until descriptors are free.
/// Loop-bound.
final class DescriptorReserve {
    private var spare: Int32
    /// Whether the spare was given up for the next accepted client, who is to be refused.
    private(set) var refusesNext = false
    private var notices = NoticeThrottle(interval: 10)
    private let logger: Logger

    /// How long accept waits after any other failure (NIO's own default), and at the limit without the reserve.
    static let otherFailureWait = TimeAmount.seconds(1)
    /// How long it waits while a refusal is being written: each waiting client is refused in turn, at most about
    /// 200 accepts a second.
    static let refusalWait = TimeAmount.milliseconds(5)

    init(logger: Logger) {
        self.logger = logger
        spare = Self.openSpare()
    }

    deinit { if spare >= 0 { close(spare) } }

    private static func openSpare() -> Int32 { open("/dev/null", O_RDONLY | O_CLOEXEC) }

    /// After accept failed with `error`: how long to wait before accepting again.
    func wait(after error: IOError) -> TimeAmount? {
        guard error.errnoCode == EMFILE || error.errnoCode == ENFILE else { return Self.otherFailureWait }
        if let count = notices.admit(at: monotonicSeconds()) {
            logger.warning(
                "no descriptor left for a new client; refusing clients until one is free",
                metadata: ["error": "\(error)", "times-since-last-warning": "\(count)"])
        }
        // The reserve is out with a client being refused: accept again once that is done, a moment from now.
        if spare < 0 && refusesNext { return Self.refusalWait }
        guard spare >= 0 else { return Self.otherFailureWait }
        close(spare)
        spare = -1
        refusesNext = true
        return .zero
    }

    /// The refused client is closed: the reserve is taken back, if a descriptor is free for it.
    func clientRefused() {
        refusesNext = false
        if spare < 0 { spare = Self.openSpare() }
    }

    /// The refusal, sent as `max-clients` is: an error line with no id.
    static var refusal: RPCError {
        var limit = rlimit()
        let soft = getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0 ? "\(limit.rlim_cur)" : "?"
        return RPCError(
            .limitReached, "limit reached: animd has no descriptor left for another client (RLIMIT_NOFILE \(soft))")
    }
}
