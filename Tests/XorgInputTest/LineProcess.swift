public import Foundation

/// A child process of the tests or benchmarks (an X client such as animd-xprobe) whose standard output is read a
/// line at a time with a timeout; closing its standard input asks it to end.
public final class LineProcess {
    public let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private var buffer: [UInt8] = []

    /// `display` is set as DISPLAY; standard error goes to `standardError` (discarded by default).
    public convenience init(
        _ executable: URL, _ arguments: [String], display: String, standardError: FileHandle = .nullDevice
    ) throws {
        try self.init(executable, arguments, environment: ["DISPLAY": display], standardError: standardError)
    }

    /// `environment` is laid over the tests' own (a Wayland client's WAYLAND_DISPLAY and XDG_RUNTIME_DIR).
    public init(
        _ executable: URL, _ arguments: [String], environment: [String: String], standardError: FileHandle = .nullDevice
    ) throws {
        process.executableURL = executable
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        process.standardInput = input
        process.standardOutput = output
        process.standardError = standardError
        try process.run()
    }

    deinit { close() }

    /// Closes its standard input and waits for it; a child that does not end is terminated first, and killed if it
    /// still runs two seconds later: children inherit the test process's blocked signals, SIGTERM among them, so a
    /// command that does not read its input (`animctl watch`) never sees the terminate.
    public func close() {
        try? input.fileHandleForWriting.close()
        if process.isRunning { process.terminate() }
        let deadline = Date().addingTimeInterval(2)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    /// Writes one line to its standard input.
    public func send(_ line: String) {
        try? input.fileHandleForWriting.write(contentsOf: Data((line + "\n").utf8))
    }

    /// The next line it printed, or nil when it printed nothing more within `timeout` seconds.
    public func nextLine(timeout: Double = 10) -> String? {
        let deadline = Date().addingTimeInterval(timeout)
        let fd = output.fileHandleForReading.fileDescriptor
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
                return line
            }
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { return nil }
            var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&pfd, 1, Int32(left * 1000)) > 0 else { return nil }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = read(fd, &chunk, chunk.count)
            guard count > 0 else { return nil }
            buffer += chunk[..<count]
        }
    }

    /// Reads lines until one equals `line`; false when it never came within `timeout` seconds.
    public func wait(for line: String, timeout: Double = 10) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while let next = nextLine(timeout: max(0.01, deadline.timeIntervalSinceNow)) {
            if next == line { return true }
        }
        return false
    }
}

/// X clients run to completion on a display (xrandr, xinput).
public enum XClient {
    @discardableResult
    public static func run(_ tool: String, _ arguments: [String], display: String) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        process.environment = ProcessInfo.processInfo.environment.merging(["DISPLAY": display]) { _, new in new }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
