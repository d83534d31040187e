#if canImport(Glibc)
import Glibc
#endif
import AnimProtocol
import UnixSupport
import Foundation

/// Why animd could not take its socket path.
public enum SocketClaimError: Error, CustomStringConvertible, Sendable {
    case pathTooLong(String)
    case folder(String, String)
    case alreadyRunning(path: String, pid: String)
    case lock(String, String)

    public var description: String {
        switch self {
        case let .pathTooLong(path): "the socket path \(path) is longer than \(SocketPath.maximumLength) bytes"
        case let .folder(path, reason): "cannot use the socket folder \(path): \(reason)"
        case let .alreadyRunning(path, pid): "another animd (pid \(pid)) is already serving \(path); stop it first or use --socket"
        case let .lock(path, reason): "cannot lock \(path): \(reason)"
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
        var locked: Int32?
        // A daemon that stops removes its lock file while it holds the lock. A rival that opened the file just
        // before then locks a file no longer at the path: it must notice, and take the path's new file. Each
        // round is lost only to a daemon that started and stopped in between, so a few rounds always suffice.
        for _ in 0..<8 where locked == nil {
            let descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
            guard descriptor >= 0 else { throw .lock(lockPath, errnoText()) }
            if flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
                var bytes = [UInt8](repeating: 0, count: 32)
                let count = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, 31, 0) }
                close(descriptor)
                let pid = String(decoding: bytes.prefix(max(count, 0)), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
                throw .alreadyRunning(path: path, pid: pid.isEmpty ? "unknown" : pid)
            }
            var held = stat(), named = stat()
            if fstat(descriptor, &held) == 0, stat(lockPath, &named) == 0, held.st_dev == named.st_dev, held.st_ino == named.st_ino {
                locked = descriptor
            } else {
                close(descriptor)
            }
        }
        guard let descriptor = locked else { throw .lock(lockPath, "it kept being replaced by other animd processes") }
        let pid = Array("\(getpid())\n".utf8)
        _ = ftruncate(descriptor, 0)
        _ = pid.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
        lockDescriptor = descriptor
        // Holding the lock, any socket file left here is stale.
        unlink(path)
    }

    /// Removes the socket file and the lock file, then drops the lock: a clean stop leaves nothing behind. The
    /// file goes while it is still locked, so a rival waiting on it sees that it was replaced (init).
    public func release() {
        unlink(path)
        unlink(path + ".lock")
        close(lockDescriptor)
    }

    private static func prepareFolder(_ folder: String) throws(SocketClaimError) {
        var info = stat()
        if stat(folder, &info) != 0 {
            guard mkdir(folder, 0o700) == 0 || errno == EEXIST else { throw .folder(folder, errnoText()) }
            return
        }
        guard (info.st_mode & S_IFMT) == S_IFDIR else { throw .folder(folder, "it is not a folder") }
        // Our own private folder under /tmp must really be ours and private.
        if folder.hasPrefix("/tmp/animd-") {
            guard info.st_uid == getuid() else { throw .folder(folder, "it belongs to uid \(info.st_uid), not to us") }
            if info.st_mode & 0o077 != 0 { chmod(folder, 0o700) }
        }
    }
}


