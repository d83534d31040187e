// libFuzzer target: the bytes a client can send, through the line framer, the
// JSON-RPC parser and the input-event codec, exactly as animd reads them, with round-trip checks
// (read(write(event)) = event; parse(write(value)) = value). With ANIMD_FUZZ_DAEMON, each input also goes to a live
// animd from a client that leaves mid-stream (DaemonUnderFuzz).
// Built only by scripts/fuzz.sh (ANIMD_FUZZ=1); libFuzzer provides main.
import AnimProtocol
import Foundation
import FuzzDriver
import Gestures
import JSONText
import Motion
import ProtocolOracle
import TransitionModel

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzProtocol(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: start, count: count)
    // A small limit too, so that the oversized-line path is fuzzed as well.
    for limit in [LineFramer.maximumLineLength, 64] {
        var framer = LineFramer(limit: limit)
        // Fed in two chunks, as a socket may deliver them: lines handed in place and lines gathered across reads.
        // The reader stops after every third line, as the daemon does when a client's socket is full or its turn
        // is over, and goes on with no new bytes until nothing whole is kept back.
        let split = count / 2
        var taken = 0
        let take = { (piece: LineFramer.Piece) -> Bool in
            if case let .line(line) = piece { checkLine(line) }
            taken += 1
            return taken % 3 != 0
        }
        for chunk in [bytes[..<split], bytes[split...]] {
            framer.feed(UnsafeBufferPointer(rebasing: chunk), take)
            while framer.holdsWholeLines { framer.feed(UnsafeBufferPointer(start: nil, count: 0), take) }
        }
    }
    DaemonUnderFuzz.shared?.send(bytes)
    return 0
}

func checkLine(_ line: UnsafeBufferPointer<UInt8>) {
    let message = IncomingMessage.parse(line)
    checkTheDaemonReadsAsTheTree(line, message)
    checkMessage(message)
}

/// What a client reads of a message's params survives writing; a batch's members each.
func checkMessage(_ message: IncomingMessage) {
    switch message {
    case let .request(_, _, params), let .notification(_, params):
        // input.inject's events, decoded as the daemon decodes them; what is read writes and reads back the same.
        for event in params?["events"]?.array ?? [] {
            guard let wire = try? InputEvent(wire: event) else { continue }
            precondition(wire.time.isFinite && wire.location.x.isFinite && wire.location.y.isFinite)
            let again = (try? JSONParser.parse(Array(wire.jsonText.utf8))).flatMap { try? InputEvent(wire: $0) }
            precondition(again == wire, "\(JSONWriter.string(event)) does not survive writing")
        }
        // The parser reads back what the writer wrote.
        if let params { precondition((try? JSONParser.parse(Array(JSONWriter.string(params).utf8))) == params) }
        // What a client reads of a snapshot, and of a leg it evaluates: what it reads writes and reads back the
        // same, and evaluating it never traps, whatever the numbers.
        if let params { checkClientDecoding(params) }
    case .invalid:
        break
    case let .batch(members):
        members.forEach(checkMessage)
    }
}

/// The daemon reads a line in place (`IncomingRequest`); a client reads it as a tree and then as a request. Both
/// must come to the same request, or the same error, for every line.
func checkTheDaemonReadsAsTheTree(_ line: UnsafeBufferPointer<UInt8>, _ message: IncomingMessage) {
    func request(_ method: String, _ params: JSONValue?) -> Result<Request, RPCError> {
        Result { () throws(RPCError) in try Request(method: method, params: params) }
    }
    func same(_ read: IncomingRequest, _ message: IncomingMessage) -> Bool {
        switch (read, message) {
        case let (.request(id, read), .request(treeID, method, params)): id == treeID && read == request(method, params)
        case let (.notification(read), .notification(method, params)): read == request(method, params)
        case let (.invalid(id, error), .invalid(treeID, treeError)): id == treeID && error == treeError
        case let (.batch(reads), .batch(messages)):
            reads.count == messages.count && zip(reads, messages).allSatisfy(same)
        default: false
        }
    }
    precondition(
        same(IncomingRequest.read(line), message),
        "the daemon and the tree read \(String(decoding: line, as: UTF8.self)) differently")
}

func checkClientDecoding(_ value: JSONValue) {
    if let snapshot = TransitionSnapshot(json: value) {
        var out = ""
        snapshot.writeJSON(into: &out)
        let again = (try? JSONParser.parse(Array(out.utf8))).flatMap(TransitionSnapshot.init(json:))
        precondition(again == snapshot, "\(out) does not survive writing")
    }
    if let leg = LegMotion(json: value) ?? value["leg"].flatMap(LegMotion.init(json:)) {
        var out = ""
        leg.writeJSON(into: &out)
        precondition(
            (try? JSONParser.parse(Array(out.utf8))).flatMap(LegMotion.init(json:)) == leg,
            "\(out) does not survive writing")
        for time in [-1e300, 0, 1, 1e300] {
            _ = leg.progress(at: time)
            _ = leg.velocity(at: time)
        }
    }
}

/// SwiftPM links an executable's main to this symbol; it hands over to libFuzzer.
@_cdecl("fuzz_protocol_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv) { start, size in fuzzProtocol(start, size) }
}
