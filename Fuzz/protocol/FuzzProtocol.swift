// libFuzzer target: the bytes a client can send, through the line framer, the
// JSON-RPC parser and the input-event codec, exactly as animd reads them, with round-trip checks
// (read(write(event)) = event; parse(write(value)) = value).
// Built only by scripts/fuzz.sh (ANIMD_FUZZ=1); libFuzzer provides main.
import AnimProtocol
import Foundation
import FuzzDriver
import Gestures

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzProtocol(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: start, count: count)
    // A small limit too, so that the oversized-line path is fuzzed as well.
    for limit in [LineFramer.maximumLineLength, 64] {
        var framer = LineFramer(limit: limit)
        // Fed in two chunks, as a socket may deliver them.
        let split = count / 2
        let outputs = framer.feed(bytes[..<split]) + framer.feed(bytes[split...])
        for case let .line(line) in outputs {
            switch IncomingMessage.parse(line) {
            case let .request(_, _, params), let .notification(_, params):
                // input.inject's events, decoded as the daemon decodes them; what is read writes and reads back the same.
                for event in params?["events"]?.array ?? [] {
                    guard let wire = try? InputEvent(wire: event) else { continue }
                    precondition(wire.time.isFinite && wire.location.x.isFinite && wire.location.y.isFinite)
                    let again = IncomingMessage.parseValue(Array(wire.jsonText.utf8)).flatMap { try? InputEvent(wire: $0) }
                    precondition(again == wire, "\(JSONWriter.string(event)) does not survive writing")
                }
                // The parser reads back what the writer wrote.
                if let params { precondition(IncomingMessage.parseValue(Array(JSONWriter.string(params).utf8)) == params) }
            case .invalid:
                break
            }
        }
    }
    return 0
}

/// SwiftPM links an executable's main to this symbol; it hands over to libFuzzer.
@_cdecl("fuzz_protocol_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv) { start, size in fuzzProtocol(start, size) }
}
