import AnimClient
import Foundation
import Glibc
import JSONText
import Synchronization
import Testing
import UnixSupport

/// What one client can send in other shapes than a line of one request cannot hold the loop (issue 48): batches of
/// notifications, batches inside a batch, storms of `transition.update` and of declare and retract beside 63
/// declarations of 16 bindings each, and a line that comes a byte at a time. Each is measured by what the others
/// see: a `transition.get` over a fresh connection every 50 ms for 3 s, answered within 250 ms; then, once the
/// attacker has gone, animd's memory against what it held before and its CPU.
@Suite(.serialized) struct ClientFloodTests {
    /// The shapes a batch line takes here; each attacker sends `lines` of it without reading an answer.
    enum Shape: String, CaseIterable, CustomTestStringConvertible {
        case reloadNotifications, nestedBatches, updateStorm, declareAndRetractStorm

        var testDescription: String { rawValue }

        /// One batch line of this shape, under the 64 KiB line limit (a longer one is refused and its connection
        /// closed): 1,024 `daemon.reload` notifications; eight batches of 100 `daemon.config` requests inside one;
        /// 400 updates of the attacker's own declaration (the probe's 450 come to 65,592 bytes); 150 declare and
        /// retract pairs.
        var line: String {
            let members: [String]
            switch self {
            case .reloadNotifications:
                members = Array(repeating: #"{"jsonrpc":"2.0","method":"daemon.reload"}"#, count: 1024)
            case .nestedBatches:
                let inner =
                    "["
                    + (0..<100).map { #"{"jsonrpc":"2.0","id":"# + "\($0)" + #","method":"daemon.config"}"# }
                    .joined(separator: ",") + "]"
                members = Array(repeating: inner, count: 8)
            case .updateStorm:
                members = (0..<400).map { index in
                    #"{"jsonrpc":"2.0","id":"# + "\(index)"
                        + #","method":"transition.update","params":{"name":"storm","transition":"#
                        + #"{"timing":"spring(damping-ratio=1, response=0."# + "\(2 + index % 2)" + #")"}}}"#
                }
            case .declareAndRetractStorm:
                let declare =
                    #"{"jsonrpc":"2.0","method":"transition.declare","params":{"name":"storm","#
                    + #""transition":{"snap-points":[0,1]},"bindings":{"storm-pan":"# + ClientFloodTests.pan
                    + "}},\"id\":"
                let retract = #"{"jsonrpc":"2.0","method":"transition.retract","params":{"name":"storm"},"id":"#
                members = (0..<150).flatMap { (index: Int) -> [String] in
                    [declare + "\(2 * index)}", retract + "\(2 * index + 1)}"]
                }
            }
            return "[" + members.joined(separator: ",") + "]\n"
        }
    }

    /// A pan binding over the bottom 64 px: pans never contend for a place, so any number may be declared.
    static let pan =
        #"{"gesture":"pan","direction":"down","increases":"up","region":{"edge":"bottom","depth":64},"distance":64}"#

    /// Fills the daemon's declarations but one (its default limit is 64, eight a connection): eight holders, each
    /// with up to eight transitions of 16 bindings. The connections are returned to be held open.
    static func declareSixtyThree(_ daemon: DaemonProcess) throws -> [RPCConnection] {
        let binding = try JSONParser.parse(Array(pan.utf8))
        return try (0..<8).map { holder in
            let rpc = try daemon.connect()
            _ = try rpc.hello(as: "holder-\(holder)").get()
            for index in 0..<(holder == 7 ? 7 : 8) {
                let name = "held-\(holder)-\(index)"
                let bindings = JSONValue.object((0..<16).map { ("\(name)-pan-\($0)", binding) })
                _ = try rpc.declare(name, transition: ["snap-points": [0, 1]], bindings: bindings).get()
            }
            return rpc
        }
    }

    @Test(arguments: Shape.allCases)
    func aBatchOfAnyShapeCannotHoldTheLoop(shape: Shape) throws {
        let daemon = try DaemonProcess()
        let pid = daemon.process.processIdentifier
        let holders = try Self.declareSixtyThree(daemon)
        let rpc = try daemon.connect()
        #expect(try rpc.ok("daemon.hello")["declared"]?.array?.count == 63)
        let restingRSS = HostileInputTests.rss(pid)

        var attacker: RPCConnection? = try daemon.connect()
        if shape == .updateStorm {
            _ = try attacker?.declare(
                "storm", transition: ["snap-points": [0, 1]],
                bindings: ["storm-pan": try JSONParser.parse(Array(Self.pan.utf8))]
            ).get()
        }
        #expect(shape.line.utf8.count <= 65_536, "\(shape.line.utf8.count) bytes")
        for _ in 0..<4 { try attacker?.send(raw: shape.line) }
        let times = try LoopMeasures.freshGets(daemon)
        let worst = times.max() ?? 0, samples = times.count
        #expect(
            worst < LoopMeasures.floodAnswerBound,
            "\(shape): the slowest of \(samples) fresh gets took \(Int(worst * 1000)) ms")
        if shape == .nestedBatches {
            // Each batch inside is one invalid member, answered and not carried out.
            let answer = try #require(try attacker?.readLine(timeout: 10).map { try JSONParser.parse($0) }?.array)
            #expect(answer.count == 8 && answer.allSatisfy { $0["error"]?["code"] == -32600 && $0["id"] == .null })
        }
        attacker = nil
        LoopMeasures.expectQuietAfterwards(pid, restingRSS: restingRSS, label: shape.rawValue, times: times)
        try waitUntil("the attacker's declarations are gone") {
            try rpc.ok("daemon.hello")["declared"]?.array?.count == 63
        }
        withExtendedLifetime(holders) {}
    }

    /// Issue 57: the injection budget was a connection's, so 48 connections injecting without end kept the loop
    /// busy with recognizers and held a fresh `transition.get` for 1.8 to 3.5 s. Now one budget serves them all: 48
    /// connections, each writing swipes of 100 events without waiting for the answers (another thread reads them),
    /// beside a fresh `transition.get` every 50 ms for 3 s, each answered within 250 ms.
    @Test func fortyEightInjectingConnectionsCannotHoldTheLoop() throws {
        let daemon = try DaemonProcess()
        let swipe = (0..<100).map { step -> String in
            let kind = step == 0 ? "touch-down" : step == 99 ? "touch-up" : "touch-move"
            return #"{"t":"# + "\(Double(step) * 0.001)" + #","kind":""# + kind + #"","id":1,"x":"# + "\(3 + step * 4)"
                + #","y":500}"#
        }
        let request =
            #"{"jsonrpc":"2.0","id":1,"method":"input.inject","params":{"events":["# + swipe.joined(separator: ",")
            + "]}}\n"
        let stop = Mutex(false)
        let answered = Mutex((taken: 0, refused: 0))
        let group = DispatchGroup()
        var sockets: [Int32] = []
        defer { for socket in sockets { close(socket) } }
        for _ in 0..<48 {
            let fd = rawConnect(daemon.socket)
            try #require(fd >= 0)
            sockets.append(fd)
            DispatchQueue.global().async(group: group) {
                while !stop.withLock({ $0 }), LoadTests.send(request, to: fd) {}
            }
            DispatchQueue.global().async(group: group) {
                var chunk = [UInt8](repeating: 0, count: 1 << 16)
                var pending = ""
                while !stop.withLock({ $0 }) {
                    var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                    guard poll(&entry, 1, 100) >= 0 else { return }
                    guard entry.revents != 0 else { continue }
                    let count = recv(fd, &chunk, chunk.count, 0)
                    guard count > 0 else { return }
                    pending += String(decoding: chunk[..<count], as: UTF8.self)
                    let lines = pending.split(separator: "\n", omittingEmptySubsequences: false)
                    pending = String(lines.last ?? "")
                    let whole = lines.dropLast()
                    answered.withLock { counts in
                        counts.taken += whole.count { $0.contains("\"result\"") }
                        counts.refused += whole.count { $0.contains("-32004") }
                    }
                }
            }
        }
        let times = try LoopMeasures.freshGets(daemon)
        stop.withLock { $0 = true }
        for socket in sockets { shutdown(socket, Int32(SHUT_RDWR)) }
        group.wait()
        let worst = times.max() ?? 0
        let counts = answered.withLock { $0 }
        print(
            "48 injecting connections: slowest fresh get \(Int(worst * 1000)) ms of \(times.count); \(counts.taken) requests taken, \(counts.refused) refused"
        )
        #expect(
            worst < LoopMeasures.floodAnswerBound,
            "the slowest of \(times.count) fresh gets took \(Int(worst * 1000)) ms")
        // Whether any were refused depends on how fast this machine carries injections out: one slower than the budget
        // never meets it (a fresh machine took 367 requests in the run and refused none). That the budget is the
        // daemon's, shared by every connection, is CoreMachineTests.injectionsShareTheDaemonsBudget's, on a manual clock.
        #expect(counts.taken > 0, "the injections were carried out: \(counts)")
        // docs/protocol.md: 10,000 events a second from all clients, in bursts of up to 10,000; the run lasts about 3 s.
        #expect(counts.taken * 100 <= 10_000 + 4 * 10_000, "at most the budget's worth over about 3 s: \(counts)")
    }

    /// A request line of 60 KB sent whole but its end, then a byte every 2 ms for 3 s (the Hyprland reader's
    /// finding, on the client socket): each byte is scanned once, as it comes. Rescanning the whole line at every
    /// byte cost the loop the line's length each time.
    @Test func aLineThatComesAByteAtATimeIsScannedOnce() throws {
        let daemon = try DaemonProcess()
        let pid = daemon.process.processIdentifier
        let rpc = try daemon.connect()
        let dripper = rawConnect(daemon.socket)
        defer { close(dripper) }
        #expect(
            LoadTests.send(
                #"{"jsonrpc":"2.0","id":1,"method":"transition.get","params":{"name":""#
                    + String(repeating: "x", count: 60_000), to: dripper))
        let before = LoopMeasures.cpuTicks(pid)
        let end = monotonicSeconds() + 3
        var dripped = 0
        while monotonicSeconds() < end {
            #expect(LoadTests.send("x", to: dripper))
            dripped += 1
            usleep(2000)
        }
        let ticks = LoopMeasures.cpuTicks(pid) - before
        print("a line a byte at a time: \(dripped) bytes in 3 s took \(ticks) CPU ticks")
        #expect(ticks < LoopMeasures.dripTickBound, "\(ticks) CPU ticks for \(dripped) one-byte reads")
        #expect(LoadTests.send(#""}}"# + "\n", to: dripper))
        #expect(try rpc.ok("transition.get", ["name": "sidebar"])["name"] == "sidebar")
    }
}
