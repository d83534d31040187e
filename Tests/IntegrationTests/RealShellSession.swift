import AnimClient
import Foundation
import Testing
import XorgInputTest

/// A real desktop shell of the tests' own (issue 62): GNOME Shell 43 headless, or KWin 5.27 on its virtual backend,
/// each on a session bus of its own, as design/FIELD-NOTES.md measured them:
/// - the session bus is started with the shell's HOME and XDG folders, for dconf is started by the bus and writes where
///   its own environment says, while gsettings and the shell read where theirs do;
/// - GNOME Shell needs logind on the system bus: a private system bus, with python3-dbusmock's logind on it;
/// - `/usr/bin/kwin_wayland` carries a file capability this machine's bounding set lacks, so a copy named exactly
///   `kwin_wayland` (the copy drops it) runs.
/// Every process is killed with SIGKILL when the test is done (the test runner's blocked signals are inherited), and
/// whatever the bus started by activation with it.
final class RealShellSession {
    enum Shell: String { case gnome, kwin }

    static let gnomeShell = "/usr/bin/gnome-shell"
    static let kwin = "/usr/bin/kwin_wayland"
    static let fixtures = Binaries.repo.appendingPathComponent("Tests/Fixtures/shells").path

    /// Why `shell` cannot run here, for the suite's condition; nil when it can.
    static func missing(_ shell: Shell) -> String? {
        let needed =
            shell == .gnome
            ? [gnomeShell, "/usr/bin/gsettings", "/usr/bin/gnome-extensions", "/usr/libexec/xdg-desktop-portal-gnome"]
            : [kwin, "/usr/bin/kwriteconfig5"]
        let absent = (needed + ["/usr/bin/dbus-daemon", "/usr/bin/gdbus"]).filter {
            !FileManager.default.isExecutableFile(atPath: $0)
        }
        if !absent.isEmpty { return "\(absent.joined(separator: ", ")) missing (scripts/install-deps.sh)" }
        if shell == .gnome
            && !FileManager.default.fileExists(atPath: "/usr/lib/python3/dist-packages/dbusmock/__init__.py")
        {
            return "python3-dbusmock missing (scripts/install-deps.sh)"
        }
        return nil
    }

    let shell: Shell
    let folder: String
    let address: String
    /// The Wayland socket's name in `runtime`.
    let waylandDisplay: String
    let runtime: String
    let configHome: String
    /// The user extensions folder GNOME Shell reads.
    let extensions: String
    /// What every process of the session is given: its folders, its bus, its desktop.
    let environment: [String: String]
    private var processes: [Process] = []

    /// The shell running, with `enabled` GNOME Shell extensions (UUIDs, installed from `install` folders first).
    init(_ shell: Shell, install: [String] = [], enable enabled: [String] = []) throws {
        self.shell = shell
        folder = try DaemonProcess.makeFolder()
        address = "unix:path=\(folder)/session"
        runtime = folder + "/runtime"
        configHome = folder + "/config"
        extensions = folder + "/data/gnome-shell/extensions"
        waylandDisplay = shell == .gnome ? "wayland-0" : "wayland-animd"
        for path in [runtime, configHome, extensions, folder + "/home"] {
            try FileManager.default.createDirectory(
                atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        }
        environment = [
            "HOME": folder + "/home", "XDG_CONFIG_HOME": configHome, "XDG_DATA_HOME": folder + "/data",
            "XDG_RUNTIME_DIR": runtime, "DBUS_SESSION_BUS_ADDRESS": address, "WAYLAND_DISPLAY": waylandDisplay,
            "XDG_CURRENT_DESKTOP": shell == .gnome ? "GNOME" : "KDE", "GSETTINGS_BACKEND": "dconf",
            "GDK_BACKEND": "wayland", "NO_AT_BRIDGE": "1", "GTK_A11Y": "none",
        ]
        for source in install {
            try FileManager.default.copyItem(
                atPath: source, toPath: extensions + "/" + URL(fileURLWithPath: source).lastPathComponent)
        }
        try startBuses()
        if shell == .gnome {
            try gsettings(
                "org.gnome.shell", "enabled-extensions", "[\(enabled.map { "'\($0)'" }.joined(separator: ", "))]")
            try startGNOMEShell()
        } else {
            try startKWin()
        }
    }

    deinit {
        for process in processes where process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        for pid in PortalSession.processes(onBus: address) { kill(pid, SIGKILL) }
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// What the shell wrote to its standard error, for a failure's message and the log checks.
    var log: String { (try? String(contentsOfFile: folder + "/shell.log", encoding: .utf8)) ?? "" }

    /// `gsettings set` in the session, as a user's settings panel does.
    func gsettings(_ schema: String, _ key: String, _ value: String) throws {
        try run("/usr/bin/gsettings", ["set", schema, key, value])
    }

    /// A tool of the session (gdbus, gnome-extensions, kwriteconfig5) run in its environment; its output.
    @discardableResult
    func run(_ tool: String, _ arguments: [String]) throws -> String {
        let result = try runTool(
            tool, arguments,
            environment: ProcessInfo.processInfo.environment.merging(environment) { $1 }, readingBoth: true)
        guard result.status == 0 else {
            throw HarnessError("\(tool) \(arguments.joined(separator: " ")) failed: \(result.output)")
        }
        return result.output
    }

    /// A GTK 4 window of application `appID` (Tests/Fixtures/shells/window.py), once it is shown.
    func window(_ appID: String, title: String) throws -> LineProcess {
        let window = try LineProcess(
            URL(fileURLWithPath: "/usr/bin/python3"), [Self.fixtures + "/window.py", appID, title],
            environment: environment)
        guard window.wait(for: "shown", timeout: 30) else { throw HarnessError("the window \(appID) was never shown") }
        return window
    }

    private func startBuses() throws {
        let policy = """
            <policy context="default"><allow user="*"/><allow send_destination="*" eavesdrop="true"/>\
            <allow eavesdrop="true"/><allow own="*"/></policy>
            """
        // Only what the session needs can be started by the bus: dconf; for GNOME, the portal with its GNOME backend
        // and the shell's own services. (The document portal would mount a FUSE file system; every other portal
        // backend installed would be asked for its settings too.) KDE's session offers no portal: animd reads KDE's
        // setting from kdeglobals, scripts/install-deps.sh installs no KDE portal backend, and GTK's windows would
        // wait 25 s for a portal with none to serve its settings as they start.)
        let services = folder + "/services"
        try FileManager.default.createDirectory(atPath: services, withIntermediateDirectories: true)
        let gnomeServices = [
            "org.freedesktop.portal.Desktop", "org.freedesktop.impl.portal.desktop.gnome", "org.gnome.Shell.Extensions",
            "org.gnome.Shell.Notifications",
        ]
        for name in ["ca.desrt.dconf"] + (shell == .gnome ? gnomeServices : []) {
            try FileManager.default.copyItem(
                atPath: "/usr/share/dbus-1/services/\(name).service", toPath: "\(services)/\(name).service")
        }
        try """
        <busconfig><type>session</type><listen>\(address)</listen><auth>EXTERNAL</auth>\
        <servicedir>\(services)</servicedir>\(policy)</busconfig>
        """.write(toFile: folder + "/session.conf", atomically: true, encoding: .utf8)
        try start("/usr/bin/dbus-daemon", ["--config-file=\(folder)/session.conf", "--nofork"], log: "session-bus")
        try waitUntil("the session bus listens") { FileManager.default.fileExists(atPath: self.folder + "/session") }
        guard shell == .gnome else { return }
        try """
        <busconfig><type>system</type><listen>unix:path=\(folder)/system</listen><auth>EXTERNAL</auth>\
        \(policy)</busconfig>
        """.write(toFile: folder + "/system.conf", atomically: true, encoding: .utf8)
        try start("/usr/bin/dbus-daemon", ["--config-file=\(folder)/system.conf", "--nofork"], log: "system-bus")
        try waitUntil("the system bus listens") { FileManager.default.fileExists(atPath: self.folder + "/system") }
        try start(
            "/usr/bin/python3", ["-m", "dbusmock", "--template", "logind", "--system"], log: "logind",
            extra: ["DBUS_SYSTEM_BUS_ADDRESS": "unix:path=\(folder)/system"])
    }

    private func startGNOMEShell() throws {
        try start(
            Self.gnomeShell, ["--wayland", "--headless", "--no-x11", "--virtual-monitor", "1280x800"], log: "shell",
            extra: ["DBUS_SYSTEM_BUS_ADDRESS": "unix:path=\(folder)/system"])
        try waitForShell("GNOME Shell started")
    }

    private func startKWin() throws {
        // The copy drops the file capability; KWin finds its Qt platform plugin only under its own name.
        let copy = folder + "/bin/kwin_wayland"
        try FileManager.default.createDirectory(atPath: folder + "/bin", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.kwin, toPath: copy)
        try start(
            copy, ["--virtual", "--width", "1280", "--height", "800", "--socket", waylandDisplay], log: "shell")
        try waitForShell("KWin owns org.kde.KWin")
    }

    /// Waits for the Wayland socket and the shell's name on the bus; a shell that exits says why from its log.
    private func waitForShell(_ what: String) throws {
        let name = shell == .gnome ? "org.gnome.Shell" : "org.kde.KWin"
        let socket = runtime + "/" + waylandDisplay
        let shellProcess = processes.last
        try waitUntil("\(what) (\(log.suffix(2000)))", timeout: 90) {
            guard shellProcess?.isRunning == true else {
                throw HarnessError(
                    "the shell exited (status \(shellProcess?.terminationStatus ?? -1)): \(log.suffix(3000))")
            }
            return FileManager.default.fileExists(atPath: socket) && owns(name)
        }
    }

    func owns(_ name: String) -> Bool {
        (try? run(
            "/usr/bin/gdbus",
            [
                "call", "--session", "--dest", "org.freedesktop.DBus", "--object-path", "/org/freedesktop/DBus",
                "--method", "org.freedesktop.DBus.NameHasOwner", name,
            ]
        ).contains("true")) ?? false
    }

    private func start(_ executable: String, _ arguments: [String], log name: String, extra: [String: String] = [:])
        throws
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment.merging(extra) { $1 }) { $1 }
        let logPath = folder + "/\(name).log"
        _ = FileManager.default.createFile(atPath: logPath, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: logPath))
        process.standardError = process.standardOutput
        try process.run()
        processes.append(process)
    }
}

extension RealShellSession {
    /// With animd's sidebar bound `when-fullscreen = false`: the edge works over a window, not while the window is
    /// full screen, and again once it is not.
    func expectWhenFullscreenHolds(_ rpc: RPCConnection) throws {
        let window = try self.window("org.example.First", title: "First")
        defer { window.close() }
        _ = try ShellFocusTests.waitForFocus(rpc, "the window") { $0["app"] == "org.example.First" }
        #expect(try CompositorFocusTests.swipe(rpc, fromLeft: true, transition: "sidebar") == true)
        window.send("fullscreen")
        _ = try ShellFocusTests.waitForFocus(rpc, "full screen") { $0["fullscreen"] == true }
        #expect(try CompositorFocusTests.swipe(rpc, fromLeft: true, transition: "sidebar") == false)
        window.send("unfullscreen")
        _ = try ShellFocusTests.waitForFocus(rpc, "not full screen") { $0["fullscreen"] == false }
        #expect(try CompositorFocusTests.swipe(rpc, fromLeft: true, transition: "sidebar") == true)
    }
}
