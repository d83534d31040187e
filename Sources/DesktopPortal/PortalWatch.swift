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
/// and the report says so: the life the input backends' threads lead too (`SessionLife`).
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
        var life = SessionLife<PortalConnection>(backoff: Backoff(first: 0.5, last: 16), failuresAllowed: Self.retries)
        life.run(isStopping: { isStopping }, wait: { wake.sleep($0, stopping: { isStopping }) }, open: {
            switch PortalConnection.open(address: address, kwinScript: kwinScript, changed: report) {
            case let .success(connection): .opened(connection)
            case let .failure(failure): .failed(OpenFailure(reason: failure.reason))
            }
        }, serve: serve, report: { news in
            switch news {
            case let .failed(reason, first): if first { report(.portal(PortalSettings(unavailable: reason))) }
            case let .gaveUp(reason): report(.portal(PortalSettings(unavailable: reason + "; given up: restart animd to read the portal again")))
            case let .ended(reason): report(.portal(PortalSettings(unavailable: reason)))
            }
        })
    }

    /// Handles the connection until it is lost or the watch stops.
    private func serve(_ connection: PortalConnection) -> SessionLife<PortalConnection>.Served {
        while !isStopping {
            guard connection.process() else { return isStopping ? .stopped : .ended(reason: "the session bus went away; trying it again") }
            let (descriptor, events, deadline) = connection.waitingFor
            var fds = [pollfd(fd: descriptor, events: events, revents: 0), pollfd(fd: wake.readEnd, events: Int16(POLLIN), revents: 0)]
            _ = poll(&fds, 2, Self.milliseconds(until: deadline))
            if fds[1].revents != 0 { wake.drain() }
        }
        return .stopped
    }

    /// poll()'s timeout for an sd-bus deadline in CLOCK_MONOTONIC microseconds (UInt64.max for none), as the
    /// backends' (`pollTimeout`).
    static func milliseconds(until deadline: UInt64) -> Int32 {
        pollTimeout(deadline == .max ? nil : Double(deadline) / 1e6 - monotonicSeconds())
    }
}
