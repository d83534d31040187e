import AnimProtocol
import NIOCore

/// A batch line (JSON-RPC 2.0, section 6) carried out a member at a time, each member counted against the client's
/// turn like a line of its own, with the other clients' turns and the frames in between (issue 48: one line of
/// 1,024 `daemon.config` requests held the loop for 7.3 s). Its answer is written as it goes, `[`, each response,
/// `]`, and sent once every member is carried out, as one line. It is bounded: once it is past `answerLimit`
/// bytes, each request left is answered with an error that names the bound and is not carried out (a notification,
/// which answers nothing, still is); one line of 1,024 `daemon.config` had made an 11.6 MB answer. A batch whose
/// client is gone is carried out for its effects alone, and builds no answer.
struct BatchInProgress {
    /// The answer, in bytes, past which no more request of the batch is carried out: it may end up larger by one
    /// response, the one that passed it.
    static let answerLimit = 1 << 20

    private var members: ArraySlice<IncomingRequest>
    private var answer: OutgoingLine
    private var responses = 0

    init(_ members: [IncomingRequest], allocator: ByteBufferAllocator) {
        self.members = members[...]
        answer = OutgoingLine(allocator: allocator)
    }

    var isDone: Bool { members.isEmpty }

    /// Takes the next member: `carryOut` answers it, or returns nil for a notification. `heard`: the client is
    /// still there to read the answer; when it is not, replies are dropped as they come, not gathered.
    mutating func takeNext(heard: Bool, _ carryOut: (IncomingRequest) -> Reply?) {
        guard let member = members.popFirst() else { return }
        let reply: Reply?
        if answer.count > Self.answerLimit, case let .request(id, _) = member {
            reply = Reply(
                id: id,
                result: .failure(
                    RPCError(
                        .limitReached,
                        "limit reached: the batch's answer is past \(Self.answerLimit) bytes; "
                            + "this request was not carried out: send it again on its own")))
        } else {
            reply = carryOut(member)
        }
        guard let reply, heard else { return }
        answer.writeLiteral(responses == 0 ? "[" : ",")
        responses += 1
        reply.writeObject(into: &answer)
    }

    /// The answer's line, once every member is taken; nil when none was answered (a batch of notifications).
    mutating func finish() -> ByteBuffer? {
        guard responses > 0 else { return nil }
        answer.writeLiteral("]\n")
        return answer.buffer
    }
}
