#if canImport(Glibc)
    import Glibc
#endif

/// A file read whole without ever waiting: opened with `O_NONBLOCK` (a FIFO would wait for a writer, and the event
/// loop with it), read only when `fstat` says it is a regular file (whose reads never wait), and only up to a bound
/// (`/dev/zero` never ends). Every file animd reads from the user's and the desktop's folders is read this way: its
/// config, KDE's `kdeglobals`, the X authority file (issue 57: a FIFO renamed over `kdeglobals` held the loop).
public enum RegularFile {
    public enum Failure: Error, Equatable, Sendable {
        /// Nothing is at the path (ENOENT).
        case absent
        /// The system's error number, from open, fstat or read.
        case system(Int32)
        /// Something that is not a regular file: "a FIFO", "a directory", "a socket", "a device".
        case notRegular(String)
        /// Larger than the bound the caller set, in bytes.
        case tooLarge(Int)

        /// In words, after "it": "is a FIFO, not a regular file".
        public var reason: String {
            switch self {
            case .absent: "does not exist"
            case let .system(code): "cannot be read: \(String(cString: strerror(code)))"
            case let .notRegular(kind): "is \(kind), not a regular file"
            case let .tooLarge(limit):
                "is larger than \(limit >= 1 << 20 ? "\(limit >> 20) MiB" : "\(limit >> 10) KiB")"
            }
        }
    }

    public static func read(_ path: String, atMost limit: Int) -> Result<[UInt8], Failure> {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard descriptor >= 0 else { return .failure(errno == ENOENT ? .absent : .system(errno)) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return .failure(.system(errno)) }
        guard status.st_mode & S_IFMT == S_IFREG else { return .failure(.notRegular(kind(of: status.st_mode))) }
        guard status.st_size <= limit else { return .failure(.tooLarge(limit)) }
        return readToEnd(descriptor, atMost: limit).mapError { failure in
            switch failure {
            case let .system(code): .system(code)
            case .tooLarge: .tooLarge(limit)
            }
        }
    }

    private static func kind(of mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: "a directory"
        case S_IFIFO: "a FIFO"
        case S_IFSOCK: "a socket"
        case S_IFCHR, S_IFBLK: "a device"
        default: "something else"
        }
    }
}
