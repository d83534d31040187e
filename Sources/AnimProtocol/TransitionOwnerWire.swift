public import JSONText
public import TextWriting
public import TransitionModel

/// The owner on the wire: `{"client":…,"pid":…}`, each null when unknown, in `transition.list`, `transition.get`,
/// the answers to declarations and `transition.removed`.
extension TransitionOwner {
    public var json: JSONValue {
        .object([("client", client.map(JSONValue.string) ?? .null), ("pid", pid.map { .number(Double($0)) } ?? .null)])
    }

    /// Reads an owner back (clients); the connection is the daemon's, so it is 0 here.
    public init?(json: JSONValue) {
        guard json.objectMembers != nil else { return nil }
        self.init(connection: 0, client: json["client"]?.string, pid: json["pid"]?.integer)
    }
}

/// Why a declared transition is gone (`transition.removed`'s `reason`).
public enum RemovalReason: String, Hashable, Sendable {
    /// Its owner retracted it.
    case retracted
    /// Its owner's connection closed.
    case disconnected
    /// A reload gave its name or its place to the user's config, or lowered the limits below it.
    case config
}

extension TransitionSnapshot {
    /// The snapshot as an answer gives it, with `owner` last when a client declared it.
    public func writeJSON(owner: TransitionOwner?, into out: inout some TextOutput) {
        out.writeLiteral("{")
        writeMembers(into: &out)
        if let owner {
            out.writeLiteral(",\"owner\":")
            JSONWriter.write(owner.json, into: &out)
        }
        out.writeLiteral("}")
    }
}
