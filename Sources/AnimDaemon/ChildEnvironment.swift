/// What a command animd runs inherits of animd's environment: everything but the variables systemd sets for the
/// service's main process alone. A child that saw `NOTIFY_SOCKET` could tell systemd `STATUS=` or `READY=1` in
/// animd's name (one did), `WATCHDOG_PID` would name animd, and `LISTEN_FDS` descriptors the child does not have.
enum ChildEnvironment {
    /// systemd.exec(5), "Environment Variables in Spawned Processes": those that describe the main process.
    static let serviceOnly: Set<String> = [
        "NOTIFY_SOCKET", "WATCHDOG_PID", "WATCHDOG_USEC", "LISTEN_PID", "LISTEN_FDS",
        "LISTEN_FDNAMES", "MAINPID", "MANAGERPID", "JOURNAL_STREAM",
    ]

    static func inherited(from environment: [String: String]) -> [String: String] {
        environment.filter { !serviceOnly.contains($0.key) }
    }
}
