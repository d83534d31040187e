import AnimClient
import AnimProtocol
import Foundation
import Glibc
import JSONText
import Testing

/// JSON-RPC 2.0 batches against a live daemon (issue 29): a widget subscribes, drives and reads its state in one
/// write, from Swift's `AnimClient`, from the Python package, and as raw lines on the socket.
@Suite(.serialized) struct RPCBatchTests {
    /// `callBatch`: one write, one answer line, each result in order; the events the batch produced come before its
    /// answer and are kept for `nextNotification`.
    @Test func aSwiftClientSubscribesDrivesAndReadsInOneWrite() throws {
        let daemon = try DaemonProcess()
        let rpc = try daemon.connect()
        let results = try rpc.callBatch([
            ("subscribe", ["transitions": ["sidebar"], "events": ["state"]]),
            ("transition.toggle", ["name": "sidebar"]),
            ("transition.get", ["name": "nope"]),
            ("transition.get", ["name": "sidebar"]),
        ])
        #expect(results.count == 4)
        let subscribed = try results[0].get()
        #expect(subscribed["transitions"]?.array?.first?["phase"] == "idle", "subscribed before the toggle ran")
        #expect((try? results[1].get()) == .object([]))
        guard case let .failure(unknown) = results[2] else { Issue.record("an unknown transition answered"); return }
        #expect(unknown.code == -32001)
        #expect(try results[3].get()["phase"] == "animating", "the toggle ran before the get")
        let began = try #require(try rpc.nextNotification(timeout: 5))
        #expect(began["method"] == "transition.began", "the batch's own event was kept: \(began)")
    }

    /// The lines of the specification's examples (section 7), as a client would write them by hand.
    @Test func rawBatchesOnTheSocket() throws {
        let daemon = try DaemonProcess()
        let rpc = try daemon.connect()
        func exchange(_ line: String) throws -> JSONValue? {
            try rpc.send(raw: line + "\n")
            // A barrier: a request of its own whose answer follows whatever the batch got.
            try rpc.send(raw: #"{"jsonrpc":"2.0","id":"barrier","method":"daemon.hello"}"# + "\n")
            var answer: JSONValue?
            while let bytes = try rpc.readLine(timeout: 10) {
                let message = try JSONParser.parse(bytes)
                if message["id"] == "barrier" { return answer }
                if message["method"] == nil { answer = message }
            }
            return nil
        }
        let mixed = try #require(
            try exchange(
                #"[{"jsonrpc":"2.0","method":"transition.get","params":{"name":"panel"},"id":"1"},"#
                    + #"{"jsonrpc":"2.0","method":"transition.toggle","params":{"name":"panel"}},{"foo":"boo"},"#
                    + #"{"jsonrpc":"2.0","method":"foo.get","id":"5"}]"#)?.array)
        #expect(mixed.map { $0["id"] } == ["1", .null, "5"])
        #expect(mixed[1]["error"]?["code"] == -32600 && mixed[2]["error"]?["code"] == -32601)
        #expect(
            try exchange(#"[{"jsonrpc":"2.0","method":"transition.toggle","params":{"name":"panel"}}]"#) == nil,
            "notifications only: no answer")
        #expect(try exchange("[]")?["error"]?["code"] == -32600)
        #expect(try exchange("[1,2,3]")?.array?.count == 3)
        #expect(
            try exchange(#"[{"jsonrpc":"2.0","method":"sum","id":"1"},{"jsonrpc":"2.0","method""#)?["error"]?["code"]
                == -32700)
    }

    /// The Python package's `batch`: results in order, an error in place rather than raised.
    @Test func thePythonClientSendsABatch() throws {
        let python = try PythonVenv.python()
        let daemon = try DaemonProcess()
        let script = """
            import json, sys, animd
            with animd.connect(sys.argv[1]) as connection:
                results = connection.batch([("subscribe", {"transitions": ["launcher"]}), ("transition.toggle", {"name": "launcher"}),
                                            ("transition.get", {"name": "nope"}), ("transition.get", {"name": "launcher"})])
                print(json.dumps([r.code if isinstance(r, animd.RPCError) else r for r in results]))
            """
        let result = try runTool(python, ["-c", script, daemon.socket])
        let answers = try #require(
            (try? JSONParser.parse(Array(result.output.utf8)))?.array, "\(result.status): \(result.output)")
        #expect(answers.count == 4 && answers[1] == .object([]) && answers[2] == -32001)
        #expect(answers[0]["subscription"] != nil && answers[3]["phase"] == "animating")
    }

    /// Issue 48: four clients that never read each send batch lines of 1,024 `daemon.config` requests (one such
    /// line held the loop for 7.3 s; four, 30 s, with resident memory 18 → 98 MiB). Members are carried out a turn's
    /// worth at a time and each answer is bounded: a `transition.get` over a fresh connection answers within 250 ms
    /// every 50 ms for 3 s, and once they close, memory is back near where it was and nothing runs.
    @Test func batchesCannotHoldTheLoop() throws {
        let daemon = try DaemonProcess()
        let pid = daemon.process.processIdentifier
        let rpc = try daemon.connect()
        _ = try rpc.ok("daemon.hello")
        let restingRSS = HostileInputTests.rss(pid)
        let line =
            "["
            + (0..<1024).map { #"{"jsonrpc":"2.0","id":"# + "\($0)" + #","method":"daemon.config"}"# }.joined(
                separator: ",") + "]\n"
        let attackers = (0..<4).map { _ in rawConnect(daemon.socket) }
        defer { for socket in attackers { close(socket) } }
        for fd in attackers { for _ in 0..<4 { #expect(LoadTests.send(line, to: fd)) } }
        let times = try LoopMeasures.freshGets(daemon)
        let worst = times.max() ?? 0, samples = times.count
        #expect(
            worst < LoopMeasures.floodAnswerBound, "the slowest of \(samples) fresh gets took \(Int(worst * 1000)) ms")
        for socket in attackers { shutdown(socket, Int32(SHUT_RDWR)) }
        LoopMeasures.expectQuietAfterwards(pid, restingRSS: restingRSS, label: "batches", times: times)
        #expect(try rpc.ok("daemon.hello")["name"] == "animd")
    }
}
