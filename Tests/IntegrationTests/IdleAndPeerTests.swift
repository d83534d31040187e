import AnimClient
import AnimProtocol
import CLinuxScheduling
import Foundation
import Synchronization
import Testing

/// Idle costs nothing, and peers of another user are refused.
@Suite(.serialized) struct IdleAndPeerTests {
    /// Context switches of the daemon's threads whose name starts with `prefix`, from /proc.
    static func switches(pid: Int32, threadPrefix prefix: String) -> Int {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        var total = 0
        for task in tasks {
            guard let status = try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/status", encoding: .utf8) else {
                continue
            }
            let lines = status.split(separator: "\n")
            guard let name = lines.first(where: { $0.hasPrefix("Name:") })?.split(separator: "\t").last,
                name.hasPrefix(prefix)
            else { continue }
            for line in lines
            where line.hasPrefix("voluntary_ctxt_switches:") || line.hasPrefix("nonvoluntary_ctxt_switches:") {
                total += Int(line.split(separator: "\t").last ?? "0") ?? 0
            }
        }
        return total
    }

    /// With nothing animating — including right after an animation ended — no thread of the process wakes: the event
    /// loop arms no timer, and with NIO as Swift concurrency's executor libdispatch's 1 Hz worker-pool monitor never
    /// starts. The oracle must survive a loaded machine, where the scheduler can charge a thread one stray switch
    /// (seen about once in a few dozen runs with both cores busy): over 3 s, anything periodic shows up as several
    /// wakes (a 60 Hz frame timer as ~180, even a 1 Hz monitor as 3), so at most one is allowed.
    ///
    /// The count starts once the loop has finished the step that sent `ended`: a request answered after it proves
    /// that, and 50 ms let the loop go back to sleep. Counting from the `ended` line itself also counted the loop's
    /// own way back to sleep, plus, on a busy machine, a preemption on the way (CI saw 2).
    @Test(.disabled(if: Sanitizer.active, "ThreadSanitizer's runtime has threads of its own that wake"))
    func idleProcessNeverWakes() throws {
        let daemon = try DaemonProcess()
        let rpc = try daemon.connect()
        _ = try rpc.ok("subscribe", ["transitions": ["sidebar"]])
        _ = try rpc.ok("transition.toggle", ["name": "sidebar"])
        _ = try rpc.notification(where: { method, _ in method == .ended })
        _ = try rpc.ok("daemon.hello")
        usleep(50_000)
        let pid = daemon.process.processIdentifier
        let before = Self.switches(pid: pid, threadPrefix: "")
        let loopBefore = Self.switches(pid: pid, threadPrefix: "NIO-SGLTN")
        usleep(3_000_000)
        let after = Self.switches(pid: pid, threadPrefix: "")
        #expect(loopBefore > 0, "the event loop thread (NIO's singleton group) was found")
        #expect(after - before <= 1, "the process woke \(after - before) times while idle")
    }

    /// With a focus source followed (issue 31), idle still means asleep: sway's IPC on the loop and its foreign-toplevel
    /// manager on the libinput thread; an X window manager's properties on the X thread. Counted as above, over the
    /// whole process, once the focus is known. One test per source, so that a missing one is a skip the report names.
    @Test(
        .disabled(if: Sanitizer.active, "ThreadSanitizer's runtime has threads of its own that wake"),
        .enabled(
            if: HeadlessSway.installed, "needs sway, swaymsg and grim (scripts/install-deps.sh), and setpriv under root"
        ))
    func idleFollowingSwayNeverWakes() throws {
        let sway = try HeadlessSway(outputs: 1, config: "")
        let daemon = try DaemonProcess(
            environment: sway.clientEnvironment.merging(["SWAYSOCK": sway.ipcSocket]) { $1 }, inputBackend: "auto")
        try Self.expectAsleep(daemon, following: "sway")
        withExtendedLifetime(sway) {}
    }

    @Test(
        .disabled(if: Sanitizer.active, "ThreadSanitizer's runtime has threads of its own that wake"),
        .enabled(
            if: FocusDesktop.installed,
            "needs Xvfb, openbox, xdotool, wmctrl, xlogo and xcalc (scripts/install-deps.sh)"))
    func idleFollowingAnXWindowManagerNeverWakes() throws {
        let desktop = try FocusDesktop()
        let daemon = try DaemonProcess(display: desktop.display)
        try Self.expectAsleep(daemon, following: "x11")
        withExtendedLifetime(desktop) {}
    }

    private static func expectAsleep(_ daemon: DaemonProcess, following session: String) throws {
        let rpc = try daemon.connect()
        try waitUntil("the focus is known") { try rpc.ok("daemon.hello")["focus"]?["source"] == .string(session) }
        usleep(50_000)
        let pid = daemon.process.processIdentifier
        let before = switches(pid: pid, threadPrefix: "")
        usleep(3_000_000)
        let after = switches(pid: pid, threadPrefix: "")
        #expect(after - before <= 1, "the process woke \(after - before) times while idle, following \(session)")
    }

    /// A finger held still for 10 s wakes the daemon only at the recognizers' deadlines (issue 32): a held swipe's
    /// rest (4 s) and a long press (6 s) on the bottom edge, the press sending the launcher where it already is so
    /// that nothing animates after it. The count runs on the event loop's thread from 2 s to 12 s after the touch,
    /// for the loop settles for a moment after any request (a switch or two, with or without a finger down); in it,
    /// the two deadlines and at most one stray switch on a loaded machine, as above. The press's `began` and the
    /// held swipe's `failed` prove that both deadlines fired.
    @Test(.disabled(if: Sanitizer.active, "ThreadSanitizer's runtime has threads of its own that wake"))
    func aRestingFingerWakesOnlyAtDeadlines() throws {
        let daemon = try DaemonProcess(
            config: """
                defaults = true
                [bindings.launcher-press]
                transition = "launcher"
                gesture = "long-press"
                edge = "bottom"
                duration = 6
                to = 0
                [bindings.launcher-held]
                transition = "sidebar"
                gesture = "edge-pan"
                edge = "bottom"
                increases = "up"
                distance = 400
                hold = 4
                """)
        let rpc = try daemon.connect()
        _ = try rpc.ok("subscribe", ["events": ["gesture"]])
        _ = try rpc.ok("input.inject", ["events": [["t": 0, "kind": "touch-down", "id": 1, "x": 960, "y": 1078]]])
        usleep(2_000_000)
        let pid = daemon.process.processIdentifier
        let before = Self.switches(pid: pid, threadPrefix: "NIO-SGLTN")
        usleep(10_000_000)
        let after = Self.switches(pid: pid, threadPrefix: "NIO-SGLTN")
        let gestures = try rpc.notificationsBeforeABarrier().compactMap(\.["params"]).compactMap { params in
            params["name"]?.string.map { "\($0) \(params["state"]?.string ?? "")" }
        }
        #expect(gestures.contains("launcher-press began") && gestures.contains("launcher-held failed"), "\(gestures)")
        print("a finger resting 10 s: the event loop woke \(after - before) time(s), at 2 deadlines")
        #expect(after - before <= 3, "a finger resting 10 s woke the event loop \(after - before) times; 2 deadlines")
        _ = try rpc.ok("input.inject", ["events": [["t": 12, "kind": "touch-up", "id": 1, "x": 960, "y": 1078]]])
    }

    /// The event loop thread runs with the short time slice (docs/architecture.md) while two or more clients take
    /// frames, and with the main thread's default slice otherwise; no other thread changes. Whether this kernel
    /// takes slice requests (Linux ≥ 6.12, and no sandbox refusing sched_setattr) is learnt from a thread of the
    /// test's own; where it does not, the loop must keep the ordinary slice throughout.
    @Test func eventLoopSliceFollowsFrameReaders() throws {
        let supported = Self.kernelTakesSliceRequests()
        let daemon = try DaemonProcess()
        let pid = daemon.process.processIdentifier
        func slices() throws -> (loop: Int64, main: Int64) {
            var slices: [String: Int64] = [:]
            for task in try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task") {
                guard let name = try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/comm", encoding: .utf8),
                    let tid = pid_t(task)
                else { continue }
                slices[name.trimmingCharacters(in: .whitespacesAndNewlines)] = animd_thread_slice(tid)
            }
            let loop = try #require(slices.first { $0.key.hasPrefix("NIO-SGLTN") }?.value, "threads: \(slices)")
            return (loop, try #require(slices["animd"]))
        }
        let first = try daemon.connect(), second = try daemon.connect(), watcher = try daemon.connect()
        let ordinary = try slices().main
        #expect(ordinary != 100_000, "the main thread keeps the default slice")
        #expect(try slices().loop == ordinary, "no clients take frames")
        _ = try first.ok("subscribe", ["events": ["progress"]])
        _ = try watcher.ok("subscribe", ["events": ["state", "input"]])
        #expect(try slices().loop == ordinary, "one frame reader; a state watcher reads no frames")
        let subscription = try second.ok(
            "subscribe", ["transitions": ["sidebar"], "events": ["progress"], "frames": "driven"])["subscription"]
        #expect(try slices().loop == (supported ? 100_000 : ordinary), "two frame readers")
        _ = try second.ok("unsubscribe", ["subscription": subscription ?? .null])
        #expect(try slices().loop == ordinary, "one frame reader again")
        do {
            let leaving = try daemon.connect()
            _ = try leaving.ok("subscribe", ["events": ["progress"]])
            #expect(try slices().loop == (supported ? 100_000 : ordinary), "two frame readers again")
        }
        try waitUntil("the loop's slice to return to the default once the second reader left") {
            try slices().loop == ordinary
        }
    }

    /// Asks for a 0.1 ms slice on a new thread and reads it back.
    static func kernelTakesSliceRequests() -> Bool {
        let granted = Mutex<Int64>(0)
        let done = DispatchSemaphore(value: 0)
        Thread {
            granted.withLock { $0 = animd_request_slice(100_000) }
            done.signal()
        }.start()
        done.wait()
        return granted.withLock { $0 } == 100_000
    }

    static var canSwitchUser: Bool { getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") }

    /// A peer of another uid (SO_PEERCRED) is disconnected without an answer, even when file permissions let it connect.
    @Test(.enabled(if: IdleAndPeerTests.canSwitchUser, "needs root and setpriv to connect as another user"))
    func otherUserIsRefused() throws {
        let daemon = try DaemonProcess()
        // animd sets the socket's mode just after it starts listening, and logs this line after that: wait for it,
        // or animd's own chmod could undo the one below.
        try waitUntil(#"daemon.log.contains("animd is listening")"#) { daemon.log.contains("animd is listening") }
        // Open the door on purpose, so that only the credential check stands in the way.
        chmod(daemon.folder, 0o755)
        chmod(daemon.socket, 0o666)
        // animd may close before the hello is even sent (EPIPE); either way no answer may come back.
        let script = """
            import socket
            s = socket.socket(socket.AF_UNIX)
            s.connect('\(daemon.socket)')
            s.settimeout(10)
            try:
                s.sendall(b'{"jsonrpc":"2.0","id":1,"method":"daemon.hello"}\\n')
                data = s.recv(4096)
            except OSError:
                data = b''
            print(repr(data))
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
        process.arguments = [
            "--reuid=65534", "--regid=65534", "--clear-groups", "/usr/bin/env", "python3", "-c", script,
        ]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = out
        try process.run()
        let output = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(
            output.trimmingCharacters(in: .whitespacesAndNewlines) == "b''",
            "the peer got no answer, only the close: \(output)")
        #expect(daemon.log.contains("refusing a peer of another user"))
        #expect(try daemon.connect().ok("daemon.hello")["name"] == "animd")
    }
}
