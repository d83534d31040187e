/// sway's IPC framing, i3's protocol: the magic `i3-ipc`, the payload's length and the message type as 32-bit
/// integers in the host's byte order, then the payload (JSON). Replies carry the request's type; events set the high
/// bit. Pure: bytes in, messages out.
public enum I3IPC {
    public static let magic = Array("i3-ipc".utf8)
    public static let headerSize = magic.count + 8
    /// The largest reply taken: sway's whole tree is tens of KiB on a busy desktop, about 1.5 KiB a window. A larger
    /// one is not sway's, and parsing it would hold the event loop (it is parsed there): the stream is refused.
    public static let payloadLimit = 2 << 20
    /// The largest event taken: a window's container, or a workspace's (its windows with it).
    public static let eventPayloadLimit = 256 << 10

    public static let subscribe: UInt32 = 2
    public static let getTree: UInt32 = 4
    public static let workspaceEvent: UInt32 = 0x8000_0000
    public static let windowEvent: UInt32 = 0x8000_0003

    /// One message to send.
    public static func message(_ type: UInt32, _ payload: String) -> [UInt8] {
        let body = Array(payload.utf8)
        return magic + bytes(of: UInt32(body.count)) + bytes(of: type) + body
    }

    private static func bytes(of value: UInt32) -> [UInt8] { withUnsafeBytes(of: value) { Array($0) } }
}

/// Cuts a byte stream into i3 IPC messages, whatever sizes the reads come in.
public struct I3IPCFramer {
    private var buffer: [UInt8] = []

    public init() {}

    public struct Message: Hashable, Sendable {
        public var type: UInt32
        public var payload: [UInt8]
    }

    /// What came in; the messages it completes, or why the stream is not i3 IPC (the connection must then be closed).
    public mutating func frames(from bytes: some Collection<UInt8>) -> Result<[Message], FocusSourceError> {
        buffer.append(contentsOf: bytes)
        var messages: [Message] = []
        var start = 0
        while buffer.count - start >= I3IPC.headerSize {
            guard buffer[start..<start + I3IPC.magic.count].elementsEqual(I3IPC.magic) else {
                return .failure(FocusSourceError("a message without the i3-ipc magic"))
            }
            let length = Int(Self.integer(buffer, at: start + I3IPC.magic.count))
            let type = Self.integer(buffer, at: start + I3IPC.magic.count + 4)
            let isEvent = type & 0x8000_0000 != 0
            guard length <= (isEvent ? I3IPC.eventPayloadLimit : I3IPC.payloadLimit) else {
                let bound = isEvent ? "\(I3IPC.eventPayloadLimit >> 10) KiB" : "\(I3IPC.payloadLimit >> 20) MiB"
                return .failure(
                    FocusSourceError("a\(isEvent ? "n event" : " reply") of \(length) bytes, past the \(bound) bound"))
            }
            let end = start + I3IPC.headerSize + length
            guard buffer.count >= end else { break }
            messages.append(Message(type: type, payload: Array(buffer[start + I3IPC.headerSize..<end])))
            start = end
        }
        buffer.removeFirst(start)
        return .success(messages)
    }

    private static func integer(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        var value: UInt32 = 0
        withUnsafeMutableBytes(of: &value) { $0.copyBytes(from: bytes[offset..<offset + 4]) }
        return value
    }
}

/// Why a focus source's stream was given up: it is closed, and the source tried again.
public struct FocusSourceError: Error, Hashable, Sendable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
