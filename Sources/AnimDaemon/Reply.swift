import AnimProtocol
import Motion
import TextWriting
import TransitionModel
import JSONText

/// What a request is answered with. Snapshots stay typed until the connection handler writes them, by their one
/// writer, straight into the outgoing buffer.
enum Answer {
    case value(JSONValue)
    /// With its owner when a client declared it.
    case snapshot(TransitionSnapshot, owner: TransitionOwner?)
    /// `{"transitions":[…]}`, after `"subscription":id` when there is one; each declared one with its owner.
    case snapshots(subscription: Int?, [TransitionSnapshot], owners: [String: TransitionOwner])

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
        }
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

/// What one line is answered with: one response, or a batch's array of them (JSON-RPC 2.0, section 6), on one line.
enum ReplyLine {
    case one(Reply)
    case batch([Reply])

    func write(into out: inout some TextOutput) {
        switch self {
        case let .one(reply):
            reply.writeObject(into: &out)
        case let .batch(replies):
            out.writeLiteral("[")
            for (index, reply) in replies.enumerated() {
                if index > 0 { out.writeLiteral(",") }
                reply.writeObject(into: &out)
            }
            out.writeLiteral("]")
        }
        out.writeLiteral("\n")
    }
}
