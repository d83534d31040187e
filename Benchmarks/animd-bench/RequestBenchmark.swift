import AnimProtocol
import Foundation
import Gestures

/// The cost of reading one input.inject request, step by step.
enum RequestBenchmark {
    static func run() -> [TargetResult] {
        let line = Array(#"{"jsonrpc":"2.0","id":12,"method":"input.inject","params":{"events":[{"t":0.002,"kind":"touch-move","id":1,"x":21,"y":500}]}}"#.utf8)
        let parse = nanosecondsPerOperation(iterations: 20_000, rounds: 5) { _ in
            if case .request = IncomingMessage.parse(line) { return 1 } else { return 0 }
        }
        let event: JSONValue = ["t": 0.002, "kind": "touch-move", "id": 1, "x": 21, "y": 500]
        let decodeEvent = nanosecondsPerOperation(iterations: 20_000, rounds: 5) { _ in
            (try? InputEvent(wire: event))?.time ?? 0
        }
        // A same-run reference: Foundation only parsing the event's text, which does less than decoding it (the
        // Codable decoder that issue 9 measured here was removed with issue 17: one codec per shape).
        let eventText = Data(JSONWriter.string(event).utf8)
        let decodeEventReference = nanosecondsPerOperation(iterations: 20_000, rounds: 5) { _ in
            (try? JSONSerialization.jsonObject(with: eventText)) == nil ? 0 : 1
        }
        // Foundation's own JSON parser on the same line, as a same-run reference (JSONValue's Codable decoding,
        // the path before issue 9, was removed with it).
        let parseFoundation = nanosecondsPerOperation(iterations: 20_000, rounds: 5) { _ in
            (try? JSONSerialization.jsonObject(with: Data(line))) == nil ? 0 : 1
        }
        let snapshot = TransitionSnapshot(name: "sidebar", progress: 0.42, fraction: 0.42, velocity: 1.8, phase: .interactive, from: 0, to: 1,
                                    target: 1, snap: 0, snapPoints: [0, 1], seq: 17, time: 81234.567891)
        let encode = nanosecondsPerOperation(iterations: 50_000, rounds: 5) { _ in Double(EventLine.progress(snapshot).utf8.count) }
        print("\n== request path: µs per operation (best of 5)")
        print(String(format: "parse an input.inject request line       %7.2f µs   (JSONSerialization: %7.2f µs)", parse / 1000, parseFoundation / 1000))
        print(String(format: "decode one input event                   %7.2f µs   (JSONSerialization, parse only: %7.2f µs)", decodeEvent / 1000, decodeEventReference / 1000))
        let total = (parse + decodeEvent) / 1000
        print(String(format: "together                                 %7.2f µs   target ≤ 2 µs: %@", total, total <= 2 ? "met" : "missed"))
        print(String(format: "encode one progress event line           %7.2f µs", encode / 1000))
        return [TargetResult(figure: "parse one input.inject request + decode its event", target: "≤ 2 µs",
                             measured: String(format: "%.2f µs", total), met: total <= 2)]
    }
}
