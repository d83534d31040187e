import Testing

@testable import BackendThread

@Suite struct BackoffTests {
    /// Doubling from `first`, held at `last`, and `first` again after a success.
    @Test func doublesUpToTheLastThenStartsOver() {
        var backoff = Backoff(first: 0.25, last: 4)
        #expect((0..<7).map { _ in backoff.next() } == [0.25, 0.5, 1, 2, 4, 4, 4])
        backoff.reset()
        #expect(backoff.next() == 0.25)
    }

    /// `tries` counts the waits handed out since the last success: the failures in a row.
    @Test func triesCountTheFailuresSinceTheLastSuccess() {
        var backoff = Backoff(first: 0.25, last: 4)
        #expect(backoff.tries == 0)
        for _ in 0..<3 { _ = backoff.next() }
        #expect(backoff.tries == 3)
        backoff.reset()
        #expect(backoff.tries == 0)
    }

    /// A `last` below `first` cannot make the waits shrink.
    @Test func theLastIsNeverBelowTheFirst() {
        var backoff = Backoff(first: 2, last: 1)
        #expect([backoff.next(), backoff.next()] == [2, 2])
    }

    /// poll()'s timeouts: none, rounded up to whole milliseconds, never negative, at most a minute.
    @Test func pollTimeouts() {
        #expect(pollTimeout(nil) == -1)
        #expect(pollTimeout(0) == 0)
        #expect(pollTimeout(-3) == 0)
        #expect(pollTimeout(0.0001) == 1)
        #expect(pollTimeout(1e308) == 60_000)
        #expect(pollTimeout(.infinity) == 60_000)
        #expect(pollTimeout(-.infinity) == 0)
        #expect(pollTimeout(.nan) == 0)
    }
}
