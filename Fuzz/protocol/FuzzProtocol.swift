// libFuzzer target: the bytes a client can send, through the line framer, the
// JSON-RPC decoder and the input-event decoder, exactly as animd reads them.
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
                // input.inject's events, decoded as the daemon decodes them.
                for event in params?["events"]?.array ?? [] {
                    if let decoded = try? JSONDecoder().decode(InputEvent.self, from: Data(JSONWriter.string(event).utf8)) {
                        precondition(decoded.time.isFinite && decoded.location.x.isFinite && decoded.location.y.isFinite)
                    }
                }
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
