import Glibc
import UnixSupport

/// A display server that takes connections and never answers (issue 48): a Unix socket that listens and never
/// accepts, so that each connection completes into its queue of `backlog` and waits there; past the queue, a
/// connect that does not block is refused with EAGAIN. `path` is a file, or an abstract name after "@", as X's
/// `@/tmp/.X11-unix/XN`. The SocketProbe tests accept on `descriptor` themselves to play a server that answers.
public final class SilentSocket: Sendable {
    public let path: String
    public let descriptor: Int32

    public init?(path: String, backlog: Int32 = 128) {
        self.path = path
        descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        let bound = UnixAddress.with(path) { bind(descriptor, $0, $1) } ?? -1
        guard descriptor >= 0, bound == 0, listen(descriptor, backlog) == 0 else {
            close(descriptor)
            return nil
        }
    }

    deinit {
        close(descriptor)
        if !path.hasPrefix("@") { unlink(path) }
    }
}
