/// Writes an imported config as the TOML that animd reads: a header saying what was made of what, each binding under
/// the entry it came from, and what was left out, as comments, so that the file explains itself.
extension ImportedConfig {
    /// `source`: the file's name, for the header.
    public func toml(from source: String) -> String {
        var lines = [
            "# animd config imported from \(tool.rawValue)'s \(source) by `animctl import \(tool.rawValue)`:",
            "# \(bindings.count) binding(s) made, \(leftOut.count) entr\(leftOut.count == 1 ? "y" : "ies") left out.",
        ]
        lines += notes.map { "# \($0)" }
        lines += [
            "",
            "# Only these bindings: the embedded default's would compete with them for the same fingers.",
            "# Remove this line to keep the default's transitions and bindings as well.",
            "defaults = false",
        ]
        for binding in bindings {
            lines.append("")
            lines.append(Self.comment("line \(binding.line): \(binding.entry)"))
            lines += binding.notes.map(Self.comment)
            lines.append("[bindings.\(binding.name)]")
            lines += binding.keys.map { "\($0.key) = \(Self.render($0.value))" }
        }
        if !leftOut.isEmpty {
            lines.append("")
            lines.append("# Left out:")
            lines += leftOut.map { Self.comment("line \($0.line): \($0.entry): \($0.reason)") }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// What was left out, one line each, for stderr.
    public var leftOutReport: [String] { leftOut.map { "line \($0.line): \($0.entry): \($0.reason)" } }

    /// A comment line; the text on one line, whatever the file had.
    private static func comment(_ text: String) -> String {
        "# " + text.split(whereSeparator: \.isNewline).map(\.trimmed).joined(separator: " ")
    }

    static func render(_ value: TOMLValue) -> String {
        switch value {
        case let .string(text): quoted(text)
        case let .integer(number): String(number)
        case let .number(number): number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : "\(number)"
        case let .strings(texts): "[" + texts.map(quoted).joined(separator: ", ") + "]"
        case let .bool(flag): flag ? "true" : "false"
        case let .inlineTable(text): text
        }
    }

    /// A TOML basic string: backslash, quote and control characters escaped.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7f {
                    out +=
                        "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
                        + String(scalar.value, radix: 16)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}

extension StringProtocol {
    /// Without blanks at either end (spaces, tabs, and the carriage return of a file written on Windows).
    var trimmed: String {
        var slice = Substring(self)
        while let first = slice.first, first.isWhitespace { slice.removeFirst() }
        while let last = slice.last, last.isWhitespace { slice.removeLast() }
        return String(slice)
    }
}
