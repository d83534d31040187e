import Foundation
import JSONText
import ProtocolOracle
import Testing
import TransitionModel

@testable import AnimProtocol

/// The daemon reads each line once, in place (`IncomingRequest`, over `JSONTape`); clients and tests read a line as
/// a `JSONValue` tree and then as a request. The two must agree on every line: the same request, or the same error
/// under the same id. The fuzzer checks the same on every input it makes (Fuzz/protocol).
@Suite struct IncomingRequestTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// What the tree reading makes of a line.
    static func treeReading(_ line: String) -> IncomingRequest {
        func request(_ method: String, _ params: JSONValue?) -> Result<Request, RPCError> {
            Result { () throws(RPCError) in try Request(method: method, params: params) }
        }
        func typed(_ message: IncomingMessage) -> IncomingRequest {
            switch message {
            case let .request(id, method, params): .request(id: id, request(method, params))
            case let .notification(method, params): .notification(request(method, params))
            case let .invalid(id, error): .invalid(id: id, error: error)
            case let .batch(members): .batch(members.map(typed))
            }
        }
        return typed(IncomingMessage.parse(Array(line.utf8)))
    }

    static func daemonReading(_ line: String) -> IncomingRequest {
        Array(line.utf8).withUnsafeBufferPointer { IncomingRequest.read($0) }
    }

    /// Lines that take the reader's corners: escapes in names and values, repeated keys, nesting, every JSON type
    /// where another is expected, and lines that are not requests at all.
    static let corners = [
        #"{"jsonrpc":"2.0","id":1,"method":"transition.get","params":{"n\u0061me":"sidebar"}}"#,
        #"{"jsonrpc":"2.0","id":1,"method":"transition.get","params":{"name":"side\"bar\u00e9\ud83d\ude00"}}"#,
        #"{"jsonrpc":"2.0","id":1,"method":"transition.get","params":{"name":"first","name":"second"}}"#,
        #"{"jsonrpc":"2.0","id":1,"id":2,"method":"daemon.hello","method":"nope"}"#,
        #"{"id":"x","jsonrpc":"2.0","method":"transition.animate","params":{"to":1,"name":"panel","velocity":-0,"duration":5e-324}}"#,
        #"{"jsonrpc":"2.0","id":3,"method":"transition.scrub","params":{"name":"sidebar","fraction":1e308}}"#,
        #"{"jsonrpc":"2.0","id":4,"method":"subscribe","params":{"events":["progress","state"],"transitions":["sidebar"],"maxRate":60}}"#,
        #"{"jsonrpc":"2.0","id":4,"method":"subscribe","params":{"events":["progress",1]}}"#,
        #"{"jsonrpc":"2.0","id":5,"method":"input.inject","params":{"events":[{"t":0,"kind":"touch-down","id":1,"x":3,"y":500},"#
            + #"{"t":0.01,"kind":"touch-move","id":1,"x":[],"y":{}}]}}"#,
        #"{"jsonrpc":"2.0","id":5,"method":"input.inject","params":{"events":[[],{"a":{"b":[1,[2,{"c":null}]]}}]}}"#,
        #"{"jsonrpc":"2.0","id":5,"method":"input.inject","params":{"events":[{"t":0,"kind":"swipe-update","fingers":3,"dx":1.5,"dy":-2,"x":0,"y":0}]}}"#,
        #"{"jsonrpc":"2.0","id":6,"method":"daemon.hello","params":[]}"#,
        #"{"jsonrpc":"2.0","id":6,"method":"daemon.hello","params":{"\u0000":true}}"#,
        #"{"jsonrpc":"2.0","id":null,"method":"transition.toggle","params":{"name":null}}"#,
        #"{"jsonrpc":"2.0","method":"transition.toggle","params":{"name":"sidebar"}}"#,
        #"{"jsonrpc":"2.0","id":true,"method":"daemon.hello"}"#,
        #"{"jsonrpc":"1.0","id":7,"method":"daemon.hello"}"#,
        #"{"jsonrpc":"2.0","id":8,"method":8}"#,
        #"{"jsonrpc":"2.0","id":9,"method":"daemon.hello","params":"x"}"#,
        #"[1,2,3]"#, #""text""#, "{", "", #"{"a":1}x"#, #"{"jsonrpc":"2.0","id":"\ud800","method":"m"}"#,
        // Batches: members as lines of their own, an empty one, one inside another, notifications and requests mixed.
        "[]", #"[[{"jsonrpc":"2.0","id":1,"method":"daemon.hello"}]]"#,
        #"[{"jsonrpc":"2.0","id":1,"method":"transition.get","params":{"name":"sidebar"}},{"jsonrpc":"2.0","method":"transition.toggle","params":{"name":"sidebar"}},{"foo":"boo"},{"jsonrpc":"2.0","id":"x","method":"nope"}]"#,
    ]

    /// Every request the wire golden file sends, every line of the protocol fuzzer's seed corpus, and the corners.
    static func lines() throws -> [String] {
        var lines = corners
        let golden = try String(
            contentsOf: repository.appendingPathComponent("Tests/Fixtures/wire-golden.jsonl"), encoding: .utf8)
        for line in golden.split(separator: "\n") {
            // "<client> → <request>"
            if let arrow = line.range(of: "→ ") { lines.append(String(line[arrow.upperBound...])) }
        }
        let corpus = repository.appendingPathComponent("Fuzz/corpus/protocol")
        for file in try FileManager.default.contentsOfDirectory(atPath: corpus.path).sorted() {
            let data = try Data(contentsOf: corpus.appendingPathComponent(file))
            lines += data.split(separator: UInt8(ascii: "\n")).map { String(decoding: $0, as: UTF8.self) }
        }
        return lines
    }

    @Test func theDaemonReadsEveryLineAsTheTreeDoes() throws {
        let lines = try Self.lines()
        // The fixtures are there: a moved folder must fail, not pass with nothing compared.
        #expect(lines.count > Self.corners.count + 30, "\(lines.count) lines")
        var requests = 0
        for line in lines {
            let daemon = Self.daemonReading(line), tree = Self.treeReading(line)
            #expect(daemon == tree, "\(line)")
            if case .request(_, .success) = daemon { requests += 1 }
        }
        // Both readings accept real requests, not only refuse alike.
        #expect(requests > 30, "\(requests) valid requests")
    }

    /// The reading's own answers on the corners, from the contract rather than from the other reading.
    @Test func cornersReadAsTheContractSays() {
        // An escaped name is the same name; the first of repeated keys wins.
        #expect(Self.daemonReading(Self.corners[0]) == .request(id: 1, .success(.get(name: "sidebar"))))
        #expect(Self.daemonReading(Self.corners[1]) == .request(id: 1, .success(.get(name: "side\"baré😀"))))
        #expect(Self.daemonReading(Self.corners[2]) == .request(id: 1, .success(.get(name: "first"))))
        #expect(Self.daemonReading(Self.corners[3]) == .request(id: 1, .success(.hello)))
        // A notification is read and checked, and answered with nothing.
        #expect(Self.daemonReading(Self.corners[14]) == .notification(.success(.transition(.toggle("sidebar")))))
        guard case let .request(id, .failure(error)) = Self.daemonReading(Self.corners[7]) else {
            Issue.record("not refused"); return
        }
        #expect(
            id == 4 && error.code == RPCErrorCode.invalidParams.rawValue && error.message.contains("array of strings"))
        guard case let .invalid(nullID, parseError) = Self.daemonReading("{") else {
            Issue.record("not a parse error"); return
        }
        #expect(nullID == .null && parseError.code == RPCErrorCode.parseError.rawValue)
    }
}
