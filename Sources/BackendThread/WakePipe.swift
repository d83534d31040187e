import Glibc
import UnixSupport

/// How an input backend's thread is woken without either side blocking: the event loop writes a byte (`wake`),
/// the backend's thread, waiting in poll() on `readEnd` beside its own descriptors, drains it and looks at its
/// inbox. Both ends are non-blocking, so a stuck thread never stalls the loop and the loop never stalls it. It
/// lives as long as its `SessionThread`, and closes both ends with it: each backend start makes one, and 200
/// switches of the display left 400 pipes' ends open before (issue 57).
public final class WakePipe: Sendable {
    public let readEnd: Int32
    private let writeEnd: Int32

    public init() {
        var fds: [Int32] = [-1, -1]
        _ = pipe(&fds)
        for fd in fds {
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        }
        readEnd = fds[0]
        writeEnd = fds[1]
    }

    deinit {
        close(readEnd)
        close(writeEnd)
    }

    public func wake() {
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)
    }

    public func drain() {
        var buffer = [UInt8](repeating: 0, count: 256)
        while read(readEnd, &buffer, buffer.count) > 0 {}
    }

    /// Waits `seconds`, or until `stopping` says so after a wake; true when stopping.
    public func sleep(_ seconds: Double, stopping: () -> Bool) -> Bool {
        let deadline = monotonicSeconds() + seconds
        while true {
            if stopping() { return true }
            let left = deadline - monotonicSeconds()
            if left <= 0 { return false }
            var fd = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
            if poll(&fd, 1, Int32((left * 1000).rounded(.up))) > 0 { drain() }
        }
    }
}
