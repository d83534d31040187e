/// TOML's integers, floats, booleans, dates and times (TOML 1.0). animd's keys take no date, but a TOML reader
/// must accept a valid one and refuse an invalid one.
extension TOMLCursor {
    /// Reads the number, boolean, date or time at the cursor.
    mutating func readBareValue() throws(TOMLError) -> ConfigNode.Value {
        let start = position
        let token = takeToken()
        let text = String(decoding: token, as: UTF8.self)
        if text == "true" { return .bool(true) }
        if text == "false" { return .bool(false) }
        if let (digits, radix) = TOMLNumber.integerDigits(token) {
            guard let value = Int(digits, radix: radix) else {
                throw TOMLError(position: start, message: "\(text) is out of range for a 64-bit integer")
            }
            return .integer(value)
        }
        if let value = TOMLNumber.float(token) { return .float(value) }
        if TOMLDateTime.isValid(token) { return .dateOrTime }
        if token.isEmpty {
            throw TOMLError(
                position: start,
                message: atEnd || atNewline ? "a value is missing" : "\"\(currentCharacter)\" does not start a value")
        }
        throw TOMLError(position: start, message: "\(text) is not a value; a string needs quotes: \"\(text)\"")
    }

    /// The run of characters a number, boolean, date or time is written with; a date and a time may be separated
    /// by a space (`1979-05-27 07:32:00`).
    private mutating func takeToken() -> [UInt8] {
        var token: [UInt8] = []
        while let byte = current {
            if byte.isBareKey || byte == UInt8(ascii: "+") || byte == .dot || byte == UInt8(ascii: ":") {
                token.append(byte)
                advance()
            } else if byte == .space, TOMLDateTime.isDate(token[...]), peek(1)?.isDigit == true {
                token.append(byte)
                advance()
            } else {
                break
            }
        }
        return token
    }
}

enum TOMLNumber {
    /// If `token` is a decimal, hexadecimal, octal or binary integer: its digits without underscores or `+`, and
    /// their radix. Whether it fits in 64 bits is the caller's question.
    static func integerDigits(_ token: [UInt8]) -> (String, radix: Int)? {
        let text = token[...]
        for (prefix, radix) in [("0x", 16), ("0o", 8), ("0b", 2)] where text.starts(with: prefix.utf8) {
            let digits = text.dropFirst(2)
            guard underscoresBetweenDigits(digits, radix: radix) else { return nil }
            return (String(decoding: digits.filter { $0 != UInt8(ascii: "_") }, as: UTF8.self), radix)
        }
        guard isDecimalInteger(token) else { return nil }
        return (
            String(decoding: token.filter { $0 != UInt8(ascii: "_") && $0 != UInt8(ascii: "+") }, as: UTF8.self), 10
        )
    }

    /// `[+-]` and digits with single underscores between them, without a leading zero (but `0` itself).
    static func isDecimalInteger(_ token: [UInt8]) -> Bool {
        let digits =
            token.first == UInt8(ascii: "+") || token.first == UInt8(ascii: "-") ? token.dropFirst() : token[...]
        guard underscoresBetweenDigits(digits, radix: 10) else { return false }
        return digits.first != UInt8(ascii: "0") || digits.count == 1
    }

    /// A float: an integer part, then a fraction, an exponent or both; or `inf` and `nan`, signed or not.
    static func float(_ token: [UInt8]) -> Double? {
        let signed = token.first == UInt8(ascii: "+") || token.first == UInt8(ascii: "-")
        let body = signed ? token.dropFirst() : token[...]
        let negative = token.first == UInt8(ascii: "-")
        if body.elementsEqual("inf".utf8) { return negative ? -.infinity : .infinity }
        if body.elementsEqual("nan".utf8) { return .nan }
        let exponentAt = body.firstIndex { $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }
        let mantissa = body[..<(exponentAt ?? body.endIndex)]
        let dot = mantissa.firstIndex(of: .dot)
        let whole = mantissa[..<(dot ?? mantissa.endIndex)]
        guard dot != nil || exponentAt != nil, isDecimalInteger(Array(whole)), !whole.isEmpty else { return nil }
        if let dot, !underscoresBetweenDigits(mantissa[(dot + 1)...], radix: 10) { return nil }
        if let exponentAt {
            var exponent = body[(exponentAt + 1)...]
            if exponent.first == UInt8(ascii: "+") || exponent.first == UInt8(ascii: "-") {
                exponent = exponent.dropFirst()
            }
            guard underscoresBetweenDigits(exponent, radix: 10) else { return nil }
        }
        return Double(String(decoding: token.filter { $0 != UInt8(ascii: "_") }, as: UTF8.self))
    }

    /// At least one digit of `radix`, and every underscore between two digits.
    static func underscoresBetweenDigits(_ digits: ArraySlice<UInt8>, radix: Int) -> Bool {
        guard let first = digits.first, let last = digits.last, isDigit(first, radix), isDigit(last, radix) else {
            return false
        }
        var previousWasDigit = false
        for byte in digits {
            if byte == UInt8(ascii: "_") {
                guard previousWasDigit else { return false }
                previousWasDigit = false
            } else {
                guard isDigit(byte, radix) else { return false }
                previousWasDigit = true
            }
        }
        return true
    }

    private static func isDigit(_ byte: UInt8, _ radix: Int) -> Bool {
        guard let value = byte.hexDigitValue else { return false }
        return Int(value) < radix && (radix == 16 || byte.isDigit)
    }
}

/// Offset date-times, local date-times, local dates and local times (TOML 1.0, RFC 3339).
enum TOMLDateTime {
    static func isValid(_ token: [UInt8]) -> Bool {
        let text = token[...]
        if isDate(text.prefix(10)) {
            guard text.count > 10 else { return true }
            let separator = text[text.startIndex + 10]
            guard separator == UInt8(ascii: "T") || separator == UInt8(ascii: "t") || separator == .space else {
                return false
            }
            return isTime(text.dropFirst(11), offsetAllowed: true)
        }
        return isTime(text, offsetAllowed: false)
    }

    /// `YYYY-MM-DD`, a day that exists.
    static func isDate(_ text: ArraySlice<UInt8>) -> Bool {
        let bytes = Array(text)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            let year = number(bytes[0..<4]), let month = number(bytes[5..<7]), let day = number(bytes[8..<10])
        else { return false }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        return (1...12).contains(month) && day >= 1 && day <= days[month - 1]
    }

    /// `HH:MM:SS`, an optional fraction, and where allowed `Z` or `±HH:MM`.
    private static func isTime(_ text: ArraySlice<UInt8>, offsetAllowed: Bool) -> Bool {
        let bytes = Array(text)
        guard bytes.count >= 8, bytes[2] == UInt8(ascii: ":"), bytes[5] == UInt8(ascii: ":"),
            let hour = number(bytes[0..<2]), let minute = number(bytes[3..<5]), let second = number(bytes[6..<8]),
            hour <= 23, minute <= 59, second <= 60
        else { return false }
        var rest = bytes[8...]
        if rest.first == .dot {
            let fraction = rest.dropFirst().prefix { $0.isDigit }
            guard !fraction.isEmpty else { return false }
            rest = rest.dropFirst(1 + fraction.count)
        }
        if rest.isEmpty { return true }
        guard offsetAllowed else { return false }
        if rest.elementsEqual([UInt8(ascii: "Z")]) || rest.elementsEqual([UInt8(ascii: "z")]) { return true }
        let offset = Array(rest)
        guard offset.count == 6, offset[0] == UInt8(ascii: "+") || offset[0] == UInt8(ascii: "-"),
            offset[3] == UInt8(ascii: ":"),
            let hours = number(offset[1..<3]), let minutes = number(offset[4..<6])
        else { return false }
        return hours <= 23 && minutes <= 59
    }

    /// The decimal number written with exactly these digits.
    private static func number(_ digits: ArraySlice<UInt8>) -> Int? {
        guard !digits.isEmpty, digits.allSatisfy(\.isDigit) else { return nil }
        return digits.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
    }
}
