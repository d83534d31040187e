import Motion
package import NIOCore
import TextWriting

/// A line written once, by its one writer, with no String between (docs/architecture.md, "The request path"), and
/// handed to the socket as one ByteBuffer.
///
/// The pieces go into room on the stack that `make` lends, and the ByteBuffer is made once, at the end: a line is
/// some twenty pieces (punctuation, names, numbers), and each write into a ByteBuffer checks and grows its storage,
/// a class whose every field access the runtime checks for exclusivity, which cost 6,500 instructions a request
/// (docs/performance.md, 2026-11-29, 14:30). A line past the room, or one kept across calls (a batch's answer),
/// goes on in an array.
package struct OutgoingLine: TextOutput {
    private let allocator: ByteBufferAllocator
    /// The room `make` lends, filled first; nil once it overflowed, or for a line of `init`.
    private var room: UnsafeMutableRawBufferPointer?
    private var used = 0
    /// The line, once it is not in `room`.
    private var spilled: [UInt8] = []

    /// Room for any progress frame or usual answer.
    static let roomBytes = 512

    /// A line in an array of its own, which may outlive the call that makes it (a batch's answer).
    package init(allocator: ByteBufferAllocator) {
        self.allocator = allocator
    }

    private init(allocator: ByteBufferAllocator, room: UnsafeMutableRawBufferPointer) {
        self.allocator = allocator
        self.room = room
    }

    /// The line `write` writes.
    package static func make(_ allocator: ByteBufferAllocator, _ write: (inout OutgoingLine) -> Void) -> ByteBuffer {
        make(allocator, returning: write).line
    }

    /// The line `write` writes, and what it returned; the line is written on the stack while it fits.
    package static func make<Result>(
        _ allocator: ByteBufferAllocator, returning write: (inout OutgoingLine) -> Result
    ) -> (line: ByteBuffer, result: Result) {
        withUnsafeTemporaryAllocation(byteCount: roomBytes, alignment: 1) { room in
            var line = OutgoingLine(allocator: allocator, room: room)
            let result = write(&line)
            return (line.buffer, result)
        }
    }

    /// How many bytes are written so far.
    package var count: Int { room == nil ? spilled.count : used }

    /// The line as written, in a buffer of its own.
    package var buffer: ByteBuffer {
        guard let room else { return allocator.buffer(bytes: spilled) }
        return allocator.buffer(bytes: UnsafeRawBufferPointer(rebasing: room[..<used]))
    }

    package mutating func writeLiteral(_ text: StaticString) {
        text.withUTF8Buffer { append(UnsafeRawBufferPointer($0)) }
    }

    package mutating func write(_ string: String) {
        var string = string
        string.withUTF8 { append(UnsafeRawBufferPointer($0)) }
    }

    /// Where Double's `write(to:)` puts its digits: copied as they are, with no String made of them.
    package mutating func _writeASCII(_ digits: UnsafeBufferPointer<UInt8>) { append(UnsafeRawBufferPointer(digits)) }

    private mutating func append(_ bytes: UnsafeRawBufferPointer) {
        if let room, used + bytes.count <= room.count {
            UnsafeMutableRawBufferPointer(rebasing: room[used..<used + bytes.count]).copyMemory(from: bytes)
            used += bytes.count
            return
        }
        if let room {
            spilled.reserveCapacity(2 * room.count)
            spilled.append(contentsOf: UnsafeRawBufferPointer(rebasing: room[..<used]))
            self.room = nil
        }
        spilled.append(contentsOf: bytes)
    }
}
