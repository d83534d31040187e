/// TOML's four kinds of string (TOML 1.0, "String"): basic and literal, each on one line or on several.
extension TOMLCursor {
    /// Reads the string that opens at the cursor (`"`, `'`, `"""` or `'''`); `multiline` is false where only a
    /// one-line string may stand (a key).
    mutating func readString(multiline: Bool = true) throws(TOMLError) -> String {
        let opening = position
        let basic = current == .quote
        if multiline && (looking(at: "\"\"\"") || looking(at: "'''")) {
            advance(by: 3)
            return try readMultilineString(basic: basic, opening: opening)
        }
        advance()
        var text: [UInt8] = []
        while true {
            guard let byte = current, !atNewline else {
                throw TOMLError(
                    position: opening,
                    message:
                        "this string is not closed: add the closing \(basic ? "\"" : "'") before the end of the line")
            }
            if byte == (basic ? .quote : .apostrophe) {
                advance()
                return String(decoding: text, as: UTF8.self)
            }
            if basic && byte == .backslash {
                try readEscape(into: &text)
            } else {
                try append(byte, into: &text, in: "a string")
            }
        }
    }

    /// After the opening `"""` or `'''`: a line break right after it is not part of the string, and one or two
    /// quotes may end the string just before its closing three.
    private mutating func readMultilineString(basic: Bool, opening: TextPosition) throws(TOMLError) -> String {
        let delimiter: UInt8 = basic ? .quote : .apostrophe
        skipNewline()
        var text: [UInt8] = []
        while true {
            guard let byte = current else {
                let closing = basic ? "\"\"\"" : "'''"
                throw TOMLError(
                    position: opening, message: "this multi-line string is not closed: add the closing \(closing)")
            }
            if byte == delimiter && peek(1) == delimiter && peek(2) == delimiter {
                var run = 3
                while peek(run) == delimiter && run < 5 { run += 1 }
                text += Array(repeating: delimiter, count: run - 3)
                advance(by: run)
                return String(decoding: text, as: UTF8.self)
            }
            if atNewline {
                skipNewline()
                text.append(.newline)
            } else if basic && byte == .backslash && lineEndingBackslash() {
                // A backslash that ends a line removes it and every blank and line break after it.
                advance()
                while let next = current, next == .space || next == .tab || atNewline {
                    if atNewline { skipNewline() } else { advance() }
                }
            } else if basic && byte == .backslash {
                try readEscape(into: &text)
            } else {
                try append(byte, into: &text, in: "a string")
            }
        }
    }

    /// Whether the backslash at the cursor is followed by nothing but blanks up to its line's end.
    private func lineEndingBackslash() -> Bool {
        var offset = 1
        while let byte = peek(offset), byte == .space || byte == .tab { offset += 1 }
        return peek(offset) == .newline || (peek(offset) == .carriageReturn && peek(offset + 1) == .newline)
    }

    private mutating func append(_ byte: UInt8, into text: inout [UInt8], in place: String) throws(TOMLError) {
        if byte.isForbiddenControl {
            throw TOMLError(
                position: position,
                message: "a control character (\(byte.hexCode)) in \(place): write it as an escape, such as \\u0007")
        }
        text.append(byte)
        advance()
    }

    /// `\b \t \n \f \r \" \\ \uXXXX \UXXXXXXXX`, the escapes of TOML 1.0.
    private mutating func readEscape(into text: inout [UInt8]) throws(TOMLError) {
        let start = position
        advance()
        let simple: [UInt8: UInt8] = [
            UInt8(ascii: "b"): 0x08, UInt8(ascii: "t"): .tab, UInt8(ascii: "n"): .newline, UInt8(ascii: "f"): 0x0C,
            UInt8(ascii: "r"): .carriageReturn, .quote: .quote, .backslash: .backslash,
        ]
        guard let letter = current else {
            throw TOMLError(position: start, message: "a backslash at the end of the text")
        }
        if let byte = simple[letter] {
            text.append(byte)
            advance()
            return
        }
        let digits = letter == UInt8(ascii: "u") ? 4 : letter == UInt8(ascii: "U") ? 8 : 0
        guard digits > 0 else {
            throw TOMLError(
                position: start, message: "\"\\\(currentCharacter)\" is not an escape; write \\\\ for a backslash")
        }
        advance()
        var value: UInt32 = 0
        for _ in 0..<digits {
            guard let byte = current, let digit = byte.hexDigitValue else {
                throw TOMLError(
                    position: start,
                    message: "\\\(Character(Unicode.Scalar(letter))) takes \(digits) hexadecimal digits")
            }
            value = value << 4 | UInt32(digit)
            advance()
        }
        guard let scalar = Unicode.Scalar(value) else {
            throw TOMLError(
                position: start,
                message:
                    "\\\(Character(Unicode.Scalar(letter))) names no Unicode scalar value (a surrogate, or past U+10FFFF)"
            )
        }
        text += Array(String(Character(scalar)).utf8)
    }
}

extension UInt8 {
    var hexDigitValue: UInt8? {
        switch self {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): self - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): self - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): self - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
