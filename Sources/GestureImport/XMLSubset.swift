/// The part of XML that touchegg's config uses, read with line numbers (issue 61): elements with attributes, text,
/// comments, the declaration, CDATA, and the five named and the numeric character references. Hand-written rather
/// than FoundationXML, which would bring libxml2 into animctl (docs/migrating.md says why). Anything else is an
/// error that names its line.
struct XMLElement: Equatable {
    var name: String
    var attributes: [String: String] = [:]
    var children: [XMLElement] = []
    var text = ""
    var line: Int

    /// The text of the first child of that name, trimmed.
    func child(_ name: String) -> String? { children.first { $0.name == name }?.text.trimmed }

    subscript(attribute: String) -> String? { attributes[attribute] }
}

struct XMLSubsetError: Error, Equatable {
    var line: Int
    var message: String
}

struct XMLSubsetReader {
    private let characters: [Character]
    private var index = 0
    private var line = 1

    init(_ text: String) { characters = Array(text) }

    /// The document's root element.
    static func parse(_ text: String) throws(XMLSubsetError) -> XMLElement {
        var reader = XMLSubsetReader(text)
        reader.skipMisc()
        let root = try reader.element()
        reader.skipMisc()
        guard reader.index == reader.characters.count else { throw reader.failure("text after the root element") }
        return root
    }

    private func failure(_ message: String) -> XMLSubsetError { XMLSubsetError(line: line, message: message) }

    private var atEnd: Bool { index >= characters.count }

    private func starts(with prefix: String) -> Bool {
        var at = index
        for character in prefix {
            guard at < characters.count, characters[at] == character else { return false }
            at += 1
        }
        return true
    }

    private mutating func advance(_ count: Int = 1) {
        for _ in 0..<count where !atEnd {
            if characters[index] == "\n" { line += 1 }
            index += 1
        }
    }

    /// Skips to just past `terminator`; false at the end of the text.
    private mutating func skip(past terminator: String) -> Bool {
        while !atEnd {
            if starts(with: terminator) {
                advance(terminator.count)
                return true
            }
            advance()
        }
        return false
    }

    /// Blanks, comments, the declaration and a doctype, between elements.
    private mutating func skipMisc() {
        while !atEnd {
            if characters[index].isWhitespace {
                advance()
            } else if starts(with: "<!--") {
                _ = skip(past: "-->")
            } else if starts(with: "<?") {
                _ = skip(past: "?>")
            } else if starts(with: "<!DOCTYPE") {
                _ = skip(past: ">")
            } else {
                return
            }
        }
    }

    private mutating func name() throws(XMLSubsetError) -> String {
        var name = ""
        while !atEnd, !characters[index].isWhitespace, !"=/>\"'<".contains(characters[index]) {
            name.append(characters[index])
            advance()
        }
        guard !name.isEmpty else { throw failure("a name was expected") }
        return name
    }

    private mutating func skipBlanks() { while !atEnd, characters[index].isWhitespace { advance() } }

    private mutating func element() throws(XMLSubsetError) -> XMLElement {
        guard starts(with: "<") else { throw failure("an element was expected") }
        let start = line
        advance()
        var element = XMLElement(name: try name(), line: start)
        while true {
            skipBlanks()
            guard !atEnd else { throw failure("<\(element.name)> is not closed") }
            if starts(with: "/>") {
                advance(2)
                return element
            }
            if starts(with: ">") {
                advance()
                break
            }
            let attribute = try name()
            skipBlanks()
            guard starts(with: "=") else { throw failure("attribute \(attribute) has no value") }
            advance()
            skipBlanks()
            element.attributes[attribute] = try quotedValue()
        }
        try content(of: &element)
        return element
    }

    private mutating func quotedValue() throws(XMLSubsetError) -> String {
        guard !atEnd, characters[index] == "\"" || characters[index] == "'" else {
            throw failure("an attribute value must be quoted")
        }
        let quote = characters[index]
        advance()
        var value = ""
        while !atEnd, characters[index] != quote { value.append(try character()) }
        guard !atEnd else { throw failure("an attribute value is not closed") }
        advance()
        return value
    }

    /// Children and text up to the element's end tag.
    private mutating func content(of element: inout XMLElement) throws(XMLSubsetError) {
        while !atEnd {
            if starts(with: "</") {
                advance(2)
                let closing = try name()
                skipBlanks()
                guard closing == element.name, starts(with: ">") else {
                    throw failure("</\(closing)> closes <\(element.name)> (line \(element.line))")
                }
                advance()
                return
            }
            if starts(with: "<!--") {
                guard skip(past: "-->") else { throw failure("a comment is not closed") }
            } else if starts(with: "<![CDATA[") {
                advance(9)
                while !atEnd, !starts(with: "]]>") {
                    element.text.append(characters[index])
                    advance()
                }
                advance(3)
            } else if starts(with: "<") {
                element.children.append(try self.element())
            } else {
                element.text.append(try character())
            }
        }
        throw failure("<\(element.name)> (line \(element.line)) is not closed")
    }

    /// One character of text, a reference read.
    private mutating func character() throws(XMLSubsetError) -> Character {
        guard characters[index] == "&" else {
            defer { advance() }
            return characters[index]
        }
        var reference = ""
        advance()
        while !atEnd, characters[index] != ";", reference.count < 12 {
            reference.append(characters[index])
            advance()
        }
        guard !atEnd, characters[index] == ";" else { throw failure("a reference &\(reference) is not closed") }
        advance()
        switch reference {
        case "amp": return "&"
        case "lt": return "<"
        case "gt": return ">"
        case "quot": return "\""
        case "apos": return "'"
        default:
            let hex = reference.hasPrefix("#x") || reference.hasPrefix("#X")
            let digits = reference.dropFirst(hex ? 2 : 1)
            guard reference.hasPrefix("#"), let value = UInt32(digits, radix: hex ? 16 : 10),
                let scalar = Unicode.Scalar(value)
            else { throw failure("an unknown reference &\(reference);") }
            return Character(scalar)
        }
    }
}
