import AnimClient
import AnimProtocol
import Foundation
import Synchronization

/// input.inject → transition.progress received by N subscribers, against a
/// baseline measured in the same run: a plain loop that write()s the same
/// frame bytes to N Unix sockets read by the same reader threads.
///
/// Latency = arrival at a subscriber − the moment the driver sent the event.
/// The same poll() reader serves animd and the baseline, so only the sending side differs.
enum FanoutBenchmark {
    struct Row {
        let subscribers: Int
        let frames: Int
        let animd: Stats
        let baseline: Stats
    }

    struct Stats {
        let p50: Double, p99: Double, max: Double

        init(_ nanoseconds: [UInt64]) {
            let sorted = nanoseconds.sorted()
            func at(_ q: Double) -> Double { Double(sorted[min(sorted.count - 1, Int(Double(sorted.count) * q))]) / 1000 }
            p50 = at(0.5); p99 = at(0.99); max = Double(sorted.last ?? 0) / 1000
        }
    }

    static func run() {
        let animd = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("animd").path
        guard FileManager.default.isExecutableFile(atPath: animd) else {
            print("fanout: \(animd) is missing; build it with swift build -c release --product animd")
            return
        }
        print("\n== fan-out: input.inject → transition.progress at each subscriber (µs; one poll() thread reads every subscriber, for animd and baseline alike)")
        print("subscribers  frames |  animd p50      p99      max |  baseline p50    p99      max |  ratio p50   p99")
        var rows: [Row] = []
        for (count, frames, pace) in [(1, 400, 0.003), (10, 300, 0.004), (100, 200, 0.010)] {
            guard let row = measure(animd: animd, subscribers: count, frames: frames, pace: pace) else { continue }
            rows.append(row)
            print(String(format: "%11d %7d | %10.1f %8.1f %8.1f | %13.1f %8.1f %8.1f | %10.2f %5.2f",
                         count, frames, row.animd.p50, row.animd.p99, row.animd.max,
                         row.baseline.p50, row.baseline.p99, row.baseline.max,
                         row.animd.p50 / row.baseline.p50, row.animd.p99 / row.baseline.p99))
        }
        if let hundred = rows.first(where: { $0.subscribers == 100 }) {
            print("target p99 ≤ 1000 µs at 100 subscribers: \(hundred.animd.p99 <= 1000 ? "met" : "MISSED") (\(String(format: "%.1f", hundred.animd.p99)) µs)")
            let ratio = hundred.animd.p99 / hundred.baseline.p99
            print("target fan-out ≤ 2× baseline (p99): \(ratio <= 2 ? "met" : "MISSED") (\(String(format: "%.2f", ratio))×)")
        }
    }

    /// Collects arrival times per subscriber, from reader threads.
    final class Arrivals: Sendable {
        let times: Mutex<[[UInt64]]>
        let ready = Atomic<Int>(0)
        init(_ count: Int) { times = Mutex(Array(repeating: [], count: count)) }
    }

    static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

    static let progressPrefix = Array(#"{"jsonrpc":"2.0","method":"transition.progress""#.utf8)

    static func measure(animd: String, subscribers: Int, frames: Int, pace: Double) -> Row? {
        let folder = NSTemporaryDirectory() + "animd-bench-\(getpid())-\(subscribers)"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let socket = folder + "/s.sock"
        let daemon = Process()
        daemon.executableURL = URL(fileURLWithPath: animd)
        daemon.arguments = ["--socket", socket, "--config", folder + "/animd.toml"]
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = nil
        daemon.environment = environment
        daemon.standardError = FileHandle.nullDevice
        let config = (try? String(contentsOfFile: repoFile("config/animd.toml"), encoding: .utf8)) ?? ""
        try? config.write(toFile: folder + "/animd.toml", atomically: true, encoding: .utf8)
        guard (try? daemon.run()) != nil else { return nil }
        defer { daemon.terminate(); daemon.waitUntilExit() }
        var driver: RPCConnection?
        for _ in 0..<400 {
            driver = try? RPCConnection(path: socket)
            if driver != nil { break }
            usleep(25_000)
        }
        guard let driver else { return nil }

        // animd: the subscribers, read by one poll() thread.
        let arrivals = Arrivals(subscribers)
        startReader(arrivals: arrivals, frames: frames, filter: progressPrefix) {
            (0..<subscribers).compactMap { _ in
                guard let rpc = try? RPCConnection(path: socket),
                      case .success = try? rpc.call("subscribe", ["transitions": ["sidebar"], "events": ["progress"]]) else { return nil }
                return rpc
            }
        }
        while arrivals.ready.load(ordering: .sequentiallyConsistent) < subscribers { usleep(1000) }
        _ = try? driver.call("input.inject", ["events": [["t": 0, "kind": "touch-down", "id": 1, "x": 3, "y": 500],
                                                        ["t": 0.001, "kind": "touch-move", "id": 1, "x": 20, "y": 500]]])
        usleep(100_000)
        arrivals.times.withLock { for i in $0.indices { $0[i].removeAll() } }
        var sent: [UInt64] = []
        var sample: [UInt8] = []
        for frame in 0..<frames {
            let event: JSONValue = ["events": [["t": .number(0.002 + Double(frame) * 0.001), "kind": "touch-move", "id": 1,
                                                "x": .number(21 + Double(frame % 300)), "y": 500]]]
            sent.append(now())
            _ = try? driver.call("input.inject", event)
            usleep(UInt32(pace * 1e6))
        }
        usleep(200_000)
        let animdTimes = arrivals.times.withLock { $0 }
        if let probe = try? RPCConnection(path: socket), case .success = try? probe.call("subscribe", ["transitions": ["sidebar"]]) {
            _ = try? driver.call("input.inject", ["events": [["t": 1, "kind": "touch-move", "id": 1, "x": 5, "y": 500]]])
            sample = (try? probe.readLine(timeout: 5)) ?? []
        }
        let animdLatencies = latencies(sent: sent, arrivals: animdTimes)

        // Baseline: the same bytes, the same number of sockets, the same readers, a plain write() loop.
        let baseline = baselineLatencies(folder: folder, subscribers: subscribers, frames: frames, pace: pace, bytes: sample + [10])
        guard !animdLatencies.isEmpty, !baseline.isEmpty else { return nil }
        return Row(subscribers: subscribers, frames: frames, animd: Stats(animdLatencies), baseline: Stats(baseline))
    }

    /// One thread waits on every subscriber socket with poll() and stamps each
    /// line when its socket became readable: the same reader for animd and baseline.
    static func startReader(arrivals: Arrivals, frames: Int, filter: [UInt8], connect: @escaping @Sendable () -> [RPCConnection]) {
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
                        if filter.isEmpty || line.starts(with: filter) {
                            counts[i] += 1
                            arrivals.times.withLock { $0[i].append(time) }
                        }
                    } while connections[i].hasBufferedLine
                }
            }
        }.start()
    }

    static func latencies(sent: [UInt64], arrivals: [[UInt64]]) -> [UInt64] {
        var result: [UInt64] = []
        for times in arrivals {
            for (k, time) in times.prefix(sent.count).enumerated() where time >= sent[k] { result.append(time - sent[k]) }
        }
        return result
    }

    static func baselineLatencies(folder: String, subscribers: Int, frames: Int, pace: Double, bytes: [UInt8]) -> [UInt64] {
        let path = folder + "/baseline.sock"
        let listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in for (i, b) in path.utf8.enumerated() { raw[i] = b } }
        _ = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) } }
        listen(listener, 256)
        defer { close(listener); unlink(path) }
        let arrivals = Arrivals(subscribers)
        startReader(arrivals: arrivals, frames: frames, filter: []) {
            (0..<subscribers).compactMap { _ in try? RPCConnection(path: path) }
        }
        var clients: [Int32] = []
        for _ in 0..<subscribers { clients.append(accept(listener, nil, nil)) }
        while arrivals.ready.load(ordering: .sequentiallyConsistent) < subscribers { usleep(1000) }
        var sent: [UInt64] = []
        for _ in 0..<frames {
            sent.append(now())
            for fd in clients { _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) } }
            usleep(UInt32(pace * 1e6))
        }
        usleep(200_000)
        for fd in clients { close(fd) }
        return latencies(sent: sent, arrivals: arrivals.times.withLock { $0 })
    }

    static func repoFile(_ relative: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent(relative).path
    }
}
