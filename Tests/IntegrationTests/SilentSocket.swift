import Glibc
import UnixSupport

/// A display server that takes connections and never answers (issue 48): a Unix socket that listens and never
/// accepts, so that each connection completes into its queue and waits there. `path` is a file, or an abstract
/// name after "@", as X's `@/tmp/.X11-unix/XN`.
final class SilentSocket {
    let path: String
    private let descriptor: Int32

    init?(path: String) {
        self.path = path
        descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        let bound = UnixAddress.with(path) { bind(descriptor, $0, $1) } ?? -1
        guard descriptor >= 0, bound == 0, listen(descriptor, 128) == 0 else {
            close(descriptor)
            return nil
        }
    }

    deinit {
        close(descriptor)
        if !path.hasPrefix("@") { unlink(path) }
    }
}
