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

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard let client, !client.isClosing else { return }
        let buffer = unwrapInboundIn(data)
        let core = core.value
        var wrote = false, tooLong = false
        buffer.withUnsafeReadableBytes { bytes in
            framer.feed(bytes.assumingMemoryBound(to: UInt8.self)) { piece in
                switch piece {
                case let .line(line):
                    guard !line.isEmpty, let reply = RequestRouter(target: core).handle(line: line, from: client) else { return }
                    // Through the client's one send path, after the events this request produced.
                    client.send(OutgoingLine.make(context.channel.allocator) { reply.write(into: &$0) })
                    wrote = true
                case .tooLong:
                    tooLong = true
                }
            }
        }
        if tooLong { return refuseOversizedLine(context: context, client: client) }
        guard wrote else { return }
        // A client that sends requests and never reads their answers: stop reading
        // it while its socket is full, so that its answers cannot pile up here.
        if !context.channel.isWritable { try? context.channel.syncOptions?.setOption(.autoRead, value: false) }
        core.enforceBacklog(of: client)
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
            try? context.channel.syncOptions?.setOption(.autoRead, value: true)
            core.value.flushPending(to: client)
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
