/// Where text is written: a String, or, in the daemon, the outgoing line (`OutgoingLine`), so that a frame or an
/// answer is written once, as the bytes that go to the socket, with no String between.
///
/// Numbers reach it through `TextOutputStream`: Double's `write(to:)` hands its digits to `_writeASCII`, which an
/// output over bytes implements to copy them as they are (the default would make a String of them first).
public protocol TextOutput: TextOutputStream {
    /// Appends text fixed when compiled: JSON's punctuation and member names.
    mutating func writeLiteral(_ text: StaticString)
}

extension String: TextOutput {
    public mutating func writeLiteral(_ text: StaticString) {
        text.withUTF8Buffer { self += String(decoding: $0, as: UTF8.self) }
    }
}
