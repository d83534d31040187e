#if canImport(Glibc)
    import Glibc
    import UnixSupport
#endif

/// Where animd listens: a path it claims itself, or a socket that systemd
/// already bound and handed over (socket activation, sd_listen_fds(3)).
public enum ListeningSocket: Sendable {
    case claimed(SocketClaim)
    /// systemd owns the path: animd neither locks nor removes it.
    case inherited(descriptor: Int32, path: String)

    /// The first socket systemd passed, when LISTEN_PID names this process.
    /// Like sd_listen_fds(3) it unsets the variables, so children never see them.
    public static func fromSystemd(environment: [String: String]) -> ListeningSocket? {
        guard let pid = environment["LISTEN_PID"].flatMap(Int32.init), pid == getpid(),
            let count = environment["LISTEN_FDS"].flatMap(Int.init), count >= 1
        else { return nil }
        unsetenv("LISTEN_PID")
        unsetenv("LISTEN_FDS")
        unsetenv("LISTEN_FDNAMES")
        let descriptor: Int32 = 3  // SD_LISTEN_FDS_START
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        return .inherited(descriptor: descriptor, path: UnixAddress.boundPath(of: descriptor) ?? "fd 3 from systemd")
    }

    public var path: String {
        switch self {
        case let .claimed(claim): claim.path
        case let .inherited(_, path): path
        }
    }

    public func release() {
        if case let .claimed(claim) = self { claim.release() }
    }
}
