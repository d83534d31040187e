/// Splits an incoming byte stream into NDJSON lines of at most `limit` bytes.
///
/// Pure and incremental, so that it is tested byte by byte; the daemon's NIO
/// decoder only feeds it. A line over the limit is reported once and the
/// stream is then unusable (the daemon answers -32600 and closes).
public struct LineFramer: Sendable {
    public static let maximumLineLength = 65_536

    public enum Output: Equatable, Sendable {
        case line([UInt8])
        case tooLong
    }

    public let limit: Int
    private var buffer: [UInt8] = []
    private var failed = false

    public init(limit: Int = LineFramer.maximumLineLength) { self.limit = limit }

    public mutating func feed(_ bytes: some Sequence<UInt8>) -> [Output] {
        guard !failed else { return [] }
        var outputs: [Output] = []
        for byte in bytes {
            if byte == UInt8(ascii: "\n") {
                if buffer.last == UInt8(ascii: "\r") { buffer.removeLast() }
                outputs.append(.line(buffer))
                buffer.removeAll(keepingCapacity: true)
            } else {
                buffer.append(byte)
                if buffer.count > limit {
                    failed = true
                    buffer = []
                    outputs.append(.tooLong)
                    return outputs
                }
            }
        }
        return outputs
    }

    /// Bytes received after the last newline.
    public var pendingCount: Int { buffer.count }
}
