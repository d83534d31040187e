import AnimClient
import AnimProtocol
import Foundation
import JSONText
import Synchronization
import Testing
import XorgInputTest

/// A real X server on a free display, stopped when the test is done.
final class Xvfb {
    let display: String
    let number: Int
    let process = Process()

    static var installed: Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/Xvfb") }

    /// `options` are further server arguments (screens, extensions).
    init(number: Int = Xvfb.freeNumber(), size: String = "1280x800x24", options: [String] = []) throws {
        self.number = number
        display = ":\(number)"
        process.executableURL = URL(fileURLWithPath: "/usr/bin/Xvfb")
        process.arguments = [display, "-screen", "0", size, "-nolisten", "tcp"] + options
        process.standardError = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        // Ready when its socket exists.
        let socket = "/tmp/.X11-unix/X\(number)"
        try waitUntil(#"FileManager.default.fileExists(atPath: socket)"#) {
            FileManager.default.fileExists(atPath: socket)
        }
        // And once it answers a client: Xvfb makes its socket before it has finished starting, and under load it
        // took longer than the 2 s animd's probe gives a server (the README tour under ThreadSanitizer saw "the X
        // server does not answer").
        try waitUntil("Xvfb on \(display) answers xset q", timeout: 30) {
            (try? XClient.run("xset", ["q"], display: display)) == 0
        }
    }

    /// SIGKILL: the test runner's blocked signal mask is inherited, so Xvfb would never see SIGTERM.
    /// A crash is also the harsher case for animd.
    func stop() {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        try? FileManager.default.removeItem(atPath: "/tmp/.X11-unix/X\(number)")
        try? FileManager.default.removeItem(atPath: "/tmp/.X\(number)-lock")
    }

    deinit { if process.isRunning { stop() } }

    static func freeNumber() -> Int { DisplayNumbers.free() }

    /// Runs an X client to completion on this display (xrandr).
    func run(_ tool: String, _ arguments: [String]) throws -> Int32 {
        try XClient.run(tool, arguments, display: display)
    }
}

/// An X client of the tests on a display, read a line at a time: animd-xprobe (a recording window, XTest input, a
/// rival selection) or animd-demo.
final class XProbe {
    private let child: LineProcess
    private let errorPath = NSTemporaryDirectory() + "animd-xprobe-\(UUID().uuidString).err"

    init(_ arguments: [String], display: String, executable: String = "animd-xprobe") throws {
        _ = FileManager.default.createFile(atPath: errorPath, contents: nil)
        child = try LineProcess(
            Binaries.folder.appendingPathComponent(executable), arguments, display: display,
            standardError: FileHandle(forWritingAtPath: errorPath) ?? .nullDevice)
    }

    deinit {
        child.close()
        try? FileManager.default.removeItem(atPath: errorPath)
    }

    var process: Process { child.process }

    /// What it said on stderr, and how it ended, for failure messages.
    var diagnosis: String {
        let stderr = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
        return process.isRunning
            ? "still running; stderr: \(stderr)" : "exited \(process.terminationStatus); stderr: \(stderr)"
    }

    /// The next line it printed, or nil when it printed nothing more within `timeout` seconds.
    func nextLine(timeout: Double = 10) -> String? { child.nextLine(timeout: timeout) }

    /// Reads lines until one equals `line`, with a bound that only catches hangs.
    func expect(_ line: String, timeout: Double = 10) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while let next = nextLine(timeout: max(0.01, deadline.timeIntervalSinceNow)) {
            if next == line { return }
        }
        throw HarnessError(
            "\(process.executableURL?.lastPathComponent ?? "") \(process.arguments ?? []) never printed \"\(line)\" (\(diagnosis))"
        )
    }

    /// Button lines the window has printed until one matches `last` (inclusive), motion left out.
    func buttons(until last: String, timeout: Double = 10) throws -> [String] {
        var seen: [String] = []
        let deadline = Date().addingTimeInterval(timeout)
        while let next = nextLine(timeout: max(0.01, deadline.timeIntervalSinceNow)) {
            if next.hasPrefix("press") || next.hasPrefix("release") { seen.append(next) }
            if next == last { return seen }
        }
        throw HarnessError("the window never received \"\(last)\"; it had \(seen)")
    }

    /// XTest input from one connection; returns once the server has processed all of it.
    static func drive(_ commands: [String], display: String) throws {
        let probe = try XProbe(["drive"] + commands, display: display)
        try probe.expect("done", timeout: 60)
    }

    /// The topmost window at a point once it is `name` (a restacking takes a moment), else the last one seen after
    /// 5 s: a bound that only catches hangs.
    static func topWindow(at x: Int, _ y: Int, display: String, becoming name: String) throws -> String {
        var top = ""
        try? waitUntil("\(name) on top at \(x), \(y)", timeout: 5) {
            top = try topWindow(at: x, y, display: display)
            return top == name
        }
        return top
    }

    /// The name of the topmost window at a point.
    static func topWindow(at x: Int, _ y: Int, display: String) throws -> String {
        let probe = try XProbe(["top-at", "\(x)", "\(y)"], display: display)
        guard let line = probe.nextLine() else { throw HarnessError("top-at printed nothing (\(probe.diagnosis))") }
        return line
    }

    /// A window of the test's own that records what it receives; returns once it is mapped.
    static func window(_ x: Int, _ y: Int, _ width: Int, _ height: Int, display: String) throws -> XProbe {
        let window = try XProbe(["window", "\(x)", "\(y)", "\(width)", "\(height)"], display: display)
        try window.expect("ready")
        return window
    }
}

extension RPCConnection {
    /// Waits until animd has X input on `display`; returns `daemon.hello`'s `input`.
    func waitForX(_ display: String) throws -> JSONValue {
        var input = JSONValue.null
        try waitUntil("animd connected to \(display)") {
            input = try ok("daemon.hello")["input"] ?? .null
            return input["connected"] == true && input["display"] == .string(display)
        }
        return input
    }
}
