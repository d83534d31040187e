import AnimProtocol
import NIOCore

/// What a client that is not admitted gets: one error line with no id, as soon as it is connected, then the close.
final class Refusal: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private let error: RPCError

    init(_ error: RPCError) { self.error = error }

    func channelActive(context: ChannelHandlerContext) {
        let channel = context.channel
        let line = OutgoingLine.make(channel.allocator) { RPCLine.writeError(id: .null, error, into: &$0) }
        context.writeAndFlush(wrapOutboundOut(line)).whenComplete { _ in channel.close(promise: nil) }
    }

    /// Whatever it sends is not read.
    func channelRead(context: ChannelHandlerContext, data: NIOAny) {}
}
