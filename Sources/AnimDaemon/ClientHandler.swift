import AnimProtocol
import Logging
import NIOCore

/// One connection: bytes → NDJSON lines (`LineFramer`) → the core → responses.
/// Its errors are caught and end this connection only.
///
/// Everything NIO reports goes through one `Inbox` and is taken one event at a time, never from inside another
/// (issue 47): NIO reads, closes and fails writes from inside the writes that a turn, or the core on another
/// client's behalf, makes on this channel.
final class ClientHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private let core: NIOLoopBound<DaemonCore>
    /// Where the client's next turn waits, among the other clients' (`TurnQueue`).
    private let turns: NIOLoopBound<TurnQueue>
    private var framer = LineFramer()
    /// A batch line whose members are being carried out, a turn's worth at a time; the lines after it wait for it.
    private var batch: BatchInProgress?
    private var client: ClientConnection?

    /// Where the client is in its connection's life; it only moves forward.
    private enum Peer {
        case connected
        /// It closed its side: once every line it sent is answered, the connection closes.
        case doneSending
        /// The channel is closed (the client went away, or animd closed it): lines it sent before are still carried
        /// out, unless animd closed it, and their answers go nowhere.
        case gone
    }

    /// What NIO reported, and the handler's own next turn.
    private enum Event {
        case bytes(ByteBuffer)
        /// The client closed its side: once every line it sent is answered, the connection closes.
        case inputClosed
        case writable
        /// NIO wrote everything it was handed (`ClientConnection.WritesDrained`).
        case drained
        /// Lines kept from an earlier turn wait for the next.
        case turn
        case error(any Error)
        case inactive
    }

    private var inbox = Inbox<Event>()

    init(core: NIOLoopBound<DaemonCore>, turns: NIOLoopBound<TurnQueue>) { self.core = core; self.turns = turns }

    /// A client's turn: at most this many lines, and no more once this many seconds of work were spent on them (a
    /// `daemon.reload` of a large config is one turn alone). A client that pipelines thousands of requests, or of
    /// notifications that answer nothing, cannot keep the other clients and the frames waiting behind it: the rest
    /// waits in the framer for the client's next turn, after what else the loop has to do.
    static let linesPerTurn = 32
    static let turnSeconds = 0.001

    /// Whether NIO reads this client's socket, and if not, what it waits for.
    private enum Flow {
        /// NIO reads it: nothing of the client's waits.
        case reading
        /// Lines it sent wait in the framer for its next turn.
        case linesWaiting
        /// Its socket is full and answers wait in NIO: no line of it is taken until they are written.
        case stalled
    }

    /// The loop's callbacks asked for and not yet run, so that each is asked for once.
    private struct Pending: OptionSet {
        let rawValue: UInt8
        /// The client's next turn (`Event.turn`).
        static let turn = Pending(rawValue: 1)
        /// A round of the inbox, after a call on the channel has returned.
        static let round = Pending(rawValue: 2)
    }

    private var peer = Peer.connected
    private var flow = Flow.reading
    private var pending: Pending = []

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

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        post(.bytes(unwrapInboundIn(data)), context: context)
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event is ClientConnection.WritesDrained { return post(.drained, context: context) }
        if let event = event as? ChannelEvent, event == .inputClosed { post(.inputClosed, context: context) }
        context.fireUserInboundEventTriggered(event)
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        if context.channel.isWritable { post(.writable, context: context) }
        context.fireChannelWritabilityChanged()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) { post(.error(error), context: context) }

    func channelInactive(context: ChannelHandlerContext) {
        // At once, even from inside a call: the descriptor is closed and its number may be reused, so nothing may be
        // sent to it directly from now on.
        client?.channelClosed()
        post(.inactive, context: context)
        context.fireChannelInactive()
    }

    // MARK: - One event at a time

    /// Takes `event` now, unless the handler is taking one already (it comes after) or its connection is inside a
    /// call on the channel (the loop's next turn takes it, once the caller has returned).
    private func post(_ event: Event, context: ChannelHandlerContext) {
        inbox.post(event)
        if inbox.isTaking { return }
        if client?.isCallingNIO == true { return scheduleRound(context: context) }
        takeEvents(context: context)
    }

    private func scheduleRound(context: ChannelHandlerContext) {
        guard pending.insert(.round).inserted else { return }
        onTheLoopsNextTurn(context) { handler, context in
            handler.pending.remove(.round)
            handler.takeEvents(context: context)
        }
    }

    /// Runs `body` once the loop has finished what it is doing now (and what it had queued before).
    private func onTheLoopsNextTurn(
        _ context: ChannelHandlerContext, _ body: @escaping (ClientHandler, ChannelHandlerContext) -> Void
    ) {
        let bound = NIOLoopBound((handler: self, context: context, body: body), eventLoop: context.eventLoop)
        context.eventLoop.execute {
            let (handler, context, body) = bound.value
            body(handler, context)
        }
    }

    private func takeEvents(context: ChannelHandlerContext) {
        guard inbox.beginTaking() else { return }
        while let event = inbox.next() { handle(event, context: context) }
    }

    private func handle(_ event: Event, context: ChannelHandlerContext) {
        guard let client else { return }
        switch event {
        case let .bytes(buffer):
            guard !client.isClosing else { return }
            buffer.withUnsafeReadableBytes {
                takeLines($0.assumingMemoryBound(to: UInt8.self), context: context, client: client)
            }
        case .inputClosed:
            guard !client.isClosing else { return }
            if peer == .connected { peer = .doneSending }
            if !holdsWork { client.closeAfterWrites() }
        case .writable:
            core.value.flushPending(to: client)
            takeWaitingLines(context: context, client: client)
        case .turn:
            takeWaitingLines(context: context, client: client)
        case .drained:
            core.value.flushPending(to: client)
        case let .error(error):
            core.value.logger.debug(
                "client connection error", metadata: ["client": "\(client.id)", "error": "\(error)"])
            client.closeChannel()
        case .inactive:
            peer = .gone
            if !client.isClosing, holdsWork { return scheduleTurn(context: context) }
            leave(client)
        }
    }

    /// The connection is over: the core forgets the client.
    private func leave(_ client: ClientConnection) {
        core.value.clientLeft(client)
        self.client = nil
    }

    // MARK: - Turns

    /// Answers lines until the client's socket is full or its turn is over, then reads its socket again only once
    /// nothing of its own waits: a client that does not read its answers is stalled, never dropped for them. A batch
    /// line's members count as lines: a batch goes on over the client's next turns, the lines after it wait for it.
    private func takeLines(
        _ bytes: UnsafeBufferPointer<UInt8>, context: ChannelHandlerContext, client: ClientConnection
    ) {
        let core = core.value
        var turn = Turn(started: core.now())
        var tooLong = false
        if carryOnWithBatch(&turn, context: context, client: client) {
            framer.feed(bytes) { piece in
                switch piece {
                case let .line(line): return serve(line, in: &turn, context: context, client: client)
                case .tooLong:
                    tooLong = true
                    return false
                }
            }
        } else {
            framer.keep(bytes)
        }
        if tooLong { return refuseOversizedLine(client) }
        if turn.wrote { core.enforceBacklog(of: client) }
        let waiting = holdsWork
        if peer == .gone {
            // Carried out to the last line it sent, then forgotten; animd's own close forgets it at once.
            return waiting && !client.isClosing ? scheduleTurn(context: context) : leave(client)
        }
        guard !client.isClosing else { return }
        if peer == .doneSending && !waiting { return client.closeAfterWrites() }
        let writable = context.channel.isWritable
        become(writable ? (waiting ? .linesWaiting : .reading) : .stalled, context: context, client: client)
        // A turn that ended with lines left goes on after the others' (a full socket goes on when it drains).
        if waiting, writable { scheduleTurn(context: context) }
    }

    /// One turn's accounts: when it began, how many lines and batch members it took, and whether it wrote.
    private struct Turn {
        let started: Double
        var taken = 0
        var wrote = false
    }

    private func goesOn(_ turn: Turn, context: ChannelHandlerContext, client: ClientConnection) -> Bool {
        mayWrite(context) && !client.isClosing && turn.taken < Self.linesPerTurn
            && core.value.now() - turn.started < Self.turnSeconds
    }

    /// Carries out one line; whether the turn goes on.
    private func serve(
        _ line: UnsafeBufferPointer<UInt8>, in turn: inout Turn, context: ChannelHandlerContext,
        client: ClientConnection
    ) -> Bool {
        turn.taken += 1
        guard !line.isEmpty else { return goesOn(turn, context: context, client: client) }
        switch RequestRouter(target: core.value).handle(
            line: line, from: client, allocator: context.channel.allocator, unheard: peer == .gone)
        {
        case let .answered(reply?):
            // Through the client's one send path, after the events this request produced.
            client.sendAnswer(OutgoingLine.make(context.channel.allocator) { reply.writeLine(into: &$0) })
            turn.wrote = true
        case .answered(nil):
            break
        case let .batch(begun):
            batch = begun
            guard carryOnWithBatch(&turn, context: context, client: client) else { return false }
        }
        return goesOn(turn, context: context, client: client)
    }

    /// Carries out the batch's members while the turn lasts; true when none is left (its answer sent, if any).
    private func carryOnWithBatch(_ turn: inout Turn, context: ChannelHandlerContext, client: ClientConnection) -> Bool
    {
        guard var current = batch else { return true }
        batch = nil
        let router = RequestRouter(target: core.value)
        while !current.isDone && goesOn(turn, context: context, client: client) {
            current.takeNext(heard: peer != .gone) { router.carryOut($0, from: client, unheard: peer == .gone) }
            turn.taken += 1
        }
        guard current.isDone else {
            batch = current
            return false
        }
        if let answer = current.finish() {
            client.sendAnswer(answer)
            turn.wrote = true
        }
        return true
    }

    /// Whether the client sent what is not carried out yet: whole lines kept back, or the rest of a batch.
    private var holdsWork: Bool { batch != nil || framer.holdsWholeLines }

    /// Whether answers may be written now: the socket takes them, or nobody is there to read them any more.
    private func mayWrite(_ context: ChannelHandlerContext) -> Bool { peer == .gone || context.channel.isWritable }

    /// The client's next turn, in the next round of the clients' turns: after the sockets the loop finds ready.
    private func scheduleTurn(context: ChannelHandlerContext) {
        guard pending.insert(.turn).inserted else { return }
        turns.value.ask { [self] in
            pending.remove(.turn)
            post(.turn, context: context)
        }
    }

    /// The lines kept from an earlier turn, if any, else reading the socket again; nothing while the socket is full
    /// (the writability change comes back here).
    private func takeWaitingLines(context: ChannelHandlerContext, client: ClientConnection) {
        guard !client.isClosing, mayWrite(context) else { return }
        guard holdsWork else {
            if peer == .gone { return leave(client) }
            return become(.reading, context: context, client: client)
        }
        takeLines(UnsafeBufferPointer(start: nil, count: 0), context: context, client: client)
    }

    /// Moves to `next`: NIO reads the socket only while nothing waits, and a stall is logged as it begins.
    private func become(_ next: Flow, context: ChannelHandlerContext, client: ClientConnection) {
        guard next != flow else { return }
        if next == .stalled {
            core.value.logger.debug(
                "client stalled: its answers wait for it to read", metadata: ["client": "\(client.id)"])
        }
        let wasReading = flow == .reading
        flow = next
        if wasReading != (next == .reading) {
            try? context.channel.syncOptions?.setOption(.autoRead, value: next == .reading)
        }
    }

    /// A line over the framer's limit: the client is told why, and closed.
    private func refuseOversizedLine(_ client: ClientConnection) {
        let error = RPCError(
            .invalidRequest, "invalid request: message too large (more than \(framer.limit) bytes in one line)")
        core.value.logger.notice("closing a client that sent an oversized line", metadata: ["client": "\(client.id)"])
        client.send(OutgoingLine.make(client.channel.allocator) { RPCLine.writeError(id: .null, error, into: &$0) })
        client.closeAfterWrites()
    }
}
