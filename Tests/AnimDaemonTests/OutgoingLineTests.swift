import NIOCore
import Testing
import TextWriting

@testable import AnimDaemon

/// A line is the same bytes whether it fits the stack's room, spills past it in the middle of a piece, or is kept in
/// an array from the start; the reference is the same pieces written into a String.
struct OutgoingLineTests {
    /// Literals, strings with multi-byte characters, and numbers through `_writeASCII`, `pieces` times.
    private static func write(_ pieces: Int, into output: inout some TextOutput) {
        for index in 0..<pieces {
            output.writeLiteral("{\"n\":")
            Double(index).write(to: &output)
            output.writeLiteral(",\"s\":\"")
            output.write("é\(index)→")
            output.writeLiteral("\"}")
        }
    }

    private static func expected(_ pieces: Int) -> [UInt8] {
        var text = ""
        write(pieces, into: &text)
        return Array(text.utf8)
    }

    @Test(arguments: [0, 1, 10, 21, 22, 23, 40, 400])
    func aLineIsTheSameBytesWhereverItIsWritten(pieces: Int) {
        let allocator = ByteBufferAllocator()
        let made = OutgoingLine.make(
            allocator,
            returning: { line in
                Self.write(pieces, into: &line)
                return line.count
            })
        let expected = Self.expected(pieces)
        #expect(Array(made.line.readableBytesView) == expected)
        #expect(made.result == expected.count)
        var kept = OutgoingLine(allocator: allocator)
        Self.write(pieces, into: &kept)
        #expect(Array(kept.buffer.readableBytesView) == expected)
        #expect(kept.count == expected.count)
    }

    @Test func theArgumentsCrossTheStacksRoom() {
        // Each piece is 22 to 26 bytes here: 22 pieces fit the room (508 bytes); the 23rd's first literal does not,
        // and spills what the room held; 400 spill well past it.
        #expect(Self.expected(22).count == 508)
        #expect(Self.expected(23).count == 532)
        #expect(OutgoingLine.roomBytes == 512)
        #expect(Self.expected(400).count > 4 * OutgoingLine.roomBytes)
    }
}
