import AnimClient
import AnimProtocol
import Glibc
import UnixSupport

/// The demo's subscription to animd, and what it learned: every transition's last frame and running leg
/// (`LegFollower`). When animd is not there, or goes away, it waits for it, trying again at 0.25 s doubling to
/// 2 s, and subscribes again once it is back, as every client should.
final class AnimdLink {
    let socketPath: String
    /// The subscription; nil while animd is not there.
    private(set) var connection: RPCConnection?
    private(set) var follower = LegFollower()
    /// When to try to connect next, on CLOCK_MONOTONIC.
    private(set) var nextAttempt = 0.0
    private var retryDelay = 0.25

    init(socketPath: String) { self.socketPath = socketPath }

    /// Connects and subscribes to every transition's progress and state with `frames: "driven"`; on failure,
    /// schedules the next attempt.
    func connect() -> Bool {
        do {
            let connection = try RPCConnection(path: socketPath)
            let request = Request.subscribe(
                transitions: nil, events: [.progress, .state], maxRate: nil, frames: .driven)
            guard case let .success(result) = try connection.call(request.method.rawValue, request.params) else {
                throw ClientError.closed
            }
            follower = LegFollower(answer: result)
            self.connection = connection
            retryDelay = 0.25
            return true
        } catch {
            scheduleAttempt()
            return false
        }
    }

    /// animd went away: wait for it, keeping what was last known to draw.
    func lose(_ why: String) {
        connection = nil
        writeToStandardError("animd-demo: \(why); waiting for animd at \(socketPath)\n")
        scheduleAttempt()
    }

    private func scheduleAttempt() {
        nextAttempt = monotonicSeconds() + retryDelay
        retryDelay = min(retryDelay * 2, 2)
    }

    /// Takes every notification already here; true when one changed what is drawn (or animd went away).
    func takeNotifications() -> Bool {
        guard let connection else { return false }
        var changed = false
        do {
            while connection.hasBufferedLine || Self.readable(connection.descriptor) {
                guard let message = try connection.nextNotification(timeout: 0) else {
                    lose("animd closed the connection")
                    return true
                }
                let method = message["method"]?.string ?? ""
                if method == NotificationMethod.shutdown.rawValue {
                    lose("animd is stopping")
                    return true
                }
                if let params = message["params"], follower.follow(method: method, params: params) != nil {
                    changed = true
                }
            }
        } catch ClientError.timedOut {
        } catch {
            lose("\(error)")
            return true
        }
        return changed
    }

    private static func readable(_ descriptor: Int32) -> Bool {
        var fd = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&fd, 1, 0) > 0
    }
}
