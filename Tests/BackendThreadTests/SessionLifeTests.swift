import BackendThread
import Testing

/// The life every session thread leads (`SessionLife`), scripted: what opening gives, how serving ends, and what
/// is told and waited in between. Waits follow `Backoff`: the first, doubling, and the first again after a success.
@Suite struct SessionLifeTests {
    /// A scripted thread: each open takes the next outcome; a session is served until it ends with `reason`.
    final class Script {
        var opens: [SessionLife<String>.Opening]
        var serves: [SessionEnd]
        var news: [SessionLife<String>.News] = []
        var waits: [Double] = []
        var served: [String] = []
        /// Asked to stop once this many waits have passed.
        let stopAfterWaits: Int

        init(opens: [SessionLife<String>.Opening], serves: [SessionEnd] = [], stopAfterWaits: Int = .max) {
            self.opens = opens; self.serves = serves; self.stopAfterWaits = stopAfterWaits
        }

        func run(_ life: inout SessionLife<String>) {
            life.run(
                isStopping: { self.waits.count >= self.stopAfterWaits || self.opens.isEmpty },
                wait: {
                    self.waits.append($0); return self.waits.count >= self.stopAfterWaits
                },
                open: { self.opens.removeFirst() },
                serve: {
                    self.served.append($0); return self.serves.isEmpty ? .stopped : self.serves.removeFirst()
                },
                report: { self.news.append($0) })
        }
    }

    static let backoff = Backoff(first: 0.25, last: 4)

    /// Two failures are told once; a session opened resets the backoff; a session that ends is told and opened again.
    @Test func failuresAreToldOnceAndTheBackoffResetsOnSuccess() {
        let script = Script(
            opens: [
                .failed(OpenFailure(reason: "no display")), .failed(OpenFailure(reason: "no display")), .opened("a"),
                .opened("b"),
            ],
            serves: [.ended(reason: "the display went away"), .stopped])
        var life = SessionLife<String>(backoff: Self.backoff)
        script.run(&life)
        #expect(
            script.news == [
                .failed(reason: "no display", first: true), .failed(reason: "no display", first: false),
                .ended(reason: "the display went away"),
            ])
        #expect(script.waits == [0.25, 0.5, 0.25], "doubling, then the first again after a success")
        #expect(script.served == ["a", "b"], "served until stopped")
    }

    /// A final failure ends the life at once, told as given up, with no wait.
    @Test func aFinalFailureGivesUpAtOnce() {
        let script = Script(opens: [.failed(OpenFailure(reason: "no display at all", isFinal: true)), .opened("never")])
        var life = SessionLife<String>(backoff: Self.backoff)
        script.run(&life)
        #expect(script.news == [.gaveUp(reason: "no display at all")] && script.waits.isEmpty && script.served.isEmpty)
    }

    /// With `failuresAllowed`, the failure past it gives up (the session bus's watch: eight tries, about a minute).
    @Test func failuresPastTheAllowanceGiveUp() {
        let script = Script(opens: Array(repeating: .failed(OpenFailure(reason: "no bus")), count: 5))
        var life = SessionLife<String>(backoff: Self.backoff, failuresAllowed: 2)
        script.run(&life)
        #expect(
            script.news == [
                .failed(reason: "no bus", first: true), .failed(reason: "no bus", first: false),
                .gaveUp(reason: "no bus"),
            ])
        #expect(script.waits == [0.25, 0.5])
    }

    /// Asked to stop during a wait, the life ends there: nothing more is opened.
    @Test func stoppingDuringAWaitEndsIt() {
        let script = Script(opens: [.failed(OpenFailure(reason: "x")), .opened("never")], stopAfterWaits: 1)
        var life = SessionLife<String>(backoff: Self.backoff)
        script.run(&life)
        #expect(script.served.isEmpty && script.waits == [0.25])
    }
}
