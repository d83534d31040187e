import Glibc

/// Whether a display server answers, asked the way its own clients begin, before a library that waits without a
/// bound is let at it: Xlib's `XOpenDisplay` and libwayland's roundtrip wait for the server's first answer for as
/// long as it takes, so a socket that accepts and never answers held the backend's thread for good, and every later
/// `daemon.environment` waited for it (issue 48). The probe connects without blocking, sends `greeting` (what the
/// protocol's clients send first), and waits for the first byte back, whatever it says, within a time bound, in
/// slices that look at whether its thread is asked to stop. It tries the endpoints in the order the library would,
/// and probes the first that takes the connection, as the library would use it.
public enum SocketProbe {
    /// Where a server may listen: a Unix socket (a leading "@" names an abstract one) or a TCP port.
    public enum Endpoint: Hashable, Sendable {
        case unix(String)
        case tcp(host: String, port: Int)
    }

    public enum Outcome: Hashable, Sendable {
        /// The server sent something back, or closed: the library will not wait for it without end.
        case answered
        /// No endpoint took the connection (refused, absent): the library fails at once too.
        case unreachable
        /// The connection was not taken at once (a Unix socket's queue is full) or not answered within the bound.
        case silent(String)
        /// The thread was asked to stop meanwhile.
        case stopped

        /// Why the library must not be let at `server` ("the X server", "the compositor"), for the input's status;
        /// nil when it may: the server answered, or cannot be reached (the library fails at once).
        public func problem(of server: String) -> String? {
            switch self {
            case .answered, .unreachable: nil
            case .stopped: "animd is stopping this backend"
            case let .silent(why): "\(server) does not answer (\(why))"
            }
        }
    }

    /// How long a server may take to answer before its library is let at it: a display server under load answers
    /// its clients well within it.
    public static let answerBound = 2.0

    /// How often a wait looks at whether its thread is asked to stop.
    static let slice = 0.05

    /// `whileConnected` runs once the server has answered, before the probe's connection is closed: an X server
    /// resets itself when its last client leaves, and Xlib connecting during that reset fails, so the library is
    /// let connect while the probe still holds the server.
    public static func ask(
        _ endpoints: [Endpoint], greeting: [UInt8], within seconds: Double = answerBound,
        isStopping: () -> Bool, whileConnected: () -> Void = {}
    ) -> Outcome {
        let deadline = monotonicSeconds() + seconds
        for endpoint in endpoints {
            switch connect(endpoint, until: deadline, bound: seconds, isStopping: isStopping) {
            case .refused: continue
            case let .failed(outcome): return outcome
            case let .connected(descriptor):
                defer { close(descriptor) }
                let outcome = awaitAnswer(
                    descriptor, greeting: greeting, until: deadline, bound: seconds, isStopping: isStopping)
                if outcome == .answered { whileConnected() }
                return outcome
            }
        }
        return .unreachable
    }

    private enum Connection {
        case connected(Int32)
        case refused
        case failed(Outcome)
    }

    /// `bound`: the seconds `deadline` was set from, for the messages.
    private static func connect(_ endpoint: Endpoint, until deadline: Double, bound: Double, isStopping: () -> Bool)
        -> Connection
    {
        switch endpoint {
        case let .unix(path):
            let descriptor = socket(
                AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            guard descriptor >= 0 else { return .refused }
            let result = UnixAddress.with(path) { Glibc.connect(descriptor, $0, $1) } ?? -1
            if result == 0 { return .connected(descriptor) }
            let reason = errno
            close(descriptor)
            // A Unix socket whose listener does not accept fills its queue; a blocking connect then waits for good.
            if reason == EAGAIN {
                return .failed(.silent("\(path) takes no more connections: its server does not accept them"))
            }
            return .refused
        case let .tcp(host, port):
            return connectTCP(host: host, port: port, until: deadline, bound: bound, isStopping: isStopping)
        }
    }

    private static func connectTCP(
        host: String, port: Int, until deadline: Double, bound: Double, isStopping: () -> Bool
    ) -> Connection {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var found: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &found) == 0, let first = found else { return .refused }
        defer { freeaddrinfo(first) }
        var next: UnsafeMutablePointer<addrinfo>? = first
        while let info = next {
            next = info.pointee.ai_next
            let name = "\(host):\(port)"
            if let connection = connect(info.pointee, name: name, until: deadline, bound: bound, isStopping: isStopping)
            {
                return connection
            }
        }
        return .refused
    }

    /// One of a host's addresses: connected, failed for good, or nil to try the next.
    private static func connect(
        _ info: addrinfo, name: String, until deadline: Double, bound: Double, isStopping: () -> Bool
    ) -> Connection? {
        let descriptor = socket(
            info.ai_family, info.ai_socktype | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue),
            info.ai_protocol)
        guard descriptor >= 0 else { return nil }
        if Glibc.connect(descriptor, info.ai_addr, info.ai_addrlen) == 0 { return .connected(descriptor) }
        guard errno == EINPROGRESS else {
            close(descriptor)
            return nil
        }
        switch wait(descriptor, for: Int16(POLLOUT), until: deadline, isStopping: isStopping) {
        case .ready:
            var failure: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            if getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &failure, &length) == 0, failure == 0 {
                return .connected(descriptor)
            }
            close(descriptor)
            return nil
        case .timedOut:
            close(descriptor)
            return .failed(.silent("\(name) did not take the connection within \(bound) s"))
        case .stopped:
            close(descriptor)
            return .failed(.stopped)
        }
    }

    private static func awaitAnswer(
        _ descriptor: Int32, greeting: [UInt8], until deadline: Double, bound: Double,
        isStopping: () -> Bool
    ) -> Outcome {
        let sent = greeting.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        // A peer that closed or reset answered in its way: the library fails at once too.
        guard sent == greeting.count else { return .answered }
        switch wait(descriptor, for: Int16(POLLIN), until: deadline, isStopping: isStopping) {
        case .ready: return .answered
        case .stopped: return .stopped
        case .timedOut: return .silent("it took the connection but did not answer within \(bound) s")
        }
    }

    private enum Wait {
        case ready, timedOut, stopped
    }

    /// Waits for `events` (or an error or hang-up) on `descriptor` until `deadline`, a slice at a time.
    private static func wait(_ descriptor: Int32, for events: Int16, until deadline: Double, isStopping: () -> Bool)
        -> Wait
    {
        while true {
            if isStopping() { return .stopped }
            let left = deadline - monotonicSeconds()
            guard left > 0 else { return .timedOut }
            var entry = pollfd(fd: descriptor, events: events, revents: 0)
            let milliseconds = Int32((min(left, slice) * 1000).rounded(.up))
            if poll(&entry, 1, milliseconds) > 0, entry.revents != 0 { return .ready }
        }
    }
}

extension SocketProbe.Endpoint {
    /// Whether `descriptor` is a socket connected to this endpoint: the same Unix path or abstract name, or, for TCP,
    /// the same port (the host is not compared: a name may stand for several addresses).
    public func isPeer(of descriptor: Int32) -> Bool {
        switch self {
        case let .unix(path):
            return UnixAddress.peerPath(of: descriptor) == path
        case let .tcp(_, port):
            var address = sockaddr_storage()
            var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
            let result = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getpeername(descriptor, $0, &length) }
            }
            guard result == 0 else { return false }
            switch Int32(address.ss_family) {
            case AF_INET:
                return withUnsafeBytes(of: address) { $0.load(as: sockaddr_in.self) }.sin_port
                    == in_port_t(port).bigEndian
            case AF_INET6:
                return withUnsafeBytes(of: address) { $0.load(as: sockaddr_in6.self) }.sin6_port
                    == in_port_t(port).bigEndian
            default:
                return false
            }
        }
    }
}
