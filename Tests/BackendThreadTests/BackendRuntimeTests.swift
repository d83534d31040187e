import Gestures
import Glibc
import Logging
import Synchronization
import Testing

@testable import BackendThread

/// The one backend loop, run with a stand-in session over a pipe: each byte written to the pipe is a touch at
/// x = the byte, and closing its write end is a descriptor that vanished (an X server that died). Everything the
/// runtime does is read back from its reports, its log and the session's journal, never from the clock.
@Suite struct BackendRuntimeTests {
    /// Opens that fail, retried with backoff and reported once; a session whose input arrives; a plan that reaches
    /// it through the wake-up pipe while poll has no deadline; its descriptor vanishing, reported and reopened
    /// with the backoff started over; and a stop that ends the thread.
    @Test func retriesServesWakesReopensAndStops() throws {
        let journal = Journal()
        let opener = PipeOpener(failures: 3, journal: journal)
        let runtime = BackendRuntime(
            opener: opener, plan: InputPlan(), backoff: Backoff(first: 0.01, last: 0.04),
            logger: journal.logger, onEvent: journal.report)
        runtime.start()
        defer { runtime.stop() }

        try journal.waitFor { $0.reports.contains("connected") }
        #expect(
            journal.state.reports == ["disconnected: not yet; retrying", "connected"],
            "a failure is reported once, however often it recurs")
        #expect(journal.state.waits == [0.01, 0.02, 0.04], "doubling up to `last`")

        let writer = try #require(journal.state.writer)
        var bytes: [UInt8] = [7, 9]
        #expect(write(writer, &bytes, 2) == 2)
        try journal.waitFor { $0.touches.count == 2 }
        #expect(journal.state.touches == [7, 9])
        #expect(
            journal.state.prepared >= 2 && journal.state.unprepared == 0, "every poll is announced to the session first"
        )

        var plan = InputPlan()
        plan.touch = true
        runtime.configure(plan)
        try journal.waitFor { $0.applied == [plan] }

        close(writer)
        try journal.waitFor { $0.reports.count == 4 }
        #expect(journal.state.reports.suffix(2) == ["disconnected: the pipe was closed", "connected"])
        #expect(journal.state.closed == 1, "the ended session was closed before the next was opened")
        #expect(journal.state.waits.last == 0.01, "a session that worked starts the backoff over")

        runtime.stop()
        #expect(runtime.waitUntilStopped(seconds: 10))
        #expect(journal.state.closed == 2, "stopping closes the session in use")
    }

    /// A failure that no retry can mend is reported, and the thread ends.
    @Test func aFinalFailureEndsTheThread() throws {
        let journal = Journal()
        let runtime = BackendRuntime(
            opener: PipeOpener(failures: 1, final: true, journal: journal), plan: InputPlan(),
            logger: journal.logger, onEvent: journal.report)
        runtime.start()
        runtime.stop()
        #expect(runtime.waitUntilStopped(seconds: 10))
        let reports = journal.state.reports
        #expect(reports == [] || reports == ["disconnected: not yet"], "at most the one report, without retrying")
    }

    /// Only the decisions the backend answers reach its thread.
    @Test func decisionsAreFilteredByTheBackend() throws {
        let journal = Journal()
        let runtime = BackendRuntime(
            opener: PipeOpener(failures: 0, journal: journal), plan: InputPlan(),
            logger: journal.logger, onEvent: journal.report)
        runtime.start()
        defer { runtime.stop() }
        try journal.waitFor { $0.reports.contains("connected") }
        runtime.decide([
            .claimed(sequence: 1, source: .pointer, touches: []), .claimed(sequence: 2, source: .touch, touches: [4]),
        ])
        try journal.waitFor { !$0.allowed.isEmpty }
        #expect(journal.state.allowed == [.claimed(sequence: 2, source: .touch, touches: [4])])
    }
}

/// What the runtime and the stand-in session did, in order, behind a lock: the runtime's thread writes it.
final class Journal: Sendable {
    struct State {
        var reports: [String] = []
        var touches: [Double] = []
        var waits: [Double] = []
        var applied: [InputPlan] = []
        var allowed: [ArenaOutput] = []
        var opens = 0
        var closed = 0
        /// Waits the session was told of (`prepareToWait`), and the waits it was not.
        var prepared = 0
        var unprepared = 0
        var writer: Int32?
    }

    private let contents = Mutex(State())

    var state: State { contents.withLock { $0 } }

    func update(_ body: (inout State) -> Void) { contents.withLock { body(&$0) } }

    var report: @Sendable (BackendEvent) -> Void {
        { [self] event in
            update { state in
                switch event {
                case .connected: state.reports.append("connected")
                case let .changed(info): state.reports.append("changed \(info.backend)")
                case let .disconnected(_, _, reason): state.reports.append("disconnected: \(reason)")
                case let .input(events): state.touches += events.map(\.location.x)
                }
            }
        }
    }

    /// Records the runtime's retry waits, which it logs at debug level.
    var logger: Logger {
        var logger = Logger(label: "test") { _ in WaitRecorder(journal: self) }
        logger.logLevel = .debug
        return logger
    }

    /// Waits, up to 10 s, until `condition` holds.
    func waitFor(_ condition: (State) -> Bool, sourceLocation: SourceLocation = #_sourceLocation) throws {
        for _ in 0..<2000 {
            if condition(state) { return }
            usleep(5000)
        }
        Issue.record("not within 10 s: \(state)", sourceLocation: sourceLocation)
        throw Timeout()
    }

    struct Timeout: Error {}
}

struct WaitRecorder: LogHandler {
    let journal: Journal
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .debug

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        guard event.message.description == "input backend retrying",
            case let .string(text)? = event.metadata?["in-seconds"],
            let seconds = Double(text)
        else { return }
        journal.update { $0.waits.append(seconds) }
    }
}

/// Fails its first `failures` opens, then opens a session over a new pipe each time.
struct PipeOpener: BackendSessionOpener {
    let failures: Int
    var final = false
    let journal: Journal

    var kind: InputBackendKind { .libinput }
    var display: String? { nil }
    var threadName: String { "animd-test" }

    func open(plan: InputPlan, logger: Logger, isStopping: @escaping @Sendable () -> Bool) -> Result<
        any BackendSession, OpenFailure
    > {
        var attempt = 0
        journal.update {
            $0.opens += 1; attempt = $0.opens
        }
        if attempt <= failures { return .failure(OpenFailure(reason: "not yet", isFinal: final)) }
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return .failure(OpenFailure(reason: "pipe failed")) }
        journal.update { $0.writer = fds[1] }
        return .success(PipeSession(readEnd: fds[0], journal: journal))
    }

    func relevant(_ decisions: [ArenaOutput]) -> [ArenaOutput] {
        decisions.filter { if case .claimed(_, .touch, _) = $0 { true } else { false } }
    }
}

final class PipeSession: BackendSession {
    let readEnd: Int32
    let journal: Journal

    init(readEnd: Int32, journal: Journal) { self.readEnd = readEnd; self.journal = journal }

    private let ready = Mutex(false)

    func prepareToWait() {
        ready.withLock { $0 = true }
        journal.update { $0.prepared += 1 }
    }

    /// Asked once per wait, after `prepareToWait`.
    var descriptors: [Int32] {
        let wasPrepared = ready.withLock { state in
            defer { state = false }; return state
        }
        if !wasPrepared { journal.update { $0.unprepared += 1 } }
        return [readEnd]
    }

    func timeout(now: Double) -> Double? { nil }

    func dispatch(ready: [Int16], now: Double) -> SessionStep {
        guard ready[0] != 0 else { return .events([]) }
        var bytes = [UInt8](repeating: 0, count: 64)
        let count = read(readEnd, &bytes, bytes.count)
        if count == 0 { return .ended(reason: "the pipe was closed") }
        return .events(
            bytes.prefix(max(count, 0)).map {
                InputEvent(time: now, kind: .touchDown(id: 1), location: Point(x: Double($0), y: 0))
            })
    }

    func apply(_ plan: InputPlan) { journal.update { $0.applied.append(plan) } }

    func allow(_ decisions: [ArenaOutput]) { journal.update { $0.allowed += decisions } }

    var info: BackendInfo { BackendInfo(backend: .libinput, sources: [:]) }

    func takeInfoChange() -> BackendInfo? { nil }

    func close() {
        Glibc.close(readEnd)
        journal.update { $0.closed += 1 }
    }
}
