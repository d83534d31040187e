import AnimConfig
import AnimProtocol
import Gestures
import JSONText
import Motion
import NIOCore
import NIOEmbedded
import Testing
import TransitionModel

@testable import AnimCore
@testable import AnimDaemon

/// The router against a stand-in for the daemon: what it asks of it, and the lines it answers with.
struct RequestRouterTests {
    final class FakeTarget: RequestTarget {
        var performed: [Command] = []
        var subscribed: [(Set<String>?, Set<EventGroup>, Double?, FrameDelivery)] = []
        var injected = 0
        let sidebar = TransitionSnapshot(
            name: "sidebar", progress: 0.25, fraction: 0.25, velocity: 0, phase: .interactive, from: 0, to: 1,
            target: 1, snap: 0, snapPoints: [0, 1], seq: 3, time: 12.5)

        var summary: DaemonSummary {
            DaemonSummary(
                version: "9.9", pid: 42, frameRate: 120,
                input: InputStatus(backend: .x11, connected: true, display: ":7"),
                monitors: [Rect(x: 0, y: 0, width: 800, height: 600)], screenFromDisplay: true, clients: 2,
                subscriptions: 3,
                motion: motionStatus, focus: .unknown(reason: "no source"))
        }
        var motionStatus = MotionChoice(configured: .auto, reducedDuration: 0).status
        func motion(_ setting: MotionSetting?) -> MotionStatus {
            if let setting {
                motionStatus =
                    MotionChoice(configured: .auto, reducedDuration: 0, sources: MotionSources(override: setting))
                    .status
            }
            return motionStatus
        }
        let loadedConfig = LoadedConfig(config: DaemonConfig(), layers: ["(embedded default)"], entries: [])
        var transitionNames: [String] { ["sidebar"] }
        func snapshots(of names: [String]?) -> [TransitionSnapshot]? {
            guard let names else { return [sidebar] }
            return names.allSatisfy { $0 == "sidebar" } ? names.map { _ in sidebar } : nil
        }
        func reload() -> Result<Void, RPCError> { .failure(RPCError(.configInvalid, "config invalid: test")) }
        func adoptEnvironment(_ changes: [String: String]) throws(RPCError) -> JSONValue {
            .object([("restarted", .bool(false))])
        }
        func subscribe(
            _ client: ClientConnection, transitions: Set<String>?, groups: Set<EventGroup>, maxRate: Double?,
            frames: FrameDelivery
        ) throws(RPCError) -> Int {
            subscribed.append((transitions, groups, maxRate, frames))
            return 5
        }
        func unsubscribe(_ client: ClientConnection, id: Int) throws(RPCError) {}
        func inject(_ events: [InputEvent], tabletModes: [InjectedTabletMode], from client: ClientConnection) {
            injected += events.count + tabletModes.count
        }
        func perform(_ command: Command) -> Result<CommandResult, EngineError> {
            performed.append(command)
            if case .release = command { return .success(.released(to: 1)) }
            if case .pause = command { return .failure(.notAllowed("\"sidebar\" is idle")) }
            return .success(.done)
        }
        /// The router hands declarations on whole; the daemon's tests check what becomes of them.
        var declarations: [(String, JSONValue, ClientConnection)] = []
        func declare(_ name: String, body: JSONValue, from client: ClientConnection) throws(RPCError) {
            declarations.append((name, body, client))
        }
        func updateDeclaration(_ name: String, body: JSONValue, from client: ClientConnection) throws(RPCError) {}
        func retract(_ name: String, from client: ClientConnection) throws(RPCError) {}
        var owners: [String: TransitionOwner] {
            Dictionary(declarations.map { ($0.0, $0.2.owner) }, uniquingKeysWith: { first, _ in first })
        }
        var declared: (transitions: [DaemonHello.Declared], yielding: [String]) { ([], []) }
    }

    let target = FakeTarget()
    let client = ClientConnection(id: 1, channel: EmbeddedChannel())

    /// The reply's line, as the connection handler writes it: a batch's once every member is carried out.
    func answer(_ line: String) -> String? {
        let router = RequestRouter(target: target)
        switch Array(line.utf8).withUnsafeBufferPointer({
            router.handle(line: $0, from: client, allocator: ByteBufferAllocator(), unheard: false)
        }) {
        case let .answered(reply):
            guard let reply else { return nil }
            var out = ""
            reply.writeLine(into: &out)
            return out
        case var .batch(batch):
            while !batch.isDone { batch.takeNext(heard: true) { router.carryOut($0, from: client, unheard: false) } }
            return batch.finish().map { String(buffer: $0) }
        }
    }

    /// A gone client's lines are carried out for their effects on the others alone: a toggle is, while what
    /// concerns only its connection (a query, a declaration, which would end with it at once) is skipped, unanswered.
    @Test func aGoneClientsLinesChangeOnlyWhatOutlivesIt() {
        let router = RequestRouter(target: target)
        /// Whether the line was skipped: nothing carried out, nothing answered.
        func gone(_ line: String) -> Bool {
            let outcome = Array(line.utf8).withUnsafeBufferPointer {
                router.handle(line: $0, from: client, allocator: ByteBufferAllocator(), unheard: true)
            }
            if case .answered(nil) = outcome { return true }
            return false
        }
        _ = gone(#"{"jsonrpc":"2.0","id":1,"method":"transition.toggle","params":{"name":"sidebar"}}"#)
        #expect(target.performed.count == 1, "the toggle moves what the others see")
        #expect(
            gone(#"{"jsonrpc":"2.0","id":2,"method":"transition.declare","params":{"name":"dock","transition":{}}}"#))
        #expect(gone(#"{"jsonrpc":"2.0","id":3,"method":"transition.retract","params":{"name":"dock"}}"#))
        #expect(gone(#"{"jsonrpc":"2.0","id":4,"method":"subscribe","params":{"transitions":["sidebar"]}}"#))
        #expect(target.declarations.isEmpty && target.subscribed.isEmpty, "nothing of its own connection is made")
    }

    /// JSON-RPC 2.0's batch examples (section 7), with this daemon's methods: one answer per request and per invalid
    /// member, in order, as one array on one line; the notifications among them carried out and not answered.
    @Test func aBatchIsAnsweredAsTheSpecificationSays() throws {
        let line =
            "["
            + [
                #"{"jsonrpc":"2.0","method":"transition.get","params":{"name":"sidebar"},"id":"1"}"#,
                #"{"jsonrpc":"2.0","method":"transition.toggle","params":{"name":"sidebar"}}"#,
                #"{"jsonrpc":"2.0","method":"transition.get","params":{"name":"nope"},"id":"2"}"#,
                #"{"foo":"boo"}"#,
                #"{"jsonrpc":"2.0","method":"foo.get","params":{"name":"myself"},"id":"5"}"#,
                #"{"jsonrpc":"2.0","method":"daemon.hello","id":"9"}"#,
            ].joined(separator: ",") + "]"
        let text = try #require(answer(line))
        #expect(text.hasSuffix("]\n") && text.filter { $0 == "\n" }.count == 1, "one line: \(text)")
        let answers = try #require(try JSONParser.parse(Array(text.utf8)).array)
        #expect(answers.map { $0["id"] } == ["1", "2", .null, "5", "9"])
        #expect(answers[0]["result"]?["name"] == "sidebar" && answers[4]["result"]?["name"] == "animd")
        #expect(
            answers[1]["error"]?["code"] == -32001 && answers[2]["error"]?["code"] == -32600
                && answers[3]["error"]?["code"] == -32601)
        #expect(target.performed == [.toggle("sidebar")], "the notification was carried out")
    }

    /// The specification's other cases: a batch of notifications has no answer; an empty array is one error, not an
    /// array; members that are not requests are each an error; a batch that is not JSON is one parse error. Beyond
    /// the spec: a batch past 1024 members is one error, and a member that is itself an array is an invalid member.
    @Test func theBatchCornersAreAnsweredAsTheSpecificationSays() throws {
        #expect(
            answer(
                #"[{"jsonrpc":"2.0","method":"transition.toggle","params":{"name":"sidebar"}},{"jsonrpc":"2.0","method":"transition.toggle","params":{"name":"sidebar"}}]"#
            ) == nil)
        #expect(target.performed.count == 2)
        func parsed(_ line: String) throws -> JSONValue { try JSONParser.parse(Array(try #require(answer(line)).utf8)) }
        let empty = try parsed("[]")
        #expect(empty["error"]?["code"] == -32600 && empty["id"] == .null, "an empty batch is one error object")
        for (line, count) in [("[1]", 1), ("[1,2,3]", 3), ("[[],{}]", 2)] {
            let answers = try #require(try parsed(line).array, "\(line)")
            #expect(
                answers.count == count && answers.allSatisfy { $0["error"]?["code"] == -32600 && $0["id"] == .null },
                "\(line)")
        }
        let broken = try parsed(#"[{"jsonrpc":"2.0","method":"daemon.hello","id":1},{"jsonrpc":"2.0","method""#)
        #expect(broken["error"]?["code"] == -32700 && broken["id"] == .null)
        let tooMany = try parsed("[" + Array(repeating: "1", count: 1025).joined(separator: ",") + "]")
        #expect(tooMany["error"]?["code"] == -32600 && tooMany["error"]?["message"]?.string?.contains("1024") == true)
    }

    @Test func helloReportsTheSummary() {
        let line = answer(#"{"jsonrpc":"2.0","id":1,"method":"daemon.hello"}"#) ?? ""
        for part in [
            #""version":"9.9""#, #""pid":42"#, #""frameRate":120"#, #""display":":7""#, #""monitors":[[0,0,800,600]]"#,
            #""clients":2"#, #""subscriptions":3"#, #""layers":["(embedded default)"]"#,
        ] {
            #expect(line.contains(part), "\(part) in \(line)")
        }
    }

    /// A snapshot answer is the snapshot writer's text, whole.
    @Test func getAnswersWithTheSnapshot() {
        var expected = #"{"jsonrpc":"2.0","id":2,"result":"#
        target.sidebar.writeJSON(into: &expected)
        #expect(
            answer(#"{"jsonrpc":"2.0","id":2,"method":"transition.get","params":{"name":"sidebar"}}"#) == expected
                + "}\n")
        let unknown = answer(#"{"jsonrpc":"2.0","id":3,"method":"transition.get","params":{"name":"dock"}}"#) ?? ""
        #expect(unknown.contains(#""code":-32001"#) && unknown.contains(#""transitions":["sidebar"]"#))
    }

    /// An unknown name is refused before anything is subscribed; a good one subscribes with the groups, rate and
    /// frames asked for.
    @Test func subscribeChecksNamesFirst() {
        let refused = answer(#"{"jsonrpc":"2.0","id":4,"method":"subscribe","params":{"transitions":["dock"]}}"#) ?? ""
        #expect(refused.contains(#""code":-32001"#) && target.subscribed.isEmpty)
        let line =
            answer(
                #"{"jsonrpc":"2.0","id":5,"method":"subscribe","params":{"transitions":["sidebar"],"events":["state"],"maxRate":30,"frames":"driven"}}"#
            ) ?? ""
        #expect(line.hasPrefix(#"{"jsonrpc":"2.0","id":5,"result":{"subscription":5,"transitions":[{"name":"sidebar""#))
        #expect(
            target.subscribed.count == 1 && target.subscribed[0].0 == ["sidebar"] && target.subscribed[0].1 == [.state]
                && target.subscribed[0].2 == 30 && target.subscribed[0].3 == .driven)
    }

    /// Transition requests become the engine's commands; its results and refusals become answers.
    @Test func commandsAndTheirResults() {
        #expect(
            answer(#"{"jsonrpc":"2.0","id":6,"method":"transition.release","params":{"name":"sidebar","velocity":-2}}"#)
                == #"{"jsonrpc":"2.0","id":6,"result":{"to":1}}"# + "\n")
        #expect(target.performed == [.release("sidebar", velocity: -2)])
        let refused = answer(#"{"jsonrpc":"2.0","id":7,"method":"transition.pause","params":{"name":"sidebar"}}"#) ?? ""
        #expect(
            refused.contains(#""code":-32002"#) && refused.contains("not allowed: \\\"sidebar\\\" is idle"),
            "\(refused)")
        // A mistake in the params never reaches the engine.
        _ = answer(#"{"jsonrpc":"2.0","id":8,"method":"transition.scrub","params":{"name":"sidebar","fraction":2}}"#)
        #expect(target.performed.count == 2)
    }

    /// A notification is carried out and answered with nothing; a failed reload is the target's error.
    @Test func notificationsAndFailures() {
        #expect(
            answer(
                #"{"jsonrpc":"2.0","method":"input.inject","params":{"events":[{"t":0,"kind":"pointer-move","x":1,"y":2}]}}"#
            ) == nil)
        #expect(target.injected == 1)
        #expect(answer(#"{"jsonrpc":"2.0","id":9,"method":"daemon.reload"}"#)?.contains(#""code":-32003"#) == true)
    }
}
