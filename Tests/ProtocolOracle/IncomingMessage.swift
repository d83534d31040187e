public import AnimProtocol
public import JSONText

/// One line a client sent, classified, with its params as a tree: the reference reader the tests and the protocol
/// fuzzer hold the daemon's in-place reading (`IncomingRequest`) to. It checks the envelope by the daemon's own
/// rules (`Envelope`), and builds the tree the daemon never builds.
public indirect enum IncomingMessage: Sendable {
    /// A request: answer it with the same id.
    case request(id: JSONValue, method: String, params: JSONValue?)
    /// A notification (no id): carry it out, answer nothing.
    case notification(method: String, params: JSONValue?)
    /// Not a request; answer with this error and id (null when unknown).
    case invalid(id: JSONValue, error: RPCError)
    /// A batch: its members, in order.
    case batch([IncomingMessage])

    /// Parses one line (without its newline) as JSON-RPC 2.0.
    public static func parse(_ line: some Collection<UInt8>) -> IncomingMessage {
        line.withContiguousStorageIfAvailable { classify($0) } ?? Array(line).withUnsafeBufferPointer { classify($0) }
    }

    private static func classify(_ line: UnsafeBufferPointer<UInt8>) -> IncomingMessage {
        func tree(_ envelope: Envelope) -> IncomingMessage {
            switch envelope {
            case let .request(id, method, params): .request(id: id, method: method, params: params?.value)
            case let .notification(method, params): .notification(method: method, params: params?.value)
            case let .invalid(id, error): .invalid(id: id, error: error)
            case let .batch(members): .batch(members.map(tree))
            }
        }
        return Envelope.read(line, tree)
    }
}
