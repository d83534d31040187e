import AnimClient
import AnimProtocol
import DaemonLauncher
import Foundation
import JSONText
import Testing
import TransitionModel

/// Where `swift build` put the executables: beside the test bundle, else .build/debug.
enum Binaries {
    static let folder: URL = {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for candidate in [beside, beside.deletingLastPathComponent()]
        where FileManager.default.fileExists(atPath: candidate.appendingPathComponent("animd").path) {
            return candidate
        }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
            .appendingPathComponent(".build/debug")
    }()

    static var animd: URL { folder.appendingPathComponent("animd") }
    static var animctl: URL { folder.appendingPathComponent("animctl") }
    static let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static func trace(_ name: String) -> String {
        repo.appendingPathComponent("Tests/GesturesTests/Traces/\(name).jsonl").path
    }
}

struct HarnessError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// A real animd process on a socket of its own, in a private temporary folder.
final class DaemonProcess {
    let folder: String
    let socket: String
    let process: Process
    let logPath: String

    /// - config: TOML to write and pass with --config; nil uses the embedded default. A test's config is all there is
    ///   (`defaults = false` is put first) unless it sets `defaults` itself.
    /// - userConfig: TOML to write where a user's own config goes ($XDG_CONFIG_HOME/animd/animd.toml), as it is.
    /// - descriptorLimit: RLIMIT_NOFILE (soft and hard) to start animd under.
    /// - inputBackend: `--input-backend`; X11 unless a test asks for libinput, so that no test reads this machine's
    ///   own devices.
    /// - wrapper: a command that runs animd (given as its next arguments), such as umockdev's.
    /// - user: a uid to run animd as (with setpriv, from root), which then owns its folder.
    /// - verbose: `--verbose` (the default here, for the log a failure shows); false runs animd as users do.
    init(
        config: String? = nil, userConfig: String? = nil, display: String? = nil, socket socketPath: String? = nil,
        environment extra: [String: String] = [:],
        descriptorLimit: Int? = nil, inputBackend: String = "x11", wrapper: [String] = [], user: uid_t? = nil,
        verbose: Bool = true
    ) throws {
        // A write to a daemon or a child that has just gone away must fail that test, not kill the whole run with
        // SIGPIPE (seen once with both cores busy). Idempotent, so every daemon may set it.
        Glibc.signal(SIGPIPE, SIG_IGN)
        folder = try Self.makeFolder()
        socket = socketPath ?? folder + "/s.sock"
        logPath = folder + "/animd.log"
        var arguments = ["--socket", socket, "--input-backend", inputBackend] + (verbose ? ["--verbose"] : [])
        if let config {
            let alone = config.contains("defaults =") ? config : "defaults = false\n" + config
            arguments += ["--config", try DaemonLauncher.writeConfig(alone, named: "animd", in: folder)]
        }
        if let userConfig {
            try FileManager.default.createDirectory(atPath: folder + "/animd", withIntermediateDirectories: true)
            try userConfig.write(toFile: folder + "/animd/animd.toml", atomically: true, encoding: .utf8)
        }
        var command = [Binaries.animd.path] + arguments
        if let descriptorLimit {
            command = ["/bin/sh", "-c", "ulimit -n \(descriptorLimit) && exec \"$0\" \"$@\""] + command
        } else if !wrapper.isEmpty {
            command = wrapper + command
        } else if let user {
            chown(folder, user, gid_t(user))
            command = ["/usr/bin/setpriv", "--reuid=\(user)", "--regid=\(user)", "--clear-groups"] + command
        }
        var variables = extra
        if let display, variables["DISPLAY"] == nil { variables["DISPLAY"] = display }
        process = try DaemonLauncher.start(
            command[0], Array(command.dropFirst()),
            environment: DaemonLauncher.environment(folder: folder, variables), log: logPath)
        do {
            // animd answers only its own user, and a client checks that the daemon is its own user's too: another
            // user's daemon is waited for in its log.
            if user == nil {
                try DaemonLauncher.waitUntilListening(socket, process: process)
            } else {
                try waitUntil("animd listens") { self.log.contains("animd is listening") }
            }
        } catch {
            throw HarnessError("\(error): \(log)")
        }
        self.user = user
    }

    /// The uid animd runs as, when not this process's.
    private(set) var user: uid_t?

    /// `animctl hello --json` as animd's own user, who alone it answers (setpriv, from root): the hello's result.
    func helloAsItsUser() throws -> JSONValue {
        guard let user else { throw HarnessError("animd runs as this process's own user") }
        let (status, output) = try runTool(
            "/usr/bin/setpriv",
            [
                "--reuid=\(user)", "--regid=\(user)", "--clear-groups", Binaries.animctl.path,
                "hello", "--json", "--socket", socket,
            ])
        guard status == 0 else { throw HarnessError("animctl hello as uid \(user) exited \(status): \(output)") }
        return try JSONParser.parse(Array(output.utf8))
    }

    deinit {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(atPath: folder)
    }

    static func makeFolder() throws -> String { try DaemonLauncher.makeFolder("it") }

    var log: String { (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "" }

    func connect() throws -> RPCConnection { try RPCConnection(path: socket) }

    /// Sends SIGTERM and waits for the exit status.
    @discardableResult
    func terminate() -> Int32 {
        process.terminate()
        process.waitUntilExit()
        return process.terminationStatus
    }

    func signal(_ number: Int32) { kill(process.processIdentifier, number) }
}

/// Runs animd to completion (for start-up refusals) and returns its exit status and stderr.
func runAnimdToExit(_ arguments: [String]) throws -> (status: Int32, stderr: String) {
    let process = Process()
    process.executableURL = Binaries.animd
    process.arguments = arguments
    let err = Pipe()
    process.standardError = err
    try process.run()
    let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, message)
}

/// Runs animctl against a socket and collects what it printed.
struct CommandResult {
    let status: Int32
    let stdout: String
    let stderr: String
}

func animctl(_ arguments: [String], socket: String?, stdin: String? = nil) throws -> CommandResult {
    let process = Process()
    process.executableURL = Binaries.animctl
    process.arguments = arguments + (socket.map { ["--socket", $0] } ?? [])
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    let input = Pipe()
    process.standardInput = input
    try process.run()
    if let stdin { try? input.fileHandleForWriting.write(contentsOf: Data(stdin.utf8)) }
    try input.fileHandleForWriting.close()
    let stdoutData = out.fileHandleForReading.readDataToEndOfFile()
    let stderrData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return CommandResult(
        status: process.terminationStatus, stdout: String(decoding: stdoutData, as: UTF8.self),
        stderr: String(decoding: stderrData, as: UTF8.self))
}

/// Starts `animctl ARGS --socket SOCKET` in the background, with its stdout and stderr on pipes (stderr is a few
/// lines at most, so an unread pipe never fills).
func startAnimctl(_ arguments: [String], socket: String) throws -> (process: Process, stdout: Pipe, stderr: Pipe) {
    let process = Process()
    process.executableURL = Binaries.animctl
    process.arguments = arguments + ["--socket", socket]
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    return (process, out, err)
}

/// A raw connection to a Unix socket, for tests that need the descriptor itself; -1 when it cannot connect.
func rawConnect(_ path: String) -> Int32 {
    (try? UnixSocket.connect(to: path).get()) ?? -1
}

extension RPCConnection {
    /// Calls and expects success.
    func ok(
        _ method: String, _ params: JSONValue? = nil, timeout: Double = 10,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> JSONValue {
        switch try call(method, params, timeout: timeout) {
        case let .success(result): return result
        case let .failure(error):
            Issue.record("\(method) failed: \(error)", sourceLocation: sourceLocation)
            throw error
        }
    }

    /// Calls and expects an error; returns it.
    func failing(_ method: String, _ params: JSONValue? = nil, sourceLocation: SourceLocation = #_sourceLocation) throws
        -> RPCError
    {
        switch try call(method, params) {
        case let .success(result):
            Issue.record("\(method) should fail, got \(result)", sourceLocation: sourceLocation)
            throw HarnessError("unexpected success")
        case let .failure(error): return error
        }
    }

    /// Reads notifications until one matches, with a generous bound that only catches hangs. The method is nil for a
    /// name the contract does not have.
    func notification(where match: (NotificationMethod?, JSONValue) -> Bool, timeout: Double = 15) throws -> (
        NotificationMethod?, JSONValue
    ) {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            guard let message = try nextNotification(timeout: max(0.01, deadline.timeIntervalSinceNow)) else {
                throw HarnessError("connection closed")
            }
            let method = message.notificationMethod
            let params = message["params"] ?? .null
            if match(method, params) { return (method, params) }
        }
        throw HarnessError("no matching notification within \(timeout) s")
    }

    /// The notifications animd sent before it answered one more request: a barrier, since animd writes each client's
    /// lines in the order it produced them. Proves that nothing (of a kind) came, without sleeping.
    func notificationsBeforeABarrier() throws -> [JSONValue] {
        _ = try ok("daemon.hello")
        var before: [JSONValue] = []
        // What came before the answer is queued by now; reading on stops at the first moment nothing is there.
        while let message = try? nextNotification(timeout: 0) { before.append(message) }
        return before
    }

    /// Collects notifications until one matches (inclusive).
    func notifications(until match: (NotificationMethod?, JSONValue) -> Bool, timeout: Double = 15) throws -> [(
        NotificationMethod?, JSONValue
    )] {
        var seen: [(NotificationMethod?, JSONValue)] = []
        _ = try notification(
            where: { method, params in
                seen.append((method, params))
                return match(method, params)
            }, timeout: timeout)
        return seen
    }
}

extension JSONValue {
    /// A notification line's method; nil for a request, an answer, or a name the contract does not have.
    var notificationMethod: NotificationMethod? { self["method"]?.string.flatMap(NotificationMethod.init(rawValue:)) }
}

/// Polls `condition` every 10 ms until it holds; after `timeout` seconds, throws naming `what` was waited for.
/// The bound only catches hangs: no test's result depends on how long this takes.
func waitUntil(_ what: String, timeout: Double = 10, _ condition: () throws -> Bool) throws {
    let deadline = Date().addingTimeInterval(timeout)
    while true {
        if try condition() { return }
        if Date() >= deadline { throw HarnessError("waited \(formatSeconds(timeout)) for \(what)") }
        usleep(10_000)
    }
}

private func formatSeconds(_ seconds: Double) -> String {
    seconds == seconds.rounded() ? "\(Int(seconds)) s" : "\(seconds) s"
}

/// Runs a tool to completion and returns its status and its stdout, or its stderr with `readingStderr` (the other
/// one is discarded), or both interleaved with `readingBoth`.
func runTool(
    _ path: String, _ arguments: [String], environment: [String: String]? = nil,
    readingStderr: Bool = false, readingBoth: Bool = false
) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    if let environment { process.environment = environment }
    let pipe = Pipe()
    if readingBoth {
        process.standardOutput = pipe
        process.standardError = pipe
    } else if readingStderr {
        process.standardError = pipe
        process.standardOutput = FileHandle.nullDevice
    } else {
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
    }
    try process.run()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, output)
}

/// Whether the suite runs under a sanitizer (`ANIMD_SANITIZER`, set by .ci/run's ThreadSanitizer pass): a few
/// tests bound what a sanitizer changes (wake-ups, resident memory) and are off then; the flood tests run, with
/// their bounds on latency, idle CPU and memory growth scaled by what the sanitizer costs, so that a data race
/// under a flood aborts the daemon (`halt_on_error`) and fails them.
enum Sanitizer {
    static var active: Bool { !(ProcessInfo.processInfo.environment["ANIMD_SANITIZER"] ?? "").isEmpty }

    /// How many times slower the daemon answers: about ten under ThreadSanitizer (EarlyCloseTests' hello), else one.
    static var slowdown: Double { active ? 10 : 1 }

    /// How many times more resident memory the same work holds: ThreadSanitizer's shadow of each byte touched is four
    /// to eight bytes more.
    static var memoryGrowth: Int { active ? 8 : 1 }
}
