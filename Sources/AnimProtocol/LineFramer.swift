/// Splits an incoming byte stream into NDJSON lines of at most `limit` bytes.
///
/// Pure and incremental, so that it is tested byte by byte; the daemon's NIO
/// handler only feeds it. A line over the limit is reported once and the
/// stream is then unusable (the daemon answers -32600 and closes).
public struct LineFramer: Sendable {
    public static let maximumLineLength = 65_536

    /// What `feed` finds: a line (without its newline, or a CR before it), which lives only during the call that
    /// hands it over, or a line that went over the limit.
    public enum Piece {
        case line(UnsafeBufferPointer<UInt8>)
        case tooLong
    }

    public let limit: Int
    /// The start of a line whose newline has not come yet.
    private var pending: [UInt8] = []
    private var failed = false

    public init(limit: Int = LineFramer.maximumLineLength) { self.limit = limit }

    /// Hands `body` each piece the bytes complete. A line the bytes hold whole (the usual case: one request per
    /// read) is handed in place, with no copy; only a line split across reads is gathered first.
    public mutating func feed(_ bytes: UnsafeBufferPointer<UInt8>, _ body: (Piece) -> Void) {
        guard !failed else { return }
        var start = 0
        while start < bytes.count {
            // Scanned for the newline in place, a chunk at a time.
            let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n"))
            let piece = UnsafeBufferPointer(rebasing: bytes[start..<(newline ?? bytes.count)])
            guard pending.count + piece.count <= limit else {
                failed = true
                pending = []
                return body(.tooLong)
            }
            guard let newline else {
                pending.append(contentsOf: piece)
                return
            }
            if pending.isEmpty {
                Self.hand(piece, to: body)
            } else {
                pending.append(contentsOf: piece)
                pending.withUnsafeBufferPointer { Self.hand($0, to: body) }
                pending.removeAll(keepingCapacity: true)
            }
            start = newline + 1
        }
    }

    private static func hand(_ line: UnsafeBufferPointer<UInt8>, to body: (Piece) -> Void) {
        body(.line(line.last == UInt8(ascii: "\r") ? UnsafeBufferPointer(rebasing: line.dropLast()) : line))
    }

    /// Bytes received after the last newline.
    public var pendingCount: Int { pending.count }
}
