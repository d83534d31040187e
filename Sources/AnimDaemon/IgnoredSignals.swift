#if canImport(Glibc)
    import Glibc
#endif

/// Signals whose default action would end animd, or stop it, that a desktop or a stray `kill` may send with no
/// meaning for animd: they are ignored, so that the socket and lock are never left behind by one. SIGTERM and
/// SIGINT stop it gracefully, SIGHUP reloads (ServiceLifecycle traps those three); SIGKILL cannot be caught.
/// On-snap commands get every signal back at its default (`ActionRunner`).
public enum IgnoredSignals {
    public static let signals: [Int32] = [
        SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGIO, SIGTTIN, SIGTTOU, SIGPIPE,
    ]

    public static func ignore() {
        for number in signals { _ = signal(number, SIG_IGN) }
    }
}
