import AnimClient
import AnimProtocol
import Foundation
import TestSupport
import Testing
import TransitionModel

/// The clients in examples/ run as a user would run them, against a real animd.
@Suite struct ExampleTests {
    /// A background command whose output is collected as it comes; SIGKILLed at the end, because the test runner's
    /// blocked signals are inherited and SIGTERM would not reach it.
    final class Command {
        let process = Process()
        private let pipe = Pipe()
        private let output: PipeOutput

        init(_ executable: String, _ arguments: [String], environment extra: [String: String] = [:]) throws {
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments
            var environment = ProcessInfo.processInfo.environment
            environment["PATH"] = Binaries.folder.path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
            process.environment = environment.merging(extra) { _, new in new }
            process.standardOutput = pipe
            process.standardError = pipe
            process.standardInput = FileHandle.nullDevice
            output = PipeOutput(pipe)
            try process.run()
        }

        var text: String { output.text }
        var lines: [String] { text.split(separator: "\n").map(String.init) }

        /// Waits (10 s at most) until `done` holds for the output so far.
        func wait(until done: ([String]) -> Bool) -> Bool {
            (try? waitUntil("the example's output") { done(lines) }) != nil
        }

        /// Kills it and its process group's pipeline; Foundation reaps it.
        func stop() {
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        }

        deinit { stop() }
    }

    static func example(_ path: String) -> String { Binaries.repo.appendingPathComponent("examples/\(path)").path }

    static func waitForSubscriber(_ rpc: RPCConnection, count: Int = 1) throws {
        try waitUntil(#"rpc.ok("daemon.hello")["subscriptions"] == .number(Double(count))"#) { try rpc.ok("daemon.hello")["subscriptions"] == .number(Double(count)) }
    }

    /// examples/python/progress.py: the initial snapshot, began, frames that reach 1, and ended at snap 1.
    @Test func pythonClientPrintsProgress() throws {
        let daemon = try DaemonProcess()
        let rpc = try daemon.connect()
        let client = try Command("/usr/bin/env", ["python3", Self.example("python/progress.py"), "--socket", daemon.socket,
                                                  "--until-ended", "sidebar"])
        try Self.waitForSubscriber(rpc)
        _ = try rpc.ok("transition.toggle", ["name": "sidebar"])
        client.process.waitUntilExit()
        let lines = client.lines
        #expect(client.process.terminationStatus == 0, "\(client.text)")
        #expect(lines.first == "sidebar 0.0000 at rest at snap 0")
        #expect(lines.dropFirst().first == "sidebar began 0->1 (command)")
        #expect(lines.last == "sidebar ended at snap 1")
        let frames = lines.filter { $0.hasSuffix(" animating") }.compactMap { Double($0.split(separator: " ")[1]) }
        #expect(frames.count >= 3, "\(lines)")
        #expect(abs((frames.last ?? 0) - 1) < 1e-3, "the final frame is at the snap")
    }

    /// examples/eww/eww.yuck: its deflisten command prints one progress value per frame, ending at the snap.
    @Test func ewwListenerPrintsProgress() throws {
        let yuck = try String(contentsOfFile: Self.example("eww/eww.yuck"), encoding: .utf8)
        let listen = try #require(yuck.range(of: "(deflisten"), "no deflisten")
        let command = try #require(yuck[listen.upperBound...].split(separator: "`").dropFirst().first.map(String.init), "no `command`")
        let daemon = try DaemonProcess()
        let rpc = try daemon.connect()
        let listener = try Command("/bin/sh", ["-c", command], environment: ["ANIMD_SOCKET": daemon.socket])
        try Self.waitForSubscriber(rpc)
        _ = try rpc.ok("subscribe", ["transitions": ["sidebar"]])
        _ = try rpc.ok("transition.toggle", ["name": "sidebar"])
        _ = try rpc.notification(where: { method, _ in method == .ended })
        #expect(listener.wait { lines in lines.count >= 3 && lines.last.flatMap(Double.init).map { abs($0 - 1) < 1e-3 } == true },
                "\(listener.text)")
        #expect(listener.lines.allSatisfy { Double($0) != nil }, "every line is a number for eww: \(listener.text)")
    }

    /// examples/xdotool/follow-sidebar.sh moves a real X window: off screen while closed, at x = 0 once open, and back.
    @Test(.enabled(if: Xvfb.installed, "needs Xvfb (scripts/install-deps.sh)")) func xdotoolPipelineMovesAWindow() throws {
        let xvfb = try Xvfb()
        defer { xvfb.stop() }
        let daemon = try DaemonProcess()
        let rpc = try daemon.connect()
        let window = try XProbe.window(-300, 100, 300, 200, display: xvfb.display)
        _ = window
        let search = try Command("/usr/bin/xdotool", ["search", "--name", "animd-xprobe window"], environment: ["DISPLAY": xvfb.display])
        #expect(search.wait { !$0.isEmpty })
        let id = try #require(search.lines.first, "xdotool found no window")
        func x() throws -> Int? {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/xdotool")
            process.arguments = ["getwindowgeometry", "--shell", id]
            process.environment = ["DISPLAY": xvfb.display]
            let out = Pipe()
            process.standardOutput = out
            try process.run()
            let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            return text.split(separator: "\n").first { $0.hasPrefix("X=") }.flatMap { Int($0.dropFirst(2)) }
        }
        let follower = try Command(Self.example("xdotool/follow-sidebar.sh"), [id],
                                   environment: ["DISPLAY": xvfb.display, "ANIMD_SOCKET": daemon.socket])
        try Self.waitForSubscriber(rpc)
        _ = try rpc.ok("subscribe", ["transitions": ["sidebar"]])
        for (snap, expected) in [(1, 0), (0, -300)] {
            _ = try rpc.ok("transition.animate", ["name": "sidebar", "to": .number(Double(snap))])
            _ = try rpc.notification(where: { method, _ in method == .ended })
            var position = try x()
            try? waitUntil("the window at x = \(expected)") {
                position = try x()
                return position == expected
            }
            #expect(position == expected, "snap \(snap): x = \(position.map(String.init) ?? "?"); script said \(follower.text)")
        }
        follower.stop()
    }
}
