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
    private var announced = ""
    /// The newest line given, which `announceSoon`'s timer sends: every change to what the line shows comes with one.
    private var pending = ""
    /// READY=1 is sent: STATUS= may follow (never before it, whatever the input backend reports first).
    private var isReady = false
    private var pendingUpdate: Scheduled<Void>?
    private var watchdog: RepeatedTask?

    init(loop: any EventLoop, notifier: SystemdNotifier, logger: Logger) {
        self.loop = loop; self.notifier = notifier; self.logger = logger
    }

    /// Sends READY=1 and the first status: from here on, status changes are announced.
    func ready(status line: @autoclosure () -> String) {
        isReady = true
        notifier.notify("READY=1")
        announce(line())
    }

    /// Sends STATUS= when it changed, once ready. The line is worked out only under systemd.
    func announce(_ line: @autoclosure () -> String) {
        guard notifier.isActive, isReady else { return }
        pending = line()
        send(pending)
    }

    /// Clients come and go in bursts: their count reaches systemd at most once a second, the newest line given.
    func announceSoon(_ line: @autoclosure () -> String) {
        guard notifier.isActive else { return }
        pending = line()
        guard pendingUpdate == nil else { return }
        let bound = NIOLoopBound(self, eventLoop: loop)
        pendingUpdate = loop.scheduleTask(in: .seconds(1)) {
            let announcer = bound.value
            announcer.pendingUpdate = nil
            if announcer.isReady { announcer.send(announcer.pending) }
        }
    }

    private func send(_ line: String) {
        guard line != announced else { return }
        announced = line
        notifier.notify("STATUS=" + line)
    }

    /// Pings every `settings.interval`, from this loop. Armed only when systemd asks for it.
    func startWatchdog(_ settings: WatchdogSettings) {
        let notifier = self.notifier
        let interval = TimeAmount.nanoseconds(Int64(settings.interval * 1e9))
        watchdog = loop.scheduleRepeatedTask(initialDelay: interval, delay: interval) { _ in
            notifier.notify("WATCHDOG=1")
        }
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
