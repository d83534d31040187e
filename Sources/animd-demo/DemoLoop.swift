import Glibc
import UnixSupport

/// The demo's one loop: X events first (Xlib may hold some that poll() cannot see), then every notification
/// already here, drawn once for all of them; redraws on the rate's grid while a leg runs; then poll() on both
/// descriptors until the next redraw, the next attempt to reach animd, or an event.
struct DemoLoop {
    let window: DemoWindow
    let link: AnimdLink
    let frameRate: Double
    let printFrames: Bool

    func run() -> Never {
        /// When the timer's next redraw is due while a leg runs.
        var nextFrame = 0.0
        while true {
            let events = window.takeEvents(say: say)
            if events.closed { exit(0) }
            var dirty = events.redraw
            if link.connection != nil {
                if link.takeNotifications() { dirty = true }
            } else if monotonicSeconds() >= link.nextAttempt, link.connect() {
                say("connected")
                dirty = true
            }
            let now = monotonicSeconds()
            let animating = link.follower.isAnimating(at: now)
            if window.isMapped && (dirty || (animating && now >= nextFrame)) {
                draw(at: now, reportDrawn: dirty)
                // On the rate's grid; after a pause (at rest, or a late wake-up) the grid starts again from now.
                nextFrame += 1 / frameRate
                if nextFrame <= now { nextFrame = now + 1 / frameRate }
            }
            // While a leg runs, wake up for the next redraw; without animd, for the next attempt to connect; else
            // only for events.
            let wake: Double? = animating ? nextFrame : (link.connection == nil ? link.nextAttempt : nil)
            if waitForInput(until: wake) { exit(0) }
        }
    }

    private func draw(at now: Double, reportDrawn: Bool) {
        let follower = link.follower
        let progress = Dictionary(
            uniqueKeysWithValues: follower.snapshots.keys.map { ($0, follower.progress(of: $0, at: now) ?? 0) })
        let names = window.draw(progress, waiting: link.connection == nil)
        if printFrames && reportDrawn {
            say("drawn " + names.map { "\($0)=\(progress[$0] ?? 0)" }.joined(separator: " "))
        }
    }

    /// Polls X and animd until `wake` (nil: until an event); true when the X server hung up.
    private func waitForInput(until wake: Double?) -> Bool {
        var fds = [
            pollfd(fd: window.descriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: link.connection?.descriptor ?? -1, events: Int16(POLLIN), revents: 0),
        ]
        let timeout: Int32 =
            wake.map { Int32(max(0, min(($0 - monotonicSeconds()) * 1000, 60_000)).rounded(.up)) } ?? -1
        if !window.hasQueuedEvents && !(link.connection?.hasBufferedLine ?? false) { _ = poll(&fds, 2, timeout) }
        return fds[0].revents & Int16(POLLHUP | POLLERR) != 0
    }
}
