public import AnimProtocol
public import JSONText
import UnixSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why talking to animd failed.
public enum ClientError: Error, CustomStringConvertible, Sendable {
    case cannotConnect(path: String, reason: String)
    case closed
    case timedOut
    case io(String)
    case badResponse(String)

    public var description: String {
        switch self {
        case let .cannotConnect(path, reason):
            "cannot connect to animd at \(path): \(reason) (is animd running? see --socket and ANIMD_SOCKET)"
        case .closed: "animd closed the connection"
        case .timedOut: "timed out waiting for animd"
        case let .io(reason): "socket error: \(reason)"
        case let .badResponse(line): "animd sent something that is not JSON-RPC: \(line)"
        }
    }
}

/// A blocking JSON-RPC connection to animd over its Unix socket.
///
/// It knows only the wire contract. Notifications that arrive while waiting
/// for a response are kept, in order, for `nextNotification`.
public final class RPCConnection {
    private let fd: Int32
    private var buffer: [UInt8] = []
    private var nextID = 1
    private var queued: [JSONValue] = []

    public init(path: String) throws(ClientError) {
        switch UnixSocket.connect(to: path) {
        case let .success(descriptor): fd = descriptor
        case let .failure(reason): throw .cannotConnect(path: path, reason: reason.description)
        }
    }

    deinit { close(fd) }

    /// The socket, for callers that wait on many connections with poll().
    public var descriptor: Int32 { fd }

    /// Whether a whole line is already buffered, so poll() would not report it.
    public var hasBufferedLine: Bool { buffer.contains(UInt8(ascii: "\n")) }

    /// Sends one raw line (a newline is added if missing).
    public func send(raw line: String) throws(ClientError) {
        var bytes = Array(line.utf8)
        if bytes.last != UInt8(ascii: "\n") { bytes.append(UInt8(ascii: "\n")) }
        try send(bytes: bytes)
    }

    /// A daemon that has gone away is an error here (EPIPE), never a SIGPIPE that would kill the host process.
    public func send(bytes: [UInt8]) throws(ClientError) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { sendWithoutSignal(fd, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                throw .io(errnoText())
            }
            offset += written
        }
    }

    /// Calls a method and waits for its response. Protocol errors come back as `.failure`.
    public func call(_ method: String, _ params: JSONValue? = nil, timeout: Double = 10) throws(ClientError) -> Result<
        JSONValue, RPCError
    > {
        let id = nextID
        nextID += 1
        do {
            try send(raw: RPCLine.request(id: id, method: method, params: params))
        } catch {
            // A daemon that refused us (full) wrote why and closed before our request went out: the reason is
            // still in our receive buffer.
            if let refusal = connectionError() { return .failure(refusal) }
            throw error
        }
        while true {
            guard let message = try readMessage(timeout: timeout) else { throw .closed }
            if message["id"]?.integer == id {
                if let error = message["error"] { return .failure(Self.rpcError(error)) }
                return .success(message["result"] ?? .null)
            }
            // An error with a null id is about the connection itself (the daemon is full, or our line was too
            // long): it is the answer to whatever we asked, and the daemon closes next.
            if message["id"] == .null, let error = message["error"] { return .failure(Self.rpcError(error)) }
            if message["method"] != nil && message["id"] == nil { queued.append(message) }
        }
    }

    /// Sends `calls` as one batch (JSON-RPC 2.0, section 6) in one write, and returns each one's answer, in order:
    /// a widget subscribes and reads its state in one round trip. The notifications that came before the batch's
    /// answer (the events its requests produced) are kept for `nextNotification`.
    public func callBatch(_ calls: [(method: String, params: JSONValue?)], timeout: Double = 10) throws(ClientError)
        -> [Result<JSONValue, RPCError>]
    {
        guard !calls.isEmpty else { return [] }
        let first = nextID
        nextID += calls.count
        try send(raw: RPCLine.batch(firstID: first, calls))
        while true {
            guard let message = try readMessage(timeout: timeout) else { throw .closed }
            if let answers = message.array {
                var byID: [Int: Result<JSONValue, RPCError>] = [:]
                for answer in answers {
                    guard let id = answer["id"]?.integer else { continue }
                    byID[id] =
                        answer["error"].map { .failure(Self.rpcError($0)) } ?? .success(answer["result"] ?? .null)
                }
                let results = (first..<first + calls.count).compactMap { byID[$0] }
                guard results.count == calls.count else {
                    throw .badResponse("the batch's answer lacks some of its \(calls.count) requests")
                }
                return results
            }
            // One error for the whole line (too long, the daemon full): it answers every request of it.
            if message["id"] == .null, let error = message["error"] {
                return calls.map { _ in .failure(Self.rpcError(error)) }
            }
            if message["method"] != nil && message["id"] == nil { queued.append(message) }
        }
    }

    /// The next notification, or nil when animd closed the connection.
    public func nextNotification(timeout: Double? = nil) throws(ClientError) -> JSONValue? {
        if !queued.isEmpty { return queued.removeFirst() }
        while true {
            guard let message = try readMessage(timeout: timeout) else { return nil }
            if message["id"] == nil { return message }
        }
    }

    /// The next line as raw bytes (without the newline), or nil at end of stream.
    public func readLine(timeout: Double? = nil) throws(ClientError) -> [UInt8]? {
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = Array(buffer[..<newline])
                buffer.removeSubrange(...newline)
                return line
            }
            var pollfd = Glibc.pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&pollfd, 1, timeout.map { Int32(max(0, $0 * 1000)) } ?? -1)
            if ready < 0 {
                if errno == EINTR { continue }
                throw .io(errnoText())
            }
            if ready == 0 { throw .timedOut }
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .io(errnoText())
            }
            if count == 0 { return nil }
            buffer.append(contentsOf: chunk[..<count])
        }
    }

    private func readMessage(timeout: Double?) throws(ClientError) -> JSONValue? {
        guard let line = try readLine(timeout: timeout) else { return nil }
        switch (try? JSONParser.parse(line)) {
        case let .some(value): return value
        case .none: throw .badResponse(String(decoding: line, as: UTF8.self))
        }
    }

    /// A null-id error already received, if any, without waiting.
    private func connectionError() -> RPCError? {
        while let message = try? readMessage(timeout: 0) {
            if message["id"] == .null, let error = message["error"] { return Self.rpcError(error) }
        }
        return nil
    }

    private static func rpcError(_ error: JSONValue) -> RPCError {
        RPCError(code: error["code"]?.integer ?? 0, message: error["message"]?.string ?? "", data: error["data"])
    }

}

/// send(2) that reports a closed peer as EPIPE instead of raising SIGPIPE (Linux's MSG_NOSIGNAL).
private func sendWithoutSignal(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
        send(descriptor, bytes, count, Int32(MSG_NOSIGNAL))
    #else
        write(descriptor, bytes, count)
    #endif
}
