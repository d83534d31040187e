/// The part of YAML that fusuma's config uses, read with line numbers (issue 61): block mappings by indentation,
/// sequences of scalars (`- name`), flow mappings of scalars (`{fullscreen: 'add'}`), plain, single- and
/// double-quoted scalars, comments, and documents separated by `---`. Hand-written rather than a YAML library for
/// this one reader (docs/migrating.md says why); anything else (an anchor, a tag, a block scalar, a flow sequence) is
/// an error that names its line, so nothing is silently misread.
indirect enum YAMLNode: Equatable {
    case scalar(String, line: Int)
    case mapping([YAMLPair])
    case sequence([String], line: Int)

    var scalar: String? { if case let .scalar(text, _) = self { text } else { nil } }
    var pairs: [YAMLPair] { if case let .mapping(pairs) = self { pairs } else { [] } }

    subscript(key: String) -> YAMLNode? { pairs.first { $0.key == key }?.value }
}

struct YAMLPair: Equatable {
    var key: String
    var line: Int
    var value: YAMLNode
}

struct YAMLSubsetError: Error, Equatable {
    var line: Int
    var message: String
}

enum YAMLSubsetReader {
    /// One line that holds something: its number, its indentation, and its text without the comment.
    private struct Line {
        var number: Int
        var indent: Int
        var text: String
    }

    /// Each document of the text, as a mapping (an empty document is an empty mapping).
    static func documents(_ text: String) throws(YAMLSubsetError) -> [YAMLNode] {
        var documents: [[Line]] = [[]]
        for (offset, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let number = offset + 1
            if raw.hasPrefix("---") {
                documents.append([])
                continue
            }
            if raw.hasPrefix("...") { continue }
            let content = try withoutComment(String(raw), line: number)
            guard !content.trimmed.isEmpty else { continue }
            let indent = content.prefix { $0 == " " }.count
            if content.dropFirst(indent).first == "\t" { throw YAMLSubsetError(line: number, message: "a tab indents") }
            documents[documents.count - 1].append(Line(number: number, indent: indent, text: content.trimmed))
        }
        return try documents.filter { !$0.isEmpty }.map { lines throws(YAMLSubsetError) in
            var at = 0
            let node = try mapping(lines, at: &at, indent: lines[0].indent)
            if at < lines.count { throw YAMLSubsetError(line: lines[at].number, message: "this line is indented less") }
            return node
        }
    }

    /// The pairs at `indent` from `at` on, each with what is indented under it.
    private static func mapping(_ lines: [Line], at: inout Int, indent: Int) throws(YAMLSubsetError) -> YAMLNode {
        var pairs: [YAMLPair] = []
        while at < lines.count, lines[at].indent >= indent {
            let line = lines[at]
            guard line.indent == indent else {
                throw YAMLSubsetError(line: line.number, message: "this line is indented more than the one before")
            }
            let (key, rest) = try split(line)
            at += 1
            if rest.hasPrefix("{") {
                pairs.append(YAMLPair(key: key, line: line.number, value: try flowMapping(rest, line: line.number)))
            } else if !rest.isEmpty {
                let value = YAMLNode.scalar(try scalar(rest, line: line.number), line: line.number)
                pairs.append(YAMLPair(key: key, line: line.number, value: value))
            } else if at < lines.count, lines[at].indent > indent || lines[at].text.hasPrefix("- ") {
                let block =
                    lines[at].text.hasPrefix("- ")
                    ? try sequence(lines, at: &at, indent: lines[at].indent)
                    : try mapping(lines, at: &at, indent: lines[at].indent)
                pairs.append(YAMLPair(key: key, line: line.number, value: block))
            } else {
                pairs.append(YAMLPair(key: key, line: line.number, value: .scalar("", line: line.number)))
            }
        }
        return .mapping(pairs)
    }

    /// `- item` lines at `indent`, each a scalar.
    private static func sequence(_ lines: [Line], at: inout Int, indent: Int) throws(YAMLSubsetError) -> YAMLNode {
        let first = lines[at].number
        var items: [String] = []
        while at < lines.count, lines[at].indent == indent, lines[at].text.hasPrefix("- ") {
            items.append(try scalar(String(lines[at].text.dropFirst(2)).trimmed, line: lines[at].number))
            at += 1
        }
        return .sequence(items, line: first)
    }

    /// `{key: value, …}` of scalars, on one line.
    private static func flowMapping(_ text: String, line: Int) throws(YAMLSubsetError) -> YAMLNode {
        guard text.hasSuffix("}") else { throw YAMLSubsetError(line: line, message: "a { mapping } is not closed") }
        var pairs: [YAMLPair] = []
        for member in text.dropFirst().dropLast().split(separator: ",") where !member.trimmed.isEmpty {
            guard let colon = member.firstIndex(of: ":") else {
                throw YAMLSubsetError(line: line, message: "\"key: value\" was expected in { }")
            }
            let key = try scalar(String(member[..<colon]).trimmed, line: line)
            let value = try scalar(String(member[member.index(after: colon)...]).trimmed, line: line)
            pairs.append(YAMLPair(key: key, line: line, value: .scalar(value, line: line)))
        }
        return .mapping(pairs)
    }

    /// `key: value` into its key and the value's text (empty when the value is the block below).
    private static func split(_ line: Line) throws(YAMLSubsetError) -> (String, String) {
        if line.text.hasPrefix("- ") || line.text == "-" {
            throw YAMLSubsetError(
                line: line.number, message: "a sequence (\"- …\"), which fusuma's gestures do not use")
        }
        var quote: Character?
        for (offset, character) in line.text.enumerated() {
            if let open = quote {
                if character == open { quote = nil }
                continue
            }
            if character == "'" || character == "\"" { quote = character }
            let after = line.text.dropFirst(offset + 1)
            if character == ":", after.isEmpty || after.first == " " {
                let key = try scalar(String(line.text.prefix(offset)).trimmed, line: line.number)
                return (key, String(after).trimmed)
            }
        }
        throw YAMLSubsetError(line: line.number, message: "\"key: value\" was expected")
    }

    /// A scalar's text: quotes taken off (with `''` in single quotes, and `\"`, `\\`, `\n`, `\t` in double).
    private static func scalar(_ text: String, line: Int) throws(YAMLSubsetError) -> String {
        guard let first = text.first else { return "" }
        if "[{&*!|>%@".contains(first) {
            throw YAMLSubsetError(line: line, message: "\(first) begins YAML that fusuma's gestures do not use")
        }
        guard first == "'" || first == "\"" else { return text }
        guard text.count >= 2, text.last == first else {
            throw YAMLSubsetError(line: line, message: "a quote is not closed")
        }
        let inner = String(text.dropFirst().dropLast())
        if first == "'" { return inner.replacingAll("''", with: "'") }
        var out = "", escaped = false
        for character in inner {
            if escaped {
                switch character {
                case "n": out.append("\n")
                case "t": out.append("\t")
                default: out.append(character)
                }
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else {
                out.append(character)
            }
        }
        return out
    }

    /// The line without a comment: from a `#` that begins it or follows a blank, outside quotes.
    private static func withoutComment(_ text: String, line: Int) throws(YAMLSubsetError) -> String {
        var quote: Character?
        var previous: Character = " "
        for (offset, character) in text.enumerated() {
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "'" || character == "\"" {
                quote = character
            } else if character == "#", previous == " " || previous == "\t" {
                return String(text.prefix(offset))
            }
            previous = character
        }
        return text
    }
}

extension String {
    /// Every occurrence of `target` replaced, without Foundation.
    func replacingAll(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        var out = "", rest = Substring(self)
        while let range = rest.firstRange(of: target) {
            out += rest[..<range.lowerBound] + replacement
            rest = rest[range.upperBound...]
        }
        return out + rest
    }
}
