import Foundation
import Testing
import UnixSupport

/// What the fairness tests (issue 48) measure of a daemon under attack: what another client sees of the loop, and
/// what the process spends and holds.
enum LoopMeasures {
    /// The bound the issue sets on a fresh connection's `transition.get` while an attack lasts.
    static let answerBound = 0.25

    /// The CPU ticks (100 a second) a line dripped in a byte at a time may cost over 3 s: a rescan of the line at each
    /// byte takes a whole core, 300, with or without a sanitizer; one read a byte took 11 to 13 plain and 32 to 50
    /// under ThreadSanitizer (2026-11-29), so the bound is 60 plain and 150 under a sanitizer.
    static var dripTickBound: Int { Sanitizer.active ? 150 : 60 }

    /// `answerBound` under a flood that keeps the daemon's core busy, scaled by what a sanitizer costs: a request
    /// waits behind the flood's work, which the sanitizer slows as much as the request's own.
    static var floodAnswerBound: Double { answerBound * Sanitizer.slowdown }

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
            let close = stat.lastIndex(of: ")")
        else { return 0 }
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

    /// What the attacker left behind, half a second after it went (five under a sanitizer, which slows the work the
    /// daemon still has of it, such as a gone client's queued members to skip, as much as any): `pid`'s CPU ticks over a second, which must be
    /// two at most, and its resident memory over `restingRSS`, which must be under 16 MiB (each scaled under a
    /// sanitizer); printed under `label` with the slowest of `times`.
    static func expectQuietAfterwards(
        _ pid: Int32, restingRSS: Int, label: String, times: [Double],
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        usleep(UInt32(500_000 * Sanitizer.slowdown))
        let idleTicks = cpuTicks(pid, over: 1)
        let grown = HostileInputTests.rss(pid) - restingRSS
        print(
            "\(label): slowest fresh get \(Int((times.max() ?? 0) * 1000)) ms of \(times.count); after: \(idleTicks) ticks in 1 s, "
                + "resident memory \(grown >> 10) KiB over what it was")
        #expect(
            Double(idleTicks) <= 2 * Sanitizer.slowdown, "\(label): animd is busy after the attacker left",
            sourceLocation: sourceLocation)
        #expect(
            grown < (16 << 20) * Sanitizer.memoryGrowth, "\(label): resident memory grew by \(grown >> 10) KiB",
            sourceLocation: sourceLocation)
    }

    /// The threads of `pid` named `name` (/proc/PID/task/TID/comm), as a backend names its own: the count that must
    /// stay at one however often the backend is replaced, whatever other threads the runtime starts meanwhile.
    static func threads(_ pid: Int32, named name: String) -> Int {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        return tasks.count { task in
            (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/comm", encoding: .utf8))?.trimmingCharacters(
                in: .newlines) == name
        }
    }

    /// The threads of `pid`.
    static func threads(_ pid: Int32) -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task").count) ?? 0
    }
}
