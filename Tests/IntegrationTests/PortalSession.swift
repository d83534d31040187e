import Foundation

/// A session bus of the test's own (`dbus-daemon --session`), with the real `xdg-desktop-portal` on it and the
/// settings backend of `Tests/Fixtures/portal` behind it: what a GNOME or KDE session's portal looks like to animd.
/// Every process is killed with SIGKILL when the test is done: the test runner's blocked signal mask is inherited,
/// so SIGTERM would never reach them (`Xvfb.stop`).
final class PortalSession {
    static var installed: Bool {
        ["/usr/bin/dbus-daemon", "/usr/libexec/xdg-desktop-portal", "/usr/bin/python3"].allSatisfy { FileManager.default.isExecutableFile(atPath: $0) }
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
        try initial.write(toFile: values, atomically: true, encoding: .utf8)
        try """
            <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
             "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
            <busconfig><type>session</type><listen>\(address)</listen><auth>EXTERNAL</auth>
            <policy context="default"><allow send_destination="*" eavesdrop="true"/><allow eavesdrop="true"/><allow own="*"/></policy>
            </busconfig>
            """.write(toFile: folder + "/bus.conf", atomically: true, encoding: .utf8)
        try startEverything()
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
        try? FileManager.default.removeItem(atPath: folder)
    }

    func startBackend() throws {
        let backend = try start("/usr/bin/python3", ["\(Self.fixtures)/settings-backend.py", values, Self.backendName])
        processes["backend"] = backend
        try waitUntil("the settings backend owns its name") { self.owns(Self.backendName) }
    }

    func startPortal() throws {
        processes["portal"] = try start("/usr/libexec/xdg-desktop-portal", ["--replace"],
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
        (try? runTool("/usr/bin/dbus-send", ["--bus=\(address)", "--print-reply", "--dest=org.freedesktop.DBus", "/org/freedesktop/DBus",
                                             "org.freedesktop.DBus.NameHasOwner", "string:\(name)"]).output.contains("boolean true")) ?? false
    }

    private func start(_ executable: String, _ arguments: [String], _ extra: [String: String] = [:]) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(["DBUS_SESSION_BUS_ADDRESS": address].merging(extra) { $1 }) { $1 }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }
}
