/// Three TOML rules animd checks before the text reaches TOMLKit, whose bundled
/// toml++ parser (0.6.0) aborts the whole process on an assertion in
/// `parse_key()` when a table header does not start with a key (`[ =]`, `[é]`;
/// both found by the config fuzzer). Every other malformed key gets a proper
/// error from toml++ (checked by hand: `[a. =]`, `x = { = 1 }`, `a. = 1` …).
///
/// - Characters beyond ASCII only inside strings and comments (TOML 1.0: bare
///   keys are A–Z, a–z, 0–9, `_` and `-`).
/// - A table header, `[` or `[[` at the start of a line, starts (after blanks)
///   with a bare-key character, a quote, or `]`, on the same line.
/// - A one-line string ends on its line. toml++ reports a missing closing quote
///   as "unescaped control characters other than TAB (U+0009) are explicitly
///   prohibited" (the line break), which does not tell a person what to fix.
/// - Nothing nests deeper than `NestingDepth.limit`: toml++ and the walks over
///   its tree go one call deeper per level, and a few kilobytes of `[a.a.a…]`
///   would otherwise exhaust the stack of a running daemon on reload.
enum TOMLPrecheck {
    struct Stray: Hashable {
        enum Kind: Hashable { case nonASCII, headerWithoutKey, unclosedString, tooDeep }
        var line: Int
        var column: Int
        /// The character at fault: the non-ASCII one, what the header starts with, or the string's opening quote.
        var character: Character
        var kind = Kind.nonASCII
    }

    static func isKeyStart(_ c: Unicode.Scalar) -> Bool {
        c.isASCII && (c.properties.isAlphabetic || ("0"..."9").contains(c) || c == "_" || c == "-" || c == "\"" || c == "'" || c == "]")
    }

    /// What is wrong with the table header that opens at `i`, if anything: after `[` or `[[` and blanks, a key
    /// must start, on the same line (toml++ reads on past a line break here, so a header cut short is refused too).
    static func headerStray(_ characters: [Unicode.Scalar], at i: Int, line: Int, column: Int) -> Stray? {
        var j = i + 1
        if j < characters.count && characters[j] == "[" { j += 1 }
        while j < characters.count && (characters[j] == " " || characters[j] == "\t") { j += 1 }
        guard j < characters.count else { return Stray(line: line, column: column + (j - i), character: " ", kind: .headerWithoutKey) }
        guard isKeyStart(characters[j]) else {
            return Stray(line: line, column: column + (j - i), character: Character(characters[j]),
                         kind: characters[j].isASCII ? .headerWithoutKey : .nonASCII)
        }
        return nil
    }

    private enum State { case code, comment, basic, literal, multilineBasic, multilineLiteral }

    /// Whether `pattern` is at `index` of `characters`.
    private static func starts(_ pattern: String, at index: Int, in characters: [Unicode.Scalar]) -> Bool {
        let pattern = Array(pattern.unicodeScalars)
        guard index + pattern.count <= characters.count else { return false }
        return (0..<pattern.count).allSatisfy { characters[index + $0] == pattern[$0] }
    }

    /// The one-line string that `state` is inside, opened at `opened`, reported as left open; nil outside one.
    private static func unclosed(_ state: State, opened: (line: Int, column: Int)) -> Stray? {
        guard state == .basic || state == .literal else { return nil }
        return Stray(line: opened.line, column: opened.column, character: state == .basic ? "\"" : "'", kind: .unclosedString)
    }

    /// The first character that breaks one of the rules, if any.
    static func firstStray(_ text: String) -> Stray? {
        var state = State.code
        let characters = Array(text.unicodeScalars)
        var line = 1, column = 0
        var i = 0
        var lineStart = true  // nothing but blanks since the start of the line
        var opened = (line: 0, column: 0)  // where the one-line string under way opened
        var depth = NestingDepth()
        func starts(_ pattern: String, at index: Int) -> Bool { Self.starts(pattern, at: index, in: characters) }
        while i < characters.count {
            let c = characters[i]
            column += 1
            if c == "\n" {
                line += 1
                column = 0
                lineStart = true
                depth.newLine()
                if let stray = unclosed(state, opened: opened) { return stray }
                if state == .comment { state = .code }
                i += 1
                continue
            }
            switch state {
            case .code:
                if !c.isASCII { return Stray(line: line, column: column, character: Character(c)) }
                if depth.passesLimit(taking: c, next: characters[safe: i + 1]) { return Stray(line: line, column: column, character: Character(c), kind: .tooDeep) }
                if lineStart && c == "[", let stray = headerStray(characters, at: i, line: line, column: column) { return stray }
                if c != " " && c != "\t" { lineStart = false }
                if c == "#" { state = .comment }
                else if starts("\"\"\"", at: i) { state = .multilineBasic; i += 2; column += 2 }
                else if starts("'''", at: i) { state = .multilineLiteral; i += 2; column += 2 }
                else if c == "\"" { state = .basic; opened = (line, column) }
                else if c == "'" { state = .literal; opened = (line, column) }
            case .comment:
                break
            case .basic:
                // An escape takes the next character, but never the line break: that ends the string unclosed.
                if c == "\\", i + 1 < characters.count, characters[i + 1] != "\n" { i += 1; column += 1 } else if c == "\"" { state = .code }
            case .literal:
                if c == "'" { state = .code }
            case .multilineBasic:
                if c == "\\" { i += 1; column += 1 } else if starts("\"\"\"", at: i) { state = .code; i += 2; column += 2 }
            case .multilineLiteral:
                if starts("'''", at: i) { state = .code; i += 2; column += 2 }
            }
            i += 1
        }
        return unclosed(state, opened: opened)
    }
}

/// How deep the text nests where it is read: one, plus a level for each dot of a table header or a dotted key and
/// for each open bracket (a header's own, an inline table's, an array's). animd's own config nests 4 deep; past
/// `limit` the text is refused before toml++ (and the walks over its tree) see it. A dot between digits is a
/// number's, not a key's.
struct NestingDepth {
    static let limit = 64

    private var brackets = 0
    private var keyDots = 0
    private var previous: Unicode.Scalar = " "

    /// Takes one character outside strings and comments; true when the nesting there passes `limit`.
    mutating func passesLimit(taking c: Unicode.Scalar, next: Unicode.Scalar?) -> Bool {
        switch c {
        case "[", "{": brackets += 1; keyDots = 0
        case "]", "}": brackets = max(0, brackets - 1)
        case "=", ",": keyDots = 0
        case ".": if !(Self.isDigit(previous) && next.map(Self.isDigit) == true) { keyDots += 1 }
        default: break
        }
        previous = c
        return brackets + keyDots + 1 > Self.limit
    }

    /// A key ends with its line; an open bracket does not.
    mutating func newLine() {
        keyDots = 0
        previous = " "
    }

    private static func isDigit(_ c: Unicode.Scalar) -> Bool { ("0"..."9").contains(c) }
}

extension Array {
    /// The element at `index`, or nil past either end.
    fileprivate subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
