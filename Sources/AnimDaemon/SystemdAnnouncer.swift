import Logging
import NIOCore

/// The daemon's conversation with systemd, confined to the event loop: READY=1, STATUS= lines when they change
/// (client counts at most once a second, so that a burst of connections is one datagram), and watchdog pings
/// from this loop, so that a loop that is stuck stops them and systemd restarts animd. Outside systemd it says
/// nothing and arms nothing.
final class SystemdAnnouncer {
    private let loop: any EventLoop
    private let notifier: SystemdNotifier
    private let logger: Logger
    /// The status line as it is now, set once the core exists; asked each time a status may have changed.
    var statusLine: () -> String = { "" }
    private var announced = ""
    /// READY=1 is sent: STATUS= may follow (never before it, whatever the input backend reports first).
    private var isReady = false
    private var pendingUpdate: Scheduled<Void>?
    private var watchdog: RepeatedTask?

    init(loop: any EventLoop, notifier: SystemdNotifier, logger: Logger) {
        self.loop = loop; self.notifier = notifier; self.logger = logger
    }

    /// Sends READY=1 and the first status: from here on, status changes are announced.
    func ready() {
        isReady = true
        notifier.notify("READY=1")
        announce()
    }

    /// Sends STATUS= when it changed, once ready.
    func announce() {
        guard notifier.isActive, isReady else { return }
        let line = statusLine()
        guard line != announced else { return }
        announced = line
        notifier.notify("STATUS=" + line)
    }

    /// Clients come and go in bursts: their count reaches systemd at most once a second.
    func announceSoon() {
        guard notifier.isActive, pendingUpdate == nil else { return }
        let bound = NIOLoopBound(self, eventLoop: loop)
        pendingUpdate = loop.scheduleTask(in: .seconds(1)) {
            bound.value.pendingUpdate = nil
            bound.value.announce()
        }
    }

    /// Pings every `settings.interval`, from this loop. Armed only when systemd asks for it.
    func startWatchdog(_ settings: WatchdogSettings) {
        let notifier = self.notifier
        let interval = TimeAmount.nanoseconds(Int64(settings.interval * 1e9))
        watchdog = loop.scheduleRepeatedTask(initialDelay: interval, delay: interval) { _ in notifier.notify("WATCHDOG=1") }
        logger.info("watchdog armed", metadata: ["interval-seconds": "\(settings.interval)"])
    }

    /// No more pings or updates: the daemon is stopping.
    func stop() {
        watchdog?.cancel()
        watchdog = nil
        pendingUpdate?.cancel()
        pendingUpdate = nil
    }
}
