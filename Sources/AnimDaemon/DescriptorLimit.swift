public import Logging

#if canImport(Glibc)
    import Glibc
#endif

/// Raises the soft RLIMIT_NOFILE to the hard limit, as systemd recommends for
/// daemons that need many descriptors (systemd.exec(5), LimitNOFILE=): every
/// client is a socket, and animd uses epoll, never select(), so a high soft
/// limit is safe. Logs when the limit still cannot hold `maxClients`.
public enum DescriptorLimit {
    /// Descriptors animd needs besides its clients: the listener, the lock, X, epoll, pipes, logs.
    static let reserve = 32

    @discardableResult
    public static func raise(toHold maxClients: Int, logger: Logger) -> Int {
        var limit = rlimit()
        guard getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 0 }
        if limit.rlim_cur < limit.rlim_max {
            var raised = limit
            raised.rlim_cur = limit.rlim_max
            if setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &raised) == 0 { limit = raised }
        }
        // RLIM_INFINITY is all ones; clamping maps it, and anything past Int.max, to Int.max.
        let soft = Int(clamping: limit.rlim_cur)
        if soft < maxClients + reserve {
            logger.warning(
                "the descriptor limit cannot hold max-clients; clients beyond it are refused",
                metadata: ["RLIMIT_NOFILE": "\(soft)", "max-clients": "\(maxClients)", "clients": "\(room(soft))"])
        }
        return soft
    }

    /// Clients a soft limit leaves room for.
    public static func room(_ soft: Int) -> Int { max(soft - reserve, 1) }
}
