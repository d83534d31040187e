import AnimCore
import Logging
import NIOConcurrencyHelpers
import Transitions
import UnixSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Runs the config's commands (`on-snap`, `on-tablet-mode`, a binding's `run`) so that none of them can block or slow the daemon:
/// each is spawned (posix_spawnp, argv only, no shell) and watched on a thread
/// of its own, its output goes to the log, and it is reaped when it exits.
///
/// - An action that is still running is not started a second time: a launcher
///   that is still open is not opened again (logged).
/// - At most `maxRunning` actions run at once; more are skipped (logged), so
///   a command that hangs cannot pile up threads.
/// - Skips are logged at most once a second (`NoticeThrottle`), each notice
///   counting the ones held back: one client toggling as fast as it can made
///   10,000 lines a second.
/// - Every child is reaped by the thread that watches it, whatever the log
///   level, and inherits none of systemd's variables meant for animd alone
///   (`ChildEnvironment`).
/// - Output is logged a line at a time, at most `maxLoggedLines` per run; the
///   rest is read and discarded, so a chatty command neither blocks on a full
///   pipe nor floods the journal.
final class ActionRunner: Sendable {
    let logger: Logger
    /// The environment animd started with: what commands inherit, under the session's variables.
    private let baseEnvironment: [String: String]
    /// NIO's locks, pthread mutexes that ThreadSanitizer sees whole (`BackendMailbox` says why).
    private let running = NIOLockedValueBox<Set<String>>([])
    private let spawning = NIOLock()
    private let skips = NIOLockedValueBox(NoticeThrottle(interval: 1))
    static let maxRunning = 16
    static let maxLoggedLines = 50
    static let maxLineBytes = 1024

    init(logger: Logger, baseEnvironment: [String: String] = ProcessEnvironment.current) {
        self.logger = logger
        self.baseEnvironment = ChildEnvironment.inherited(from: baseEnvironment)
    }

    /// Starts each action off the calling thread, in the session's environment; returns at once.
    func run(_ actions: [ConfiguredAction], in session: SessionEnvironment) {
        let environment = session.applied(to: baseEnvironment)
        for action in actions {
            let key = action.key
            let admitted = running.withLockedValue { running -> Bool in
                guard !running.contains(key), running.count < Self.maxRunning else { return false }
                running.insert(key)
                return true
            }
            guard admitted else {
                noteSkipped(action)
                continue
            }
            let started = PosixThread.start(named: "animd-action") { [self] in
                supervise(action, key: key, environment: environment)
                running.withLockedValue { _ = $0.remove(key) }
            }
            if !started {
                running.withLockedValue { _ = $0.remove(key) }
                logger.error(
                    "\(action.label) action could not start: no thread to watch it", metadata: ["action": "\(key)"])
            }
        }
    }

    private func supervise(_ action: ConfiguredAction, key: String, environment: [String: String]) {
        let metadata: Logger.Metadata = ["action": "\(key)", "argv": "\(action.argv)"]
        let label = action.label
        let environment = environment.merging(action.environment) { $1 }.map { "\($0)=\($1)" }
        // One spawn at a time: between pipe() and FD_CLOEXEC another action's child could inherit this pipe's
        // write end and hold its output open (pipe2 is not imported without _GNU_SOURCE).
        let started = spawning.withLock { () -> Result<(pid: pid_t, output: Int32), SpawnError> in
            var ends: [Int32] = [-1, -1]
            guard pipe(&ends) == 0 else { return .failure(SpawnError(code: errno)) }
            _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
            _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
            let result = spawn(action.argv, environment: environment, output: ends[1])
            close(ends[1])
            if case .failure = result { close(ends[0]) }
            return result.map { ($0, ends[0]) }
        }
        guard case let .success((pid, output)) = started else {
            if case let .failure(error) = started {
                logger.error(
                    "\(label) action could not start",
                    metadata: metadata.merging(["error": "\(String(cString: strerror(error.code)))"]) { $1 })
            }
            return
        }
        logger.info("\(label) action started", metadata: metadata.merging(["pid": "\(pid)"]) { $1 })
        logOutput(of: output, label: label, metadata: metadata)
        close(output)
        // Reaped here, never inside a log call: a log's message and metadata are evaluated only at its level, and
        // at the default level every child stayed a zombie (issue 57).
        let result = reap(pid)
        logger.info(
            "\(label) action ended", metadata: metadata.merging(["pid": "\(pid)", "result": "\(result)"]) { $1 })
    }

    /// Logs a skipped action, at most once a second, with how many were skipped in between.
    private func noteSkipped(_ action: ConfiguredAction) {
        guard let count = skips.withLockedValue({ $0.admit(at: monotonicSeconds()) }) else { return }
        logger.notice(
            "\(action.label) action skipped: it, or too many others, is still running",
            metadata: [
                "action": "\(action.key)", "max-running": "\(Self.maxRunning)", "skipped-since-last-notice": "\(count)",
            ])
    }

    /// posix_spawnp with stdin from /dev/null, stdout and stderr into `output`, no other descriptor, every signal
    /// back to its default, and its own process group (ChildSpawn).
    private func spawn(_ argv: [String], environment: [String], output: Int32) -> Result<pid_t, SpawnError> {
        ChildSpawn.spawn(
            argv, environment: environment, descriptors: [.null, .descriptor(output), .descriptor(output)],
            searchPath: true,
            ownGroup: true)
    }

    private typealias SpawnError = ChildSpawn.SpawnError

    /// Logs the first lines of what the command prints, and drains the rest until it closes its output.
    private func logOutput(of descriptor: Int32, label: String, metadata: Logger.Metadata) {
        var pending: [UInt8] = [], logged = 0, discarded = 0
        var chunk = [UInt8](repeating: 0, count: 4096)
        func emit(_ line: ArraySlice<UInt8>) {
            guard logged < Self.maxLoggedLines else {
                discarded += line.count + 1
                return
            }
            logged += 1
            logger.info(
                "\(label) action: \(String(decoding: line.prefix(Self.maxLineBytes), as: UTF8.self))",
                metadata: metadata)
        }
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            pending += chunk.prefix(count)
            while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                emit(pending[..<newline])
                pending.removeSubrange(...newline)
            }
            // A line without an end is cut, so that one endless line cannot grow without bound.
            if pending.count > Self.maxLineBytes {
                emit(pending[...])
                pending.removeAll(keepingCapacity: true)
            }
        }
        if !pending.isEmpty { emit(pending[...]) }
        if discarded > 0 {
            logger.notice(
                "\(label) action printed more than was logged",
                metadata: metadata.merging(["bytes-not-logged": "\(discarded)"]) { $1 })
        }
    }

    /// Waits for the child and says how it ended.
    private func reap(_ pid: pid_t) -> String {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { return "not reaped (errno \(errno))" }
        }
        // WIFEXITED / WEXITSTATUS / WTERMSIG, which Swift does not import as macros.
        let signal = status & 0x7f
        return signal == 0 ? "exit status \((status >> 8) & 0xff)" : "killed by signal \(signal)"
    }
}
