import AnimProtocol
import JSONText
import NIOCore
import Testing

@testable import AnimDaemon

/// A batch carried out a member at a time: its answer is gathered while its client is there to read it, and not
/// at all once it is gone (issue 48: a gone client's batch still built its answer, up to the 1 MiB bound).
struct BatchInProgressTests {
    /// Three requests and a notification, as one batch line reads them.
    static func members() throws -> [IncomingRequest] {
        let line =
            #"[{"jsonrpc":"2.0","id":1,"method":"daemon.hello"},{"jsonrpc":"2.0","method":"daemon.hello"},"#
            + #"{"jsonrpc":"2.0","id":2,"method":"daemon.hello"},{"jsonrpc":"2.0","id":3,"method":"daemon.hello"}]"#
        let read = Array(line.utf8).withUnsafeBufferPointer { IncomingRequest.read($0) }
        guard case let .batch(members) = read else { throw BatchError.notABatch }
        return members
    }

    enum BatchError: Error { case notABatch }

    /// Carries out every member of the batch, heard or not; the ids of the requests carried out, and the answer.
    static func run(heard: Bool) throws -> (carriedOut: Int, answer: String?) {
        var batch = BatchInProgress(try members(), allocator: ByteBufferAllocator())
        var carriedOut = 0
        while !batch.isDone {
            batch.takeNext(heard: heard) { member in
                carriedOut += 1
                guard case let .request(id, _) = member else { return nil }
                return Reply(id: id, result: .success(.value(.string("done"))))
            }
        }
        return (carriedOut, batch.finish().map { String(buffer: $0) })
    }

    @Test func aHeardBatchIsAnsweredAsOneArrayLine() throws {
        let (carriedOut, answer) = try Self.run(heard: true)
        #expect(carriedOut == 4)
        let line = try #require(answer)
        #expect(line.hasSuffix("]\n"))
        let answers = try #require(try JSONParser.parse(Array(line.dropLast().utf8)).array)
        #expect(answers.compactMap { $0["id"]?.integer } == [1, 2, 3], "the notification answers nothing")
        #expect(answers.allSatisfy { $0["result"] == "done" })
    }

    @Test func aGoneClientsBatchIsCarriedOutAndBuildsNoAnswer() throws {
        let (carriedOut, answer) = try Self.run(heard: false)
        #expect(carriedOut == 4, "its effects still happen")
        #expect(answer == nil, "nobody reads it: nothing is gathered")
    }
}
