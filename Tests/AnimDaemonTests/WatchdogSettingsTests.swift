import Testing

@testable import AnimDaemon

/// sd_watchdog_enabled(3)'s rules, from the environment systemd sets.
@Suite struct WatchdogSettingsTests {
    /// Half the timeout, for this process or when WATCHDOG_PID is absent.
    @Test func pingsAtHalfTheTimeout() throws {
        #expect(try #require(WatchdogSettings(environment: ["WATCHDOG_USEC": "10000000"], pid: 42)).interval == 5)
        #expect(
            try #require(WatchdogSettings(environment: ["WATCHDOG_USEC": "3000000", "WATCHDOG_PID": "42"], pid: 42))
                .interval == 1.5)
    }

    /// No watchdog: unset, for another pid, not a number, zero, negative, absurd.
    @Test(arguments: [
        [:], ["WATCHDOG_USEC": "10000000", "WATCHDOG_PID": "43"], ["WATCHDOG_USEC": "ten"], ["WATCHDOG_USEC": "0"],
        ["WATCHDOG_USEC": "-5"], ["WATCHDOG_USEC": "1e308"], ["WATCHDOG_USEC": "18446744073709551615"],
        ["WATCHDOG_USEC": "1"],
    ])
    func noWatchdog(environment: [String: String]) {
        #expect(WatchdogSettings(environment: environment, pid: 42) == nil)
    }
}
