/// Reads a TOML 1.0 document into a `ConfigTable` whose every key and value knows the line and column it was
/// written at (docs/config.md, "The TOML reader").
///
/// Everything it does is bounded by the text: one pass, no recursion deeper than `nestingLimit`, nothing kept
/// once the table is returned.
struct TOMLReader {
    /// How many levels below the top a key or value may be: each part of a header or a dotted key, and each
    /// bracket of an array or inline table, is a level. animd's own config needs 4.
    static let nestingLimit = 64

    private var cursor: TOMLCursor
    private var tables: TOMLTables
    /// The table the last header opened, and its path.
    private var section = TOMLTables.root
    private var sectionPath = ""

    private init(_ text: String, layer: String) {
        cursor = TOMLCursor(text)
        tables = TOMLTables(layer: layer)
    }

    /// The document `text`, or its first error.
    static func read(_ text: String, layer: String) throws(TOMLError) -> ConfigTable {
        var reader = TOMLReader(text, layer: layer)
        do {
            try reader.readDocument()
        } catch {
            throw reader.located(error)
        }
        return reader.tables.configTable()
    }

    /// An error names the key it is about with its whole path, or the table in force.
    private func located(_ error: TOMLError) -> TOMLError {
        var located = error
        located.key = [sectionPath, error.key].filter { !$0.isEmpty }.joined(separator: ".")
        return located
    }

    private mutating func readDocument() throws(TOMLError) {
        while true {
            try cursor.skipBlankLines()
            guard let byte = cursor.current else { return }
            if byte == .openBracket {
                try readHeader()
            } else {
                let (path, node) = try readKeyValue(depth: tables.depth(of: section))
                try tables.set(path, to: node, in: section)
            }
            try expectLineEnd()
        }
    }

    /// After a header or a key's value: blanks, a comment, then a line break or the end of the text.
    private mutating func expectLineEnd() throws(TOMLError) {
        cursor.skipBlanks()
        try cursor.skipComment()
        guard cursor.atEnd || cursor.atNewline else {
            throw TOMLError(
                position: cursor.position,
                message: "\(describeCurrent()) where the line should end: one key = value, or one [table], a line")
        }
        cursor.skipNewline()
    }

    /// `[a.b]` or `[[a.b]]`.
    private mutating func readHeader() throws(TOMLError) {
        let start = cursor.position
        let isArray = cursor.looking(at: "[[")
        cursor.advance(by: isArray ? 2 : 1)
        cursor.skipBlanks()
        guard let byte = cursor.current, byte.isBareKey || byte == .quote || byte == .apostrophe else {
            if let byte = cursor.current, byte >= 0x80 { throw nonASCIIKey() }
            let what =
                cursor.atEnd
                ? "the end of the text" : cursor.atNewline ? "a line break" : "\"\(cursor.currentCharacter)\""
            throw TOMLError(position: cursor.position, message: "a table header must start with a key, not \(what)")
        }
        let path = try readKey(depth: 0)
        cursor.skipBlanks()
        guard cursor.looking(at: isArray ? "]]" : "]") else {
            throw TOMLError(
                position: cursor.position,
                message: "\(describeCurrent()) in a table header: close it with \(isArray ? "]]" : "]")",
                key: path.dotted)
        }
        cursor.advance(by: isArray ? 2 : 1)
        sectionPath = ""
        section = try isArray ? tables.appendTable(path, at: start) : tables.openTable(path, at: start)
        sectionPath = path.dotted
    }

    /// `key = value`, the key dotted or not, `depth` levels below the top.
    private mutating func readKeyValue(depth: Int) throws(TOMLError) -> ([TOMLKey], ConfigNode) {
        let path = try readKey(depth: depth)
        cursor.skipBlanks()
        guard cursor.current == .equals else {
            throw TOMLError(
                position: cursor.position,
                message: "\(describeCurrent()) after the key \(path.dotted): write key = value", key: path.dotted)
        }
        cursor.advance()
        cursor.skipBlanks()
        let valueStart = cursor.position
        do {
            let value = try readValue(depth: depth + path.count)
            return (path, ConfigNode(value: value, origin: tables.origin(at: path[0].position, value: valueStart)))
        } catch {
            var error = error
            error.key = [path.dotted, error.key].filter { !$0.isEmpty }.joined(separator: ".")
            throw error
        }
    }

    /// A key: simple keys (bare, or quoted) joined by dots, with blanks around the dots.
    private mutating func readKey(depth: Int) throws(TOMLError) -> [TOMLKey] {
        var path: [TOMLKey] = []
        while true {
            let position = cursor.position
            if depth + path.count + 1 > Self.nestingLimit { throw tooDeep(at: position) }
            path.append(TOMLKey(name: try readSimpleKey(), position: position))
            cursor.skipBlanks()
            guard cursor.current == .dot else { return path }
            cursor.advance()
            cursor.skipBlanks()
        }
    }

    private mutating func readSimpleKey() throws(TOMLError) -> String {
        switch cursor.current {
        case .quote?, .apostrophe?:
            if cursor.looking(at: "\"\"\"") || cursor.looking(at: "'''") {
                throw TOMLError(position: cursor.position, message: "a key cannot be a multi-line string")
            }
            return try cursor.readString(multiline: false)
        case let byte? where byte.isBareKey:
            let start = cursor.index
            while let next = cursor.current, next.isBareKey { cursor.advance() }
            return String(decoding: cursor.bytes(from: start), as: UTF8.self)
        case let byte? where byte >= 0x80:
            throw nonASCIIKey()
        default:
            throw TOMLError(position: cursor.position, message: "a key is missing before \(describeCurrent())")
        }
    }

    /// A value, `depth` levels below the top.
    private mutating func readValue(depth: Int) throws(TOMLError) -> ConfigNode.Value {
        switch cursor.current {
        case .quote?, .apostrophe?: return .string(try cursor.readString())
        case .openBracket?: return .array(try readArray(depth: depth + 1))
        case .openBrace?: return .table(try readInlineTable(depth: depth + 1))
        default: return try cursor.readBareValue()
        }
    }

    /// `[v, v, …]`: values of any types, over any number of lines, with comments between, and a trailing comma.
    private mutating func readArray(depth: Int) throws(TOMLError) -> [ConfigNode] {
        if depth > Self.nestingLimit { throw tooDeep(at: cursor.position) }
        let keyColumn = cursor.position.column
        cursor.advance()
        var elements: [ConfigNode] = []
        while true {
            try cursor.skipBlankLines()
            if cursor.current == .closeBracket { break }
            let start = cursor.position
            let value = try readValue(depth: depth)
            elements.append(
                ConfigNode(
                    value: value,
                    origin: tables.origin(at: TextPosition(line: start.line, column: keyColumn), value: start)))
            try cursor.skipBlankLines()
            if cursor.current == .comma { cursor.advance(); continue }
            guard cursor.current == .closeBracket else {
                throw TOMLError(
                    position: cursor.position,
                    message: "\(describeCurrent()) in an array: separate values with \",\" and close it with \"]\"")
            }
            break
        }
        cursor.advance()
        return elements
    }

    /// `{ k = v, … }`, on one line, without a trailing comma (TOML 1.0); closed once written.
    private mutating func readInlineTable(depth: Int) throws(TOMLError) -> ConfigTable {
        if depth > Self.nestingLimit { throw tooDeep(at: cursor.position) }
        let table = tables.openInline(depth: depth, origin: tables.origin(at: cursor.position))
        cursor.advance()
        cursor.skipBlanks()
        if cursor.current == .closeBrace {
            cursor.advance()
            return tables.closeInline(table)
        }
        while true {
            cursor.skipBlanks()
            let (path, node) = try readKeyValue(depth: depth)
            try tables.set(path, to: node, in: table)
            cursor.skipBlanks()
            if cursor.current == .comma { cursor.advance(); continue }
            guard cursor.current == .closeBrace else {
                let hint =
                    cursor.atNewline
                    ? "an inline table stays on one line; use a [table] for more"
                    : "separate keys with \",\" and close it with \"}\""
                throw TOMLError(position: cursor.position, message: "\(describeCurrent()) in an inline table: \(hint)")
            }
            cursor.advance()
            return tables.closeInline(table)
        }
    }

    private func describeCurrent() -> String {
        cursor.atEnd ? "the end of the text" : cursor.atNewline ? "a line break" : "\"\(cursor.currentCharacter)\""
    }

    private func nonASCIIKey() -> TOMLError {
        TOMLError(
            position: cursor.position,
            message:
                "\"\(cursor.currentCharacter)\" outside a string or comment: TOML keys are ASCII (A-Z, a-z, 0-9, _ and -); quote the key"
        )
    }

    private func tooDeep(at position: TextPosition) -> TOMLError {
        TOMLError(
            position: position,
            message: "nested more than \(Self.nestingLimit) levels deep (each part of a header or a dotted key, "
                + "each bracket of an array or inline table); animd's config needs 4")
    }
}
