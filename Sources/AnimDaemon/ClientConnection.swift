import AnimCore
import AnimProtocol
import NIOCore
import TransitionModel
import UnixSupport

#if canImport(Glibc)
    import Glibc
#endif

/// One connected client, confined to the daemon's event loop.
///
/// It calls nothing back: what NIO reports of it, its drained writes included, reaches the core through its
/// `ClientHandler`.
final class ClientConnection {
    let channel: any Channel
    /// What it is owed and when (the fan-out policy).
    var queue = DeliveryQueue<ByteBuffer, CoalescingKey>()
    /// Where each buffer goes: straight to the socket, or to NIO behind what waits there.
    private var writer = ClientWriter()
    /// Its life, as `ClientHandler` drives it: kept here because the core closes connections and calls on their
    /// channels, which the machine must know at once.
    var machine = ConnectionMachine<ByteBuffer, any Error>()

    /// animd closed it (or asked NIO to): nothing more it sent is taken, and nothing more is sent to it.
    var isClosing: Bool { machine.isClosing }

    /// Who it is, as its declarations say: the daemon's number for it, the name it gave in `daemon.hello`, and its
    /// process from the socket's peer credentials (nil if the kernel gave none).
    private(set) var owner: TransitionOwner
    var id: Int { owner.connection }
    var name: String? {
        get { owner.client }
        set { owner.client = newValue }
    }

    /// What the connection tells its pipeline when NIO has written everything it was handed, so that frames held
    /// meanwhile can go: `ClientHandler` takes it as it takes what NIO reports, one event at a time and never from
    /// inside a call on the channel (NIO completes a failed write's promise there, with the core on the stack).
    struct WritesDrained {}

    /// The socket, borrowed once from NIO (the lookup is a dynamic cast, too dear per write). `writer` uses it only
    /// while the socket is known to be open.
    private let socket: NIOBSDSocket.Handle?

    /// Writes handed to NIO and not yet completed.
    var pendingWrites: Int { writer.pendingWrites }

    /// The channel went inactive: from now on everything goes to NIO, which refuses it.
    func channelClosed() { writer.channelClosed() }

    init(id: Int, channel: any Channel) {
        self.channel = channel
        socket = try? channel.pipeline.syncOperations.withUnsafeTransportIfAvailable(of: NIOBSDSocket.Handle.self) {
            $0
        }
        owner = TransitionOwner(connection: id, pid: socket.flatMap(PeerCredentials.init(of:)).map { Int($0.pid) })
    }

    /// Whether a frame may be sent now rather than held (and coalesced): nothing waits in NIO. (NIO holds only
    /// what `write` handed it, so its buffer is then empty and below its high-water mark; not asking the
    /// channel spares each subscriber an existential call on memory that is cold by the next frame.)
    var canTakeFrames: Bool { writer.canTakeFrames }

    /// Every byte to this client, responses and events alike, goes through here, in order, so that nothing
    /// overtakes anything (docs/architecture.md, "The write path").
    ///
    /// Each buffer is first written straight to the socket with one non-blocking `send()` on the event loop, as
    /// long as NIO holds nothing for this client. What the kernel does not take (a full socket, a partial write,
    /// an error) goes to NIO, and so does everything after it until NIO's writes complete; NIO then reports
    /// errors and closes as usual, and counts those bytes in the backlog.
    func send(_ buffer: ByteBuffer) {
        callingNIO { if !write(buffer) { channel.flush() } }
    }

    /// Closes the connection at once, whatever waits to be written, and takes nothing more of what the client sent
    /// (a client over its backlog, the shutdown's deadline).
    func close() {
        machine.animdCloses()
        closeChannel()
    }

    /// Closes the socket after an error on it; the lines the client sent before are still carried out.
    func closeChannel() { callingNIO { channel.close(mode: .all, promise: nil) } }

    /// Closes the connection once everything handed to NIO before now is written, or has failed (a write completes
    /// after every write before it).
    func closeAfterWrites() {
        machine.animdCloses()
        let channel = channel
        callingNIO {
            channel.writeAndFlush(channel.allocator.buffer(capacity: 0)).whenComplete { _ in channel.close(promise: nil)
            }
        }
    }

    /// Sends `bytes` after whatever NIO still holds for this client, then closes it, whether the write went through
    /// or not (the shutdown's last line); the channel's `closeFuture` says when.
    func close(after bytes: ByteBuffer) {
        machine.animdCloses()
        let channel = channel
        callingNIO { channel.writeAndFlush(bytes).whenComplete { _ in channel.close(promise: nil) } }
    }

    // MARK: - Calls into NIO

    /// Marks a call on the channel. What NIO reports meanwhile (a read, a close, an error, a completed write)
    /// happens inside that call, with its caller (often the core, in the middle of its work) on the stack: the
    /// machine has it taken once the call has returned.
    private func callingNIO<Result>(_ body: () -> Result) -> Result {
        machine.callBegins()
        defer { machine.callReturned() }
        return body()
    }

    /// NIO holds nothing more for this client: held frames may go, as its handler decides. A client whose
    /// pipeline is gone (it left) hears nothing.
    private func reportDrained() {
        channel.pipeline.fireUserInboundEventTriggered(WritesDrained())
    }

    /// Bytes of its answers waiting in NIO (`ClientWriter.answerBytesWaiting`).
    var answerBytesWaiting: Int { writer.answerBytesWaiting }

    /// Sends an answer to one of its requests, as `send` does.
    func sendAnswer(_ buffer: ByteBuffer) {
        send(buffer)
        writer.answerRouted(buffer.readableBytes)
    }

    // MARK: - Batches

    /// What one engine step owes this client, sent as one `send()` when the step ends (`endBatch`): four
    /// transitions animating cost one system call per client per frame rather than four.
    private var batch = StepBatch()

    /// Adds a buffer to the current batch; true when it is the batch's first, so the caller remembers to end it.
    func append(toBatch buffer: ByteBuffer) -> Bool { batch.append(buffer, allocator: channel.allocator) }

    /// Sends the batch, through `send`: the same order and the same fallback to NIO as any other write.
    func endBatch() {
        guard let bytes = batch.removeJoined() else { return }
        // A client disconnected meanwhile (its backlog) is owed nothing more.
        guard !isClosing else { return }
        send(bytes)
    }

    /// Writes straight to the socket when it can (true), else hands the rest to NIO unflushed (false).
    private func write(_ buffer: ByteBuffer) -> Bool {
        let outcome = writer.send(buffer.readableBytes) { offset in
            guard let socket else { return -1 }
            return buffer.withUnsafeReadableBytes { bytes in
                Glibc.send(
                    socket, bytes.baseAddress.map { $0 + offset }, bytes.count - offset,
                    Int32(MSG_DONTWAIT | MSG_NOSIGNAL))
            }
        }
        guard case let .handToNIO(offset) = outcome else { return true }
        var rest = buffer
        rest.moveReaderIndex(forwardBy: offset)
        let promise = channel.eventLoop.makePromise(of: Void.self)
        promise.futureResult.assumeIsolated().whenComplete { [self] result in
            let succeeded = if case .success = result { true } else { false }
            if writer.writeCompleted(succeeded: succeeded) { reportDrained() }
        }
        channel.write(rest, promise: promise)
        return false
    }
}
