import JSONText
import ProtocolOracle
import Testing
import TransitionModel

@testable import AnimProtocol

/// A line as a writer writes it into a String.
func written(_ write: (inout String) -> Void) -> String {
    var out = ""
    write(&out)
    return out
}

/// What the framer handed over, copied out of the call that handed it, for comparison.
enum Fed: Equatable {
    case line([UInt8])
    case tooLong
}

extension LineFramer {
    /// Feeds `bytes`, taking at most `take` pieces; what was handed out, and whether whole lines are kept back.
    mutating func feed(_ bytes: [UInt8], take: Int = .max) -> [Fed] {
        var fed: [Fed] = []
        bytes.withUnsafeBufferPointer { buffer in
            _ = feed(buffer) { piece in
                switch piece {
                case let .line(line): fed.append(.line(Array(line)))
                case .tooLong: fed.append(.tooLong)
                }
                return fed.count < take
            }
        }
        return fed
    }
}

/// The NDJSON framer, fed byte by byte as a slow network would.
@Suite struct LineFramerTests {
    /// Lines come out whole whatever the chunking: byte by byte, and in chunks of every size (lines handed in
    /// place, gathered across reads, and both in one read), equal all at once.
    @Test func byteByByteEqualsAllAtOnce() {
        let text = Array("{\"a\":1}\n{\"b\":2}\r\n\n{\"c\":3}\npartial".utf8)
        var whole = LineFramer()
        let expected = whole.feed(text)
        #expect(
            expected == [
                .line(Array("{\"a\":1}".utf8)), .line(Array("{\"b\":2}".utf8)), .line([]),
                .line(Array("{\"c\":3}".utf8)),
            ])
        for size in 1...text.count {
            var split = LineFramer()
            var got: [Fed] = []
            for start in stride(from: 0, to: text.count, by: size) {
                got += split.feed(Array(text[start..<min(start + size, text.count)]))
            }
            #expect(got == expected, "chunks of \(size)")
            #expect(split.pendingCount == "partial".utf8.count, "chunks of \(size)")
        }
    }

    /// A line of exactly the limit passes; one byte more is reported once and the stream stops.
    @Test func limitIsInclusive() {
        var framer = LineFramer(limit: 8)
        #expect(framer.feed(Array("12345678\n".utf8)) == [.line(Array("12345678".utf8))])
        #expect(framer.feed(Array("123456789".utf8)) == [.tooLong])
        #expect(framer.feed(Array("\n{}\n".utf8)) == [])
    }

    /// A reader that stops after each line gets every line, once and in order, whether it goes on with new bytes
    /// or with none; the framer says when whole lines are kept back.
    @Test func aReaderMayStopAtAnyLine() {
        let text = Array("one\ntwo\r\nthree\nfour\nfive".utf8)
        var framer = LineFramer()
        var got = framer.feed(Array(text[..<12]), take: 1)
        #expect(got == [.line(Array("one".utf8))])
        got += framer.feed([], take: 1)
        got += framer.feed(Array(text[12...]), take: 1)
        #expect(got.count == 3 && got.last == .line(Array("three".utf8)), "\(got)")
        #expect(framer.feed([], take: 5) == [.line(Array("four".utf8))])
        #expect(framer.pendingCount == "five".utf8.count && framer.feed([]) == [])
        #expect(framer.feed(Array("\n".utf8)) == [.line(Array("five".utf8))])
    }

    /// Stopped at the last whole line, nothing is kept back but a partial one; stopped before, lines are.
    @Test func itSaysWhetherLinesAreKept() {
        var framer = LineFramer()
        _ = framer.feed(Array("a\nb\n".utf8), take: 1)
        #expect(framer.holdsWholeLines)
        _ = framer.feed([], take: 1)
        #expect(!framer.holdsWholeLines && framer.pendingCount == 0)
        _ = framer.feed(Array("c\npart".utf8), take: 1)
        #expect(!framer.holdsWholeLines && framer.pendingCount == 4)
    }

    /// A line over the limit among kept lines is still reported once, and nothing after it is handed out.
    @Test func theLimitHoldsForKeptLines() {
        var framer = LineFramer(limit: 4)
        #expect(framer.feed(Array("ab\ncd\n12345\nok\n".utf8), take: 1) == [.line(Array("ab".utf8))])
        #expect(framer.feed([]) == [.line(Array("cd".utf8)), .tooLong])
        #expect(framer.feed(Array("ok\n".utf8)) == [])
    }

    /// Whatever the reads, the stops and the bytes kept while the reader is busy, the lines come out as sent, and
    /// `holdsWholeLines` says whether one is waiting: 500 seeded shuffles of the same operations a handler makes.
    @Test func anyInterleavingOfReadsStopsAndKeepsGivesTheLines() {
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(bound))
        }
        for round in 0..<500 {
            let text = (0..<next(120)).map { _ in [UInt8(ascii: "a"), UInt8(ascii: "b"), UInt8(ascii: "\n")][next(3)] }
            var whole = LineFramer()
            let expected = whole.feed(text)
            var framer = LineFramer()
            var got: [Fed] = [], start = 0
            while start < text.count {
                let end = min(text.count, start + 1 + next(9))
                let chunk = Array(text[start..<end])
                if next(4) == 0 {
                    chunk.withUnsafeBufferPointer { framer.keep($0) }
                } else {
                    got += framer.feed(chunk, take: 1 + next(3))
                }
                start = end
                let sent = text[..<end], waiting = sent.count - framer.pendingCount
                #expect(framer.holdsWholeLines == sent[waiting...].contains(UInt8(ascii: "\n")), "round \(round)")
            }
            while framer.holdsWholeLines { got += framer.feed([], take: 1) }
            #expect(got == expected, "round \(round)")
        }
    }

    /// A line that comes a byte at a time, then the next line whole in one read, both come out as sent: its bytes
    /// were scanned once for a newline, as they came, and the read that ends it is scanned from there on.
    @Test func aLongLineThatComesAByteAtATime() {
        let long = Array(String(repeating: "x", count: 60_000).utf8)
        var framer = LineFramer()
        var got: [Fed] = framer.feed(Array("first\n".utf8))
        for byte in long { got += framer.feed([byte]) }
        #expect(framer.pendingCount == long.count && !framer.holdsWholeLines)
        got += framer.feed(Array("\nlast\n".utf8))
        #expect(got == [.line(Array("first".utf8)), .line(long), .line(Array("last".utf8))])
    }

    /// The contract's limit is 65,536 bytes.
    @Test func contractLimit() {
        #expect(LineFramer.maximumLineLength == 65_536)
    }
}

@Suite struct RPCMessageTests {
    static func parse(_ text: String) -> IncomingMessage { IncomingMessage.parse(Array(text.utf8)) }

    /// Requests, notifications and each kind of invalid line are told apart, with the id to answer.
    @Test func classifies() {
        guard
            case let .request(id, method, params) = Self.parse(
                #"{"jsonrpc":"2.0","id":"x","method":"m","params":{"a":1}}"#)
        else {
            Issue.record("request"); return
        }
        #expect(id == "x" && method == "m" && params == ["a": 1])
        guard case .notification(method: "m", params: nil) = Self.parse(#"{"jsonrpc":"2.0","method":"m"}"#) else {
            Issue.record("notification"); return
        }
        let invalid: [(String, Int, JSONValue)] = [
            ("{", -32700, .null),
            ("[]", -32600, .null),
            (#"{"jsonrpc":"2.0","id":3}"#, -32600, 3),
            (#"{"jsonrpc":"2.0","id":[1],"method":"m"}"#, -32600, .null),
            (#"{"jsonrpc":"2.0","id":4,"method":"m","params":5}"#, -32600, 4),
            (#"{"id":5,"method":"m"}"#, -32600, 5),
        ]
        for (text, code, expectedID) in invalid {
            guard case let .invalid(id, error) = Self.parse(text) else {
                Issue.record("\(text) should be invalid"); continue
            }
            #expect(error.code == code && id == expectedID, "\(text)")
        }
    }

    /// Responses and notifications are single lines of the contract's shape.
    @Test func writesLines() {
        #expect(
            written { RPCLine.writeResult(id: 1, into: &$0) { JSONWriter.write(["ok": true], into: &$0) } }
                == "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"ok\":true}}\n")
        #expect(
            written { RPCLine.writeError(id: .null, RPCError(.parseError, "bad"), into: &$0) }
                == "{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32700,\"message\":\"bad\"}}\n")
        #expect(
            written { RPCLine.writeNotification(.shutdown, [("s", "a\"b\n\u{1}")], into: &$0) }
                == "{\"jsonrpc\":\"2.0\",\"method\":\"daemon.shutdown\",\"params\":{\"s\":\"a\\\"b\\n\\u0001\"}}\n")
        // Text that needs no escape is copied whole, non-ASCII included.
        #expect(
            written { RPCLine.writeNotification(.shutdown, [("s", "plain é/日本")], into: &$0) }
                == "{\"jsonrpc\":\"2.0\",\"method\":\"daemon.shutdown\",\"params\":{\"s\":\"plain é/日本\"}}\n")
    }
}

@Suite struct JSONWriterTests {
    /// Numbers: whole ones without a fraction, others round-trip exactly, non-finite ones become null.
    @Test func numbers() {
        #expect(JSONWriter.string(.number(3)) == "3")
        #expect(JSONWriter.string(.number(-0.25)) == "-0.25")
        #expect(JSONWriter.string(.number(.nan)) == "null")
        #expect(JSONWriter.string(.number(.infinity)) == "null")
        for value in [
            0.1, 1e-7, 123456.789, 2.5e20, -1e-300, 1e308, -1e308, .leastNonzeroMagnitude, 1e15, 0.30000000000000004,
        ] {
            #expect(Double(JSONWriter.string(.number(value))) == value)
        }
        // Whole numbers below 1e15 as integers, -0 as 0 (JSON has one zero), whatever the text written around them.
        #expect(JSONWriter.string(.number(-0.0)) == "0")
        #expect(JSONWriter.string(.number(999_999_999_999_999)) == "999999999999999")
        #expect(JSONWriter.string(.array([.number(-7), .number(0.5), .number(-0.0)])) == "[-7,0.5,0]")
    }

    /// A snapshot's event line parses back to the same snapshot.
    @Test func snapshotRoundTrip() throws {
        // target differs from to (a leg turned around), so a decoder that filled one from the other would fail.
        let snapshot = TransitionSnapshot(
            name: "sidebar", progress: 0.42, fraction: 0.42, velocity: -1.8, phase: .animating, from: 0, to: 1,
            target: 0, snap: 0, snapPoints: [0, 1], seq: 17, time: 81234.567891)
        let line = written { EventLine.progress(snapshot, into: &$0) }
        let value = try #require((try? JSONParser.parse(Array(line.utf8))))
        #expect(value["method"] == "transition.progress")
        #expect(TransitionSnapshot(json: try #require(value["params"])) == snapshot)
        let ended = try #require(
            (try? JSONParser.parse(Array(written { EventLine.ended(snapshot, position: .end, into: &$0) }.utf8))))
        #expect(ended["params"]?["position"] == "end")
        // Every field is required: without any one, or with one of the wrong type, there is no snapshot.
        guard case let .object(members) = try #require(value["params"]) else {
            Issue.record("params is not an object"); return
        }
        for (index, (key, _)) in members.enumerated() {
            var without = members
            without.remove(at: index)
            #expect(TransitionSnapshot(json: .object(without)) == nil, "a snapshot without \(key) was read")
            var wrong = members
            wrong[index].1 = .bool(true)
            #expect(TransitionSnapshot(json: .object(wrong)) == nil, "a snapshot with a boolean \(key) was read")
        }
    }
}

@Suite struct SocketPathTests {
    /// $ANIMD_SOCKET, else $XDG_RUNTIME_DIR/animd.sock, else /tmp/animd-$UID/animd.sock; empty values do not count.
    @Test func rule() {
        #expect(
            SocketPath.resolve(environment: ["ANIMD_SOCKET": "/x/s", "XDG_RUNTIME_DIR": "/run/user/1"], uid: 1)
                == "/x/s")
        #expect(
            SocketPath.resolve(environment: ["ANIMD_SOCKET": "", "XDG_RUNTIME_DIR": "/run/user/1"], uid: 1)
                == "/run/user/1/animd.sock")
        #expect(SocketPath.resolve(environment: ["XDG_RUNTIME_DIR": ""], uid: 1000) == "/tmp/animd-1000/animd.sock")
    }
}
