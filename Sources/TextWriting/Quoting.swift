/// Appends `text` as a double-quoted string with JSON's escapes, which TOML's basic strings share: `\"`, `\\`,
/// `\n`, `\r`, `\t` and `\u00XX` for the other control characters. TOML also forbids a raw DEL, which JSON allows.
/// Here, below both the wire (AnimProtocol) and the config (Transitions), so that one escaper serves both.
@inlinable
public func appendQuoted(_ text: String, to out: inout some TextOutput, escapingDelete: Bool = false) {
    out.writeLiteral("\"")
    // Names and states need no escapes: then the text is copied whole, not scalar by scalar.
    if !text.utf8.contains(where: {
        $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") || (escapingDelete && $0 == 0x7F)
    }) {
        out.write(text)
        out.writeLiteral("\"")
        return
    }
    writeEscaped(text, to: &out, escapingDelete: escapingDelete)
    out.writeLiteral("\"")
}

/// The slow path of `appendQuoted`: scalar by scalar.
@usableFromInline
func writeEscaped(_ text: String, to out: inout some TextOutput, escapingDelete: Bool) {
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": out.writeLiteral("\\\"")
        case "\\": out.writeLiteral("\\\\")
        case "\n": out.writeLiteral("\\n")
        case "\r": out.writeLiteral("\\r")
        case "\t": out.writeLiteral("\\t")
        default:
            if scalar.value < 0x20 || (escapingDelete && scalar.value == 0x7F) {
                let hex = String(scalar.value, radix: 16)
                out.write("\\u" + String(repeating: "0", count: 4 - hex.count) + hex)
            } else {
                out.write(String(scalar))
            }
        }
    }
}
