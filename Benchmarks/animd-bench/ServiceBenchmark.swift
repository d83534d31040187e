import AnimClient
import AnimProtocol
import Foundation

/// The daemon as a service (issue 9): start-up to READY=1, memory with many clients, frame pacing, idle wake-ups.
/// Each figure is measured on a fresh animd without a display or systemd.
enum ServiceBenchmark {
    /// nil when animd could not be started or reached.
    static func run(clients: Int, idleSeconds: Int) -> [TargetResult]? {
        let folder = BenchProcess.scratchFolder("service")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        guard let animd = BenchProcess.animd(for: "service") else { return nil }
        BenchProcess.raiseDescriptorLimit()
        print("\n== service: start-up, memory, pacing, idle")

        var startUps: [Double] = []
        for _ in 0..<5 {
            guard let milliseconds = startUpMilliseconds(animd, folder: folder) else {
                print("service: animd never sent READY=1")
                return nil
            }
            startUps.append(milliseconds)
        }
        let medianStartUp = percentile(startUps.sorted(), 0.5)
        print(
            "start-up to READY=1 (ms): " + startUps.map { String(format: "%.1f", $0) }.joined(separator: ", ")
                + String(format: "; median %.1f", medianStartUp))

        guard let (idleRSS, loadedRSS) = residentMemory(animd, folder: folder, clients: clients) else {
            print("service: could not connect and subscribe \(clients) clients")
            return nil
        }
        print(String(format: "RSS: idle %.1f MiB; with %d subscribed clients %.1f MiB", idleRSS, clients, loadedRSS))

        // The machine's own timer jitter, measured at the same time: a plain loop of absolute sleeps at 120 Hz on a thread.
        let baseline = TimerBaseline(ticks: 540)
        guard let deviations = pacingDeviations(animd, folder: folder), deviations.count > 100 else {
            print("service: no 120 Hz leg to measure")
            return nil
        }
        let lateness = baseline.lateness()
        let pacingP99 = percentile(deviations, 0.99)
        print(
            String(
                format: "pacing at 120 Hz: %d frames; deviation from the grid p50 %.0f µs, p99 %.0f µs, max %.0f µs",
                deviations.count, percentile(deviations, 0.5), pacingP99, deviations.last ?? 0))
        print(
            String(
                format:
                    "  baseline, a loop of absolute sleeps at 120 Hz meanwhile: lateness p50 %.0f µs, p99 %.0f µs, max %.0f µs",
                percentile(lateness, 0.5), percentile(lateness, 0.99), lateness.last ?? 0))

        guard let switches = idleSwitches(animd, folder: folder, seconds: idleSeconds) else {
            print("service: could not read animd's threads")
            return nil
        }
        let wakeRate = Double(switches) / Double(idleSeconds)
        print(
            String(
                format: "idle: %d context switches in %d s, all threads (%.3f per second)", switches, idleSeconds,
                wakeRate))

        return [
            TargetResult(
                figure: "start-up to READY=1, without X", target: "≤ 200 ms",
                measured: String(format: "median %.1f ms", medianStartUp), met: medianStartUp <= 200),
            TargetResult(
                figure: "RSS with \(clients) subscribed clients", target: "≤ 32 MiB",
                measured: String(format: "%.1f MiB", loadedRSS), met: loadedRSS <= 32),
            TargetResult(
                figure: "frame pacing at 120 Hz, p99 off the grid", target: "≤ 1 ms",
                measured: String(format: "%.0f µs (sleep loop: %.0f µs)", pacingP99, percentile(lateness, 0.99)),
                met: pacingP99 <= 1000),
            TargetResult(
                figure: "idle wake-ups, whole process", target: "≤ 0.1 /s",
                measured: String(format: "%.3f /s", wakeRate), met: wakeRate <= 0.1),
        ]
    }

    /// From spawning animd to the READY=1 it sends to a notification socket of ours.
    static func startUpMilliseconds(_ animd: String, folder: String) -> Double? {
        let notifyPath = folder + "/notify"
        unlink(notifyPath)
        guard let notify = DatagramSocket(boundTo: notifyPath) else { return nil }
        defer { notify.close() }
        let began = DispatchTime.now().uptimeNanoseconds
        guard
            let daemon = BenchProcess.start(
                animd, ["--socket", folder + "/startup.sock"], extra: ["NOTIFY_SOCKET": notifyPath])
        else { return nil }
        defer { daemon.terminate(); daemon.waitUntilExit() }
        while let message = notify.receive(timeout: 10) {
            if message == "READY=1" { return Double(DispatchTime.now().uptimeNanoseconds - began) / 1e6 }
        }
        return nil
    }

    /// VmRSS (MiB) idle, then with `clients` connections that each subscribed to every transition.
    /// - backend: `--input-backend`, or the daemon's own choice.
    static func residentMemory(_ animd: String, folder: String, clients: Int, backend: String? = nil) -> (
        idle: Double, loaded: Double
    )? {
        let socket = folder + "/rss.sock"
        guard
            let daemon = BenchProcess.start(
                animd, ["--socket", socket] + (backend.map { ["--input-backend", $0] } ?? []))
        else { return nil }
        defer { daemon.terminate(); daemon.waitUntilExit() }
        guard BenchProcess.connect(socket) != nil, let idle = residentMiB(daemon.processIdentifier) else { return nil }
        var connections: [RPCConnection] = []
        for _ in 0..<clients {
            guard let connection = try? RPCConnection(path: socket),
                case .success = try? connection.call("subscribe", [:])
            else { return nil }
            connections.append(connection)
        }
        guard let loaded = residentMiB(daemon.processIdentifier) else { return nil }
        return (idle, loaded)
    }

    static func residentMiB(_ pid: Int32) -> Double? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let kibibytes = procStatusField(status, "VmRSS")
        else { return nil }
        return Double(kibibytes) / 1024
    }

    /// A 5 s linear leg at frame-rate 120: how far each frame's `time` lies from the ideal grid (first frame + n/120 s),
    /// in µs, sorted. The last frame comes at the leg's end, off the grid by design, and is left out.
    static func pacingDeviations(_ animd: String, folder: String) -> [Double]? {
        let socket = folder + "/pacing.sock", config = folder + "/pacing.toml"
        let toml = "[daemon]\nframe-rate = 120\n[transitions.sidebar]\ntiming = \"linear\"\nduration = 5\n"
        guard FileManager.default.createFile(atPath: config, contents: Data(toml.utf8)),
            let daemon = BenchProcess.start(animd, ["--socket", socket, "--config", config])
        else { return nil }
        defer { daemon.terminate(); daemon.waitUntilExit() }
        guard let client = BenchProcess.connect(socket),
            case .success = try? client.call(
                "subscribe", ["transitions": ["sidebar"], "events": ["progress", "state"]]),
            case .success = try? client.call("transition.animate", ["name": "sidebar", "to": 1])
        else { return nil }
        var times: [Double] = []
        while let message = try? client.nextNotification(timeout: 10) {
            if message["method"]?.string == "transition.progress", let time = message["params"]?["time"]?.number {
                times.append(time)
            }
            if message["method"]?.string == "transition.ended" { break }
        }
        times = times.dropLast()
        guard let first = times.first else { return nil }
        let period = 1.0 / 120
        return times.map { time in
            let offset = time - first
            return abs(offset - (offset / period).rounded() * period) * 1e6
        }.sorted()
    }

    /// Context switches of all animd's threads (/proc/PID/task/*/status) over `seconds`, after 3 s of settling; the
    /// threads that switched are listed, so that a wake-up shows where it happens.
    static func idleSwitches(_ animd: String, folder: String, seconds: Int) -> Int? {
        let socket = folder + "/idle.sock"
        guard let daemon = BenchProcess.start(animd, ["--socket", socket]) else { return nil }
        defer { daemon.terminate(); daemon.waitUntilExit() }
        sleep(3)
        guard let before = threadSwitches(daemon.processIdentifier) else { return nil }
        sleep(UInt32(seconds))
        guard let after = threadSwitches(daemon.processIdentifier) else { return nil }
        var total = 0
        for (thread, count) in after.sorted(by: { $0.key < $1.key }) {
            let switched = count - (before[thread] ?? 0)
            if switched != 0 { print("  thread \(thread): \(switched) switches") }
            total += switched
        }
        return total
    }

    /// Voluntary + involuntary context switches per thread ("TID name").
    static func threadSwitches(_ pid: Int32) -> [String: Int]? {
        guard let tasks = try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task") else { return nil }
        var switches: [String: Int] = [:]
        for task in tasks {
            guard let status = try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/status", encoding: .utf8),
                let name = try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/comm", encoding: .utf8)
            else { continue }
            let count =
                (procStatusField(status, "voluntary_ctxt_switches") ?? 0)
                + (procStatusField(status, "nonvoluntary_ctxt_switches") ?? 0)
            switches["\(task) \(name.trimmingCharacters(in: .newlines))"] = count
        }
        return switches
    }
}
