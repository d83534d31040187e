import Glibc
import TouchRelay

/// The relay's end of its socket with animd: lines out through a buffer animd may leave unread up to a limit, lines
/// in, whole. When animd stops reading, what it has not read is dropped, and it is told to start again (`resync`)
/// once it reads.
struct AnimdChannel {
    /// What animd may leave unread before the relay stops holding anything (256 KiB: seconds of touches).
    static let outboxLimit = 256 * 1024

    let socket: Int32
    private var outbox: [UInt8] = []
    private var inbox: [UInt8] = []
    /// Reports were dropped while animd did not read.
    private var owesResync = false

    init(socket: Int32) { self.socket = socket }

    var hasUnsent: Bool { !outbox.isEmpty || owesResync }

    /// Queues and sends a line; false when animd has left so much unread that it was dropped (the caller stops
    /// holding touches for it).
    mutating func send(_ message: RelayMessage) -> Bool {
        guard !owesResync else { return true }
        outbox += Array((message.line + "\n").utf8)
        _ = flush()
        guard outbox.count > Self.outboxLimit else { return true }
        outbox.removeAll()
        owesResync = true
        return false
    }

    /// Sends what is queued; true when a `resync` owed went out (animd reads again).
    mutating func flush() -> Bool {
        var resynced = false
        if owesResync, outbox.isEmpty {
            outbox = Array((RelayMessage.resync.line + "\n").utf8)
            owesResync = false
            resynced = true
        }
        while !outbox.isEmpty {
            let sent = outbox.withUnsafeBytes {
                Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT | MSG_NOSIGNAL))
            }
            guard sent > 0 else { break }
            outbox.removeFirst(sent)
        }
        return resynced
    }

    /// The commands animd sent; nil once it has gone. A line that is no command is logged and skipped.
    mutating func receive() -> [RelayCommand]? {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = recv(socket, &buffer, buffer.count, Int32(MSG_DONTWAIT))
        if count == 0 || (count < 0 && errno != EAGAIN && errno != EINTR) { return nil }
        guard count > 0 else { return [] }
        inbox += buffer.prefix(count)
        var commands: [RelayCommand] = []
        while let end = inbox.firstIndex(of: UInt8(ascii: "\n")) {
            let line = String(decoding: inbox[..<end], as: UTF8.self)
            inbox.removeSubrange(...end)
            if let command = RelayCommand(line: Substring(line)) {
                commands.append(command)
            } else {
                FileHandleStandardError.write("animd-touch-relay: ignoring \"\(line.prefix(80))\"\n")
            }
        }
        // A line longer than any command: dropped.
        if inbox.count > 16 * 1024 { inbox.removeAll() }
        return commands
    }
}
