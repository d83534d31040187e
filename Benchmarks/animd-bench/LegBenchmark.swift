import Foundation

/// Analytic legs (issue 18): 1000 subscribers while four transitions animate back and forth in one-second legs at
/// 120 Hz, first subscribed with `frames: "all"`, then, in the same run against the same daemon, with
/// `frames: "driven"`. It reports animd's CPU as a share of one core and the bytes the subscribers received per
/// second, and counts the progress frames a driven subscriber got while nothing drove a leg (there must be none:
/// between leg events, nothing crosses the socket).
enum LegBenchmark {
    struct Phase {
        let cpuShare: Double
        let bytesPerSecond: Double
        let linesPerSecond: Double
        let progressLines: Int
    }

    static func run(subscribers: Int, seconds: Double) -> [TargetResult]? {
        let folder = BenchProcess.scratchFolder("legs")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        guard let (daemon, socket) = SustainedBenchmark.startDaemon(for: "legs", in: folder) else { return nil }
        defer { daemon.terminate(); daemon.waitUntilExit() }
        print(
            "\n== legs: \(subscribers) subscribers, \(SustainedBenchmark.transitions.count) transitions animating at 120 Hz, "
                + "frames \"all\" against \"driven\", \(Int(seconds)) s each")
        guard let driver = SustainedBenchmark.Driver(socket: socket) else { return nil }
        driver.start()
        defer { driver.stop() }
        guard let all = measure(daemon, socket, subscribers, frames: "all", seconds: seconds),
            let driven = measure(daemon, socket, subscribers, frames: "driven", seconds: seconds)
        else {
            print("legs: could not subscribe \(subscribers) clients")
            return nil
        }
        for (name, phase) in [("all", all), ("driven", driven)] {
            print(
                String(
                    format:
                        "frames %-7@  animd CPU %5.1f %% of a core   %8.1f KiB/s   %7.0f lines/s   %d progress frames",
                    "\"\(name)\"", phase.cpuShare * 100, phase.bytesPerSecond / 1024, phase.linesPerSecond,
                    phase.progressLines))
        }
        print(
            String(
                format: "driven / all           CPU %.3f×   bytes %.4f×", driven.cpuShare / max(all.cpuShare, 1e-9),
                driven.bytesPerSecond / max(all.bytesPerSecond, 1e-9)))
        return [
            TargetResult(
                figure: "legs: \(subscribers) subscribers, frames \"driven\", 4 transitions animating",
                target: "≤ 2 % of a core",
                measured: String(format: "%.1f %% (\"all\": %.1f %%)", driven.cpuShare * 100, all.cpuShare * 100),
                met: driven.cpuShare <= 0.02),
            TargetResult(
                figure: "legs: frames a \"driven\" subscriber gets between leg events", target: "0",
                measured: "\(driven.progressLines)", met: driven.progressLines == 0),
        ]
    }

    /// One phase: `count` subscribers with `frames`, a second to settle, then `seconds` measured; they disconnect at the end.
    static func measure(_ daemon: Process, _ socket: String, _ count: Int, frames: String, seconds: Double) -> Phase? {
        guard let readers = SustainedBenchmark.SubscriberReader(socket: socket, count: count, frames: frames) else {
            return nil
        }
        readers.pump(for: 1.0)
        readers.resetCounts()
        let cpuBefore = SustainedBenchmark.cpuSeconds(daemon.processIdentifier)
        let start = Date()
        readers.pump(for: seconds)
        let elapsed = Date().timeIntervalSince(start)
        let cpu = SustainedBenchmark.cpuSeconds(daemon.processIdentifier) - cpuBefore
        return Phase(
            cpuShare: cpu / elapsed, bytesPerSecond: Double(readers.bytes) / elapsed,
            linesPerSecond: Double(readers.lines) / elapsed, progressLines: readers.progressLines)
    }
}
