import Motion

/// Writes JSON text by hand: one pass, no intermediate objects. Frames are
/// encoded once per transition per tick, so this sits on the hot path.
public enum JSONWriter {
    public static func string(_ value: JSONValue) -> String {
        var out = ""
        out.reserveCapacity(128)
        write(value, into: &out)
        return out
    }

    public static func write(_ value: JSONValue, into out: inout String) {
        switch value {
        case .null: out += "null"
        case let .bool(v): out += v ? "true" : "false"
        case let .number(v): writeNumber(v, into: &out)
        case let .string(v): writeString(v, into: &out)
        case let .array(items):
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                write(item, into: &out)
            }
            out += "]"
        case let .object(members):
            out += "{"
            for (i, (key, item)) in members.enumerated() {
                if i > 0 { out += "," }
                writeString(key, into: &out)
                out += ":"
                write(item, into: &out)
            }
            out += "}"
        }
    }

    /// Whole numbers print without a fraction; others with the shortest text
    /// that reads back as the same Double. JSON has no NaN or infinity: null.
    public static func writeNumber(_ v: Double, into out: inout String) {
        guard v.isFinite else { out += "null"; return }
        Motion.writeNumber(v, to: &out)
    }

    public static func writeString(_ s: String, into out: inout String) {
        appendQuoted(s, to: &out)
    }
}
