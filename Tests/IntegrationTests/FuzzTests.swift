import AnimClient
import AnimProtocol
import Foundation
import JSONText
import TestSupport
import Testing

/// Bad input gets a clear error, never a crash: seeded random lines against a real daemon.
@Suite(.serialized) struct FuzzTests {
    static let methods = Method.allCases.map(\.rawValue) + ["", "transition.", "daemon.hello.x", "🙂"]
    static let keys = [
        "name", "to", "fraction", "timing", "duration", "velocity", "durationFactor", "withoutFinishing", "at",
        "transitions", "events", "maxRate", "subscription", "x",
    ]

    static func randomValue(_ rng: inout SplitMix64, depth: Int = 0) -> JSONValue {
        switch Int.random(in: 0..<(depth > 2 ? 5 : 7), using: &rng) {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &rng))
        case 2: return .number([0, 1, -1, 0.5, 3, 1e308, -7.25, 1e-9][Int.random(in: 0..<8, using: &rng)])
        case 3:
            return .string(
                [
                    "sidebar", "pager", "nope", "", "ease-out", "spring(response=0.3)", "start", "end", "current",
                    "progress", "cubic-bezier(2,0,0,1)",
                ][Int.random(in: 0..<11, using: &rng)])
        case 4: return .number(Double(Int.random(in: -3...5, using: &rng)))
        case 5: return .array((0..<Int.random(in: 0...3, using: &rng)).map { _ in randomValue(&rng, depth: depth + 1) })
        default:
            return .object(
                (0..<Int.random(in: 0...3, using: &rng)).map { _ in
                    (keys[Int.random(in: 0..<keys.count, using: &rng)], randomValue(&rng, depth: depth + 1))
                })
        }
    }

    static func randomLine(_ rng: inout SplitMix64, id: Int) -> String {
        switch Int.random(in: 0..<10, using: &rng) {
        case 0:  // raw bytes, no newline inside
            return String(
                decoding: (0..<Int.random(in: 0...60, using: &rng)).map { _ in
                    UInt8.random(in: 0x20...0xFF, using: &rng)
                }, as: UTF8.self)
        case 1:  // a truncated request
            let full = RPCLine.request(id: id, method: "transition.toggle", params: ["name": "sidebar"])
            return String(full.prefix(Int.random(in: 1..<full.count - 1, using: &rng)))
        case 2:  // not an object
            return JSONWriter.string(randomValue(&rng))
        default:  // a request with a random method and random params
            var members: [(String, JSONValue)] = [
                ("jsonrpc", "2.0"), ("id", .number(Double(id))),
                ("method", .string(methods[Int.random(in: 0..<methods.count, using: &rng)])),
            ]
            if Bool.random(using: &rng) { members.append(("params", randomValue(&rng))) }
            return JSONWriter.string(.object(members))
        }
    }

    /// 2,400 random lines (four seeds) each get a well-formed answer (result or error with a code), and animd stays up and consistent.
    /// (Every random request carries an id, so each non-empty line is answered exactly once; a random array is a batch
    /// of values that are not requests, each answered in one array.)
    @Test func randomLinesNeverBreakTheDaemon() throws {
        let daemon = try DaemonProcess()
        let rpc = try daemon.connect()
        for seed in [42, 7, 1999, 31337] as [UInt64] {
            var rng = SplitMix64(seed: seed)
            for id in 1...600 {
                let line = Self.randomLine(&rng, id: id)
                try rpc.send(raw: line.replacingOccurrences(of: "\n", with: " "))
                // Empty lines are ignored by the protocol: no answer to wait for.
                if line.isEmpty { continue }
                while true {
                    let reply = try rpc.readJSON(timeout: 10)
                    if reply["method"] != nil { continue }  // an event caused by an earlier line
                    // A random array is a batch: its answer is an array of answers, one per member that is not a request.
                    for answer in reply.array ?? [reply] {
                        #expect(answer["jsonrpc"] == "2.0")
                        #expect(
                            answer["result"] != nil || answer["error"]?["code"]?.integer != nil, "\(line) → \(reply)")
                    }
                    break
                }
            }
        }
        #expect(daemon.process.isRunning)
        let list = try rpc.ok("transition.list")["transitions"]?.array ?? []
        #expect(list.count == 6, "the default config's six transitions, all still there")
        #expect(try daemon.connect().ok("daemon.hello")["name"] == "animd")
    }

    /// JSON nested thousands deep is a parse error, not a stack overflow, and the connection carries on.
    @Test func deepNestingIsAParseError() throws {
        let daemon = try DaemonProcess()
        let rpc = try daemon.connect()
        try rpc.send(raw: String(repeating: "[", count: 30_000) + String(repeating: "]", count: 30_000))
        #expect(try rpc.readJSON()["error"]?["code"] == -32700)
        let deepParams = String(repeating: "{\"a\":", count: 3_000) + "1" + String(repeating: "}", count: 3_000)
        try rpc.send(raw: #"{"jsonrpc":"2.0","id":1,"method":"daemon.hello","params":"# + deepParams + "}")
        #expect(try rpc.readJSON()["error"]?["code"] == -32700)
        #expect(try rpc.ok("daemon.hello")["name"] == "animd")
        #expect(daemon.process.isRunning)
    }
}
