/// A place in a text: line and column from 1, columns counting Unicode scalars.
struct TextPosition: Hashable, Sendable {
    var line: Int
    var column: Int
}

/// What is wrong with a TOML text, where, and the key or table it concerns.
struct TOMLError: Error, Hashable {
    var position: TextPosition
    var message: String
    /// The key being read, else the table in force: what the error is about.
    var key = ""
}

/// Reads a TOML text byte by byte, keeping the line and column of the byte it is at.
///
/// The text is a Swift `String`, so its UTF-8 is valid: a scalar is one lead byte and its continuation bytes, and
/// only lead bytes move the column.
struct TOMLCursor {
    private let bytes: [UInt8]
    private(set) var index = 0
    private(set) var position = TextPosition(line: 1, column: 1)

    init(_ text: String) { bytes = Array(text.utf8) }

    var atEnd: Bool { index >= bytes.count }
    /// The byte at the cursor, or nil at the end.
    var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    /// The byte `offset` past the cursor, or nil past the end.
    func peek(_ offset: Int) -> UInt8? { index + offset < bytes.count ? bytes[index + offset] : nil }

    /// Whether the text at the cursor starts with `literal` (ASCII).
    func looking(at literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        return (0..<count).allSatisfy { bytes[index + $0] == literal.utf8Start[$0] }
    }

    mutating func advance(by count: Int = 1) {
        for _ in 0..<count where index < bytes.count {
            let byte = bytes[index]
            index += 1
            if byte == .newline {
                position = TextPosition(line: position.line + 1, column: 1)
            } else if byte & 0xC0 != 0x80 {
                position.column += 1
            }
        }
    }

    /// The bytes from `start` to the cursor.
    func bytes(from start: Int) -> ArraySlice<UInt8> { bytes[start..<index] }

    /// The whole scalar at the cursor, for naming it in an error.
    var currentCharacter: String {
        guard let lead = current else { return "" }
        let length = lead < 0x80 ? 1 : lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
        return String(decoding: bytes[index..<min(bytes.count, index + length)], as: UTF8.self)
    }

    /// Skips spaces and tabs.
    mutating func skipBlanks() {
        while let byte = current, byte == .space || byte == .tab { advance() }
    }

    /// Whether a line ends at the cursor: LF, or CR LF.
    var atNewline: Bool { current == .newline || (current == .carriageReturn && peek(1) == .newline) }

    /// Skips one line break, if the cursor is at one.
    mutating func skipNewline() {
        if current == .carriageReturn && peek(1) == .newline {
            advance(by: 2)
        } else if current == .newline {
            advance()
        }
    }

    /// Skips a comment up to, not past, its line break. TOML allows no control character in one but tab.
    mutating func skipComment() throws(TOMLError) {
        guard current == .hash else { return }
        while let byte = current, !atNewline {
            if byte.isForbiddenControl {
                throw TOMLError(position: position, message: "a control character (\(byte.hexCode)) in a comment")
            }
            advance()
        }
    }

    /// Skips blanks, comments and line breaks: what may stand between an array's values.
    mutating func skipBlankLines() throws(TOMLError) {
        while true {
            skipBlanks()
            try skipComment()
            guard atNewline else { return }
            skipNewline()
        }
    }
}

extension UInt8 {
    static let tab = UInt8(ascii: "\t"), newline = UInt8(ascii: "\n"), carriageReturn = UInt8(ascii: "\r"),
        space = UInt8(ascii: " ")
    static let hash = UInt8(ascii: "#"), quote = UInt8(ascii: "\""), apostrophe = UInt8(ascii: "'"),
        backslash = UInt8(ascii: "\\")
    static let dot = UInt8(ascii: "."), equals = UInt8(ascii: "="), comma = UInt8(ascii: ",")
    static let openBracket = UInt8(ascii: "["), closeBracket = UInt8(ascii: "]"), openBrace = UInt8(ascii: "{"),
        closeBrace = UInt8(ascii: "}")

    /// A control character TOML allows nowhere but as a line break (tab is allowed everywhere).
    var isForbiddenControl: Bool { (self < 0x20 && self != .tab) || self == 0x7F }

    var isDigit: Bool { self >= UInt8(ascii: "0") && self <= UInt8(ascii: "9") }

    /// A bare key's characters: A-Z, a-z, 0-9, `_` and `-` (TOML 1.0).
    var isBareKey: Bool {
        isDigit || (self | 0x20 >= UInt8(ascii: "a") && self | 0x20 <= UInt8(ascii: "z")) || self == UInt8(ascii: "_")
            || self == UInt8(ascii: "-")
    }

    var hexCode: String {
        let digits = Array("0123456789ABCDEF")
        return "U+00" + String(digits[Int(self >> 4)]) + String(digits[Int(self & 0xF)])
    }
}
