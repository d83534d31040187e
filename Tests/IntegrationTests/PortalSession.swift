import Foundation

/// A session bus of the test's own (`dbus-daemon --session`), with the real `xdg-desktop-portal` on it and the
/// settings backend of `Tests/Fixtures/portal` behind it: what a GNOME or KDE session's portal looks like to animd.
/// Every process is killed with SIGKILL when the test is done: the test runner's blocked signal mask is inherited,
/// so SIGTERM would never reach them (`Xvfb.stop`).
final class PortalSession {
    static var installed: Bool {
        ["/usr/bin/dbus-daemon", "/usr/libexec/xdg-desktop-portal", "/usr/bin/python3"].allSatisfy {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }

    let folder: String
    let address: String
    let values: String
    private var processes: [String: Process] = [:]
    static let backendName = "org.animd.test.SettingsPortal"
    static let fixtures = Binaries.repo.appendingPathComponent("Tests/Fixtures/portal").path

    /// The bus, the backend serving `values` ([[namespace, key, signature, value], …]) and the portal.
    init(values initial: String) throws {
        folder = try DaemonProcess.makeFolder()
        address = "unix:path=\(folder)/bus"
        values = folder + "/values.json"
        busEnvironment = [:]
        try initial.write(toFile: values, atomically: true, encoding: .utf8)
        try Self.writeBusConfig(in: folder, address: address, services: nil)
        try startEverything()
    }

    /// A bus with nothing on it: for the stand-ins of the desktop shells (Tests/Fixtures/focus/shell-standin.py).
    init(bare: Void) throws {
        folder = try DaemonProcess.makeFolder()
        address = "unix:path=\(folder)/bus"
        values = ""
        busEnvironment = [:]
        try Self.writeBusConfig(in: folder, address: address, services: nil)
        processes["bus"] = try start("/usr/bin/dbus-daemon", ["--config-file=\(folder)/bus.conf", "--nofork"])
        try waitUntil("the session bus listens") { FileManager.default.fileExists(atPath: "\(self.folder)/bus") }
    }

    /// A GNOME session's bus instead: the real `xdg-desktop-portal` and `xdg-desktop-portal-gtk`, started by D-Bus
    /// activation as in a session, the latter on `display`, serving GNOME's keys from GSettings through dconf.
    init(gnomeOn display: String) throws {
        folder = try DaemonProcess.makeFolder()
        address = "unix:path=\(folder)/bus"
        values = ""
        // NO_AT_BRIDGE: GTK in the portal would start an accessibility bus of its own.
        busEnvironment = [
            "DISPLAY": display, "XDG_CONFIG_HOME": folder + "/config", "XDG_CURRENT_DESKTOP": "gnome",
            "GSETTINGS_BACKEND": "dconf",
            "NO_AT_BRIDGE": "1",
        ]
        // Only what the settings need can be started: the portal, its GTK backend, dconf. (The document portal would
        // mount a FUSE file system of its own.)
        let services = folder + "/services"
        try FileManager.default.createDirectory(atPath: services, withIntermediateDirectories: true)
        for name in ["org.freedesktop.portal.Desktop", "org.freedesktop.impl.portal.desktop.gtk", "ca.desrt.dconf"] {
            try FileManager.default.copyItem(
                atPath: "/usr/share/dbus-1/services/\(name).service", toPath: "\(services)/\(name).service")
        }
        try Self.writeBusConfig(in: folder, address: address, services: services)
        processes["bus"] = try start(
            "/usr/bin/dbus-daemon", ["--config-file=\(folder)/bus.conf", "--nofork"], busEnvironment)
        try waitUntil("the session bus listens") { FileManager.default.fileExists(atPath: "\(self.folder)/bus") }
    }

    /// What the bus and what it starts are given: a GNOME session's, or nothing of the test's.
    private let busEnvironment: [String: String]

    static var gnomeInstalled: Bool {
        installed
            && ["/usr/libexec/xdg-desktop-portal-gtk", "/usr/bin/gsettings", "/usr/libexec/dconf-service"]
                .allSatisfy { FileManager.default.isExecutableFile(atPath: $0) }
            && ["org.freedesktop.portal.Desktop", "org.freedesktop.impl.portal.desktop.gtk", "ca.desrt.dconf"]
                .allSatisfy { FileManager.default.fileExists(atPath: "/usr/share/dbus-1/services/\($0).service") }
    }

    /// `gsettings set SCHEMA KEY VALUE` in the session, as a user's settings panel does.
    func gsettings(_ schema: String, _ key: String, _ value: String) throws {
        let result = try runTool(
            "/usr/bin/gsettings", ["set", schema, key, value],
            environment: ProcessInfo.processInfo.environment.merging(
                busEnvironment.merging(["DBUS_SESSION_BUS_ADDRESS": address]) { $1 }
            ) { $1 })
        guard result.status == 0 else {
            throw HarnessError("gsettings set \(schema) \(key) \(value): \(result.output)")
        }
    }

    /// Rewrites the bus's policy, with `denied` (a `<deny …/>` rule's attributes) after what it allows, or without,
    /// and has dbus-daemon read it again (`ReloadConfig`: SIGHUP would not reach it, for it keeps the test runner's
    /// blocked signals), as an administrator's policy change would.
    func changePolicy(denying denied: String?) throws {
        try Self.writeBusConfig(in: folder, address: address, services: nil, denied: denied)
        let reloaded = try runTool(
            "/usr/bin/gdbus",
            [
                "call", "--address", address, "--dest", "org.freedesktop.DBus", "--object-path",
                "/org/freedesktop/DBus", "--method", "org.freedesktop.DBus.ReloadConfig",
            ], readingStderr: true)
        guard reloaded.status == 0 else { throw HarnessError("the bus did not reload its config: \(reloaded.output)") }
    }

    private static func writeBusConfig(in folder: String, address: String, services: String?, denied: String? = nil)
        throws
    {
        try """
        <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
         "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
        <busconfig><type>session</type><listen>\(address)</listen><auth>EXTERNAL</auth>
        \(services.map { "<servicedir>\($0)</servicedir>" } ?? "")
        <policy context="default"><allow user="*"/><allow send_destination="*" eavesdrop="true"/><allow eavesdrop="true"/><allow own="*"/>\(denied.map { "<deny \($0)/>" } ?? "")</policy>
        </busconfig>
        """.write(toFile: folder + "/bus.conf", atomically: true, encoding: .utf8)
    }

    private func startEverything() throws {
        processes["bus"] = try start("/usr/bin/dbus-daemon", ["--config-file=\(folder)/bus.conf", "--nofork"])
        try waitUntil("the session bus listens") { FileManager.default.fileExists(atPath: "\(self.folder)/bus") }
        try startBackend()
        try startPortal()
    }

    /// The whole session bus goes away, and a new one comes at the same address, with its backend and portal.
    func restartBus() throws {
        for (_, process) in processes { kill(process.processIdentifier, SIGKILL); process.waitUntilExit() }
        processes = [:]
        try? FileManager.default.removeItem(atPath: folder + "/bus")
        try startEverything()
    }

    deinit {
        for process in processes.values { kill(process.processIdentifier, SIGKILL); process.waitUntilExit() }
        // What the bus started by activation leaves with it; any straggler is found by the bus it was given.
        for pid in Self.processes(onBus: address) { kill(pid, SIGKILL) }
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// The processes whose environment names this bus.
    static func processes(onBus address: String) -> [pid_t] {
        // The bus hands its address to what it starts with its guid after it: the prefix is what names it.
        let marker = Array("DBUS_SESSION_BUS_ADDRESS=\(address)".utf8)
        return ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap { entry -> pid_t? in
            guard let pid = pid_t(entry), pid != getpid(),
                let environ = FileManager.default.contents(atPath: "/proc/\(entry)/environ")
            else { return nil }
            return Array(environ).firstRange(of: marker) != nil ? pid : nil
        }
    }

    func startBackend() throws {
        let backend = try start("/usr/bin/python3", ["\(Self.fixtures)/settings-backend.py", values, Self.backendName])
        processes["backend"] = backend
        try waitUntil("the settings backend owns its name") { self.owns(Self.backendName) }
    }

    func startPortal() throws {
        processes["portal"] = try start(
            "/usr/libexec/xdg-desktop-portal", ["--replace"],
            ["XDG_CURRENT_DESKTOP": "animdtest", "XDG_DESKTOP_PORTAL_DIR": Self.fixtures])
        try waitUntil("the portal owns its name") { self.owns("org.freedesktop.portal.Desktop") }
    }

    /// New values, announced by the backend as SettingChanged, which the portal relays.
    func change(to text: String) throws {
        try text.write(toFile: values, atomically: true, encoding: .utf8)
        if let backend = processes["backend"] { kill(backend.processIdentifier, SIGHUP) }
    }

    func killPortal() {
        guard let portal = processes.removeValue(forKey: "portal") else { return }
        kill(portal.processIdentifier, SIGKILL)
        portal.waitUntilExit()
    }

    private func owns(_ name: String) -> Bool {
        (try? runTool(
            "/usr/bin/dbus-send",
            [
                "--bus=\(address)", "--print-reply", "--dest=org.freedesktop.DBus", "/org/freedesktop/DBus",
                "org.freedesktop.DBus.NameHasOwner", "string:\(name)",
            ]
        ).output.contains("boolean true")) ?? false
    }

    private func start(_ executable: String, _ arguments: [String], _ extra: [String: String] = [:]) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(
            ["DBUS_SESSION_BUS_ADDRESS": address].merging(extra) { $1 }
        ) { $1 }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }
}
