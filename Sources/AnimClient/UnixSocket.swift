import AnimProtocol
import UnixSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A connected `AF_UNIX` stream socket (its address is built by `UnixAddress`).
public enum UnixSocket {
    /// Why a connection failed, as `strerror` says it.
    public struct Failure: Error, CustomStringConvertible, Sendable {
        public let description: String
    }

    /// Connects to `path`; the caller owns (and closes) the descriptor. Paths longer than `sun_path` are refused, and
    /// so is a server that runs as another user (SO_PEERCRED).
    public static func connect(to path: String) -> Result<Int32, Failure> {
        guard path.utf8.count <= SocketPath.maximumLength else {
            return .failure(Failure(description: "the path is longer than \(SocketPath.maximumLength) bytes"))
        }
        #if canImport(Glibc)
            let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        #else
            let descriptor = socket(AF_UNIX, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { return .failure(Failure(description: errnoText())) }
        guard UnixAddress.with(path, { systemConnect(descriptor, $0, $1) }) == 0 else {
            let reason = errnoText()
            close(descriptor)
            return .failure(Failure(description: reason))
        }
        // The socket's folder may be shared, or another user's: a server of another uid is not animd for us, and
        // what it answers is not to be trusted.
        guard let server = PeerCredentials(of: descriptor), server.uid == getuid() else {
            let owner = PeerCredentials(of: descriptor).map { "uid \($0.uid)" } ?? "an unknown user"
            close(descriptor)
            return .failure(
                Failure(description: "the server there runs as \(owner), not as you (uid \(getuid())): refused"))
        }
        return .success(descriptor)
    }
}

/// connect(2), named apart from `UnixSocket.connect(to:)`.
private func systemConnect(_ descriptor: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 {
    connect(descriptor, address, length)
}
