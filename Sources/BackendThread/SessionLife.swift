/// The life of a thread that keeps a session open: open it, serve it until it ends, say so, wait, open it again,
/// with `Backoff` between tries; over when the thread is asked to stop, when a failure is final, or after
/// `failuresAllowed` failures in a row. Every `SessionThread` lives it, the input backends' (`BackendRuntime`) and
/// the session bus's (`PortalWatch`): each says what opening and serving are, and what to tell of it.
public struct SessionLife<Session> {
    public enum Opening {
        case opened(Session)
        case failed(OpenFailure)
    }

    /// What happened, for the owner to tell.
    public enum News: Equatable {
        /// An open failed and will be tried again; `first` for the first failure since the last success.
        case failed(reason: String, first: Bool)
        /// An open failed for good (a final failure, or one past `failuresAllowed`): the life is over.
        case gaveUp(reason: String)
        /// A served session ended on its own.
        case ended(reason: String)
    }

    private var backoff: Backoff
    /// Failures in a row tolerated before giving up; nil for no limit.
    private let failuresAllowed: Int?

    public init(backoff: Backoff, failuresAllowed: Int? = nil) {
        self.backoff = backoff
        self.failuresAllowed = failuresAllowed
    }

    /// Lives it on the calling thread; returns when it is over. `wait` sleeps the given seconds and returns true
    /// when the thread was asked to stop meanwhile.
    public mutating func run(
        isStopping: () -> Bool, wait: (Double) -> Bool, open: () -> Opening, serve: (Session) -> SessionEnd,
        report: (News) -> Void
    ) {
        var failures = 0
        while !isStopping() {
            switch open() {
            case let .failed(failure):
                failures += 1
                if failure.isFinal || failures > (failuresAllowed ?? Int.max) {
                    return report(.gaveUp(reason: failure.reason))
                }
                report(.failed(reason: failure.reason, first: failures == 1))
            case let .opened(session):
                failures = 0
                backoff.reset()
                guard case let .ended(reason) = serve(session) else { return }
                report(.ended(reason: reason))
            }
            if wait(backoff.next()) { return }
        }
    }
}

/// How serving a session ended.
public enum SessionEnd: Equatable, Sendable {
    /// The thread was asked to stop: the life is over.
    case stopped
    /// The session ended on its own (the display or the bus went away): it is opened again after the wait.
    case ended(reason: String)
}

/// poll()'s timeout for a wait of `seconds`: -1 for none, else whole milliseconds rounded up, never negative, and
/// at most a minute, so that no thread sleeps past what it could not foresee. Every session thread's poll uses it.
public func pollTimeout(_ seconds: Double?) -> Int32 {
    guard let seconds else { return -1 }
    guard seconds.isFinite else { return seconds > 0 ? 60_000 : 0 }
    return Int32(max(0, min(seconds * 1000, 60_000)).rounded(.up))
}
