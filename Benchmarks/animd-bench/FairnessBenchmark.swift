import AnimClient
import Foundation
import JSONText
import Synchronization
import UnixSupport

/// Whether one client's batches hold the others (issue 48): a `transition.get`'s latency on a connection of its own
/// while another client sends batch lines of 1,024 `daemon.config` requests without end (reading each answer, so
/// that it is never stalled), against the same `get`'s latency at rest, in one run. Before the batches took turns,
/// one such line held the loop for seconds.
enum FairnessBenchmark {
    static let samples = 200

    static func run() -> [TargetResult]? {
        guard let animd = BenchProcess.animd(for: "fairness") else { return nil }
        let folder = BenchProcess.scratchFolder("fairness")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let socket = folder + "/animd.sock"
        guard let daemon = BenchProcess.start(animd, ["--socket", socket, "--input-backend", "x11"]),
              let rpc = BenchProcess.connect(socket) else {
            print("fairness: animd did not start")
            return nil
        }
        defer { daemon.terminate(); daemon.waitUntilExit() }
        print("\nfairness: a transition.get on its own connection, ms, \(samples) samples 5 ms apart")
        guard let rest = latencies(rpc) else { return nil }
        let attack = Attacker(socket: socket)
        attack.start()
        let busy = latencies(rpc)
        let batches = attack.stop()
        guard let busy, batches > 0 else {
            print("fairness: the batches could not be sent")
            return nil
        }
        func row(_ name: String, _ times: [Double]) -> String {
            let sorted = times.sorted()
            return "  " + name.padding(toLength: 44, withPad: " ", startingAt: 0)
                + String(format: "p50 %7.2f  p99 %7.2f  max %7.2f", sorted[sorted.count / 2] * 1000, sorted[sorted.count * 99 / 100] * 1000,
                         (sorted.last ?? 0) * 1000)
        }
        print(row("at rest", rest))
        print(row("beside batches of 1,024 daemon.config (\(batches))", busy))
        let worst = busy.max() ?? 0, restMedian = rest.sorted()[rest.count / 2]
        print(String(format: "  worst beside the batches: %.0f× the median at rest", worst / max(restMedian, 1e-9)))
        return [TargetResult(figure: "a get's worst latency beside batches of 1,024 requests", target: "≤ 250 ms",
                             measured: String(format: "%.1f ms", worst * 1000), met: worst <= 0.25)]
    }

    /// `samples` round trips of a `transition.get`, in seconds; nil when one failed.
    private static func latencies(_ rpc: RPCConnection) -> [Double]? {
        var times: [Double] = []
        for _ in 0..<samples {
            let started = monotonicSeconds()
            guard case .success = try? rpc.call("transition.get", ["name": "sidebar"]) else { return nil }
            times.append(monotonicSeconds() - started)
            usleep(5_000)
        }
        return times
    }
}

/// A client that sends batch lines of 1,024 `daemon.config` and reads each answer, on a thread of its own, until
/// stopped.
private final class Attacker: Sendable {
    private let socket: String
    private let stopping = Atomic(false)
    private let sent = Atomic(0)
    private let finished = DispatchSemaphore(value: 0)

    init(socket: String) { self.socket = socket }

    func start() {
        Thread.detachNewThread { [self] in
            defer { finished.signal() }
            guard let rpc = try? RPCConnection(path: socket) else { return }
            let batch = Array(repeating: (method: "daemon.config", params: nil as JSONValue?), count: 1024)
            while !stopping.load(ordering: .relaxed) {
                guard (try? rpc.callBatch(batch, timeout: 60)) != nil else { return }
                sent.add(1, ordering: .relaxed)
            }
        }
    }

    /// Stops after the batch under way; how many were answered.
    func stop() -> Int {
        stopping.store(true, ordering: .relaxed)
        finished.wait()
        return sent.load(ordering: .relaxed)
    }
}
