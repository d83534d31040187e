import AnimClient
import AnimProtocol
import Foundation
import Testing

/// `on-snap` actions in a real animd: run once per arrival, off the event loop, whatever the command does.
@Suite struct SnapActionIntegrationTests {
    /// Polls `path` until it has `count` lines (10 s at most).
    static func lines(of path: String, count: Int) -> [String] {
        var lines: [String] = []
        try? waitUntil("\(count) lines in \(path)") {
            lines = ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
            return lines.count >= count
        }
        return lines
    }

    /// An animd whose `launcher` (linear, `duration`) appends "TRANSITION SNAP" to `record` at each of its two snaps.
    static func recordingArrivals(in record: String, duration: Double, verbose: Bool = true) throws -> DaemonProcess {
        let append = "[\"sh\", \"-c\", \"echo \\\"$ANIMD_TRANSITION $ANIMD_SNAP\\\" >> \(record)\"]"
        return try DaemonProcess(
            config: """
                [transitions.launcher]
                timing = "linear"
                duration = \(duration)
                on-snap.0 = \(append)
                on-snap.1 = \(append)
                """, verbose: verbose)
    }

    /// Each completed arrival runs its snap's action once, with ANIMD_TRANSITION and ANIMD_SNAP set; a leg stopped
    /// on the way arrives nowhere and runs nothing.
    @Test func runsOncePerArrival() throws {
        let folder = try DaemonProcess.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let record = folder + "/arrivals"
        let daemon = try Self.recordingArrivals(in: record, duration: 0.05)
        let rpc = try daemon.connect()
        _ = try rpc.ok("subscribe", ["transitions": ["launcher"]])
        func arrive(at snap: Int) throws {
            _ = try rpc.ok("transition.animate", ["name": "launcher", "to": .number(Double(snap))])
            _ = try rpc.notification(where: { method, _ in method == .ended })
        }
        try arrive(at: 1)
        #expect(Self.lines(of: record, count: 1) == ["launcher 1"])
        try arrive(at: 0)
        #expect(Self.lines(of: record, count: 2) == ["launcher 1", "launcher 0"])
        // Stopped half-way: ended at `current`, no arrival.
        _ = try rpc.ok("transition.animate", ["name": "launcher", "to": 1, "duration": 10])
        _ = try rpc.ok("transition.stop", ["name": "launcher", "withoutFinishing": true])
        try arrive(at: 0)
        #expect(Self.lines(of: record, count: 3) == ["launcher 1", "launcher 0", "launcher 0"])
        // The barrier: an arrival after the stop, whose action is spawned after any the stopped leg could have had.
        try arrive(at: 1)
        #expect(
            Self.lines(of: record, count: 4) == ["launcher 1", "launcher 0", "launcher 0", "launcher 1"],
            "nothing ran for the stopped leg")
    }

    /// While one action hangs, another floods its output and a third cannot even start, a transition keeps its
    /// frames: no gap of half a second in 1 s of 60 Hz frames (a blocked loop would show the whole hang).
    @Test func actionsNeverHoldTheFrames() throws {
        let daemon = try DaemonProcess(
            config: """
                [daemon]
                frame-rate = 60
                [transitions.sidebar]
                timing = "linear"
                duration = 0.05
                on-snap.1 = ["sleep", "5"]
                [transitions.notifications]
                timing = "linear"
                duration = 0.05
                on-snap.1 = ["sh", "-c", "yes 'a line of output' | head -c 20000000"]
                [transitions.panel]
                timing = "linear"
                duration = 0.05
                on-snap.1 = ["/nonexistent/animd-action"]
                [transitions.pager]
                timing = "linear"
                duration = 1
                """)
        let rpc = try daemon.connect()
        _ = try rpc.ok("subscribe", [:])
        // The pager runs for 1 s; the three actions start during it.
        _ = try rpc.ok("transition.animate", ["name": "pager", "to": 1])
        for name in ["sidebar", "notifications", "panel"] {
            _ = try rpc.ok("transition.animate", ["name": .string(name), "to": 1])
        }
        let frames = try rpc.notifications(until: { method, params in method == .ended && params["name"] == "pager" })
            .filter { $0.0 == .progress && $0.1["name"] == "pager" }
            .compactMap { $0.1["time"]?.number }
        let gaps = zip(frames, frames.dropFirst()).map { $1 - $0 }
        #expect(frames.count >= 20, "\(frames.count) frames")
        #expect(try #require(gaps.max()) < 0.5, "largest gap \(gaps.max() ?? 0) s")
        // The hanging action is still running: a second arrival at its snap is skipped, not stacked.
        _ = try rpc.ok("transition.animate", ["name": "sidebar", "to": 0])
        _ = try rpc.notification(where: { method, params in method == .ended && params["name"] == "sidebar" })
        _ = try rpc.ok("transition.animate", ["name": "sidebar", "to": 1])
        _ = try rpc.notification(where: { method, params in method == .ended && params["name"] == "sidebar" })
        #expect(try rpc.ok("daemon.hello")["pid"] != nil, "still serving")
        try waitUntil(#"daemon.log.contains("bytes-not-logged")"#) { daemon.log.contains("bytes-not-logged") }
        let log = daemon.log
        #expect(log.contains("on-snap action could not start"), "the missing program is reported")
        #expect(log.contains("bytes-not-logged"), "the flood is drained, not logged")
        #expect(log.contains("on-snap action skipped"), "the hanging action is not started twice")
        #expect(
            log.components(separatedBy: "on-snap action: a line of output").count - 1 == 50,
            "at most 50 lines logged per run")
    }

    /// A launcher that snaps at once, whose on-snap action writes what `command` prints to `file`, whole (through a
    /// `.part` file renamed), so that the test reads it only once it is complete.
    static func launcherWriting(_ command: String, to file: String) -> String {
        """
        [transitions.launcher]
        timing = "linear"
        duration = 0.01
        on-snap.1 = ["sh", "-c", "\(command) > \(file).part && mv \(file).part \(file)"]
        """
    }

    /// An action inherits nothing of animd's but its output pipe: the child's own /proc/self/fd shows stdin
    /// (/dev/null), stdout and stderr (the pipe animd logs), and the listing's own directory, and not one of the
    /// sockets (the listening one, the clients') or the event loop's epoll.
    @Test func anActionInheritsNoDescriptorOfAnimds() throws {
        let folder = try DaemonProcess.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let listing = folder + "/descriptors"
        let daemon = try DaemonProcess(config: Self.launcherWriting("ls -l /proc/self/fd", to: listing))
        let rpc = try daemon.connect()
        let others = try (0..<3).map { _ in try daemon.connect() }
        _ = try rpc.ok("subscribe", ["transitions": ["launcher"]])
        _ = try rpc.ok("transition.animate", ["name": "launcher", "to": 1])
        try waitUntil("the action's listing") { FileManager.default.fileExists(atPath: listing) }
        let lines = try String(contentsOfFile: listing, encoding: .utf8).split(separator: "\n").filter {
            $0.contains("->")
        }
        let targets = lines.map { $0.components(separatedBy: "-> ").last ?? "" }
        #expect(
            !targets.contains { $0.hasPrefix("socket:") || $0.hasPrefix("anon_inode:") },
            "\(lines.joined(separator: "\n"))")
        #expect(lines.count <= 4, "0, 1, 2 and the listing's directory: \(lines.joined(separator: "\n"))")
        withExtendedLifetime(others) {}
    }

    /// The children animd has that are zombies: exited, never reaped.
    static func zombies(of pid: Int32) -> [Int32] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap(Int32.init).filter { child in
            // /proc/PID/stat: "pid (comm) state ppid …"; comm may hold spaces and parentheses, so read after the last ")".
            guard let stat = try? String(contentsOfFile: "/proc/\(child)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { return false }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            return fields.count > 1 && fields[0] == "Z" && Int32(fields[1]) == pid
        }
    }

    /// At animd's default log level, as users run it, each child is reaped once it exits: 100 arrivals, each
    /// running a command, leave no zombie. (The reap was inside an info-level log call, which the default level
    /// never evaluates: every child stayed a zombie.)
    @Test func everyChildIsReapedAtTheDefaultLogLevel() throws {
        let folder = try DaemonProcess.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let record = folder + "/arrivals"
        let daemon = try Self.recordingArrivals(in: record, duration: 0.01, verbose: false)
        let rpc = try daemon.connect()
        _ = try rpc.ok("subscribe", ["transitions": ["launcher"]])
        for arrival in 1...100 {
            _ = try rpc.ok("transition.animate", ["name": "launcher", "to": .number(Double(arrival % 2))])
            _ = try rpc.notification(where: { method, _ in method == .ended })
            // Each action has run before the next arrival, so that none is skipped as still running.
            #expect(Self.lines(of: record, count: arrival).count == arrival)
        }
        let pid = daemon.process.processIdentifier
        // A child that has just written its line may not have exited yet: wait for the last ones to be reaped.
        var left: [Int32] = []
        try? waitUntil("no zombie children of animd") {
            left = Self.zombies(of: pid)
            return left.isEmpty
        }
        #expect(left.isEmpty, "\(left.count) zombies after 100 actions")
    }

    /// A command inherits none of the variables systemd gives animd alone: it could otherwise tell systemd
    /// `STATUS=` in animd's name. What else animd has, and the session's variables, it does inherit.
    @Test func anActionInheritsNoneOfSystemdsVariablesForAnimd() throws {
        let folder = try DaemonProcess.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let dump = folder + "/environment"
        let daemon = try DaemonProcess(
            config: Self.launcherWriting("env", to: dump),
            environment: [
                "NOTIFY_SOCKET": folder + "/no-notify", "WATCHDOG_PID": "1", "WATCHDOG_USEC": "30000000",
                "JOURNAL_STREAM": "8:1234", "ANIMD_TEST_MARK": "kept",
            ])
        let rpc = try daemon.connect()
        _ = try rpc.ok("transition.animate", ["name": "launcher", "to": 1])
        try waitUntil("the action's environment") { FileManager.default.fileExists(atPath: dump) }
        let names = Set(
            try String(contentsOfFile: dump, encoding: .utf8).split(separator: "\n").compactMap {
                $0.split(separator: "=").first.map(String.init)
            })
        for name in ["NOTIFY_SOCKET", "WATCHDOG_PID", "WATCHDOG_USEC", "JOURNAL_STREAM"] {
            #expect(!names.contains(name), "\(name) reached the child")
        }
        #expect(names.isSuperset(of: ["ANIMD_TEST_MARK", "ANIMD_TRANSITION", "ANIMD_SNAP", "PATH"]))
    }
}
