/// Splits an incoming byte stream into NDJSON lines of at most `limit` bytes.
///
/// Pure and incremental, so that it is tested byte by byte; the daemon's NIO
/// handler only feeds it. A line over the limit is reported once and the
/// stream is then unusable (the daemon answers -32600 and closes). The reader
/// may stop taking lines at any one (its socket is full, or its turn is over):
/// the rest is kept, and handed out by the next call.
public struct LineFramer: Sendable {
    public static let maximumLineLength = 65_536

    /// What `feed` finds: a line (without its newline, or a CR before it), which lives only during the call that
    /// hands it over, or a line that went over the limit.
    public enum Piece {
        case line(UnsafeBufferPointer<UInt8>)
        case tooLong
    }

    public let limit: Int
    /// Bytes received and not handed out yet, from `consumed` on: whole lines kept back when the reader stopped,
    /// then the start of a line whose newline has not come yet.
    private var pending: [UInt8] = []
    /// How much of `pending` was handed out. The handed bytes are dropped only once they are at least half of it, so
    /// that a client whose megabyte of pipelined lines is taken a turn at a time does not have the rest moved on
    /// every turn (which made taking it quadratic).
    private var consumed = 0
    /// How far into `pending` it is known that no newline lies past `consumed`: what was scanned for a line's end and
    /// found none is not scanned again, so that a line that comes a byte at a time costs its length once, not its
    /// length at every byte (issue 48: the same rescan in the Hyprland reader held a core).
    private var scanned = 0
    private var failed = false

    public init(limit: Int = LineFramer.maximumLineLength) { self.limit = limit }

    /// Hands `body` each piece the bytes complete, after those kept from before, for as long as `body` returns
    /// true. A line the bytes hold whole (the usual case: one request per read) is handed in place, with no copy;
    /// only a line split across reads, or kept back, is copied. Returns false when `body` stopped it with whole
    /// lines kept back: `feed` again, with or without new bytes, to go on.
    @discardableResult
    public mutating func feed(_ bytes: UnsafeBufferPointer<UInt8>, _ body: (Piece) -> Bool) -> Bool {
        guard !failed else { return true }
        guard consumed < pending.count else {
            pending.removeAll(keepingCapacity: true)
            consumed = 0
            let (handed, stopped) = hand(bytes, knownFree: 0, to: body)
            if handed < bytes.count, !failed { pending.append(contentsOf: bytes[handed...]) }
            scanned = stopped ? 0 : pending.count
            return !stopped
        }
        pending.append(contentsOf: bytes)
        let start = consumed, knownFree = scanned - consumed
        let (handed, stopped) = pending.withUnsafeBufferPointer {
            hand(UnsafeBufferPointer(rebasing: $0[start...]), knownFree: knownFree, to: body)
        }
        if failed {
            pending = []
            consumed = 0
            scanned = 0
        } else {
            consumed += handed
            scanned = stopped ? consumed : pending.count
            if consumed * 2 >= pending.count {
                pending.removeFirst(consumed)
                scanned -= consumed
                consumed = 0
            }
        }
        return !stopped
    }

    /// Hands out the whole lines of `bytes` while `body` wants them: how many bytes were handed (a line's newline
    /// included), and whether `body` stopped with a whole line still there. The first `knownFree` bytes hold no
    /// newline: they were scanned before. When it returns with `stopped` false, what is left of `bytes` holds none.
    private mutating func hand(
        _ bytes: UnsafeBufferPointer<UInt8>, knownFree: Int,
        to body: (Piece) -> Bool
    ) -> (handed: Int, stopped: Bool) {
        var start = 0
        while start < bytes.count {
            // Scanned for the newline in place, from where no earlier call has looked.
            let newline = bytes[max(start, knownFree)...].firstIndex(of: UInt8(ascii: "\n"))
            guard (newline ?? bytes.count) - start <= limit else {
                failed = true
                _ = body(.tooLong)
                return (bytes.count, false)
            }
            guard let newline else { return (start, false) }
            var line = UnsafeBufferPointer(rebasing: bytes[start..<newline])
            if line.last == UInt8(ascii: "\r") { line = UnsafeBufferPointer(rebasing: line.dropLast()) }
            start = newline + 1
            guard body(.line(line)) else {
                let more = bytes[start...].contains(UInt8(ascii: "\n"))
                return (start, more)
            }
        }
        return (start, false)
    }

    /// Keeps `bytes` for a later `feed`, handing nothing out: what arrives while the reader carries out a batch line
    /// a turn at a time (NIO may still hand over a read it made before it was told to stop reading).
    public mutating func keep(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard !failed, !bytes.isEmpty else { return }
        pending.append(contentsOf: bytes)
    }

    /// Bytes received and not handed out: kept lines, and the start of the next.
    public var pendingCount: Int { pending.count - consumed }

    /// Whether whole lines were kept back when the reader stopped.
    public var holdsWholeLines: Bool { !failed && pending[max(consumed, scanned)...].contains(UInt8(ascii: "\n")) }
}
