import Dispatch

/// Lets the event loop wait, briefly and once, for a backend's thread to end: it must not change the process
/// environment (setenv) while that thread may still read it (Xlib's getenv of XAUTHORITY).
public final class ThreadExit: Sendable {
    private let exited = DispatchSemaphore(value: 0)

    public init() {}

    /// Called by the thread as its last act.
    public func markExited() { exited.signal() }

    /// True when the thread ended within `seconds`.
    public func wait(seconds: Double) -> Bool { exited.wait(timeout: .now() + seconds) == .success }
}
