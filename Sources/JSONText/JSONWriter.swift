public import TextWriting

/// Writes JSON text by hand: one pass, no intermediate objects, into any `TextOutput` (the daemon's is the
/// outgoing ByteBuffer). Frames are encoded once per transition per tick, so this sits on the hot path.
public enum JSONWriter {
    public static func string(_ value: JSONValue) -> String {
        var out = ""
        out.reserveCapacity(128)
        write(value, into: &out)
        return out
    }

    public static func write(_ value: JSONValue, into out: inout some TextOutput) {
        switch value {
        case .null: out.writeLiteral("null")
        case let .bool(v): v ? out.writeLiteral("true") : out.writeLiteral("false")
        case let .number(v): writeNumber(v, into: &out)
        case let .string(v): writeString(v, into: &out)
        case let .array(items):
            out.writeLiteral("[")
            for (i, item) in items.enumerated() {
                if i > 0 { out.writeLiteral(",") }
                write(item, into: &out)
            }
            out.writeLiteral("]")
        case let .object(members):
            out.writeLiteral("{")
            writeMembers(members, into: &out)
            out.writeLiteral("}")
        }
    }

    /// An object's members without its braces, for a line whose opening is one literal (`NotificationMethod`).
    public static func writeMembers(_ members: [(String, JSONValue)], into out: inout some TextOutput) {
        for (i, (key, item)) in members.enumerated() {
            if i > 0 { out.writeLiteral(",") }
            writeString(key, into: &out)
            out.writeLiteral(":")
            write(item, into: &out)
        }
    }

    /// Whole numbers print without a fraction; others with the shortest text
    /// that reads back as the same Double. JSON has no NaN or infinity: null.
    @inlinable
    public static func writeNumber(_ v: Double, into out: inout some TextOutput) {
        guard v.isFinite else { out.writeLiteral("null"); return }
        TextWriting.writeNumber(v, to: &out)
    }

    @inlinable
    public static func writeString(_ s: String, into out: inout some TextOutput) {
        appendQuoted(s, to: &out)
    }
}
