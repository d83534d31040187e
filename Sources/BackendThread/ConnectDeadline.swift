import Glibc
import NIOConcurrencyHelpers
public import UnixSupport

/// Bounds a library call that connects to a display server and waits for its answer without a bound: Xlib's
/// `XOpenDisplay` waits for the server's setup reply for as long as it takes, holding Xlib's process-wide lock, and
/// libwayland's roundtrip waits for the compositor's. `SocketProbe` asks the server first, but a server can answer
/// the probe and not the library's own connection (issue 57): the thread then waited for good, and with Xlib's lock
/// held every later X thread waited behind it.
///
/// So the call runs against a deadline. Past it, every socket the call opened to the server is shut down (the
/// library does not hand its connection out before it returns): the library's wait ends in the error it already
/// handles, the call returns, and the thread and Xlib's lock are free. Sockets the call opens after that are shut
/// down as they appear, until it returns. A call that returns after the deadline counts as failed, whatever it
/// returned: its connection may be the one that was shut down.
public enum ConnectDeadline {
    /// How often a call past its deadline is looked at again for sockets it opened since.
    static let recheck = 0.05

    /// Runs `call` on this thread; if it has not returned within `seconds`, cuts its connections to `endpoints`.
    /// Returns what it returned, and whether the deadline passed first (the caller then disposes of the result).
    public static func run<Result>(
        within seconds: Double, toward endpoints: [SocketProbe.Endpoint],
        _ call: () -> Result
    ) -> (result: Result, expired: Bool) {
        let before = Set(OpenSockets.list().map(\.inode))
        let watch = Watch()
        let started = PosixThread.start(named: "animd-deadline") {
            guard !watch.sleep(seconds) else { return }
            repeat {
                for entry in OpenSockets.list() where !before.contains(entry.inode) {
                    watch.whileCalling {
                        guard OpenSockets.isStillOpen(entry),
                            endpoints.contains(where: { $0.isPeer(of: entry.descriptor) })
                        else { return }
                        shutdown(entry.descriptor, Int32(SHUT_RDWR))
                    }
                }
            } while !watch.sleep(recheck)
        }
        let result = call()
        let expired = watch.finish()
        // Without a watcher (no thread could be started) the call was unbounded, as before; it did return.
        return (result, started && expired)
    }

    /// The call's state, shared by the calling thread and its watcher.
    private final class Watch: Sendable {
        private enum State { case calling, expired, returned }
        private let state = ConditionLock(value: 0)
        private let phase = NIOLockedValueBox(State.calling)

        /// Waits `seconds`, or less if the call returns; true once it has returned. On the first timeout the call
        /// counts as expired.
        func sleep(_ seconds: Double) -> Bool {
            if state.lock(whenValue: 1, timeoutSeconds: seconds) {
                state.unlock()
                return true
            }
            return phase.withLockedValue { phase in
                if phase == .calling { phase = .expired }
                return phase == .returned
            }
        }

        /// Runs `cut` only while the call has not returned: a socket shut down after it returned would be a live
        /// connection the caller now owns.
        func whileCalling(_ cut: () -> Void) {
            phase.withLockedValue { if $0 != .returned { cut() } }
        }

        /// Marks the call returned; true when its deadline had passed.
        func finish() -> Bool {
            let expired = phase.withLockedValue { phase -> Bool in
                defer { phase = .returned }
                return phase == .expired
            }
            state.lock()
            state.unlock(withValue: 1)
            return expired
        }
    }
}
