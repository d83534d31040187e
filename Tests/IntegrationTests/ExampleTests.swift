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

        /// Kills it and the commands of its pipeline; Foundation reaps it.
        func stop() {
            guard process.isRunning else { return }
            // The pipeline's commands are the shell's children, and would outlive it (an animctl holding a
            // declaration open): they go first.
            for child in Self.children(of: process.processIdentifier) { kill(child, SIGKILL) }
            kill(process.processIdentifier, SIGKILL)
        }

        /// The processes whose parent is `pid`, from /proc/PID/stat (its fourth field).
        static func children(of pid: Int32) -> [Int32] {
            let all = (try? FileManager.default.contentsOfDirectory(atPath: "/proc"))?.compactMap { Int32($0) } ?? []
            return all.filter { candidate in
                guard let stat = try? String(contentsOfFile: "/proc/\(candidate)/stat", encoding: .utf8),
                    let close = stat.lastIndex(of: ")")
                else { return false }
                let fields = stat[stat.index(after: close)...].split(separator: " ")
                return fields.count > 1 && Int32(fields[1]) == pid
            }
        }

        deinit { stop() }
    }

    static func example(_ path: String) -> String { Binaries.repo.appendingPathComponent("examples/\(path)").path }

    static func waitForSubscriber(_ rpc: RPCConnection, count: Int = 1) throws {
        try waitUntil(#"rpc.ok("daemon.hello")["subscriptions"] == .number(Double(count))"#) {
            try rpc.ok("daemon.hello")["subscriptions"] == .number(Double(count))
        }
    }

    /// examples/python/progress.py: the initial snapshot, began, frames that reach 1, and ended at snap 1.
    @Test func pythonClientPrintsProgress() throws {
        let daemon = try DaemonProcess()
        let rpc = try daemon.connect()
        let client = try Command(
            "/usr/bin/env",
            [
                "python3", Self.example("python/progress.py"), "--socket", daemon.socket,
                "--until-ended", "sidebar",
            ])
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

    /// examples/eww/eww.yuck: its deflisten command, run as eww runs it (`sh -c`, with dock.toml where the example
    /// puts it), declares the dock for as long as it runs; a swipe up inside the dock's span opens it, and the
    /// command prints one progress value per frame, ending at the snap. When it ends, so does the dock.
    @Test func ewwListenerDeclaresAndPrintsProgress() throws {
        let yuck = try String(contentsOfFile: Self.example("eww/eww.yuck"), encoding: .utf8)
        let listen = try #require(yuck.range(of: "(deflisten"), "no deflisten")
        let command = try #require(
            yuck[listen.upperBound...].split(separator: "`").dropFirst().first.map(String.init), "no `command`")
        let daemon = try DaemonProcess()
        let home = daemon.folder + "/home"
        try FileManager.default.createDirectory(atPath: home + "/.config/eww", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.example("eww/dock.toml"), toPath: home + "/.config/eww/dock.toml")
        let rpc = try daemon.connect()
        let listener = try Command(
            "/bin/sh", ["-c", command], environment: ["ANIMD_SOCKET": daemon.socket, "HOME": home])
        try waitUntil("eww's command declared the dock") {
            try rpc.ok("daemon.hello")["declared"]?.array?.first?["owner"]?["client"] == "eww-dock"
        }
        _ = try rpc.ok("subscribe", ["transitions": ["dock"]])
        _ = try rpc.ok("input.inject", DeclarationTests.swipe(x: 960, steps: 10, lift: true))
        #expect(try rpc.notification(where: { method, _ in method == .ended }).1["snap"] == 1)
        #expect(
            listener.wait { lines in
                lines.count >= 3 && lines.last.flatMap(Double.init).map { abs($0 - 1) < 1e-3 } == true
            },
            "\(listener.text)")
        #expect(listener.lines.allSatisfy { Double($0) != nil }, "every line is a number for eww: \(listener.text)")
        listener.stop()
        #expect(try rpc.notification(where: { method, _ in method == .removed }).1["reason"] == "disconnected")
    }

    /// examples/xdotool/follow-sidebar.sh moves a real X window: off screen while closed, at x = 0 once open, and back.
    @Test(.enabled(if: Xvfb.installed, "needs Xvfb (scripts/install-deps.sh)")) func xdotoolPipelineMovesAWindow()
        throws
    {
        let xvfb = try Xvfb()
        defer { xvfb.stop() }
        let daemon = try DaemonProcess()
        let rpc = try daemon.connect()
        let window = try XProbe.window(-300, 100, 300, 200, display: xvfb.display)
        _ = window
        let search = try Command(
            "/usr/bin/xdotool", ["search", "--name", "animd-xprobe window"], environment: ["DISPLAY": xvfb.display])
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
        let follower = try Command(
            Self.example("xdotool/follow-sidebar.sh"), [id],
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
            #expect(
                position == expected,
                "snap \(snap): x = \(position.map(String.init) ?? "?"); script said \(follower.text)")
        }
        follower.stop()
    }
}
