import AnimConfig
import AnimDaemon
import AnimProtocol
import Foundation
import Gestures
import NIOCore
import TransitionModel
import Transitions

/// The request path's steps on a cold cache: what each costs when, as between two touch moves 3 ms apart on a busy
/// desktop, other work has evicted animd's code and data. Each step runs in-process, once after a 32 MiB sweep
/// that evicts the caches, and its median over many sweeps is reported beside the same step's warm median, measured
/// in the same run. The fan-out benchmark's own work at one subscriber is mostly the cold figures, which profiles
/// cannot show: a sample says where the time went, not that the cache missed.
enum ColdPathBenchmark {
    static func run() {
        print(
            "\n== the request path's steps, µs: warm (repeated at once) and cold (after evicting the caches), medians")
        guard let config = try? ConfigParser.parse(DaemonConfig.defaultText) else {
            return print("the default config does not parse")
        }
        var sweep = [UInt8](repeating: 1, count: 32 << 20)
        var engine = Engine(
            transitions: config.transitions, bindings: config.bindings, frameRate: config.daemon.frameRate,
            geometry: .fallback)
        _ = engine.handle(InputEvent(time: 0, kind: .touchDown(id: 1), location: Point(x: 3, y: 500)), at: 0)
        var x = 20.0, time = 0.001
        var sink = 0
        func parseStep() -> Int {
            guard
                case let .request(_, .success(.inject(events, _))) = RequestBenchmark.injectLine
                    .withUnsafeBufferPointer({ IncomingRequest.read($0) })
            else { return 0 }
            return events.count
        }
        func engineStep() -> Int {
            x = x >= 400 ? 20 : x + 1
            time += 0.003
            let output = engine.handle(
                InputEvent(time: time, kind: .touchMove(id: 1), location: Point(x: x, y: 500)), at: time)
            return output.events.count
        }
        let snapshot = TransitionSnapshot(
            name: "sidebar", progress: 0.42, fraction: 0.42, velocity: 1.8, phase: .interactive, from: 0,
            to: 1, target: 1, snap: 0, snapPoints: [0, 1], seq: 17, time: 81234.567891)
        let allocator = ByteBufferAllocator()
        func encodeStep() -> Int {
            OutgoingLine.make(allocator) { EventLine.progress(snapshot, into: &$0) }.readableBytes
        }
        for (name, step) in [
            ("parse the line and read the request", parseStep), ("the engine: one touch move", engineStep),
            ("encode the progress frame", encodeStep),
        ] {
            let warm = median(runs: 200) { sink &+= step() }
            let cold = median(
                runs: 200,
                prepare: { round in
                    for i in stride(from: round & 63, to: sweep.count, by: 64) { sweep[i] &+= 1 }
                }, measured: { sink &+= step() })
            print(pad(name, 40) + String(format: " warm %6.2f   cold %6.2f", warm, cold))
        }
        if sink == 42 { print("") }
    }

    /// The median µs of `measured`, each run after `prepare(round)`.
    static func median(runs: Int, prepare: (Int) -> Void = { _ in }, measured: () -> Void) -> Double {
        var times: [UInt64] = []
        for round in 0..<runs {
            prepare(round)
            let start = DispatchTime.now().uptimeNanoseconds
            measured()
            times.append(DispatchTime.now().uptimeNanoseconds - start)
        }
        return Double(percentile(times.sorted(), 0.5)) / 1000
    }
}
