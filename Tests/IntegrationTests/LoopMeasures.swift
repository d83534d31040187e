import Foundation
import Testing
import UnixSupport

/// What the fairness tests (issue 48) measure of a daemon under attack: what another client sees of the loop, and
/// what the process spends and holds.
enum LoopMeasures {
    /// The bound the issue sets on a fresh connection's `transition.get` while an attack lasts.
    static let answerBound = 0.25

    /// Round trips, in seconds, of a `transition.get` over a fresh connection each, every 50 ms for `seconds`.
    static func freshGets(_ daemon: DaemonProcess, seconds: Double = 3) throws -> [Double] {
        var times: [Double] = []
        let end = monotonicSeconds() + seconds
        while monotonicSeconds() < end {
            let started = monotonicSeconds()
            let fresh = try daemon.connect()
            _ = try fresh.ok("transition.get", ["name": "sidebar"])
            times.append(monotonicSeconds() - started)
            usleep(50_000)
        }
        return times
    }

    /// The user and system CPU time of `pid`, in clock ticks (100 a second), from /proc/PID/stat: the 14th and 15th
    /// fields, counted after the command's name, which may hold spaces and ends at the last ')'.
    static func cpuTicks(_ pid: Int32) -> Int {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return 0 }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        // fields[0] is the state, the 3rd field of the line; utime and stime are the 14th and 15th.
        guard fields.count > 12, let user = Int(fields[11]), let system = Int(fields[12]) else { return 0 }
        return user + system
    }

    /// The CPU ticks `pid` spends over `seconds` from now.
    static func cpuTicks(_ pid: Int32, over seconds: Double) -> Int {
        let before = cpuTicks(pid)
        usleep(UInt32(seconds * 1_000_000))
        return cpuTicks(pid) - before
    }

    /// The threads of `pid`.
    static func threads(_ pid: Int32) -> Int { (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task").count) ?? 0 }
}
