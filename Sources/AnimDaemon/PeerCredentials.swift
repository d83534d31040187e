/// The layout of Linux's `struct ucred` (pid, uid, gid), which Glibc's Swift
/// module hides behind _GNU_SOURCE. Read with SO_PEERCRED on a connected
/// Unix socket; its size is what getsockopt is given.
struct PeerCredentials: Sendable {
    var pid: Int32 = 0
    var uid: UInt32 = 0
    var gid: UInt32 = 0
}
