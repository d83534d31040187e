#if canImport(Glibc)
    import Glibc
#endif

/// The layout of Linux's `struct ucred` (pid, uid, gid), which Glibc's Swift module hides behind _GNU_SOURCE. Read
/// with SO_PEERCRED on a connected Unix socket; its size is what getsockopt is given. The daemon refuses peers of
/// another user with it, and clients refuse a server of another user (a socket another user put in their place).
public struct PeerCredentials: Sendable {
    public var pid: Int32 = 0
    public var uid: UInt32 = 0
    public var gid: UInt32 = 0

    public init() {}

    /// The credentials of the process at the other end of a connected Unix socket; nil if the kernel says none.
    public init?(of descriptor: Int32) {
        var credentials = PeerCredentials()
        var length = socklen_t(MemoryLayout<PeerCredentials>.size)
        guard getsockopt(descriptor, SOL_SOCKET, SO_PEERCRED, &credentials, &length) == 0,
            length == socklen_t(MemoryLayout<PeerCredentials>.size)
        else { return nil }
        self = credentials
    }
}
