import Glibc
import NIOConcurrencyHelpers

/// Lets one thread at a time into a section, and lets a waiting thread give up when it is asked to stop. X
/// connections are made one at a time: Xlib holds a process-wide lock while it connects, and a backend that has been
/// replaced while it waited should go without ever touching Xlib.
public final class OneAtATime: Sendable {
    private let held = NIOLockedValueBox(false)
    /// How often a waiting thread looks again: the wait is rare (two backends starting within a connect's time) and
    /// bounded by `ConnectDeadline`.
    static let recheck: useconds_t = 20_000

    public init() {}

    /// Runs `body` once no other thread is inside; nil, without running it, when `isStopping` turns true first.
    public func run<Result>(isStopping: () -> Bool, _ body: () -> Result) -> Result? {
        while !held.withLockedValue({ held in
            if held { return false }
            held = true
            return true
        }) {
            if isStopping() { return nil }
            usleep(Self.recheck)
        }
        defer { held.withLockedValue { $0 = false } }
        return body()
    }
}
