#if canImport(Glibc)
import Glibc
#endif
import AnimProtocol
import NIOCore

/// One connected client, confined to the daemon's event loop.
final class ClientConnection {
    let id: Int
    let channel: any Channel
    var subscriptions: [Int: Subscription] = [:]
    /// What it is owed and when (the fan-out policy).
    var queue = DeliveryQueue<ByteBuffer>()
    var isClosing = false
    /// Writes handed to NIO and not yet completed: while there are any, everything follows them there.
    private(set) var pendingWrites = 0
    /// Called when NIO has written everything it was handed, so that frames held meanwhile can go.
    var drained: (() -> Void)?

    /// The socket, borrowed once from NIO (the lookup is a dynamic cast, too dear per write). It is used only while
    /// `isOpen`.
    private let socket: NIOBSDSocket.Handle?
    /// False from the moment NIO may have closed the socket: the channel went inactive, or a write NIO was handed
    /// failed (NIO fails pending writes right after it closes the descriptor, before it reports the channel
    /// inactive, and those failures are the first we hear of it). The descriptor number may be reused after that.
    private(set) var isOpen = true

    /// The channel went inactive: from now on everything goes to NIO, which refuses it.
    func channelClosed() { isOpen = false }

    init(id: Int, channel: any Channel) {
        self.id = id
        self.channel = channel
        socket = try? channel.pipeline.syncOperations.withUnsafeTransportIfAvailable(of: NIOBSDSocket.Handle.self) { $0 }
    }

    /// Whether a frame may be sent now rather than held (and coalesced): nothing waits in NIO. (NIO holds only
    /// what `write` handed it, so its buffer is then empty and below its high-water mark; not asking the
    /// channel spares each subscriber an existential call on memory that is cold by the next frame.)
    var canTakeFrames: Bool { pendingWrites == 0 }

    /// Every byte to this client, responses and events alike, goes through here, in order, so that nothing
    /// overtakes anything (docs/architecture.md, "The write path").
    ///
    /// Each buffer is first written straight to the socket with one non-blocking `send()` on the event loop, as
    /// long as NIO holds nothing for this client. What the kernel does not take (a full socket, a partial write,
    /// an error) goes to NIO, and so does everything after it until NIO's writes complete; NIO then reports
    /// errors and closes as usual, and counts those bytes in the backlog.
    func send(_ buffer: ByteBuffer) {
        if !write(buffer) { channel.flush() }
    }

    // MARK: - Batches

    /// What one engine step owes this client, sent as one `send()` when the step ends (`endBatch`): four
    /// transitions animating cost one system call per client per frame rather than four.
    private var batch: ByteBuffer?
    /// The batch's first buffer, kept as it is: a step that owes one line (the usual case) copies nothing.
    private var batchHead: ByteBuffer?

    /// Adds a buffer to the current batch; true when it is the batch's first, so the caller remembers to end it.
    func append(toBatch buffer: ByteBuffer) -> Bool {
        guard let head = batchHead else {
            batchHead = buffer
            return true
        }
        if batch == nil {
            var joined = channel.allocator.buffer(capacity: head.readableBytes + buffer.readableBytes * 4)
            joined.writeImmutableBuffer(head)
            batch = joined
        }
        batch?.writeImmutableBuffer(buffer)
        return false
    }

    /// Sends the batch, through `send`: the same order and the same fallback to NIO as any other write.
    func endBatch() {
        guard let head = batchHead else { return }
        let joined = batch
        batchHead = nil
        batch = nil
        // A client disconnected meanwhile (its backlog) is owed nothing more.
        guard !isClosing else { return }
        send(joined ?? head)
    }

    /// Writes straight to the socket when it can (true), else hands the rest to NIO unflushed (false).
    private func write(_ buffer: ByteBuffer) -> Bool {
        var buffer = buffer
        if pendingWrites == 0, sendDirectly(&buffer) { return true }
        pendingWrites += 1
        let promise = channel.eventLoop.makePromise(of: Void.self)
        promise.futureResult.assumeIsolated().whenComplete { [self] result in
            if case .failure = result { isOpen = false }
            pendingWrites -= 1
            if pendingWrites == 0 { drained?() }
        }
        channel.write(buffer, promise: promise)
        return false
    }

    /// One `send(MSG_DONTWAIT | MSG_NOSIGNAL)`; true when the kernel took the whole buffer.
    private func sendDirectly(_ buffer: inout ByteBuffer) -> Bool {
        guard let socket, isOpen else { return false }
        let written = buffer.withUnsafeReadableBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT | MSG_NOSIGNAL)) }
        guard written > 0 else { return false }
        buffer.moveReaderIndex(forwardBy: written)
        return buffer.readableBytes == 0
    }

    /// Whether any subscription wants this event, and the most demanding rate
    /// among those that do (nil: unlimited). On the fan-out path: no allocation.
    func interest(group: EventGroup, transition: String?) -> (wanted: Bool, rate: Double?) {
        var wanted = false
        var rate: Double? = 0
        for subscription in subscriptions.values where subscription.wants(group: group, transition: transition) {
            wanted = true
            if let limit = subscription.maxRate, let current = rate { rate = max(current, limit) } else { rate = nil }
        }
        return (wanted, rate)
    }
}
