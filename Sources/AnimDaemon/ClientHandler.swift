import AnimProtocol
import Logging
import NIOCore

/// One connection: bytes → NDJSON lines (`LineFramer`) → the core → responses.
/// Its errors are caught and end this connection only.
///
/// It decides nothing about the connection's life: it posts what NIO reports to the connection's
/// `ConnectionMachine` and carries out the actions the machine returns, one at a time (issue 60). What NIO reports
/// from inside those actions (a read, a close, a failed write) waits in the machine until the action has returned.
final class ClientHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer
    private typealias Machine = ConnectionMachine<ByteBuffer, any Error>

    private let core: NIOLoopBound<DaemonCore>
    /// Where the client's next turn waits, among the other clients' (`TurnQueue`).
    private let turns: NIOLoopBound<TurnQueue>
    private var framer = LineFramer()
    /// A batch line whose members are being carried out, a turn's worth at a time; the lines after it wait for it.
    private var batch: BatchInProgress?
    private var client: ClientConnection?

    init(core: NIOLoopBound<DaemonCore>, turns: NIOLoopBound<TurnQueue>) { self.core = core; self.turns = turns }

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

    // MARK: - Driving the machine

    private func post(_ event: Machine.Event, context: ChannelHandlerContext) {
        guard let client else { return }
        start(client.machine.post(event), context: context)
    }

    private func start(_ start: Machine.Start, context: ChannelHandlerContext) {
        switch start {
        case .drive: drive(context: context)
        case .askToResume: askToResume(context: context)
        case .wait: break
        }
    }

    private func drive(context: ChannelHandlerContext) {
        while let client, let action = client.machine.nextAction(facts(context)) {
            carryOut(action, context: context, client: client)
        }
    }

    private func facts(_ context: ChannelHandlerContext) -> Machine.Facts {
        Machine.Facts(writable: context.channel.isWritable, holdsWork: holdsWork)
    }

    /// Whether the client sent what is not carried out yet: whole lines kept back, or the rest of a batch.
    private var holdsWork: Bool { batch != nil || framer.holdsWholeLines }

    private func carryOut(_ action: Machine.Action, context: ChannelHandlerContext, client: ClientConnection) {
        switch action {
        case let .runTurn(buffer):
            runTurn(buffer, context: context, client: client)
        case .flushPending:
            core.value.flushPending(to: client)
        case .closeAfterWrites:
            client.closeAfterWrites()
        case let .closeChannel(error):
            core.value.logger.debug(
                "client connection error", metadata: ["client": "\(client.id)", "error": "\(error)"])
            client.closeChannel()
        case .enforceBacklog:
            core.value.enforceBacklog(of: client)
        case .refuseOversizedLine:
            refuseOversizedLine(client)
        case let .setReading(reading, stalled):
            if stalled {
                core.value.logger.debug(
                    "client stalled: its answers wait for it to read", metadata: ["client": "\(client.id)"])
            }
            try? context.channel.syncOptions?.setOption(.autoRead, value: reading)
        case .askToResume:
            askToResume(context: context)
        case .leave:
            core.value.clientLeft(client)
            self.client = nil
        }
    }

    /// `resume()` in the next round of the clients' turns: after the sockets the loop finds ready.
    private func askToResume(context: ChannelHandlerContext) {
        turns.value.ask { [self] in
            guard let client else { return }
            start(client.machine.resume(), context: context)
        }
    }

    // MARK: - Turns

    /// Answers lines until the client's socket is full or its turn is over (`TurnBudget`); the machine then decides
    /// what follows. A batch line's members count as lines: a batch goes on over the client's next turns, the lines
    /// after it wait for it.
    private func runTurn(_ buffer: ByteBuffer?, context: ChannelHandlerContext, client: ClientConnection) {
        var turn = TurnBudget(started: core.value.now())
        let tooLong =
            if let buffer {
                buffer.withUnsafeReadableBytes {
                    takeLines($0.assumingMemoryBound(to: UInt8.self), in: &turn, context: context, client: client)
                }
            } else {
                takeLines(UnsafeBufferPointer(start: nil, count: 0), in: &turn, context: context, client: client)
            }
        client.machine.turnEnded(wrote: turn.wrote, tooLong: tooLong)
    }

    /// Carries out what waits of a batch, then the lines in `bytes` while the turn lasts; the rest is kept for the
    /// next turn. True when a line was over the framer's limit.
    private func takeLines(
        _ bytes: UnsafeBufferPointer<UInt8>, in turn: inout TurnBudget, context: ChannelHandlerContext,
        client: ClientConnection
    ) -> Bool {
        guard carryOnWithBatch(&turn, context: context, client: client) else {
            framer.keep(bytes)
            return false
        }
        var tooLong = false
        framer.feed(bytes) { piece in
            switch piece {
            case let .line(line): return serve(line, in: &turn, context: context, client: client)
            case .tooLong:
                tooLong = true
                return false
            }
        }
        return tooLong
    }

    /// Whether the turn takes another line. (It reads no `holdsWork`: the framer is busy handing out lines.)
    private func goesOn(_ turn: TurnBudget, context: ChannelHandlerContext, client: ClientConnection) -> Bool {
        let mayWrite = client.machine.mayWrite(writable: context.channel.isWritable)
        return turn.goesOn(now: core.value.now(), mayWrite: mayWrite, isClosing: client.isClosing)
    }

    /// Carries out one line; whether the turn goes on.
    private func serve(
        _ line: UnsafeBufferPointer<UInt8>, in turn: inout TurnBudget, context: ChannelHandlerContext,
        client: ClientConnection
    ) -> Bool {
        turn.count()
        guard !line.isEmpty else { return goesOn(turn, context: context, client: client) }
        switch RequestRouter(target: core.value).handle(
            line: line, from: client, allocator: context.channel.allocator, unheard: client.machine.peer == .gone)
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
    private func carryOnWithBatch(
        _ turn: inout TurnBudget, context: ChannelHandlerContext, client: ClientConnection
    ) -> Bool {
        guard var current = batch else { return true }
        batch = nil
        let router = RequestRouter(target: core.value)
        let unheard = client.machine.peer == .gone
        while !current.isDone && goesOn(turn, context: context, client: client) {
            current.takeNext(heard: !unheard) { router.carryOut($0, from: client, unheard: unheard) }
            turn.count()
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

    /// A line over the framer's limit: the client is told why, and closed.
    private func refuseOversizedLine(_ client: ClientConnection) {
        let error = RPCError(
            .invalidRequest, "invalid request: message too large (more than \(framer.limit) bytes in one line)")
        core.value.logger.notice("closing a client that sent an oversized line", metadata: ["client": "\(client.id)"])
        client.send(OutgoingLine.make(client.channel.allocator) { RPCLine.writeError(id: .null, error, into: &$0) })
        client.closeAfterWrites()
    }
}
