import Testing

@testable import DesktopPortal

/// When BusFocus asks the bus again, with the clock given: each name alone, after the interval, and GNOME Shell's
/// version at most `versionTries` times in a row.
struct ShellRetriesTests {
    @Test func eachNameIsDueAloneAfterTheInterval() {
        var retries = ShellRetries(interval: 2, versionTries: 10)
        #expect(retries.next == nil)
        #expect(retries.names(dueAt: 1_000).isEmpty)
        retries.schedule("org.kde.KWin", now: 10)
        retries.schedule("org.gnome.Shell", now: 11)
        #expect(retries.next == 12)
        #expect(retries.names(dueAt: 11.5).isEmpty)
        #expect(retries.names(dueAt: 12) == ["org.kde.KWin"])
        #expect(retries.names(dueAt: 13) == ["org.gnome.Shell", "org.kde.KWin"])
        retries.cancel("org.kde.KWin")
        #expect(retries.next == 13)
        retries.schedule("org.gnome.Shell", now: 20)
        #expect(retries.next == 22, "a name scheduled again moves; it is not due twice")
        retries.cancel("org.gnome.Shell")
        #expect(retries.next == nil)
    }

    @Test func theVersionIsAskedAgainABoundedNumberOfTimesInARow() {
        var retries = ShellRetries(interval: 2, versionTries: 3)
        let answers = [false, false, false, false, true, false].map { retries.versionAsked(said: $0) }
        // The third miss in a row is the last try; a version said needs no other try, and starts the count again.
        #expect(answers == [true, true, false, false, false, true])
    }
}
