import AnimClient
public import Foundation

/// Starts animd, or a baseline server, the one way the integration tests and the benchmarks do: in a private
/// folder of its own, with an environment that reaches neither the session's display nor systemd nor the user's
/// own config, its configs written there under their names, and waits until its socket accepts a connection.
public enum DaemonLauncher {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
        public init(_ description: String) { self.description = description }
    }

    /// A new private folder, `/tmp/animd-LABEL-XXXXXX`: short, so that a socket path in it stays under 107 bytes.
    /// The caller removes it.
    public static func makeFolder(_ label: String) throws -> String {
        var template = Array("/tmp/animd-\(label)-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw Failure("mkdtemp failed for \(label)") }
        return String(cString: made)
    }

    /// The variables that would tie a launched daemon to this machine's session: its displays, systemd's notify
    /// socket and watchdog, a socket path of its own, and the session bus (whose portal would decide reduced motion).
    public static let sessionVariables = [
        "DISPLAY", "WAYLAND_DISPLAY", "NOTIFY_SOCKET", "WATCHDOG_USEC", "WATCHDOG_PID", "ANIMD_SOCKET",
        "DBUS_SESSION_BUS_ADDRESS",
    ]

    /// This process's environment without `sessionVariables`, with `folder` as XDG_CONFIG_HOME (so that a user's
    /// own animd.toml is never read), then `extra` over it.
    public static func environment(folder: String, _ extra: [String: String] = [:]) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        for name in sessionVariables { environment[name] = nil }
        environment["XDG_CONFIG_HOME"] = folder
        return environment.merging(extra) { $1 }
    }

    /// Writes `text` as `folder/NAME.toml` and returns its path, for `--config`.
    public static func writeConfig(_ text: String, named name: String, in folder: String) throws -> String {
        let path = folder + "/\(name).toml"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// Starts `executable ARGUMENTS` with `environment`; its stderr goes to `log`, or nowhere.
    public static func start(
        _ executable: String, _ arguments: [String], environment: [String: String], log: String? = nil
    ) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        if let log {
            _ = FileManager.default.createFile(atPath: log, contents: nil)
            process.standardError = FileHandle(forWritingAtPath: log)
        } else {
            process.standardError = FileHandle.nullDevice
        }
        try process.run()
        return process
    }

    /// Waits until `socket` accepts a connection, polling every 25 ms; throws when `process` (if given) exits first,
    /// or after `seconds` (a bound that only catches hangs).
    public static func waitUntilListening(_ socket: String, process: Process? = nil, seconds: Double = 10) throws {
        for _ in 0..<max(1, Int(seconds / 0.025)) {
            if case let .success(descriptor) = UnixSocket.connect(to: socket) {
                close(descriptor)
                return
            }
            if let process, !process.isRunning {
                throw Failure("\(process.executableURL?.lastPathComponent ?? "the server") exited early")
            }
            usleep(25_000)
        }
        throw Failure("nothing listened on \(socket) within \(seconds) s")
    }
}
