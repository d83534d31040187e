import AnimClient
import Foundation
import JSONText
import Synchronization
import UnixSupport

/// Whether one client's batches hold the others (issue 48): a `transition.get`'s latency on a connection of its own
/// while another client sends batch lines of 1,024 `daemon.config` requests without end (reading each answer, so
/// that it is never stalled), against the same `get`'s latency at rest, in one run. Before the batches took turns,
/// one such line held the loop for seconds. Meanwhile a subscriber keeps a leg running, and the frames the loop
/// missed are counted, at rest and beside the batches.
enum FairnessBenchmark {
    static let samples = 200

    static func run() -> [TargetResult]? {
        guard let animd = BenchProcess.animd(for: "fairness") else { return nil }
        let folder = BenchProcess.scratchFolder("fairness")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let socket = folder + "/animd.sock"
        guard let daemon = BenchProcess.start(animd, ["--socket", socket, "--input-backend", "x11"]),
            let rpc = BenchProcess.connect(socket)
        else {
            print("fairness: animd did not start")
            return nil
        }
        defer { daemon.terminate(); daemon.waitUntilExit() }
        print(
            "\nfairness: a transition.get on its own connection, ms, \(samples) samples 5 ms apart; a subscriber's running legs"
        )
        let frameRate = (try? rpc.call("daemon.hello").get())?["frameRate"]?.number ?? 60
        let restFrames = FrameWatcher(socket: socket, frameRate: frameRate)
        restFrames.start()
        guard let rest = latencies(rpc) else { return nil }
        let (restCount, restMissed) = restFrames.stop()
        let attack = Attacker(socket: socket)
        attack.start()
        let busyFrames = FrameWatcher(socket: socket, frameRate: frameRate)
        busyFrames.start()
        let busy = latencies(rpc)
        let (busyCount, busyMissed) = busyFrames.stop()
        let batches = attack.stop()
        guard let busy, batches > 0 else {
            print("fairness: the batches could not be sent")
            return nil
        }
        func row(_ name: String, _ times: [Double]) -> String {
            let sorted = times.sorted()
            return "  " + name.padding(toLength: 44, withPad: " ", startingAt: 0)
                + String(
                    format: "p50 %7.2f  p99 %7.2f  max %7.2f", sorted[sorted.count / 2] * 1000,
                    sorted[sorted.count * 99 / 100] * 1000,
                    (sorted.last ?? 0) * 1000)
        }
        print(row("at rest", rest) + "  frames \(restCount), missed \(restMissed)")
        print(
            row("beside batches of 1,024 daemon.config (\(batches))", busy)
                + "  frames \(busyCount), missed \(busyMissed)")
        let worst = busy.max() ?? 0, restMedian = rest.sorted()[rest.count / 2]
        print(String(format: "  worst beside the batches: %.0f× the median at rest", worst / max(restMedian, 1e-9)))
        return [
            TargetResult(
                figure: "a get's worst latency beside batches of 1,024 requests", target: "≤ 250 ms",
                measured: String(format: "%.1f ms", worst * 1000), met: worst <= 0.25)
        ]
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

/// A subscriber that keeps a leg running on "panel" (one second each way, to 1 and back) and counts its frames, and
/// the frames the loop missed: consecutive frames of a leg whose `time`s are more than one and a half frame
/// intervals apart, counted by the intervals between them.
private final class FrameWatcher: Sendable {
    private let socket: String
    private let interval: Double
    private let stopping = Atomic(false)
    private let frames = Atomic(0)
    private let missed = Atomic(0)
    private let finished = DispatchSemaphore(value: 0)

    init(socket: String, frameRate: Double) { self.socket = socket; interval = 1 / frameRate }

    func start() {
        Thread.detachNewThread { [self] in
            defer { finished.signal() }
            guard let rpc = try? RPCConnection(path: socket),
                (try? rpc.call("subscribe", ["transitions": ["panel"]])) != nil
            else { return }
            var target = 1.0
            while !stopping.load(ordering: .relaxed) {
                guard
                    (try? rpc.call("transition.animate", ["name": "panel", "to": .number(target), "duration": 1]))
                        != nil
                else { return }
                target = 1 - target
                watchLeg(rpc)
            }
        }
    }

    /// Reads the leg's frames until it ends, or the watcher is stopped.
    private func watchLeg(_ rpc: RPCConnection) {
        var last: Double?
        while !stopping.load(ordering: .relaxed), let line = try? rpc.readLine(timeout: 5),
            let message = try? JSONParser.parse(line)
        {
            if message["method"] == "transition.ended" { return }
            guard message["method"] == "transition.progress", let time = message["params"]?["time"]?.number else {
                continue
            }
            frames.add(1, ordering: .relaxed)
            if let last, time - last > 1.5 * interval {
                missed.add(Int(((time - last) / interval).rounded()) - 1, ordering: .relaxed)
            }
            last = time
        }
    }

    /// Stops after the frame under way: the frames seen, and those missed.
    func stop() -> (frames: Int, missed: Int) {
        stopping.store(true, ordering: .relaxed)
        finished.wait()
        return (frames.load(ordering: .relaxed), missed.load(ordering: .relaxed))
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
