import Foundation
import Glibc
import TestSupport
import Testing
import UnixSupport

/// The probe a backend asks a display server with before its library waits on it without a bound (issue 48): a
/// server that answers, one that takes the connection and says nothing, one whose queue is full, none at all, and
/// a stop while it waits.
@Suite struct SocketProbeTests {
    /// A silent socket of the test's own, in the temporary folder.
    static func listener(backlog: Int32 = 16) throws -> SilentSocket {
        let path = NSTemporaryDirectory() + "animd-probe-\(getpid())-\(UUID().uuidString.prefix(8)).sock"
        return try #require(SilentSocket(path: path, backlog: backlog))
    }

    static let greeting = Array("hello".utf8)

    @Test func aServerThatAnswersIsAnswered() throws {
        let listener = try Self.listener()
        let server = Thread {
            let client = accept(listener.descriptor, nil, nil)
            var buffer = [UInt8](repeating: 0, count: 5)
            _ = recv(client, &buffer, 5, Int32(MSG_WAITALL))
            _ = send(client, "ok", 2, 0)
            usleep(200_000)
            close(client)
        }
        server.start()
        #expect(
            SocketProbe.ask([.unix(listener.path)], greeting: Self.greeting, within: 5, isStopping: { false })
                == .answered)
    }

    @Test func aServerThatSaysNothingIsSilentOnceTheBoundIsPast() throws {
        let listener = try Self.listener()
        let started = monotonicSeconds()
        let outcome = SocketProbe.ask(
            [.unix(listener.path)], greeting: Self.greeting, within: 0.3, isStopping: { false })
        let waited = monotonicSeconds() - started
        #expect(outcome == .silent("it took the connection but did not answer within 0.3 s"))
        #expect(
            outcome.problem(of: "the server")
                == "the server does not answer (it took the connection but did not answer within 0.3 s)")
        #expect(waited >= 0.3, "the bound is waited for, \(waited) s")
    }

    /// A server that takes the connection and drops it without a word has answered in its way: the library fails at
    /// once too, so nothing is waited for.
    @Test func aDroppedConnectionIsAnAnswer() throws {
        let listener = try Self.listener()
        let descriptor = listener.descriptor
        let server = Thread { close(accept(descriptor, nil, nil)) }
        server.start()
        let started = monotonicSeconds()
        #expect(
            SocketProbe.ask([.unix(listener.path)], greeting: Self.greeting, within: 30, isStopping: { false })
                == .answered)
        #expect(monotonicSeconds() - started < 10, "not the 30 s bound")
    }

    /// A listener that never accepts fills its queue; a blocking connect would then wait for good, so the probe's
    /// connect says so without waiting.
    @Test func aFullQueueIsSilentAtOnce() throws {
        let listener = try Self.listener(backlog: 0)
        var held: [Int32] = []
        defer { for socket in held { close(socket) } }
        // Fill the queue as other clients would: each connect completes until the queue holds backlog + 1.
        for _ in 0..<4 {
            let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
            held.append(descriptor)
            _ = UnixAddress.with(listener.path) { connect(descriptor, $0, $1) }
        }
        let outcome = SocketProbe.ask([.unix(listener.path)], greeting: Self.greeting, within: 5, isStopping: { false })
        #expect(outcome == .silent("\(listener.path) takes no more connections: its server does not accept them"))
    }

    /// Endpoints are tried in order, and the first that takes the connection is the one asked.
    @Test func nothingListeningIsUnreachableAndTheNextEndpointIsTried() throws {
        let nowhere = NSTemporaryDirectory() + "animd-probe-nowhere-\(getpid()).sock"
        #expect(
            SocketProbe.ask(
                [.unix(nowhere), .unix("@animd-probe-nowhere-\(getpid())")], greeting: Self.greeting, within: 1,
                isStopping: { false }) == .unreachable)
        let listener = try Self.listener()
        #expect(
            SocketProbe.ask(
                [.unix(nowhere), .unix(listener.path)], greeting: Self.greeting, within: 0.2, isStopping: { false })
                == .silent("it took the connection but did not answer within 0.2 s"))
    }

    /// A stop while the probe waits ends it within a slice (50 ms), not at the bound.
    @Test func aStopEndsTheWait() throws {
        let listener = try Self.listener()
        let stopAt = monotonicSeconds() + 0.2
        let started = monotonicSeconds()
        let outcome = SocketProbe.ask(
            [.unix(listener.path)], greeting: Self.greeting, within: 30, isStopping: { monotonicSeconds() >= stopAt })
        #expect(outcome == .stopped)
        #expect(monotonicSeconds() - started < 5, "it ended at the stop, not at the 30 s bound")
    }
}
