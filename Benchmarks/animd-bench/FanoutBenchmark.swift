import AnimClient
import AnimProtocol
import Foundation
import Synchronization

/// input.inject → transition.progress received by N subscribers, animd against a C server doing the same job
/// (Benchmarks/baseline-server: receive the request line, write the same bytes to N sockets), both timed by one
/// probe in the same run.
///
/// The probe subscribes N clients, read by one poll() thread, then a driver connection sends one touch move per
/// frame with `input.inject` and waits for its answer. Latency = arrival at a subscriber − the moment the driver
/// sent the request. Everything but the server is the same code for both.
enum FanoutBenchmark {
    struct Stats {
        let p50: Double, p99: Double, max: Double

        init(_ nanoseconds: [UInt64]) {
            let sorted = nanoseconds.sorted()
            func at(_ q: Double) -> Double { Double(sorted[min(sorted.count - 1, Int(Double(sorted.count) * q))]) / 1000 }
            p50 = at(0.5); p99 = at(0.99); max = Double(sorted.last ?? 0) / 1000
        }
    }

    /// (subscribers, frames, seconds between frames); the smoke mode (CI) runs the 10-subscriber row briefly.
    static func plan(smoke: Bool) -> [(Int, Int, Double)] {
        smoke ? [(10, 50, 0.004)] : [(1, 400, 0.003), (10, 300, 0.004), (100, 200, 0.010), (1000, 100, 0.040)]
    }

    /// Returns false when a row could not be measured (the smoke mode then fails CI).
    @discardableResult
    static func run(smoke: Bool, sameSlice: Bool) -> Bool {
        let folder = BenchProcess.scratchFolder("fanout")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        guard let animd = BenchProcess.animd(for: "fanout") else { return false }
        guard let baseline = buildBaseline(in: folder) else {
            print("fanout: cannot build the C baseline with cc or clang")
            return false
        }
        var complete = true
        BenchProcess.raiseDescriptorLimit()
        print("\n== fan-out: input.inject → transition.progress at every subscriber, µs (animd vs the C baseline server, one probe)")
        print(sameSlice ? "   both servers ask for a 0.1 ms scheduler slice (--same-slice)"
                        : "   animd's event loop asks for a 0.1 ms scheduler slice; the C server keeps the default (--same-slice: both ask)")
        print("subscribers frames |  animd p50     p99     max |  C p50     p99     max |  ratio p50   p99  (target ≤ 1.5×)")
        for (count, frames, pace) in plan(smoke: smoke) {
            guard let (ours, frame) = measureAnimd(animd, folder: folder, subscribers: count, frames: frames, pace: pace),
                  let theirs = measureBaseline(baseline, frame: frame, folder: folder, subscribers: count, frames: frames, pace: pace,
                                               slice: sameSlice)
            else {
                print(String(format: "%11d  failed", count))
                complete = false
                continue
            }
            let (a, c) = (Stats(ours), Stats(theirs))
            let verdict = a.p50 / c.p50 <= 1.5 && a.p99 / c.p99 <= 1.5 ? "met" : "missed"
            print(String(format: "%11d %6d | %9.1f %7.1f %7.1f | %6.1f %7.1f %7.1f | %9.2f %5.2f  %@",
                         count, frames, a.p50, a.p99, a.max, c.p50, c.p99, c.max, a.p50 / c.p50, a.p99 / c.p99, verdict))
            if count == 100 {
                print(String(format: "            p99 at 100 subscribers: %.1f µs, target ≤ 1000 µs: %@", a.p99, a.p99 <= 1000 ? "met" : "missed"))
            }
        }
        return complete
    }

    /// Compiles Benchmarks/baseline-server/baseline.c with the system's cc, else the Swift toolchain's clang.
    static func buildBaseline(in folder: String) -> String? {
        let output = folder + "/baseline"
        for compilerName in ["cc", "clang"] {
            let compiler = Process()
            compiler.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            compiler.arguments = [compilerName, "-O2", "-o", output, BenchProcess.repoFile("Benchmarks/baseline-server/baseline.c")]
            compiler.standardError = FileHandle.nullDevice
            guard (try? compiler.run()) != nil else { continue }
            compiler.waitUntilExit()
            if compiler.terminationStatus == 0 { return output }
        }
        return nil
    }

    static func measureAnimd(_ animd: String, folder: String, subscribers: Int, frames: Int, pace: Double) -> ([UInt64], [UInt8])? {
        let socket = folder + "/animd.sock"
        guard let daemon = BenchProcess.start(animd, ["--socket", socket]) else { return nil }
        defer { daemon.terminate(); daemon.waitUntilExit() }
        guard let driver = BenchProcess.connect(socket) else { return nil }
        // A finger on the sidebar's edge, so that every move is one progress frame.
        _ = try? driver.call("input.inject", ["events": [["t": 0, "kind": "touch-down", "id": 1, "x": 3, "y": 500],
                                                        ["t": 0.001, "kind": "touch-move", "id": 1, "x": 20, "y": 500]]])
        guard let latencies = probe(socket, driver: driver, subscribers: subscribers, frames: frames, pace: pace) else { return nil }
        // animd's own frame, for the baseline to send.
        var frame: [UInt8] = []
        if let sample = BenchProcess.connect(socket), case .success = try? sample.call("subscribe", ["transitions": ["sidebar"], "events": ["progress"]]) {
            _ = try? driver.call("input.inject", ["events": [["t": 1, "kind": "touch-move", "id": 1, "x": 5, "y": 500]]])
            frame = ((try? sample.readLine(timeout: 5)) ?? []) + [10]
        }
        return frame.count > 1 ? (latencies, frame) : nil
    }

    static func measureBaseline(_ baseline: String, frame: [UInt8], folder: String, subscribers: Int, frames: Int, pace: Double,
                                slice: Bool) -> [UInt64]? {
        let socket = folder + "/baseline.sock", frameFile = folder + "/frame"
        guard FileManager.default.createFile(atPath: frameFile, contents: Data(frame)),
              let server = BenchProcess.start(baseline, [socket, frameFile], extra: slice ? ["BASELINE_SLICE_NS": "100000"] : [:]) else { return nil }
        defer { server.terminate(); server.waitUntilExit() }
        guard let driver = BenchProcess.connect(socket) else { return nil }
        return probe(socket, driver: driver, subscribers: subscribers, frames: frames, pace: pace)
    }

    /// The probe: N subscribers on one reader thread, then `frames` injected moves from the driver.
    static func probe(_ socket: String, driver: RPCConnection, subscribers: Int, frames: Int, pace: Double) -> [UInt64]? {
        let arrivals = Arrivals(subscribers)
        startReader(arrivals: arrivals, frames: frames) {
            (0..<subscribers).compactMap { _ in
                guard let rpc = try? RPCConnection(path: socket),
                      case .success = try? rpc.call("subscribe", ["transitions": ["sidebar"], "events": ["progress"]]) else { return nil }
                return rpc
            }
        }
        for _ in 0..<30_000 where arrivals.ready.load(ordering: .sequentiallyConsistent) < subscribers { usleep(1000) }
        guard arrivals.ready.load(ordering: .sequentiallyConsistent) == subscribers else { return nil }
        usleep(100_000)
        arrivals.times.withLock { for i in $0.indices { $0[i].removeAll() } }
        var sent: [UInt64] = []
        for frame in 0..<frames {
            let event: JSONValue = ["events": [["t": .number(0.002 + Double(frame) * 0.001), "kind": "touch-move", "id": 1,
                                                "x": .number(21 + Double(frame % 300)), "y": 500]]]
            sent.append(now())
            _ = try? driver.call("input.inject", event)
            usleep(UInt32(pace * 1e6))
        }
        usleep(200_000)
        let result = latencies(sent: sent, arrivals: arrivals.times.withLock { $0 })
        return result.isEmpty ? nil : result
    }

    /// Arrival times per subscriber, from the reader thread.
    final class Arrivals: Sendable {
        let times: Mutex<[[UInt64]]>
        let ready = Atomic<Int>(0)
        init(_ count: Int) { times = Mutex(Array(repeating: [], count: count)) }
    }

    static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

    static let progressPrefix = Array(#"{"jsonrpc":"2.0","method":"transition.progress""#.utf8)

    /// One thread waits on every subscriber socket with poll() and stamps each progress line when its socket became
    /// readable: the same reader for animd and the baseline.
    static func startReader(arrivals: Arrivals, frames: Int, connect: @escaping @Sendable () -> [RPCConnection]) {
        Thread {
            let connections = connect()
            arrivals.ready.store(connections.count, ordering: .sequentiallyConsistent)
            var fds = connections.map { pollfd(fd: $0.descriptor, events: Int16(POLLIN), revents: 0) }
            var counts = Array(repeating: 0, count: connections.count)
            while counts.contains(where: { $0 < frames }) {
                guard poll(&fds, nfds_t(fds.count), 30_000) > 0 else { return }
                let time = now()
                for (i, fd) in fds.enumerated() where fd.revents != 0 {
                    repeat {
                        guard let line = try? connections[i].readLine(timeout: 0) else { break }
                        if line.starts(with: progressPrefix) {
                            counts[i] += 1
                            arrivals.times.withLock { $0[i].append(time) }
                        }
                    } while connections[i].hasBufferedLine
                }
            }
        }.start()
    }

    /// Frame k's latency at each subscriber: its k-th arrival minus the k-th send.
    static func latencies(sent: [UInt64], arrivals: [[UInt64]]) -> [UInt64] {
        var result: [UInt64] = []
        for times in arrivals {
            for (k, time) in times.prefix(sent.count).enumerated() where time >= sent[k] { result.append(time - sent[k]) }
        }
        return result
    }
}
