/// A strict RFC 8259 parser from bytes to a `JSONTape`: each byte read once, no Foundation, no tree. The request
/// path reads its parameters from the tape in place (`read`); `parse` builds a `JSONValue` for clients.
///
/// Foundation's `JSONDecoder` into `JSONValue` probed each value with `try?`
/// for several container types, and every failed probe built a
/// `DecodingError` with its coding path: most of a request's 22.7 µs
/// (issue 9). A tree of `JSONValue`s then cost an allocation per object and
/// array, and was read a second time (issue 17).
///
/// - Members keep their order; a repeated key keeps every occurrence (the
///   first one wins on lookup).
/// - Nesting is limited to `maxDepth`, so `[[[[…` is an error, not a stack
///   overflow.
/// - Numbers outside Double's range (1e400) are errors: nothing non-finite
///   enters the daemon.
/// - Strings must be valid UTF-8; `\u` escapes must pair their surrogates.
public struct JSONParser {
    public static let maxDepth = 512

    /// Where and why a text is not JSON.
    public struct SyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
        public let offset: Int
        public let reason: String
        public var description: String { "byte \(offset): \(reason)" }
    }

    /// The text as a tree.
    public static func parse(_ bytes: some Collection<UInt8>) throws(SyntaxError) -> JSONValue {
        var tree = JSONValue.null
        // Contiguous bytes (an array, a buffer) are read in place; anything else is copied once.
        let failure =
            bytes.withContiguousStorageIfAvailable { read($0) { tree = $0.value } }
            ?? Array(bytes).withUnsafeBufferPointer { read($0) { tree = $0.value } }
        if let failure { throw failure }
        return tree
    }

    /// Reads `bytes` and hands `body` the root value, which lives only as long as that call; the text's syntax error,
    /// or nil. Not generic on purpose: the request path calls it from another module, where a generic function runs
    /// unspecialized, and that cost 2,300 instructions a request (docs/performance.md, 2026-11-27).
    package static func read(_ bytes: UnsafeBufferPointer<UInt8>, _ body: (JSONElement) -> Void) -> SyntaxError? {
        var parser = JSONParser(bytes)
        do throws(SyntaxError) {
            // Offsets are kept in 32 bits; a request line is at most 64 KiB.
            guard bytes.count < Int(Int32.max) else { throw SyntaxError(offset: 0, reason: "the text is too large") }
            parser.skipSpace()
            try parser.value(depth: 0)
            parser.skipSpace()
            guard parser.index == bytes.count else { throw parser.error("unexpected text after the value") }
        } catch {
            return error
        }
        parser.entries.withUnsafeBufferPointer { entries in
            parser.decoded.withUnsafeBufferPointer { decoded in
                body(JSONElement(tape: JSONTape(bytes: bytes, entries: entries, decoded: decoded), index: 0))
            }
        }
        return nil
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    /// The tape's tables, as they are read.
    private var entries: [JSONTape.Entry] = []
    private var decoded: [String] = []

    private init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        // A request's values in one allocation.
        entries.reserveCapacity(32)
    }

    private func error(_ reason: String) -> SyntaxError { SyntaxError(offset: index, reason: reason) }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipSpace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    /// Appends an entry that holds no other; its `next` is the entry after it.
    private mutating func append(_ entry: JSONTape.Entry) {
        var entry = entry
        entry.next = Int32(entries.count + 1)
        entries.append(entry)
    }

    private mutating func value(depth: Int) throws(SyntaxError) {
        guard let byte = current else { throw error("unexpected end of the text") }
        switch byte {
        case UInt8(ascii: "{"): try container(.object, depth: depth + 1)
        case UInt8(ascii: "["): try container(.array, depth: depth + 1)
        case UInt8(ascii: "\""): try string()
        case UInt8(ascii: "t"): try literal("true"); append(JSONTape.Entry(kind: .true))
        case UInt8(ascii: "f"): try literal("false"); append(JSONTape.Entry(kind: .false))
        case UInt8(ascii: "n"): try literal("null"); append(JSONTape.Entry(kind: .null))
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            append(JSONTape.Entry(number: try number(), kind: .number))
        default: throw error("unexpected character")
        }
    }

    private mutating func literal(_ word: StaticString) throws(SyntaxError) {
        let count = word.utf8CodeUnitCount
        guard bytes.count - index >= count else { throw error("unexpected end of the text") }
        for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] { throw error("unknown literal") }
        index += count
    }

    /// An object (its members: a name, then a value) or an array; its entry comes first and learns its count and
    /// its end once they are read.
    private mutating func container(_ kind: JSONTape.Kind, depth: Int) throws(SyntaxError) {
        guard depth <= Self.maxDepth else { throw error("nested deeper than \(Self.maxDepth)") }
        let closing = kind == .object ? UInt8(ascii: "}") : UInt8(ascii: "]")
        let entry = entries.count
        entries.append(JSONTape.Entry(kind: kind))
        index += 1
        var count: Int32 = 0
        skipSpace()
        if current == closing {
            index += 1
        } else {
            while true {
                skipSpace()
                if kind == .object {
                    guard current == UInt8(ascii: "\"") else { throw error("expected a member name") }
                    try string()
                    skipSpace()
                    guard current == UInt8(ascii: ":") else { throw error("expected ':'") }
                    index += 1
                    skipSpace()
                }
                try value(depth: depth)
                count += 1
                skipSpace()
                if current == UInt8(ascii: ",") { index += 1; continue }
                if current == closing { index += 1; break }
                throw error(kind == .object ? "expected ',' or '}'" : "expected ',' or ']'")
            }
        }
        entries[entry].payload = count
        entries[entry].next = Int32(entries.count)
    }

    /// A string's entry: its bytes as written when it has no escapes (validated here, decoded when read), else its
    /// decoded text.
    private mutating func string() throws(SyntaxError) {
        index += 1
        let start = index
        // The common case: no escapes, so the bytes are the string. Plain ASCII, as every name in the protocol
        // is, needs no validation: the generic validating initializer costs more than the whole scan.
        var highBits: UInt8 = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                if highBits >= 0x80,
                    String(validating: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self) == nil
                {
                    throw SyntaxError(offset: start, reason: "the string is not valid UTF-8")
                }
                append(JSONTape.Entry(start: Int32(start), end: Int32(index), kind: .string))
                index += 1
                return
            }
            highBits |= byte
            if byte == UInt8(ascii: "\\") { break }
            guard byte >= 0x20 else { throw error("a control character in a string") }
            index += 1
        }
        guard index < bytes.count else { throw error("unterminated string") }
        let text = try escapedString(from: start)
        decoded.append(text)
        append(JSONTape.Entry(start: Int32(start), end: Int32(index - 1), payload: Int32(decoded.count), kind: .string))
    }

    /// The rest of a string that has an escape at `index`: decoded byte by byte from `start`.
    private mutating func escapedString(from start: Int) throws(SyntaxError) -> String {
        var utf8 = Array(bytes[start..<index])
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                guard let text = String(validating: utf8, as: UTF8.self) else {
                    throw SyntaxError(offset: start, reason: "the string is not valid UTF-8")
                }
                index += 1
                return text
            case UInt8(ascii: "\\"):
                index += 1
                guard let escaped = current else { throw error("unterminated string") }
                index += 1
                switch escaped {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escaped)
                case UInt8(ascii: "b"): utf8.append(0x08)
                case UInt8(ascii: "f"): utf8.append(0x0C)
                case UInt8(ascii: "n"): utf8.append(0x0A)
                case UInt8(ascii: "r"): utf8.append(0x0D)
                case UInt8(ascii: "t"): utf8.append(0x09)
                case UInt8(ascii: "u"): utf8.append(contentsOf: try unicodeEscape())
                default: throw error("unknown escape")
                }
            default:
                guard byte >= 0x20 else { throw error("a control character in a string") }
                utf8.append(byte)
                index += 1
            }
        }
        throw error("unterminated string")
    }

    /// After `\u`: four hex digits, and a second `\uXXXX` when the first is a high surrogate.
    private mutating func unicodeEscape() throws(SyntaxError) -> [UInt8] {
        var scalar = try hex4()
        if (0xD800...0xDBFF).contains(scalar) {
            guard bytes.count - index >= 6, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
            else {
                throw error("an unpaired surrogate in a \\u escape")
            }
            index += 2
            let low = try hex4()
            guard (0xDC00...0xDFFF).contains(low) else { throw error("an unpaired surrogate in a \\u escape") }
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
        } else if (0xDC00...0xDFFF).contains(scalar) {
            throw error("an unpaired surrogate in a \\u escape")
        }
        guard let unicode = Unicode.Scalar(scalar) else { throw error("not a Unicode scalar") }
        return Array(String(Character(unicode)).utf8)
    }

    private mutating func hex4() throws(SyntaxError) -> UInt32 {
        guard bytes.count - index >= 4 else { throw error("a \\u escape needs four hex digits") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error("a \\u escape needs four hex digits")
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    /// RFC 8259's grammar, exactly; then the value, correctly rounded.
    private mutating func number() throws(SyntaxError) -> Double {
        let start = index
        var negative = false
        if current == UInt8(ascii: "-") { negative = true; index += 1 }
        // Up to 15 significant digits accumulate exactly in an integer (Clinger's fast path).
        var mantissa: UInt64 = 0, digits = 0, fractionDigits = 0
        let isDigit = Self.isDigit
        guard isDigit(current) else { throw error("a number needs digits") }
        if current == UInt8(ascii: "0") {
            index += 1
            if isDigit(current) { throw error("a number cannot start with 0") }
        } else {
            _ = digitRun(into: &mantissa, digits: &digits)
        }
        if current == UInt8(ascii: ".") {
            index += 1
            guard isDigit(current) else { throw error("a number needs digits after '.'") }
            fractionDigits = digitRun(into: &mantissa, digits: &digits)
        }
        var hasExponent = false
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            hasExponent = true
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard isDigit(current) else { throw error("a number needs digits in its exponent") }
            while isDigit(current) { index += 1 }
        }
        let exact = !hasExponent && digits <= 15 && fractionDigits <= 22
        let value = try magnitude(of: start, negative: negative, exact ? (mantissa, fractionDigits) : nil)
        return negative ? -value : value
    }

    private static func isDigit(_ byte: UInt8?) -> Bool {
        byte.map { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) } ?? false
    }

    /// Reads a run of digits, each into `mantissa` while it holds fewer than 19 (as many as a UInt64 holds), and
    /// counts them all in `digits`; how many went into the mantissa.
    @inline(__always)
    private mutating func digitRun(into mantissa: inout UInt64, digits: inout Int) -> Int {
        var kept = 0
        while let byte = current, Self.isDigit(byte) {
            if digits < 19 {
                mantissa = mantissa * 10 + UInt64(byte - UInt8(ascii: "0"))
                kept += 1
            }
            digits += 1
            index += 1
        }
        return kept
    }

    /// The magnitude of the number that runs from `start` (its sign, when `negative`) to here: from its mantissa
    /// and count of fraction digits when both are exact (Clinger's fast path: one division of exact operands rounds
    /// correctly), else from its text, which Swift's parser rounds correctly.
    private func magnitude(of start: Int, negative: Bool, _ exact: (mantissa: UInt64, fractionDigits: Int)?)
        throws(SyntaxError) -> Double
    {
        let value: Double
        if let (mantissa, fractionDigits) = exact {
            value = fractionDigits == 0 ? Double(mantissa) : Double(mantissa) / Self.powersOfTen[fractionDigits]
        } else {
            let digits = bytes[(negative ? start + 1 : start)..<index]
            let text = String(decoding: UnsafeBufferPointer(rebasing: digits), as: UTF8.self)
            guard let parsed = Double(text) else { throw SyntaxError(offset: start, reason: "not a number") }
            value = parsed
        }
        guard value.isFinite else { throw SyntaxError(offset: start, reason: "the number is beyond Double's range") }
        return value
    }

    private static let powersOfTen: [Double] = (0...22).map { exponent in
        var value = 1.0
        for _ in 0..<exponent { value *= 10 }
        return value
    }
}
