import Foundation
import NIOCore
import NIOPosix
import Testing

@testable import AnimDaemon

#if canImport(Glibc)
    import Glibc
#endif

/// The production write path on a real socket: `send()` straight to the kernel until the socket is full, then NIO,
/// and a reader that drains it gets every byte, in order.
@Suite(.serialized) struct DirectWriteTests {
    @Test func aFullSocketFallsBackToNIOAndKeepsTheOrder() async throws {
        var ends: [Int32] = [-1, -1]
        let paired = socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends)
        #expect(paired == 0)
        let reader = ends[1]
        defer { close(reader) }
        let loop = MultiThreadedEventLoopGroup.singleton.next()
        let channel = try await ClientBootstrap(group: loop).withConnectedSocket(ends[0]).get()
        let lineCount = 20_000
        let line: @Sendable (Int) -> String = { n in
            "line \(n) of the direct write test, padded to be a little longer than a frame\n"
        }
        // Everything written on the loop, without reading: the kernel's buffer fills and the rest goes to NIO.
        let handedToNIO = try await loop.submit {
            let client = ClientConnection(id: 1, channel: channel)
            var sawNIO = false
            for n in 0..<lineCount {
                client.send(channel.allocator.buffer(string: line(n)))
                if client.pendingWrites > 0 { sawNIO = true }
            }
            return sawNIO
        }.get()
        #expect(handedToNIO, "the socket filled up and NIO took over")
        // Drain the other end on this thread while NIO writes the rest.
        var received: [UInt8] = []
        let expected = (0..<lineCount).map(line).joined()
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let deadline = Date().addingTimeInterval(30)
        while received.count < expected.utf8.count, Date() < deadline {
            var descriptor = pollfd(fd: reader, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 1000) > 0 else { continue }
            let count = chunk.withUnsafeMutableBytes { read(reader, $0.baseAddress, $0.count) }
            if count <= 0 { break }
            received += chunk.prefix(count)
        }
        #expect(received.count == expected.utf8.count)
        #expect(String(decoding: received, as: UTF8.self) == expected, "every line, in order")
        try await channel.close()
    }
}
