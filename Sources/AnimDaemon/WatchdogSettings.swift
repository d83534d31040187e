/// What systemd asks of the watchdog (sd_watchdog_enabled(3)): `WATCHDOG_USEC`
/// is the timeout, and `WATCHDOG_PID`, when set, names the process it is for.
/// animd pings at half the timeout, as systemd recommends.
struct WatchdogSettings: Hashable, Sendable {
    /// Seconds between two `WATCHDOG=1`.
    let interval: Double

    /// nil when no watchdog is asked for, or the request is not for this process or is out of range.
    init?(environment: [String: String], pid: Int32) {
        guard let text = environment["WATCHDOG_USEC"], let usec = UInt64(text), Self.timeout.contains(usec) else {
            return nil
        }
        if let owner = environment["WATCHDOG_PID"], !owner.isEmpty, Int32(owner) != pid { return nil }
        interval = Double(usec) / 2 / 1e6
    }

    /// From 2 ms (a ping every millisecond is the most a frame-paced loop should do)
    /// to a day; systemd's own defaults are seconds to minutes.
    static let timeout: ClosedRange<UInt64> = 2_000...86_400_000_000
}
