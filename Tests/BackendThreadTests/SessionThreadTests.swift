import Glibc
import Synchronization
import Testing

@testable import BackendThread

/// The one poll loop every session thread serves (`SessionThread.serve`), with stand-in sessions over pipes: the
/// events a session asks for, a session that holds what it has not handled, a wake-up, and a stop.
@Suite struct SessionThreadTests {
    /// A session that asks for POLLOUT (as sd-bus does with a message to send) is woken by a writable pipe, which
    /// POLLIN alone would never do.
    @Test func aSessionsOwnEventsAreWaitedFor() throws {
        let pipe = try Pipe()
        // A deadline, so that a loop that waited for POLLIN ends the test instead of hanging it.
        let session = StandIn(descriptors: [pipe.writeEnd], events: [Int16(POLLOUT)], timeout: 5)
        let end = SessionThread().serve(session, woken: {}) { ready, _ in
            .ended(reason: ready[0] & Int16(POLLOUT) != 0 ? "writable" : "timed out")
        }
        #expect(end == .ended(reason: "writable"))
    }

    /// A timeout of 0 (the session holds what it read but has not handled) dispatches at once, with nothing ready,
    /// though no descriptor has anything to read.
    @Test func aSessionHoldingInputIsNotWaitedFor() throws {
        let pipe = try Pipe()
        let session = StandIn(descriptors: [pipe.readEnd], timeout: 0)
        var turns = 0
        let end = SessionThread().serve(session, woken: {}) { ready, _ in
            turns += 1
            return ready == [0] && turns == 3 ? .ended(reason: "handled") : nil
        }
        #expect(end == .ended(reason: "handled"))
    }

    /// A wake-up hands the session what the loop left before it dispatches; a stop ends the serving, and the thread.
    @Test func aWakeUpIsTakenAndAStopEnds() throws {
        let pipe = try Pipe()
        let thread = SessionThread()
        let journal = Mutex<[String]>([])
        let ended = Mutex<SessionEnd?>(nil)
        thread.start(named: "animd-test") {
            let session = StandIn(descriptors: [pipe.readEnd])
            let end = thread.serve(session, woken: { journal.withLock { $0.append("woken") } }) { ready, _ in
                journal.withLock { $0.append("dispatch \(ready)") }
                return nil
            }
            ended.withLock { $0 = end }
        }
        thread.wake()
        try waitFor { journal.withLock { $0.contains("dispatch [0]") } }
        #expect(
            journal.withLock { Array($0.prefix(2)) } == ["woken", "dispatch [0]"],
            "what the loop left, then what is ready")
        thread.stop()
        #expect(thread.waitUntilStopped(seconds: 10))
        #expect(ended.withLock { $0 } == .stopped)
        #expect(journal.withLock { $0.count } == 2, "a stop dispatches nothing more")
    }

    /// Waits, up to 10 s, until `condition` holds.
    private func waitFor(_ condition: () -> Bool) throws {
        for _ in 0..<2000 {
            if condition() { return }
            usleep(5000)
        }
        Issue.record("not within 10 s")
        throw Timeout()
    }

    struct Timeout: Error {}
}

/// A session over given descriptors, with the events and the timeout it is made with.
private final class StandIn: PolledSession {
    let descriptors: [Int32]
    let pollEvents: [Int16]?
    private let wait: Double?

    init(descriptors: [Int32], events: [Int16]? = nil, timeout: Double? = nil) {
        self.descriptors = descriptors; pollEvents = events; wait = timeout
    }

    func timeout(now: Double) -> Double? { wait }
}

/// A pipe, closed when the test ends.
private final class Pipe: Sendable {
    let readEnd: Int32
    let writeEnd: Int32

    init() throws {
        var fds: [Int32] = [-1, -1]
        try #require(pipe(&fds) == 0)
        readEnd = fds[0]; writeEnd = fds[1]
    }

    deinit { close(readEnd); close(writeEnd) }
}
