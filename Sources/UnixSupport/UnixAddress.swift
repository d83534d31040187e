#if canImport(Glibc)
    public import Glibc
#endif

/// Unix socket addresses: the one place a `sockaddr_un` is built from a path, or read back from a socket.
public enum UnixAddress {
    /// Calls `body` with `path` as a `sockaddr_un` and its length, or returns nil for a path that does not fit in
    /// `sun_path` with its NUL (the limit the contract states as `SocketPath.maximumLength`, read here from the
    /// structure itself). A leading "@" names an abstract socket (systemd's NOTIFY_SOCKET may), whose length is exact.
    public static func with<Result>(_ path: String, _ body: (UnsafePointer<sockaddr>, socklen_t) -> Result) -> Result? {
        let bytes = Array(path.utf8)
        var address = sockaddr_un()
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return nil }
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, byte) in bytes.enumerated() { raw[i] = byte }
            if path.hasPrefix("@") { raw[0] = 0 }
        }
        let length =
            path.hasPrefix("@")
            ? socklen_t(MemoryLayout<sa_family_t>.size + bytes.count) : socklen_t(MemoryLayout<sockaddr_un>.size)
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, length) }
        }
    }

    /// The path a Unix socket is bound to, or nil for another kind of socket.
    public static func boundPath(of descriptor: Int32) -> String? {
        var address = sockaddr_un()
        var length = socklen_t(MemoryLayout<sockaddr_un>.size)
        let result = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard result == 0, address.sun_family == sa_family_t(AF_UNIX) else { return nil }
        return withUnsafeBytes(of: address.sun_path) { raw in String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self) }
    }
}

extension UnixAddress {
    /// The address a Unix socket is connected to, as `with` takes it ("@" before an abstract name), or nil for another
    /// kind of socket, or one not connected.
    public static func peerPath(of descriptor: Int32) -> String? {
        var address = sockaddr_un()
        var length = socklen_t(MemoryLayout<sockaddr_un>.size)
        let result = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getpeername(descriptor, $0, &length) }
        }
        let header = MemoryLayout<sa_family_t>.size
        guard result == 0, address.sun_family == sa_family_t(AF_UNIX), Int(length) > header else { return nil }
        return withUnsafeBytes(of: address.sun_path) { raw in
            let name = raw.prefix(Int(length) - header)
            guard name.first == 0 else { return String(decoding: name.prefix { $0 != 0 }, as: UTF8.self) }
            return "@" + String(decoding: name.dropFirst(), as: UTF8.self)
        }
    }
}

/// What `errno` means, in the system's words ("No such file or directory").
public func errnoText() -> String { String(cString: strerror(errno)) }
