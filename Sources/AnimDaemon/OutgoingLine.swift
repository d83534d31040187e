import Motion
package import NIOCore
import TextWriting

/// A line written straight into the ByteBuffer that goes to the socket: events and answers are encoded once, by
/// their one writer, with no String between (docs/architecture.md, "The request path").
package struct OutgoingLine: TextOutput {
    package private(set) var buffer: ByteBuffer

    /// Room for a progress frame at once, so that the usual line is one allocation.
    package init(allocator: ByteBufferAllocator) {
        buffer = allocator.buffer(capacity: 384)
    }

    /// The line `write` writes.
    package static func make(_ allocator: ByteBufferAllocator, _ write: (inout OutgoingLine) -> Void) -> ByteBuffer {
        var line = OutgoingLine(allocator: allocator)
        write(&line)
        return line.buffer
    }

    package mutating func writeLiteral(_ text: StaticString) { buffer.writeStaticString(text) }

    package mutating func write(_ string: String) { buffer.writeString(string) }

    /// Where Double's `write(to:)` puts its digits: copied as they are, with no String made of them.
    package mutating func _writeASCII(_ bytes: UnsafeBufferPointer<UInt8>) { buffer.writeBytes(bytes) }
}
