import Glibc
import NIOCore
import NIOPosix

/// Where the clients' next turns wait for the loop (issue 48). NIO runs every ready task, the tasks those add
/// included, before it polls its sockets again (`SelectableEventLoop.runOneLoopTick`): turns chained with `execute`
/// let clients that pipeline or send batches go on while no socket was read, a new connection's included (a fresh
/// `get` waited 3 s behind four such clients). Turns asked for here run in rounds, each turn of the round once, and
/// the turns a round asks for make the next. On the daemon's loop a round is started by a byte on a pipe that the
/// loop polls among the sockets (`pollPipe`), so every socket ready meanwhile is read, and every new connection
/// accepted, between two rounds. Loop-confined.
final class TurnQueue {
    private var waiting: [() -> Void] = []
    private var signalled = false
    /// Starts a round later: a task on the loop until `pollPipe` (an embedded loop in tests has no sockets to poll),
    /// then a byte on the pipe.
    private var signal: () -> Void = {}

    init(loop: any EventLoop) {
        let bound = NIOLoopBound(self, eventLoop: loop)
        signal = { loop.execute { bound.value.runRound() } }
    }

    /// Runs `turn` in the next round.
    func ask(_ turn: @escaping () -> Void) {
        waiting.append(turn)
        guard !signalled else { return }
        signalled = true
        signal()
    }

    /// Runs the turns asked for before now; those they ask for wait for the next round.
    private func runRound() {
        signalled = false
        let round = waiting
        waiting = []
        for turn in round { turn() }
    }

    /// From now on a round starts when the loop, polling, finds a byte on a pipe of its own.
    func pollPipe(on loop: any EventLoop) -> EventLoopFuture<Void> {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            return loop.makeFailedFuture(IOError(errnoCode: errno, reason: "a pipe for the clients' turns"))
        }
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
        }
        let writeEnd = ends[1]
        let bound = NIOLoopBound(self, eventLoop: loop)
        return NIOPipeBootstrap(group: loop)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(RoundStarter { bound.value.runRound() })
                }
            }
            .takingOwnershipOfDescriptor(input: ends[0])
            .map { _ in
                // The write end lives as long as the daemon; one byte waits at most, for `signalled` is set until
                // the round that byte starts.
                bound.value.signal = {
                    var byte: UInt8 = 1
                    _ = write(writeEnd, &byte, 1)
                }
            }
    }
}

/// Starts a round once NIO has read the pipe's byte.
private final class RoundStarter: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer

    private let start: () -> Void

    init(start: @escaping () -> Void) { self.start = start }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {}

    func channelReadComplete(context: ChannelHandlerContext) { start() }
}
