/// At most `limit` bytes of `text`, cut at a character's boundary, with "…" after what was cut: what a message
/// quotes of a value it refuses or cannot show, so that a huge value never makes a huge message.
public func excerpt(_ text: String, bytes limit: Int) -> String {
    let bytes = text.utf8
    guard bytes.count > limit else { return text }
    var end = bytes.index(bytes.startIndex, offsetBy: max(0, limit))
    // Back past UTF-8 continuation bytes (10xxxxxx) to the start of the character the cut fell in.
    while end > bytes.startIndex && bytes[end] & 0xC0 == 0x80 { end = bytes.index(before: end) }
    return String(decoding: bytes[..<end], as: UTF8.self) + "…"
}

/// `text` in double quotes: whole when it is at most `limit` bytes, else its first `limit` bytes and its length. How an
/// error names a value it refuses: a huge value never makes a huge message, nor costs one to build.
public func quotedExcerpt(_ text: String, bytes limit: Int = 64) -> String {
    let count = text.utf8.count
    return count > limit ? "\"\(excerpt(text, bytes: limit))\" (\(count) bytes)" : "\"\(text)\""
}
