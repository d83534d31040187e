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
        // Contiguous bytes (a NIO buffer, an array) are scanned for newlines in place, a chunk at a time; a
        // byte-by-byte walk through a generic collection cost more than the rest of a request.
        if let outputs = bytes.withContiguousStorageIfAvailable({ feed(contiguous: $0) }) { return outputs }
        return Array(bytes).withUnsafeBufferPointer { feed(contiguous: $0) }
    }

    private mutating func feed(contiguous bytes: UnsafeBufferPointer<UInt8>) -> [Output] {
        guard !failed else { return [] }
        var outputs: [Output] = []
        var start = 0
        while start < bytes.count {
            let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n"))
            let piece = UnsafeBufferPointer(rebasing: bytes[start..<(newline ?? bytes.count)])
            guard buffer.count + piece.count <= limit else {
                failed = true
                buffer = []
                outputs.append(.tooLong)
                return outputs
            }
            buffer.append(contentsOf: piece)
            guard let newline else { break }
            if buffer.last == UInt8(ascii: "\r") { buffer.removeLast() }
            outputs.append(.line(buffer))
            buffer.removeAll(keepingCapacity: true)
            start = newline + 1
        }
        return outputs
    }

    /// Bytes received after the last newline.
    public var pendingCount: Int { buffer.count }
}
