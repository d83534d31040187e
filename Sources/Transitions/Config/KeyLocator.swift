/// Finds where a dotted key is written in TOML text, for error messages.
///
/// TOMLKit reports positions only for syntax errors, so this reads the text
/// line by line: table headers set the current table, and `key = …` lines
/// record where each key starts.
struct KeyLocator {
    private var positions: [String: (line: Int, column: Int)] = [:]

    init(_ text: String) {
        var table = ""
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = index + 1
            let content = Self.stripComment(String(rawLine))
            let indent = content.prefix { $0 == " " || $0 == "\t" }.count
            let trimmed = content.trimmingSpaces()
            if trimmed.hasPrefix("[") {
                let name = trimmed.trimmingCharacters(in: "[]")
                table = Self.normalize(name)
                if positions[table] == nil { positions[table] = (line, indent + 1) }
            } else if let equals = trimmed.firstIndex(of: "=") {
                let key = Self.normalize(String(trimmed[..<equals]))
                let path = table.isEmpty ? key : table + "." + key
                if positions[path] == nil { positions[path] = (line, indent + 1) }
            }
        }
    }

    /// The position of `path`, or of its nearest written parent, or the top of the file.
    func position(of path: String) -> (line: Int, column: Int) {
        var candidate = path
        while !candidate.isEmpty {
            if let found = positions[candidate] { return found }
            guard let dot = candidate.lastIndex(of: ".") else { break }
            candidate = String(candidate[..<dot])
        }
        return (1, 1)
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
