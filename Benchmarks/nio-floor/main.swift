// animd-bench-floor: the fan-out benchmark's second baseline. It does the C baseline's job (Benchmarks/baseline-server:
// a line with "input.inject" makes it write FRAME-FILE's bytes to every subscriber, then it answers the sender) on
// the stack animd stands on: one SwiftNIO event loop with animd's scheduling (the slice, 0.1 ms from two subscribers
// on, as animd's LatencySlice; the hand-over after a fan-out), the request read through a channel pipeline, each
// frame written with animd's direct non-blocking send(). No JSON, no engine.
//
//   animd-bench-floor SOCKET FRAME-FILE
//
// Its latency is the floor of any daemon built this way: animd minus this floor is animd's own work, and this floor
// against the C server is what the framework costs (docs/performance.md).
import CLinuxScheduling
import Foundation
import NIOCore
import NIOPosix

guard CommandLine.arguments.count == 3, let frameBytes = FileManager.default.contents(atPath: CommandLine.arguments[2])
else {
    FileHandle.standardError.write(Data("usage: animd-bench-floor SOCKET FRAME-FILE\n".utf8))
    exit(2)
}
let socketPath = CommandLine.arguments[1]

/// The connections on the one loop, and which of them subscribed.
final class Room {
    var subscribers: [FloorConnection] = [] {
        didSet { followSlice() }
    }
    let frame: ByteBuffer
    private var slice: UInt64 = 0
    init(frame: ByteBuffer) { self.frame = frame }

    /// animd's rule (`animd_wanted_slice`, as its LatencySlice asks), on the loop's own thread.
    private func followSlice() {
        let wanted = animd_wanted_slice(subscribers.count)
        guard wanted != slice else { return }
        slice = wanted
        _ = animd_request_slice(wanted)
    }
}

/// One client: its socket for direct sends, and what NIO still holds for it, so that nothing overtakes.
final class FloorConnection {
    let channel: any Channel
    private let socket: NIOBSDSocket.Handle?
    private var pendingWrites = 0

    init(channel: any Channel) {
        self.channel = channel
        socket = try? channel.pipeline.syncOperations.withUnsafeTransportIfAvailable(of: NIOBSDSocket.Handle.self) {
            $0
        }
    }

    /// animd's write path: one send(MSG_DONTWAIT | MSG_NOSIGNAL) while NIO holds nothing, else the rest to NIO.
    func send(_ buffer: ByteBuffer) {
        var buffer = buffer
        if pendingWrites == 0, let socket {
            let written = buffer.withUnsafeReadableBytes {
                Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT | MSG_NOSIGNAL))
            }
            if written > 0 { buffer.moveReaderIndex(forwardBy: written) }
            if buffer.readableBytes == 0 { return }
        }
        pendingWrites += 1
        let promise = channel.eventLoop.makePromise(of: Void.self)
        promise.futureResult.assumeIsolated().whenComplete { [self] _ in pendingWrites -= 1 }
        channel.writeAndFlush(buffer, promise: promise)
    }
}

final class FloorHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer

    private let room: NIOLoopBound<Room>
    private var connection: FloorConnection?
    private var partial = ByteBuffer()

    init(room: NIOLoopBound<Room>) { self.room = room }

    func channelActive(context: ChannelHandlerContext) {
        connection = FloorConnection(channel: context.channel)
        context.fireChannelActive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        var chunk = unwrapInboundIn(data)
        partial.writeBuffer(&chunk)
        // Each line is read in place (a view, no copy), as the C baseline reads its chunk.
        while let newline = partial.readableBytesView.firstIndex(of: UInt8(ascii: "\n")) {
            handle(partial.readableBytesView[partial.readerIndex..<newline], allocator: context.channel.allocator)
            partial.moveReaderIndex(to: newline + 1)
        }
        partial.discardReadBytes()
    }

    private func handle(_ line: ByteBufferView, allocator: ByteBufferAllocator) {
        guard let connection else { return }
        if Self.contains(line, Self.inject) {
            for subscriber in room.value.subscribers { subscriber.send(room.value.frame) }
            // animd's hand-over, as animd does it after an engine step's writes.
            if !room.value.subscribers.isEmpty { animd_hand_over() }
        } else if Self.contains(line, Self.subscribe) {
            room.value.subscribers.append(connection)
        }
        connection.send(allocator.buffer(string: "{\"jsonrpc\":\"2.0\",\"id\":\(Self.id(in: line)),\"result\":{}}\n"))
    }

    func channelInactive(context: ChannelHandlerContext) {
        if let connection { room.value.subscribers.removeAll { $0 === connection } }
        connection = nil
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) { context.close(promise: nil) }

    static let inject = Array(#""input.inject""#.utf8), subscribe = Array(#""subscribe""#.utf8),
        idKey = Array(#""id":"#.utf8)

    static func contains(_ line: ByteBufferView, _ pattern: [UInt8]) -> Bool { position(of: pattern, in: line) != nil }

    static func position(of pattern: [UInt8], in line: ByteBufferView) -> Int? {
        guard line.count >= pattern.count else { return nil }
        return (line.startIndex...(line.endIndex - pattern.count)).first { start in
            line[start..<start + pattern.count].elementsEqual(pattern)
        }
    }

    /// The digits after "id": (as the C baseline's strtol reads them), else 0.
    static func id(in line: ByteBufferView) -> Int {
        guard let start = position(of: idKey, in: line) else { return 0 }
        var value = 0
        for byte in line[(start + idKey.count)..<line.endIndex].prefix(18) {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { break }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }
}

let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
let loop = group.next()
let room = try loop.submit {
    NIOLoopBound(Room(frame: ByteBuffer(bytes: frameBytes)), eventLoop: loop)
}.wait()
unlink(socketPath)
let server = try ServerBootstrap(group: loop)
    .serverChannelOption(.backlog, value: 1024)
    .childChannelInitializer { channel in
        channel.eventLoop.makeCompletedFuture {
            try channel.pipeline.syncOperations.addHandler(FloorHandler(room: room))
        }
    }
    .bind(unixDomainSocketPath: socketPath)
    .wait()
try server.closeFuture.wait()
