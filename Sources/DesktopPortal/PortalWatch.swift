import BackendThread
import DesktopMotion
import Glibc

/// Follows the session bus on a thread of its own, the one thread for D-Bus: the XDG desktop portal's settings, KDE's
/// `ConfigChanged`, and the focus GNOME Shell or KWin tells (`BusFocus`). The bus connection is a session of the
/// `SessionThread` the input backends run on: the thread waits in poll() on the bus and on its wake-up pipe, with no
/// timeout while nothing is due, so an idle daemon does not wake for it. Each new reading is handed to `report`, on
/// this thread; the daemon carries it to its loop.
///
/// Without a session bus it reports why once and ends: animd plays by the other sources. A bus lost later is tried
/// again with a backoff, for about a minute (a session bus that restarts comes back within it), then given up,
/// and the report says so: the life the input backends' threads lead too (`SessionLife`).
public final class PortalWatch: Sendable {
    private let thread = SessionThread()

    /// How often a lost bus is tried again before giving up.
    static let retries = 8

    private init() {}

    /// Starts following the portal on the session bus of `environment`.
    public static func start(environment: [String: String], report: @escaping @Sendable (BusNews) -> Void)
        -> PortalWatch
    {
        let watch = PortalWatch()
        guard let address = busAddress(in: environment) else {
            report(
                .portal(
                    PortalSettings(
                        unavailable:
                            "no session bus (DBUS_SESSION_BUS_ADDRESS is unset, and there is no $XDG_RUNTIME_DIR/bus)"))
            )
            return watch
        }
        let script = KWinScriptFolder(environment: environment)
        let started = watch.thread.start(named: "animd-portal") {
            watch.run(address: address, kwinScript: script, report: report)
        }
        if !started { report(.portal(PortalSettings(unavailable: "no thread could be started to read the portal"))) }
        return watch
    }

    /// Ends the thread at its next wake-up.
    public func stop() { thread.stop() }

    /// The session bus: `DBUS_SESSION_BUS_ADDRESS`, else the user bus socket systemd makes in `XDG_RUNTIME_DIR`.
    static func busAddress(in environment: [String: String]) -> String? {
        if let address = environment["DBUS_SESSION_BUS_ADDRESS"], !address.isEmpty { return address }
        guard let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty, access(runtime + "/bus", F_OK) == 0 else {
            return nil
        }
        return "unix:path=" + runtime + "/bus"
    }

    private func run(address: String, kwinScript: KWinScriptFolder, report: @escaping @Sendable (BusNews) -> Void) {
        var life = SessionLife<PortalConnection>(backoff: Backoff(first: 0.5, last: 16), failuresAllowed: Self.retries)
        life.run(
            isStopping: { thread.isStopping }, wait: thread.sleep,
            open: {
                switch PortalConnection.open(address: address, kwinScript: kwinScript, changed: report) {
                case let .success(connection): .opened(connection)
                case let .failure(failure): .failed(OpenFailure(reason: failure.reason))
                }
            }, serve: serve,
            report: { news in
                switch news {
                case let .failed(reason, first): if first { report(.portal(PortalSettings(unavailable: reason))) }
                case let .gaveUp(reason):
                    report(
                        .portal(
                            PortalSettings(unavailable: reason + "; given up: restart animd to read the portal again")))
                case let .ended(reason): report(.portal(PortalSettings(unavailable: reason)))
                }
            })
    }

    /// Handles the connection until it is lost or the watch stops.
    private func serve(_ connection: PortalConnection) -> SessionEnd {
        thread.serve(connection, woken: {}) { _, now in
            connection.process(now: now) ? nil : .ended(reason: "the session bus went away; trying it again")
        }
    }
}
