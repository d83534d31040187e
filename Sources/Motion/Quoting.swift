/// Appends `text` as a double-quoted string with JSON's escapes, which TOML's basic strings share: `\"`, `\\`,
/// `\n`, `\r`, `\t` and `\u00XX` for the other control characters. TOML also forbids a raw DEL, which JSON allows.
/// Here, below both the wire (AnimProtocol) and the config (Transitions), so that one escaper serves both.
public func appendQuoted(_ text: String, to out: inout String, escapingDelete: Bool = false) {
    out += "\""
    // Names and states need no escapes: then the text is copied whole, not scalar by scalar.
    if !text.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") || (escapingDelete && $0 == 0x7F) }) {
        out += text
        out += "\""
        return
    }
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        default:
            if scalar.value < 0x20 || (escapingDelete && scalar.value == 0x7F) {
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
    }
    out += "\""
}
