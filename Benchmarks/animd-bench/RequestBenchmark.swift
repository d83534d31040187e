import AnimDaemon
import AnimProtocol
import Foundation
import NIOCore
import TransitionModel

/// The cost of reading one input.inject request and of writing one frame, warm (`coldpath`: cold).
enum RequestBenchmark {
    /// One touch move, as the fan-out benchmark's driver sends it.
    static let injectLine = Array(
        #"{"jsonrpc":"2.0","id":12,"method":"input.inject","params":{"events":[{"t":0.002,"kind":"touch-move","id":1,"x":21,"y":500}]}}"#
            .utf8)

    static func run() -> [TargetResult] {
        let line = injectLine
        // The daemon's read: JSON in place, the envelope, the typed request and its event (issue 17: once).
        let read = nanosecondsPerOperation(iterations: 20_000, rounds: 5) { _ in
            guard
                case let .request(_, .success(.inject(events, _))) = line.withUnsafeBufferPointer({
                    IncomingRequest.read($0)
                })
            else { return 0 }
            return events[0].time
        }
        // Foundation's own JSON parser on the same line, as a same-run reference (JSONValue's Codable decoding,
        // the path before issue 9, was removed with it).
        let parseFoundation = nanosecondsPerOperation(iterations: 20_000, rounds: 5) { _ in
            (try? JSONSerialization.jsonObject(with: Data(line))) == nil ? 0 : 1
        }
        let snapshot = TransitionSnapshot(
            name: "sidebar", progress: 0.42, fraction: 0.42, velocity: 1.8, phase: .interactive, from: 0, to: 1,
            target: 1, snap: 0, snapPoints: [0, 1], seq: 17, time: 81234.567891)
        // The daemon's write: straight into the ByteBuffer that is sent.
        let allocator = ByteBufferAllocator()
        let encode = nanosecondsPerOperation(iterations: 50_000, rounds: 5) { _ in
            Double(OutgoingLine.make(allocator) { EventLine.progress(snapshot, into: &$0) }.readableBytes)
        }
        print("\n== request path: µs per operation (best of 5)")
        let total = read / 1000
        print(
            String(
                format:
                    "read an input.inject request line        %7.2f µs   (JSONSerialization, parse only: %7.2f µs)   target ≤ 2 µs: %@",
                total, parseFoundation / 1000, total <= 2 ? "met" : "missed"))
        print(String(format: "encode one progress event line           %7.2f µs", encode / 1000))
        return [
            TargetResult(
                figure: "read one input.inject request, its event decoded", target: "≤ 2 µs",
                measured: String(format: "%.2f µs", total), met: total <= 2)
        ]
    }
}
