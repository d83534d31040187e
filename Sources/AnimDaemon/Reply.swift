import AnimConfig
import AnimProtocol
import JSONText
import Motion
import TextWriting
import TransitionModel

/// What a request is answered with. Snapshots stay typed until the connection handler writes them, by their one
/// writer, straight into the outgoing buffer.
enum Answer {
    case value(JSONValue)
    /// With its owner when a client declared it.
    case snapshot(TransitionSnapshot, owner: TransitionOwner?)
    /// `{"transitions":[…]}`, after `"subscription":id` when there is one; each declared one with its owner.
    case snapshots(subscription: Int?, [TransitionSnapshot], owners: [String: TransitionOwner])
    /// `daemon.config`'s answer, written straight from the config's entries: no tree of values is made for it, for it
    /// is the largest answer there is (a thousand of them in one batch were issue 48's attack).
    case config(LoadedConfig, screenUnused: String?)

    func write(into out: inout some TextOutput) {
        switch self {
        case let .value(value):
            JSONWriter.write(value, into: &out)
        case let .snapshot(snapshot, owner):
            snapshot.writeJSON(owner: owner, into: &out)
        case let .snapshots(subscription, snapshots, owners):
            out.writeLiteral("{")
            if let subscription {
                out.writeLiteral("\"subscription\":")
                writeInteger(Int64(subscription), to: &out)
                out.writeLiteral(",")
            }
            TransitionSnapshot.writeList(snapshots, owners: { owners[$0] }, into: &out)
            out.writeLiteral("}")
        case let .config(loaded, screenUnused):
            Self.write(loaded, screenUnused: screenUnused, into: &out)
        }
    }

    /// `{"layers":[…],"entries":[{"key","value","file","line","column"(,"unused")},…],"warnings":[…]}`.
    private static func write(_ loaded: LoadedConfig, screenUnused: String?, into out: inout some TextOutput) {
        out.writeLiteral("{\"layers\":[")
        for (index, layer) in loaded.layers.enumerated() {
            if index > 0 { out.writeLiteral(",") }
            JSONWriter.writeString(layer, into: &out)
        }
        out.writeLiteral("],\"entries\":[")
        for (index, entry) in loaded.entries.enumerated() {
            out.writeLiteral(index > 0 ? ",{\"key\":" : "{\"key\":")
            JSONWriter.writeString(entry.key, into: &out)
            out.writeLiteral(",\"value\":")
            JSONWriter.writeString(entry.value, into: &out)
            out.writeLiteral(",\"file\":")
            JSONWriter.writeString(entry.origin.layer, into: &out)
            out.writeLiteral(",\"line\":")
            writeInteger(Int64(entry.origin.line), to: &out)
            out.writeLiteral(",\"column\":")
            writeInteger(Int64(entry.origin.valueColumn), to: &out)
            if entry.key == "daemon.screen", let screenUnused {
                out.writeLiteral(",\"unused\":")
                JSONWriter.writeString(screenUnused, into: &out)
            }
            out.writeLiteral("}")
        }
        out.writeLiteral("],\"warnings\":[")
        for (index, warning) in loaded.warnings.enumerated() {
            if index > 0 { out.writeLiteral(",") }
            JSONWriter.writeString(warning, into: &out)
        }
        out.writeLiteral("]}")
    }
}

/// The answer to one request, or its error, under the request's id.
struct Reply {
    let id: JSONValue
    let result: Result<Answer, RPCError>

    /// The response object, without its line's end.
    func writeObject(into out: inout some TextOutput) {
        switch result {
        case let .success(answer): RPCLine.writeResultObject(id: id, into: &out) { answer.write(into: &$0) }
        case let .failure(error): RPCLine.writeErrorObject(id: id, error, into: &out)
        }
    }
}

extension Reply {
    /// The response as a line of its own.
    func writeLine(into out: inout some TextOutput) {
        writeObject(into: &out)
        out.writeLiteral("\n")
    }
}
