/// Two TOML rules animd checks before the text reaches TOMLKit, whose bundled
/// toml++ parser (0.6.0) aborts the whole process on an assertion in
/// `parse_key()` when a table header does not start with a key (`[ =]`, `[é]`;
/// both found by the config fuzzer). Every other malformed key gets a proper
/// error from toml++ (checked by hand: `[a. =]`, `x = { = 1 }`, `a. = 1` …).
///
/// - Characters beyond ASCII only inside strings and comments (TOML 1.0: bare
///   keys are A–Z, a–z, 0–9, `_` and `-`).
/// - A table header, `[` or `[[` at the start of a line, starts (after blanks)
///   with a bare-key character, a quote, or `]`, on the same line.
enum TOMLPrecheck {
    struct Stray: Hashable {
        var line: Int
        var column: Int
        var character: Character
        /// False for a table header that starts with something else than a key.
        var nonASCII = true
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
        guard j < characters.count else { return Stray(line: line, column: column + (j - i), character: " ", nonASCII: false) }
        guard isKeyStart(characters[j]) else {
            return Stray(line: line, column: column + (j - i), character: Character(characters[j]), nonASCII: characters[j].isASCII == false)
        }
        return nil
    }

    /// The first character that breaks either rule, if any.
    static func firstNonASCIIOutsideStrings(_ text: String) -> Stray? {
        enum State { case code, comment, basic, literal, multilineBasic, multilineLiteral }
        var state = State.code
        let characters = Array(text.unicodeScalars)
        var line = 1, column = 0
        var i = 0
        /// Nothing but blanks since the start of the line.
        var lineStart = true
        func starts(_ s: String, at index: Int) -> Bool {
            let pattern = Array(s.unicodeScalars)
            guard index + pattern.count <= characters.count else { return false }
            return (0..<pattern.count).allSatisfy { characters[index + $0] == pattern[$0] }
        }
        while i < characters.count {
            let c = characters[i]
            column += 1
            if c == "\n" {
                line += 1
                column = 0
                lineStart = true
                // Single-line strings and comments end at the line; an unterminated string is TOMLKit's to report.
                if state == .comment || state == .basic || state == .literal { state = .code }
                i += 1
                continue
            }
            switch state {
            case .code:
                if !c.isASCII { return Stray(line: line, column: column, character: Character(c)) }
                if lineStart && c == "[", let stray = headerStray(characters, at: i, line: line, column: column) { return stray }
                if c != " " && c != "\t" { lineStart = false }
                if c == "#" { state = .comment }
                else if starts("\"\"\"", at: i) { state = .multilineBasic; i += 2; column += 2 }
                else if starts("'''", at: i) { state = .multilineLiteral; i += 2; column += 2 }
                else if c == "\"" { state = .basic }
                else if c == "'" { state = .literal }
            case .comment:
                break
            case .basic:
                if c == "\\" { i += 1; column += 1 } else if c == "\"" { state = .code }
            case .literal:
                if c == "'" { state = .code }
            case .multilineBasic:
                if c == "\\" { i += 1; column += 1 } else if starts("\"\"\"", at: i) { state = .code; i += 2; column += 2 }
            case .multilineLiteral:
                if starts("'''", at: i) { state = .code; i += 2; column += 2 }
            }
            i += 1
        }
        return nil
    }
}
