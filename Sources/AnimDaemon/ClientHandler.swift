import AnimProtocol
import Logging
import NIOCore

/// One connection: bytes → NDJSON lines (`LineFramer`) → the core → responses.
/// Its errors are caught and end this connection only.
final class ClientHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private let core: NIOLoopBound<DaemonCore>
    private var framer = LineFramer()
    private var client: ClientConnection?

    init(core: NIOLoopBound<DaemonCore>) { self.core = core }

    func channelActive(context: ChannelHandlerContext) {
        switch core.value.admit(context.channel) {
        case let .success(client):
            self.client = client
            context.fireChannelActive()
        case let .failure(refusal):
            let channel = context.channel
            let line = OutgoingLine.make(channel.allocator) { RPCLine.writeError(id: .null, refusal, into: &$0) }
            context.writeAndFlush(wrapOutboundOut(line))
                .whenComplete { _ in channel.close(promise: nil) }
        }
    }

    /// A client's turn: at most this many lines, and no more once this many seconds of work were spent on them (a
    /// `daemon.reload` of a large config is one turn alone). A client that pipelines thousands of requests, or of
    /// notifications that answer nothing, cannot keep the other clients and the frames waiting behind it: the rest
    /// waits in the framer for the client's next turn, after what else the loop has to do.
    static let linesPerTurn = 32
    static let turnSeconds = 0.001

    /// Whether NIO reads this client's socket: not while its answers wait for it to read, nor while lines it
    /// already sent wait for their turn.
    private var reading = true
    private var turnScheduled = false
    /// The client closed its side: once every line it sent is answered, the connection closes.
    private var inputClosed = false
    /// Its socket is full and answers wait in NIO: no line of it is taken until they are written.
    private var stalled = false

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard let client, !client.isClosing else { return }
        unwrapInboundIn(data).withUnsafeReadableBytes { takeLines($0.assumingMemoryBound(to: UInt8.self), context: context, client: client) }
    }

    /// Answers lines until the client's socket is full or its turn is over, then reads its socket again only once
    /// nothing of its own waits: a client that does not read its answers is stalled, never dropped for them.
    private func takeLines(_ bytes: UnsafeBufferPointer<UInt8>, context: ChannelHandlerContext, client: ClientConnection) {
        let core = core.value
        let started = core.now()
        var taken = 0, wrote = false, tooLong = false
        framer.feed(bytes) { piece in
            switch piece {
            case let .line(line):
                taken += 1
                if !line.isEmpty, let reply = RequestRouter(target: core).handle(line: line, from: client) {
                    // Through the client's one send path, after the events this request produced.
                    client.sendAnswer(OutgoingLine.make(context.channel.allocator) { reply.write(into: &$0) })
                    wrote = true
                }
                return context.channel.isWritable && !client.isClosing && taken < Self.linesPerTurn && core.now() - started < Self.turnSeconds
            case .tooLong:
                tooLong = true
                return false
            }
        }
        if tooLong { return refuseOversizedLine(context: context, client: client) }
        if wrote { core.enforceBacklog(of: client) }
        guard !client.isClosing else { return }
        let waiting = framer.holdsWholeLines
        if inputClosed && !waiting { return closeAfterAnswers(context: context, client: client) }
        if !context.channel.isWritable, !stalled {
            stalled = true
            core.logger.debug("client stalled: its answers wait for it to read", metadata: ["client": "\(client.id)"])
        }
        setReading(context.channel.isWritable && !waiting, context: context)
        // A turn that ended with lines left goes on after the others' (a full socket goes on when it drains).
        if waiting, context.channel.isWritable { scheduleTurn(context: context) }
    }

    private func scheduleTurn(context: ChannelHandlerContext) {
        guard !turnScheduled else { return }
        turnScheduled = true
        let bound = NIOLoopBound((handler: self, context: context), eventLoop: context.eventLoop)
        context.eventLoop.execute {
            let (handler, context) = bound.value
            handler.turnScheduled = false
            handler.takeWaitingLines(context: context)
        }
    }

    /// The lines kept from an earlier turn, if any, else reading the socket again; nothing while the socket is full
    /// (the writability change comes back here).
    private func takeWaitingLines(context: ChannelHandlerContext) {
        guard let client, !client.isClosing, context.channel.isWritable else { return }
        stalled = false
        guard framer.holdsWholeLines else { return setReading(true, context: context) }
        takeLines(UnsafeBufferPointer(start: nil, count: 0), context: context, client: client)
    }

    /// After the client closed its side: once its last line is answered, everything it is owed goes, then the
    /// connection closes.
    private func closeAfterAnswers(context: ChannelHandlerContext, client: ClientConnection) {
        client.isClosing = true
        let channel = context.channel
        // A write completes after every write before it, so the close comes after the last answer.
        channel.writeAndFlush(channel.allocator.buffer(capacity: 0)).whenComplete { _ in channel.close(promise: nil) }
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let event = event as? ChannelEvent, event == .inputClosed, let client, !client.isClosing {
            inputClosed = true
            if !framer.holdsWholeLines { closeAfterAnswers(context: context, client: client) }
        }
        context.fireUserInboundEventTriggered(event)
    }

    private func setReading(_ on: Bool, context: ChannelHandlerContext) {
        guard on != reading else { return }
        reading = on
        try? context.channel.syncOptions?.setOption(.autoRead, value: on)
    }

    /// A line over the framer's limit: the client is told why, and closed.
    private func refuseOversizedLine(context: ChannelHandlerContext, client: ClientConnection) {
        let error = RPCError(.invalidRequest, "invalid request: message too large (more than \(framer.limit) bytes in one line)")
        core.value.logger.notice("closing a client that sent an oversized line", metadata: ["client": "\(client.id)"])
        client.isClosing = true
        let channel = context.channel
        let line = OutgoingLine.make(channel.allocator) { RPCLine.writeError(id: .null, error, into: &$0) }
        context.writeAndFlush(wrapOutboundOut(line)).whenComplete { _ in channel.close(promise: nil) }
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        if context.channel.isWritable, let client {
            core.value.flushPending(to: client)
            takeWaitingLines(context: context)
        }
        context.fireChannelWritabilityChanged()
    }

    func channelInactive(context: ChannelHandlerContext) {
        if let client { core.value.clientLeft(client) }
        client = nil
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        core.value.logger.debug("client connection error", metadata: ["error": "\(error)"])
        context.close(promise: nil)
    }
}
