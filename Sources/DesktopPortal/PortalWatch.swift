import BackendThread
import Glibc
import Synchronization
import UnixSupport

/// Follows the XDG desktop portal's settings (and KDE's `ConfigChanged`) on a thread of its own, the one thread for
/// D-Bus: it waits in poll()
/// on the bus and on a wake-up pipe, with no timeout while nothing is due, so an idle daemon does not wake for it.
/// Each new reading is handed to `report`, on this thread; the daemon carries it to its loop.
///
/// Without a session bus it reports why once and ends: animd plays by the other sources. A bus lost later is tried
/// again with a backoff, for about a minute (a session bus that restarts comes back within it), then given up,
/// and the report says so.
public final class PortalWatch: Sendable {
    private let wake = WakePipe()
    private let stopping = Mutex(false)

    /// How often a lost bus is tried again before giving up.
    static let retries = 8

    private init() {}

    /// Starts following the portal on the session bus of `environment`.
    public static func start(environment: [String: String], report: @escaping @Sendable (BusNews) -> Void) -> PortalWatch {
        let watch = PortalWatch()
        guard let address = busAddress(in: environment) else {
            report(.portal(PortalSettings(unavailable: "no session bus (DBUS_SESSION_BUS_ADDRESS is unset, and there is no $XDG_RUNTIME_DIR/bus)")))
            return watch
        }
        let script = KWinScriptFolder(environment: environment)
        let started = PosixThread.start(named: "animd-portal") { watch.run(address: address, kwinScript: script, report: report) }
        if !started { report(.portal(PortalSettings(unavailable: "no thread could be started to read the portal"))) }
        return watch
    }

    /// Ends the thread at its next wake-up.
    public func stop() {
        stopping.withLock { $0 = true }
        wake.wake()
    }

    private var isStopping: Bool { stopping.withLock { $0 } }

    /// The session bus: `DBUS_SESSION_BUS_ADDRESS`, else the user bus socket systemd makes in `XDG_RUNTIME_DIR`.
    static func busAddress(in environment: [String: String]) -> String? {
        if let address = environment["DBUS_SESSION_BUS_ADDRESS"], !address.isEmpty { return address }
        guard let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty, access(runtime + "/bus", F_OK) == 0 else { return nil }
        return "unix:path=" + runtime + "/bus"
    }

    private func run(address: String, kwinScript: KWinScriptFolder, report: @escaping @Sendable (BusNews) -> Void) {
        var backoff = Backoff(first: 0.5, last: 16)
        var failures = 0
        while !isStopping {
            switch PortalConnection.open(address: address, kwinScript: kwinScript, changed: report) {
            case let .success(connection):
                backoff.reset()
                failures = 0
                serve(connection)
                if isStopping { return }
                report(.portal(PortalSettings(unavailable: "the session bus went away; trying it again")))
            case let .failure(failure):
                failures += 1
                guard failures <= Self.retries else {
                    return report(.portal(PortalSettings(unavailable: failure.reason + "; given up: restart animd to read the portal again")))
                }
                if failures == 1 { report(.portal(PortalSettings(unavailable: failure.reason))) }
            }
            if wake.sleep(backoff.next(), stopping: { isStopping }) { return }
        }
    }

    /// Handles the connection until it is lost or the watch stops.
    private func serve(_ connection: PortalConnection) {
        while !isStopping {
            guard connection.process() else { return }
            let (descriptor, events, deadline) = connection.waitingFor
            var fds = [pollfd(fd: descriptor, events: events, revents: 0), pollfd(fd: wake.readEnd, events: Int16(POLLIN), revents: 0)]
            _ = poll(&fds, 2, Self.milliseconds(until: deadline))
            if fds[1].revents != 0 { wake.drain() }
        }
    }

    /// poll()'s timeout for an sd-bus deadline in CLOCK_MONOTONIC microseconds: -1 for none (UInt64.max).
    static func milliseconds(until deadline: UInt64) -> Int32 {
        guard deadline != .max else { return -1 }
        let now = UInt64(max(0, monotonicSeconds() * 1e6))
        guard deadline > now else { return 0 }
        return Int32(min((deadline - now + 999) / 1000, UInt64(Int32.max)))
    }
}
