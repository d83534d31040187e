import NIOCore

/// The lines one engine step owes a client, joined into one buffer as they come.
struct StepBatch {
    /// The first buffer, kept as it is: a step that owes one line (the usual case) copies nothing.
    private var head: ByteBuffer?
    private var joined: ByteBuffer?

    /// Adds a buffer; true when it is the batch's first.
    mutating func append(_ buffer: ByteBuffer, allocator: ByteBufferAllocator) -> Bool {
        guard let head else {
            self.head = buffer
            return true
        }
        if joined == nil {
            var bytes = allocator.buffer(capacity: head.readableBytes + buffer.readableBytes * 4)
            bytes.writeImmutableBuffer(head)
            joined = bytes
        }
        joined?.writeImmutableBuffer(buffer)
        return false
    }

    /// Everything added, as one buffer, and the batch empty again; nil if nothing was added.
    mutating func removeJoined() -> ByteBuffer? {
        defer { head = nil; joined = nil }
        return joined ?? head
    }
}
