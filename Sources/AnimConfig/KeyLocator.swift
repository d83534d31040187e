/// Finds where each dotted key, and its value, is written in TOML text, for
/// error messages and for `animctl config`.
///
/// TOMLKit reports positions only for syntax errors, so this reads the text
/// line by line: table headers set the current table, `key = …` lines record
/// where the key and its value start, and an inline table's keys (`region =
/// { edge = "left", depth = 400 }`) are recorded at their own columns.
/// Columns count characters from 1.
struct KeyLocator {
    struct Position: Hashable {
        var line: Int
        /// Where the key (or the table header) starts.
        var keyColumn: Int
        /// Where the value starts; the key's column for a table header.
        var valueColumn: Int
    }

    private var positions: [String: Position] = [:]
    /// The key written on each line, or the table a header opens there.
    private var keyByLine: [Int: String] = [:]
    /// The table in force on each line, for lines that hold no key.
    private var tableByLine: [Int: String] = [:]

    init(_ text: String) {
        var table = ""
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = index + 1
            let characters = Array(Self.stripComment(String(rawLine)))
            let indent = characters.prefix { $0 == " " || $0 == "\t" }.count
            tableByLine[line] = table
            guard indent < characters.count else { continue }
            if characters[indent] == "[" {
                let close = characters.lastIndex(of: "]") ?? characters.count
                table = Self.normalize(String(characters[indent..<close]).trimmingCharacters(in: "[]"))
                record(table, Position(line: line, keyColumn: indent + 1, valueColumn: indent + 1))
                keyByLine[line] = table
                tableByLine[line] = table
            } else {
                recordPairs(in: characters, from: indent, to: characters.count, table: table, line: line)
            }
        }
    }

    /// Where `path` is written, or its nearest written parent, or the top of the file.
    func position(of path: String) -> Position {
        var candidate = path
        while !candidate.isEmpty {
            if let found = positions[candidate] { return found }
            guard let dot = candidate.lastIndex(of: ".") else { break }
            candidate = String(candidate[..<dot])
        }
        return Position(line: 1, keyColumn: 1, valueColumn: 1)
    }

    /// Where `path` is first written: itself, or its first written descendant for a table that is only implied
    /// (`transitions` by `[transitions.sidebar]`). For ordering keys as the file does.
    func firstPosition(of path: String) -> Position? {
        if let found = positions[path] { return found }
        let prefix = path + "."
        return positions.filter { $0.key.hasPrefix(prefix) }.values.min { ($0.line, $0.keyColumn) < ($1.line, $1.keyColumn) }
    }

    /// The key written on `line`, else the table in force there: what a syntax error on that line concerns.
    func key(atLine line: Int) -> String { keyByLine[line] ?? tableByLine[line] ?? "" }

    private mutating func record(_ path: String, _ position: Position) {
        if positions[path] == nil { positions[path] = position }
    }

    /// Records each `key = value` between `start` and `end` (a line, or the inside of an inline table).
    private mutating func recordPairs(in characters: [Character], from start: Int, to end: Int, table: String, line: Int) {
        var i = start
        while i < end {
            while i < end, characters[i] == " " || characters[i] == "\t" || characters[i] == "," { i += 1 }
            guard i < end, let equals = Self.index(of: "=", in: characters, from: i, to: end) else { return }
            let key = Self.normalize(String(characters[i..<equals]))
            let path = table.isEmpty ? key : table + "." + key
            var valueStart = equals + 1
            while valueStart < end, characters[valueStart] == " " || characters[valueStart] == "\t" { valueStart += 1 }
            record(path, Position(line: line, keyColumn: i + 1, valueColumn: valueStart + 1))
            if keyByLine[line] == nil { keyByLine[line] = path }
            let valueEnd = Self.endOfValue(in: characters, from: valueStart, to: end)
            if valueStart < end, characters[valueStart] == "{" {
                recordPairs(in: characters, from: valueStart + 1, to: max(valueStart + 1, valueEnd - 1), table: path, line: line)
            }
            i = valueEnd
        }
    }

    /// The first `target` outside strings, brackets and braces.
    private static func index(of target: Character, in characters: [Character], from start: Int, to end: Int) -> Int? {
        var quote: Character?
        for i in start..<end {
            let c = characters[i]
            if let open = quote {
                if c == open { quote = nil }
            } else if c == "\"" || c == "'" {
                quote = c
            } else if c == target {
                return i
            }
        }
        return nil
    }

    /// Just past a value starting at `start`: its closing bracket or brace, or the next comma at its own depth.
    private static func endOfValue(in characters: [Character], from start: Int, to end: Int) -> Int {
        var depth = 0
        var quote: Character?
        var i = start
        while i < end {
            let c = characters[i]
            if let open = quote {
                if c == "\\" && open == "\"" { i += 1 } else if c == open { quote = nil }
            } else if c == "\"" || c == "'" {
                quote = c
            } else if c == "[" || c == "{" {
                depth += 1
            } else if c == "]" || c == "}" {
                depth -= 1
                if depth <= 0 { return i + 1 }
            } else if c == ",", depth == 0 {
                return i
            }
            i += 1
        }
        return end
    }

    private static func normalize(_ key: String) -> String {
        key.split(separator: ".").map { $0.trimmingSpaces().trimmingCharacters(in: "\"'") }.joined(separator: ".")
    }

    private static func stripComment(_ line: String) -> String {
        var inString: Character?
        for (offset, character) in line.enumerated() {
            if let quote = inString {
                if character == quote { inString = nil }
            } else if character == "\"" || character == "'" {
                inString = character
            } else if character == "#" {
                return String(line.prefix(offset))
            }
        }
        return line
    }
}

extension StringProtocol {
    func trimmingSpaces() -> String { trimmingCharacters(in: " \t\r") }

    func trimmingCharacters(in set: String) -> String {
        var slice = Substring(self)
        while let first = slice.first, set.contains(first) { slice = slice.dropFirst() }
        while let last = slice.last, set.contains(last) { slice = slice.dropLast() }
        return String(slice)
    }
}
