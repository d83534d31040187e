/// The write path to one client as a value (docs/architecture.md, "The write path"): where each buffer goes, and
/// what NIO's completed writes mean. `ClientConnection` carries out what it decides; tests drive it with a fake
/// kernel.
///
/// - A buffer is first offered to the socket with one non-blocking `send()`, but only while NIO holds nothing for
///   this client: once anything waits there, everything after it waits there too, so nothing overtakes anything.
/// - What the kernel does not take (a full socket, a partial write, an error) goes to NIO, from the first byte not
///   taken.
/// - Once the socket may be closed (the channel went inactive, or a write NIO was handed failed: NIO fails pending
///   writes right after it closes the descriptor, and the number may be reused), nothing is sent directly again.
struct ClientWriter {
    /// Writes handed to NIO and not yet completed.
    private(set) var pendingWrites = 0
    /// False from the moment NIO may have closed the socket.
    private(set) var isOpen = true
    /// Bytes of answers handed to NIO since it last held nothing. The client asked for them and takes them at its
    /// own pace, and its requests are not read meanwhile, so they are bounded by what it asked; they do not count
    /// toward `max-backlog`, which bounds the events it did not ask for.
    private(set) var answerBytesWaiting = 0

    /// Where a buffer of `count` bytes went.
    enum Outcome: Hashable {
        /// The kernel took it all.
        case sent
        /// Hand it to NIO, from byte `offset` on (the kernel took the bytes before it).
        case handToNIO(offset: Int)
    }

    /// Whether a frame may be sent now rather than held (and coalesced): nothing waits in NIO.
    var canTakeFrames: Bool { pendingWrites == 0 }

    /// Routes a buffer of `count` bytes. `kernel` is one non-blocking send of the bytes from an offset on; it
    /// returns how many it took, or a negative number for an error (EAGAIN included). It is called only when a
    /// direct send may go first.
    mutating func send(_ count: Int, kernel: (_ offset: Int) -> Int) -> Outcome {
        guard count > 0 else { return .sent }
        var offset = 0
        if pendingWrites == 0, isOpen {
            let taken = kernel(0)
            if taken >= count { return .sent }
            offset = max(0, taken)
        }
        pendingWrites += 1
        return .handToNIO(offset: offset)
    }

    /// An answer of `count` bytes was just routed: counted while NIO holds anything.
    mutating func answerRouted(_ count: Int) {
        if pendingWrites > 0 { answerBytesWaiting += count }
    }

    /// A write handed to NIO completed; true when NIO now holds nothing, so that held frames may go.
    mutating func writeCompleted(succeeded: Bool) -> Bool {
        if !succeeded { isOpen = false }
        pendingWrites = max(0, pendingWrites - 1)
        if pendingWrites == 0 { answerBytesWaiting = 0 }
        return pendingWrites == 0
    }

    /// The channel went inactive: from now on everything goes to NIO, which refuses it.
    mutating func channelClosed() { isOpen = false }
}
