import Dispatch

/// Lets a test wait for a session's thread to end (`SessionThread.waitUntilStopped`). The daemon itself never
/// waits for one.
public final class ThreadExit: Sendable {
    private let exited = DispatchSemaphore(value: 0)

    public init() {}

    /// Called by the thread as its last act.
    public func markExited() { exited.signal() }

    /// True when the thread ended within `seconds`.
    public func wait(seconds: Double) -> Bool { exited.wait(timeout: .now() + seconds) == .success }
}
