import AnimProtocol
import UnixSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Why animd could not take its socket path.
public enum SocketClaimError: Error, CustomStringConvertible, Sendable {
    case pathTooLong(String)
    case folder(String, String)
    case alreadyRunning(path: String, pid: String)
    case lock(String, String)
    case occupied(String, String)

    public var description: String {
        switch self {
        case let .pathTooLong(path): "the socket path \(path) is longer than \(SocketPath.maximumLength) bytes"
        case let .folder(path, reason): "cannot use the socket folder \(path): \(reason)"
        case let .alreadyRunning(path, pid):
            "another animd (pid \(pid)) is already serving \(path); stop it first or use --socket"
        case let .lock(path, reason): "cannot lock \(path): \(reason)"
        case let .occupied(path, reason): "cannot use the socket path \(path): \(reason)"
        }
    }
}

/// Ownership of a socket path: a 0700 folder, an flock'd lock file beside the
/// socket, and the stale socket file removed. The lock is taken before the
/// path is touched, so a second animd can never delete a live daemon's socket
/// (NIO's cleanupExistingSocketFile would, FIELD-NOTES.md).
public final class SocketClaim: Sendable {
    public let path: String
    private let lockDescriptor: Int32

    public init(path: String) throws(SocketClaimError) {
        guard path.utf8.count <= SocketPath.maximumLength else { throw .pathTooLong(path) }
        self.path = path
        let folder = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        try Self.prepareFolder(folder.isEmpty ? "." : folder)
        let lockPath = path + ".lock"
        let descriptor = try Self.lock(lockPath, of: path)
        let pid = Array("\(getpid())\n".utf8)
        _ = ftruncate(descriptor, 0)
        _ = pid.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
        lockDescriptor = descriptor
        do {
            try Self.clearStaleSocket(at: path)
        } catch {
            unlink(lockPath)
            close(descriptor)
            throw error
        }
    }

    /// The lock file at `lockPath`, opened and locked. A daemon that stops removes its lock file while it holds the
    /// lock. A rival that opened the file just before then locks a file no longer at the path: it must notice, and
    /// take the path's new file. Each round is lost only to a daemon that started and stopped in between, so a few
    /// rounds always suffice.
    private static func lock(_ lockPath: String, of path: String) throws(SocketClaimError) -> Int32 {
        for _ in 0..<8 {
            // Never through a symbolic link: one planted here would have animd truncate its target.
            let descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
            guard descriptor >= 0 else {
                throw .lock(lockPath, errno == ELOOP ? "it is a symbolic link; remove it" : errnoText())
            }
            if flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
                let pid = holder(of: descriptor)
                close(descriptor)
                throw .alreadyRunning(path: path, pid: pid.isEmpty ? "unknown" : pid)
            }
            var held = stat(), named = stat()
            if fstat(descriptor, &held) == 0, stat(lockPath, &named) == 0, held.st_dev == named.st_dev,
                held.st_ino == named.st_ino
            {
                return descriptor
            }
            close(descriptor)
        }
        throw .lock(lockPath, "it kept being replaced by other animd processes")
    }

    /// The pid the lock's holder wrote into it, digits only.
    private static func holder(of descriptor: Int32) -> String {
        var bytes = [UInt8](repeating: 0, count: 32)
        let count = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, 31, 0) }
        let digits = bytes.prefix(max(count, 0)).filter { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
        return String(decoding: digits, as: UTF8.self)
    }

    /// Holding the lock, a socket left at the path by an animd that stopped uncleanly is removed; anything else
    /// there is left alone and refused: a file that is no socket, or a socket another program still listens on.
    private static func clearStaleSocket(at path: String) throws(SocketClaimError) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        guard info.st_mode & S_IFMT == S_IFSOCK else {
            throw .occupied(
                path, "something that is not a socket is there; remove it, or choose another path with --socket")
        }
        switch listener(at: path) {
        case nil: unlink(path)
        case "systemd"?:
            // The user manager holds it for socket activation (animd.socket): the connection just made has started
            // animd.service, which serves it.
            throw .occupied(
                path,
                "systemd's animd.socket listens there, and starts animd as a service for it; to run animd by hand "
                    + "instead, `systemctl --user stop animd.socket animd.service` first, or choose another path with --socket"
            )
        case let name?:
            throw .occupied(
                path, "another program (\(name)) listens there; stop it, or choose another path with --socket")
        }
    }

    /// The name of the process that listens on the socket at `path` (its peer credentials' pid, `/proc/PID/comm`),
    /// "a process" when it cannot be told, or nil when nothing accepts a connection there.
    private static func listener(at path: String) -> String? {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        guard UnixAddress.with(path, { connect(descriptor, $0, $1) }) == 0 else { return nil }
        guard let peer = PeerCredentials(of: descriptor), let comm = readFile("/proc/\(peer.pid)/comm") else {
            return "a process"
        }
        return String(decoding: comm.prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
    }

    /// Removes the socket file and the lock file, then drops the lock: a clean stop leaves nothing behind. The
    /// file goes while it is still locked, so a rival waiting on it sees that it was replaced (init).
    public func release() {
        unlink(path)
        unlink(path + ".lock")
        close(lockDescriptor)
    }

    /// Makes the socket's folder (0700) if it is missing, then checks it. The checks run on the opened folder, and on
    /// every path alike: whether animd made it just now or someone made it first, even between a look and the
    /// `mkdir` (issue 47: an `EEXIST` there used to skip them).
    private static func prepareFolder(_ folder: String) throws(SocketClaimError) {
        if mkdir(folder, 0o700) != 0, errno != EEXIST { throw .folder(folder, errnoText()) }
        // animd's own folder in /tmp is never reached through a link: anyone may make one there.
        let fallback = folder == "/tmp/animd-\(getuid())"
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC | (fallback ? O_NOFOLLOW : 0))
        guard descriptor >= 0 else {
            throw .folder(
                folder, errno == ENOTDIR || errno == ELOOP ? "it is not a folder (or is a symbolic link)" : errnoText())
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw .folder(folder, errnoText()) }
        // Another user who may replace the socket could serve fake answers to our clients: the folder must be ours
        // and closed to others, unless its sticky bit keeps others from removing or renaming our files (/tmp).
        let sticky = info.st_mode & S_ISVTX != 0
        if !sticky && info.st_uid != getuid() && !fallback {
            throw .folder(
                folder,
                "it belongs to uid \(info.st_uid), not to us; set XDG_RUNTIME_DIR to a folder of yours, or use --socket"
            )
        }
        if !sticky && info.st_mode & 0o022 != 0 && !fallback {
            throw .folder(
                folder,
                "others may write in it (mode \(String(info.st_mode & 0o777, radix: 8))); chmod go-w it, or use --socket"
            )
        }
        // Our own private folder under /tmp must really be ours and private.
        if fallback {
            guard info.st_uid == getuid() else { throw .folder(folder, "it belongs to uid \(info.st_uid), not to us") }
            if info.st_mode & 0o077 != 0 { fchmod(descriptor, 0o700) }
        }
    }
}
