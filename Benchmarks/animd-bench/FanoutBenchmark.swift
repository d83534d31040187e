import AnimClient
import AnimProtocol
import Foundation
import JSONText
import Synchronization

/// input.inject → transition.progress received by N subscribers: animd against two servers doing the same job
/// (receive the request line, write the same bytes to N sockets), all timed by one probe in the same run:
/// - the C baseline (Benchmarks/baseline-server): epoll and write(), the kernel's floor;
/// - the NIO floor (Benchmarks/nio-floor, `animd-bench-floor`): the same job on animd's own stack (one NIO event loop,
///   animd's scheduling (the slice rule and the hand-over) and direct send), so that animd − floor is animd's own work and floor / C what the
///   framework costs.
///
/// The three run at once. The probe subscribes N clients to each, all read by one poll() thread, then sends one touch
/// move per frame with `input.inject` to each server in turn (animd, floor, C, animd, …), each time waiting for the
/// answer: whatever else the shared machine does meanwhile falls on all three alike, which separate runs, minutes
/// apart, did not ensure. Latency = arrival at a subscriber − the moment the driver sent the request. Everything but
/// the server is the same code for all three.
enum FanoutBenchmark {
    struct Stats {
        let p50: Double, p99: Double, max: Double

        init(_ nanoseconds: [UInt64]) {
            let sorted = nanoseconds.sorted()
            p50 = Double(percentile(sorted, 0.5)) / 1000; p99 = Double(percentile(sorted, 0.99)) / 1000
            max = Double(sorted.last ?? 0) / 1000
        }
    }

    /// (subscribers, frames, seconds between one server's frames); the smoke mode (CI) runs the 10-subscriber row briefly.
    static func plan(smoke: Bool) -> [(Int, Int, Double)] {
        smoke ? [(10, 50, 0.004)] : [(1, 1000, 0.003), (10, 600, 0.004), (100, 300, 0.010), (1000, 100, 0.040)]
    }

    /// nil when a row could not be measured (the smoke mode then fails CI).
    static func run(smoke: Bool, sameSlice: Bool) -> [TargetResult]? {
        let folder = BenchProcess.scratchFolder("fanout")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        guard let animd = BenchProcess.animd(for: "fanout"),
            let floor = BenchProcess.sibling("animd-bench-floor", for: "fanout")
        else { return nil }
        guard let baseline = buildBaseline(in: folder) else {
            print("fanout: cannot build the C baseline with cc or clang")
            return nil
        }
        var complete = true
        var results: [TargetResult] = []
        BenchProcess.raiseDescriptorLimit()
        print(
            "\n== fan-out: input.inject → transition.progress at every subscriber, µs (animd, the NIO floor and the C baseline server, one probe)"
        )
        print(
            sameSlice
                ? "   animd, the NIO floor and the C server all ask for a 0.1 ms scheduler slice from two subscribers on, and yield after a fan-out (--same-slice)"
                : "   animd and the NIO floor ask for a 0.1 ms scheduler slice from two subscribers on, and yield after a fan-out; the C server does neither (--same-slice: it does both)"
        )
        print("   own = animd p50 − floor p50: animd's work above the stack it stands on")
        print(
            "subscribers frames |  animd p50     p99     max |  floor p50     p99 |  C p50     p99     max |  ratio p50   p99  (target ≤ 1.5×) | floor/C p50  own"
        )
        for (count, frames, pace) in plan(smoke: smoke) {
            guard
                let row = measureRow(
                    animd: animd, floor: floor, baseline: baseline, baselineSlice: sameSlice, folder: folder,
                    subscribers: count, frames: frames, pace: pace)
            else {
                print(String(format: "%11d  failed", count))
                complete = false
                continue
            }
            let (a, f, c) = (Stats(row.animd), Stats(row.floor), Stats(row.baseline))
            let ratio = (p50: a.p50 / c.p50, p99: a.p99 / c.p99)
            let met = ratio.p50 <= 1.5 && ratio.p99 <= 1.5
            print(
                String(
                    format:
                        "%11d %6d | %9.1f %7.1f %7.1f | %9.1f %7.1f | %6.1f %7.1f %7.1f | %9.2f %5.2f  %@ | %11.2f %5.1f",
                    count, frames, a.p50, a.p99, a.max, f.p50, f.p99, c.p50, c.p99, c.max, ratio.p50, ratio.p99,
                    (met ? "met" : "missed").padding(toLength: 16, withPad: " ", startingAt: 0), f.p50 / c.p50,
                    a.p50 - f.p50))
            results.append(
                TargetResult(
                    figure: "input → progress at \(count), p50 and p99 ratio to C", target: "≤ 1.5×",
                    measured: String(format: "%.2f× / %.2f×", ratio.p50, ratio.p99), met: met))
            if count == 1 {
                // Issue 17: animd's own work per request at one subscriber, above the stack it stands on.
                let own = a.p50 - f.p50
                results.append(
                    TargetResult(
                        figure: "animd's own work at 1 (animd p50 − floor p50)", target: "≤ 20 µs",
                        measured: String(format: "%.1f µs", own), met: own <= 20))
            }
            if count == 100 {
                let p99Met = a.p99 <= 1000
                print(
                    String(
                        format: "            p99 at 100 subscribers: %.1f µs, target ≤ 1000 µs: %@", a.p99,
                        p99Met ? "met" : "missed"))
                results.append(
                    TargetResult(
                        figure: "input → progress at 100, p99", target: "≤ 1 ms",
                        measured: String(format: "%.0f µs", a.p99), met: p99Met))
            }
        }
        if !smoke {
            results += neighbourRow(
                animd: animd, floor: floor, baseline: baseline, sameSlice: sameSlice, folder: folder)
        }
        return complete ? results : nil
    }

    /// The one-subscriber row again, with a cache-heavy neighbour on both cores (`stress-ng --cache 2`, installed
    /// here when missing): a desktop runs browsers and compilers, and what they evict is each server's working set.
    /// All three servers run under the same neighbour, in the same probe. Target (issue 17): p50 ratio to C ≤ 2.5×.
    static func neighbourRow(animd: String, floor: String, baseline: String, sameSlice: Bool, folder: String)
        -> [TargetResult]
    {
        guard let stress = BenchProcess.tool("stress-ng", package: "stress-ng") else {
            print("             with stress-ng --cache 2: not measured (stress-ng is missing and cannot be installed)")
            return []
        }
        let neighbour = Process()
        neighbour.executableURL = URL(fileURLWithPath: stress)
        neighbour.arguments = ["--cache", "2", "--timeout", "600", "--quiet"]
        neighbour.standardOutput = FileHandle.nullDevice
        neighbour.standardError = FileHandle.nullDevice
        guard (try? neighbour.run()) != nil else { return [] }
        defer { neighbour.terminate(); neighbour.waitUntilExit() }
        usleep(500_000)
        guard
            let row = measureRow(
                animd: animd, floor: floor, baseline: baseline, baselineSlice: sameSlice, folder: folder,
                subscribers: 1, frames: 1000, pace: 0.003)
        else {
            print("          1  with stress-ng --cache 2: failed")
            return []
        }
        let (a, f, c) = (Stats(row.animd), Stats(row.floor), Stats(row.baseline))
        let ratio = a.p50 / c.p50
        let met = ratio <= 2.5
        print(
            String(
                format:
                    "          1   1000 | %9.1f %7.1f %7.1f | %9.1f %7.1f | %6.1f %7.1f %7.1f | %9.2f        %@ | %11.2f %5.1f   ← with stress-ng --cache 2 (target p50 ≤ 2.5×)",
                a.p50, a.p99, a.max, f.p50, f.p99, c.p50, c.p99, c.max, ratio,
                (met ? "met" : "missed").padding(toLength: 16, withPad: " ", startingAt: 0), f.p50 / c.p50,
                a.p50 - f.p50))
        return [
            TargetResult(
                figure: "input → progress at 1 beside stress-ng --cache 2, p50 ratio to C", target: "≤ 2.5×",
                measured: String(format: "%.2f×", ratio), met: met)
        ]
    }

    /// Compiles Benchmarks/baseline-server/baseline.c with the system's cc, else the Swift toolchain's clang.
    static func buildBaseline(in folder: String) -> String? {
        let output = folder + "/baseline"
        for compilerName in ["cc", "clang"] {
            let compiler = Process()
            compiler.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            compiler.arguments = [
                compilerName, "-O2", "-o", output, BenchProcess.repoFile("Benchmarks/baseline-server/baseline.c"),
            ]
            compiler.standardError = FileHandle.nullDevice
            guard (try? compiler.run()) != nil else { continue }
            compiler.waitUntilExit()
            if compiler.terminationStatus == 0 { return output }
        }
        return nil
    }

    /// One row: animd, the NIO floor and the C server started side by side, each with N subscribers, driven in turn.
    static func measureRow(
        animd: String, floor: String, baseline: String, baselineSlice: Bool, folder: String, subscribers: Int,
        frames: Int, pace: Double
    ) -> (animd: [UInt64], floor: [UInt64], baseline: [UInt64])? {
        var processes: [Process] = []
        defer { for process in processes { process.terminate(); process.waitUntilExit() } }
        let animdSocket = folder + "/animd.sock"
        guard let daemon = BenchProcess.start(animd, ["--socket", animdSocket]) else { return nil }
        processes.append(daemon)
        guard let animdDriver = BenchProcess.connect(animdSocket) else { return nil }
        // A finger on the sidebar's edge, so that every move is one progress frame.
        _ = try? animdDriver.call(
            "input.inject",
            [
                "events": [
                    ["t": 0, "kind": "touch-down", "id": 1, "x": 3, "y": 500],
                    ["t": 0.001, "kind": "touch-move", "id": 1, "x": 20, "y": 500],
                ]
            ])
        // animd's own frame, for the baselines to send.
        let frameFile = folder + "/frame"
        guard let frame = sampleFrame(animdSocket, driver: animdDriver),
            FileManager.default.createFile(atPath: frameFile, contents: Data(frame))
        else { return nil }
        var sockets = [animdSocket], drivers = [animdDriver]
        for (name, server, extra) in [
            ("floor", floor, [:]), ("baseline", baseline, baselineSlice ? ["BASELINE_SAME_SLICE": "1"] : [:]),
        ] {
            let socket = folder + "/\(name).sock"
            guard let process = BenchProcess.start(server, [socket, frameFile], extra: extra) else { return nil }
            processes.append(process)
            guard let driver = BenchProcess.connect(socket) else { return nil }
            sockets.append(socket)
            drivers.append(driver)
        }
        guard
            let latencies = probe(
                sockets: sockets, drivers: drivers, subscribers: subscribers, frames: frames, pace: pace)
        else { return nil }
        return (latencies[0], latencies[1], latencies[2])
    }

    /// One progress line as animd writes it, newline included, from a subscriber that leaves again.
    static func sampleFrame(_ socket: String, driver: RPCConnection) -> [UInt8]? {
        guard let sample = BenchProcess.connect(socket),
            case .success = try? sample.call("subscribe", ["transitions": ["sidebar"], "events": ["progress"]])
        else { return nil }
        _ = try? driver.call(
            "input.inject", ["events": [["t": 0.0015, "kind": "touch-move", "id": 1, "x": 20.5, "y": 500]]])
        guard let line = try? sample.readLine(timeout: 5), !line.isEmpty else { return nil }
        return line + [10]
    }

    /// The probe: N subscribers per server on one reader thread, then `frames` injected moves, each sent to every
    /// server in turn, `pace` apart for each server. Returns each server's latencies.
    static func probe(sockets: [String], drivers: [RPCConnection], subscribers: Int, frames: Int, pace: Double)
        -> [[UInt64]]?
    {
        let total = subscribers * sockets.count
        let arrivals = Arrivals(total)
        startReader(arrivals: arrivals, frames: frames) {
            sockets.flatMap { socket in
                (0..<subscribers).compactMap { _ in
                    guard let rpc = try? RPCConnection(path: socket),
                        case .success = try? rpc.call(
                            "subscribe", ["transitions": ["sidebar"], "events": ["progress"]])
                    else { return nil }
                    return rpc
                }
            }
        }
        for _ in 0..<30_000 where arrivals.ready.load(ordering: .sequentiallyConsistent) < total { usleep(1000) }
        guard arrivals.ready.load(ordering: .sequentiallyConsistent) == total else { return nil }
        usleep(100_000)
        arrivals.times.withLock { for i in $0.indices { $0[i].removeAll() } }
        var sent = Array(repeating: [UInt64](), count: sockets.count)
        let gap = UInt32(pace / Double(sockets.count) * 1e6)
        for frame in 0..<frames {
            let event: JSONValue = [
                "events": [
                    [
                        "t": .number(0.002 + Double(frame) * 0.001), "kind": "touch-move", "id": 1,
                        "x": .number(21 + Double(frame % 300)), "y": 500,
                    ]
                ]
            ]
            for (server, driver) in drivers.enumerated() {
                sent[server].append(now())
                _ = try? driver.call("input.inject", event)
                usleep(gap)
            }
        }
        usleep(200_000)
        let times = arrivals.times.withLock { $0 }
        let result = sent.indices.map { server in
            latencies(sent: sent[server], arrivals: Array(times[server * subscribers..<(server + 1) * subscribers]))
        }
        return result.contains(where: \.isEmpty) ? nil : result
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
            for (k, time) in times.prefix(sent.count).enumerated() where time >= sent[k] {
                result.append(time - sent[k])
            }
        }
        return result
    }
}
