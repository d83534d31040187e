import AnimConfig
import AnimProtocol
import JSONText
import Logging
import NIOCore
import NIOEmbedded
import Testing

@testable import AnimCore
@testable import AnimDaemon

/// One connection's handler, byte by byte, on NIO's embedded channel: the real core behind it (the embedded
/// default config, no input backend), and every byte it writes read back.
struct ClientHandlerTests {
    let channel = EmbeddedChannel()
    let core: DaemonCore

    init() throws {
        let loop = channel.embeddedEventLoop
        let logger = Logger(label: "test")
        let config = ConfigInForce(try ConfigParser.load(user: nil))
        let supervisor = BackendSupervisor(
            loop: loop, logger: logger, launcher: BackendLauncher(setting: .x11, logger: logger, home: nil) { _, _ in },
            compositorFocus: CompositorFocusWatch(loop: loop, logger: logger) { _ in },
            session: SessionEnvironment([:]))
        core = DaemonCore(
            loop: loop, config: config, configSource: ConfigSource(explicitPath: nil, environment: [:]),
            supervisor: supervisor, notifier: SystemdNotifier(environment: [:]), logger: logger)
        try channel.pipeline.syncOperations.addHandler(
            ClientHandler(
                core: NIOLoopBound(core, eventLoop: loop),
                turns: NIOLoopBound(TurnQueue(loop: loop), eventLoop: loop)))
        // Connecting makes the channel active (and fires channelActive), so that `isActive` says whether it closed.
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).wait()
        #expect(channel.isActive)
    }

    /// Hands `text` to the handler as one read, then lets the loop run what it scheduled (the turns of lines left).
    func feed(_ text: String) throws {
        try feedOneTurn(text)
        channel.embeddedEventLoop.run()
    }

    /// Hands `text` to the handler as one read, and nothing more: what its first turn takes.
    func feedOneTurn(_ text: String) throws { try channel.writeInbound(channel.allocator.buffer(string: text)) }

    /// Every line written so far, as text.
    func output() throws -> [String] {
        var text = ""
        while let buffer = try channel.readOutbound(as: ByteBuffer.self) { text += String(buffer: buffer) }
        return text.split(separator: "\n").map(String.init)
    }

    /// A request cut anywhere, even byte by byte, is answered once, when its newline arrives.
    @Test func aRequestSplitByteByByteIsAnsweredOnce() throws {
        let request = #"{"jsonrpc":"2.0","id":7,"method":"transition.get","params":{"name":"sidebar"}}"# + "\n"
        for byte in request.utf8.dropLast() {
            try feed(String(decoding: [byte], as: UTF8.self))
            #expect(try output().isEmpty)
        }
        try feed("\n")
        let lines = try output()
        #expect(
            lines.count == 1 && lines[0].hasPrefix(#"{"jsonrpc":"2.0","id":7,"result":{"name":"sidebar""#), "\(lines)")
    }

    /// Pipelined requests in one read are answered in order; blank lines are skipped.
    @Test func pipelinedRequestsAreAnsweredInOrder() throws {
        try feed(
            #"{"jsonrpc":"2.0","id":1,"method":"daemon.hello"}"# + "\n\n"
                + #"{"jsonrpc":"2.0","id":2,"method":"transition.list"}"# + "\n"
                + #"{"jsonrpc":"2.0","id":3,"method":"nope"}"# + "\n")
        let lines = try output()
        #expect(lines.count == 3)
        #expect(lines[0].hasPrefix(#"{"jsonrpc":"2.0","id":1,"result":{"name":"animd""#))
        #expect(lines[1].hasPrefix(#"{"jsonrpc":"2.0","id":2,"result":{"transitions":["#))
        #expect(lines[2].hasPrefix(#"{"jsonrpc":"2.0","id":3,"error":{"code":-32601"#))
    }

    /// A line longer than the limit gets one error, then the connection closes; nothing after it is read.
    @Test func anOversizedLineClosesTheConnection() throws {
        try feed(String(repeating: "x", count: LineFramer.maximumLineLength + 1))
        try feed(#"{"jsonrpc":"2.0","id":1,"method":"daemon.hello"}"# + "\n")
        let lines = try output()
        #expect(lines.count == 1 && lines[0].contains("message too large"), "\(lines)")
        #expect(!channel.isActive)
    }

    /// A subscriber's events and answers arrive in the order they were produced: the toggle's began before its answer.
    @Test func eventsAndAnswersKeepTheirOrder() throws {
        try feed(
            #"{"jsonrpc":"2.0","id":1,"method":"subscribe","params":{"transitions":["sidebar"]}}"# + "\n"
                + #"{"jsonrpc":"2.0","id":2,"method":"transition.toggle","params":{"name":"sidebar"}}"# + "\n")
        let lines = try output()
        #expect(lines.count == 3, "\(lines)")
        #expect(lines.first?.contains(#""id":1,"result""#) == true)
        #expect(lines.dropFirst().first?.contains(#""method":"transition.began""#) == true)
        #expect(lines.last?.contains(#""id":2,"result""#) == true)
    }

    /// The loop hands its CPU over once per engine step that wrote to a client, and only then: a step whose events
    /// nobody takes, and a plain request, yield nothing.
    @Test func theLoopHandsOverAfterEachStepThatWrote() throws {
        var handOvers = 0
        core.pacer.handOver = { handOvers += 1 }
        let touch =
            #"{"jsonrpc":"2.0","id":1,"method":"input.inject","params":{"events":[{"t":0,"kind":"touch-down","id":1,"x":3,"y":500},"#
            + #"{"t":0.01,"kind":"touch-move","id":1,"x":40,"y":500},{"t":0.02,"kind":"touch-move","id":1,"x":60,"y":500}]}}"#
        try feed(touch + "\n")
        #expect(handOvers == 0, "no subscriber: nothing written, nothing handed over")
        try feed(#"{"jsonrpc":"2.0","id":2,"method":"subscribe","params":{"transitions":["sidebar"]}}"# + "\n")
        try feed(#"{"jsonrpc":"2.0","id":3,"method":"daemon.hello"}"# + "\n")
        #expect(handOvers == 0, "answers alone are not an engine step")
        try feed(
            #"{"jsonrpc":"2.0","id":4,"method":"input.inject","params":{"events":[{"t":0.03,"kind":"touch-move","id":1,"x":80,"y":500},"#
                + #"{"t":0.04,"kind":"touch-move","id":1,"x":90,"y":500}]}}"# + "\n")
        let frames = try output().filter { $0.contains(#""method":"transition.progress""#) }
        #expect(
            frames.count == 2 && handOvers == 2,
            "one hand-over per step that wrote: \(handOvers) for \(frames.count) frames")
    }

    /// A close while writes are pending ends the client cleanly: no answer to a request that arrives after.
    @Test func closeWhileAWriteIsPending() throws {
        try feed(#"{"jsonrpc":"2.0","id":1,"method":"daemon.hello"}"# + "\n")
        _ = try? channel.close().wait()
        #expect(!channel.isActive)
        try? feed(#"{"jsonrpc":"2.0","id":2,"method":"daemon.hello"}"# + "\n")
        let lines = try output()
        #expect(
            lines.count == 1 && lines[0].contains(#""id":1,"result""#),
            "only the answer written before the close: \(lines)")
    }

    static func requests(_ ids: Range<Int>, method: String = "daemon.hello") -> String {
        ids.map { #"{"jsonrpc":"2.0","id":"# + "\($0)" + #","method":""# + method + #""}"# + "\n" }.joined()
    }

    static func ids(_ lines: [String]) -> [Int] {
        lines.compactMap { line in
            line.split(separator: ",").first { $0.hasPrefix(#""id":"#) }.flatMap { Int($0.dropFirst(5)) }
        }
    }

    /// A client that pipelines many lines has them taken a turn at a time: at most `linesPerTurn` now (fewer when
    /// they took more than `turnSeconds`), the rest after the loop has run what else it has, every one answered once
    /// and in order.
    @Test func pipelinedLinesAreTakenATurnAtATime() throws {
        try feedOneTurn(Self.requests(0..<100))
        let first = Self.ids(try output())
        #expect(
            !first.isEmpty && first.count <= TurnBudget.linesPerTurn && first == Array(0..<first.count),
            "one turn: \(first)")
        channel.embeddedEventLoop.run()
        #expect(Self.ids(try output()) == Array(first.count..<100), "the other turns, after the loop ran")
    }

    /// A batch's members count against the turn as lines do (issue 48: one batch line of 1,024 requests was one
    /// turn): after the first turn nothing is answered yet, and the lines after the batch wait for it; once the loop
    /// has run, the batch is answered as one array, in order, then the lines.
    @Test func aBatchIsCarriedOutATurnAtATime() throws {
        let members = (0..<100).map { #"{"jsonrpc":"2.0","id":"# + "\($0)" + #","method":"daemon.hello"}"# }
        try feedOneTurn("[" + members.joined(separator: ",") + "]\n" + Self.requests(100..<102))
        #expect(try output().isEmpty, "100 members are more than a turn")
        channel.embeddedEventLoop.run()
        let lines = try output()
        #expect(lines.count == 3, "the batch's one line, then the two after it")
        let answer = try JSONParser.parse(Array((lines.first ?? "").utf8))
        #expect(answer.array?.compactMap { $0["id"]?.integer } == Array(0..<100), "every member, in order")
        #expect(Self.ids(Array(lines.dropFirst())) == [100, 101])
    }

    /// A batch's answer is bounded: once it is past `BatchInProgress.answerLimit` bytes, each request left is answered
    /// with -32004 naming the bound and is not carried out (issue 48: 1,024 `daemon.config` made an 11.6 MB answer).
    @Test func aBatchsAnswerIsBounded() throws {
        let members = (0..<1024).map { #"{"jsonrpc":"2.0","id":"# + "\($0)" + #","method":"daemon.config"}"# }
        try feed("[" + members.joined(separator: ",") + "]\n")
        let lines = try output()
        let line = try #require(lines.first)
        let answers = try #require(try JSONParser.parse(Array(line.utf8)).array)
        #expect(answers.count == 1024 && answers.compactMap { $0["id"]?.integer } == Array(0..<1024))
        let configs = answers.prefix { $0["result"] != nil }
        #expect(configs.count > 0 && configs.count < 1024)
        let oneConfig = JSONWriter.string(configs[0]).utf8.count
        #expect(
            line.utf8.count <= BatchInProgress.answerLimit + oneConfig + (1024 - configs.count) * 200,
            "past the bound by one config at most, then the refusals: \(line.utf8.count) bytes")
        let refused = answers[configs.count...]
        #expect(refused.allSatisfy { $0["error"]?["code"] == -32004 })
        #expect(refused.first?["error"]?["message"]?.string?.contains("past 1048576 bytes") == true)
    }

    /// While the client's socket is full, none of its lines is taken and its socket is not read; once it drains,
    /// the waiting lines are answered and reading goes on.
    @Test func aFullSocketStallsTheClientNeverDropsIt() throws {
        channel.isWritable = false
        try feedOneTurn(Self.requests(0..<5))
        #expect(Self.ids(try output()) == [0], "the first answer filled the socket: the rest wait")
        #expect(channel.isActive)
        channel.isWritable = true
        channel.pipeline.fireChannelWritabilityChanged()
        channel.embeddedEventLoop.run()
        #expect(Self.ids(try output()) == [1, 2, 3, 4])
        #expect(channel.isActive)
    }

    /// A client that sends its requests and closes its side gets every answer, a turn at a time, then the end.
    @Test func aHalfClosedClientGetsEveryAnswer() throws {
        try feedOneTurn(Self.requests(0..<50))
        channel.pipeline.fireUserInboundEventTriggered(ChannelEvent.inputClosed)
        #expect(channel.isActive, "lines are still waiting")
        channel.embeddedEventLoop.run()
        #expect(Self.ids(try output()) == Array(0..<50))
        #expect(!channel.isActive)
    }

    /// Issue 47, as NIO does it: a write to a client that has gone fails with EPIPE, and NIO, from inside that
    /// write's flush, reads what the socket still holds and closes it. The handler is in the middle of a turn then;
    /// it takes those events after the turn, one at a time (it used to enter the framer a second time and abort on
    /// Swift's exclusivity check). Every line the client sent is still carried out, its answers go nowhere, and then
    /// the core forgets it: its declaration ends with it.
    @Test func aPeerThatVanishesInsideAWriteIsTakenAfterTheTurn() throws {
        let vanishing = VanishingPeer()
        try channel.pipeline.syncOperations.addHandler(vanishing, position: .first)
        let declare =
            #"{"jsonrpc":"2.0","id":100,"method":"transition.declare","params":{"name":"vanishing","transition":{"snap-points":[0,1]},"bindings":{}}}"#
        vanishing.rest = channel.allocator.buffer(
            string: Self.requests(50..<90) + declare + "\n"
                + #"{"jsonrpc":"2.0","method":"transition.toggle","params":{"name":"panel"}}"# + "\n")
        try feed(
            #"{"jsonrpc":"2.0","id":1,"method":"subscribe","params":{"transitions":["sidebar"]}}"# + "\n"
                + Self.requests(2..<50))
        #expect(vanishing.vanished && !channel.isActive)
        #expect(core.registry.clients.isEmpty, "the client is forgotten")
        #expect(core.snapshots(of: ["vanishing"]) == nil, "its declaration ended with it")
        #expect(core.snapshots(of: ["panel"])?.first?.target == 1, "the last line it sent was carried out")
        // The embedded channel still takes the writes of the turn under way when it closes; none after.
        let answered = Self.ids(try output())
        #expect(answered.first == 1 && answered == Array(1...answered.count) && answered.count < 50, "\(answered)")
    }
}

/// Plays NIO's part when a client has gone: the first flush reads `rest` from the socket and closes the channel,
/// from inside the flush, as `BaseSocketChannel.flushNow` does on a write error.
final class VanishingPeer: ChannelOutboundHandler {
    typealias OutboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer
    var rest: ByteBuffer?
    private(set) var vanished = false

    func flush(context: ChannelHandlerContext) {
        guard let rest else { return context.flush() }
        self.rest = nil
        context.flush()
        vanished = true
        context.fireChannelRead(NIOAny(rest))
        context.close(promise: nil)
    }
}
