// Package-visible: `withAddress` hands the system's `sockaddr` to the benchmarks, and to no client of the library.
#if canImport(Glibc)
package import Glibc
#elseif canImport(Darwin)
package import Darwin
#endif
import AnimProtocol

/// A connected `AF_UNIX` stream socket: the one place that builds a `sockaddr_un` and connects.
public enum UnixSocket {
    /// Why a connection failed, as `strerror` says it.
    public struct Failure: Error, CustomStringConvertible, Sendable {
        public let description: String
    }

    /// Connects to `path`; the caller owns (and closes) the descriptor. Paths longer than `sun_path` are refused.
    public static func connect(to path: String) -> Result<Int32, Failure> {
        guard path.utf8.count <= SocketPath.maximumLength else {
            return .failure(Failure(description: "the path is longer than \(SocketPath.maximumLength) bytes"))
        }
        #if canImport(Glibc)
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        #else
        let descriptor = socket(AF_UNIX, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { return .failure(Failure(description: String(cString: strerror(errno)))) }
        guard withAddress(path, { systemConnect(descriptor, $0, $1) }) == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            return .failure(Failure(description: reason))
        }
        return .success(descriptor)
    }

    /// Calls `body` with `path` as a `sockaddr_un` (for connect, bind); the caller has checked the path's length
    /// against `SocketPath.maximumLength`.
    package static func withAddress<Result>(_ path: String, _ body: (UnsafePointer<sockaddr>, socklen_t) -> Result) -> Result {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, byte) in path.utf8.prefix(SocketPath.maximumLength).enumerated() { raw[i] = byte }
        }
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
    }
}

/// connect(2), named apart from `UnixSocket.connect(to:)`.
private func systemConnect(_ descriptor: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 {
    connect(descriptor, address, length)
}
