import AnimClient
import Foundation
import Glibc
import JSONText
import Testing

/// A real systemd user manager (`systemd --user`), in a mount namespace of its own where `/run/systemd/system` says
/// systemd runs, with a home and a runtime folder of the test's own; animd installed into that home's `~/.local` by
/// scripts/install.sh, as a user would (issue 58).
final class UserManager {
    let home: String
    let runtime: String
    /// The manager's pid. It is started by a shell that exits at once, not as Foundation's `Process`: systemd closes
    /// the descriptors it inherits, Foundation takes that as its child's end and waits for it with a blocking
    /// waitpid, and every other child of the test is then never seen to end.
    private let pid: Int32

    /// Root, systemd and unshare, and a user manager that answers once started: on a fresh machine's root (CI's) it
    /// started and never answered, for a reason not yet found, and the suite is then skipped with that said
    /// (scripts/report-skipped.sh lists it).
    static let canRun: Bool = {
        guard getuid() == 0,
            ["/lib/systemd/systemd", "/usr/bin/systemctl", "/usr/bin/unshare"].allSatisfy({
                FileManager.default.isExecutableFile(atPath: $0)
            })
        else { return false }
        return (try? UserManager()) != nil
    }()

    init() throws {
        home = try DaemonProcess.makeFolder()
        runtime = try DaemonProcess.makeFolder()
        chmod(runtime, 0o700)
        let manager =
            "mkdir -p /run/systemd && mount -t tmpfs tmpfs /run/systemd && mkdir -p /run/systemd/system && exec /lib/systemd/systemd --user"
        let started = try runTool(
            "/bin/sh",
            [
                "-c",
                "/usr/bin/unshare -m --propagation private /bin/sh -c '\(manager)' < /dev/null > /dev/null 2>&1 & echo $!",
            ],
            environment: Self.environment(home: home, runtime: runtime))
        guard let pid = Int32(started.output.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw HarnessError("no user manager: \(started.output)")
        }
        self.pid = pid
        try waitUntil("the user manager answers") { self.systemctl(["show", "--property=Version"]).status == 0 }
        let install = try runTool(
            "/bin/bash",
            [
                Binaries.repo.appendingPathComponent("scripts/install.sh").path, "install", home + "/.local",
                Binaries.folder.path,
            ], environment: environment.merging(["PATH": "/usr/bin:/bin"]) { $1 })
        guard install.status == 0 else {
            throw HarnessError("install.sh into \(home)/.local failed: \(install.output)")
        }
        _ = systemctl(["daemon-reload"])
    }

    /// The manager stops its units and exits when asked (`systemctl --user exit`); a SIGTERM would not reach it,
    /// for it inherits the test runner's blocked signals. SIGKILL only if it is still there after 10 s.
    deinit {
        _ = systemctl(["exit"])
        let deadline = Date().addingTimeInterval(10)
        while kill(pid, 0) == 0 && Date() < deadline { usleep(50_000) }
        if kill(pid, 0) == 0 { kill(pid, SIGKILL) }
        try? FileManager.default.removeItem(atPath: home)
        try? FileManager.default.removeItem(atPath: runtime)
    }

    /// What the manager and the commands the test runs share: the home, its folders, the runtime folder.
    var environment: [String: String] { Self.environment(home: home, runtime: runtime) }

    static func environment(home: String, runtime: String) -> [String: String] {
        [
            "HOME": home, "XDG_RUNTIME_DIR": runtime, "XDG_CONFIG_HOME": home + "/.config",
            "XDG_DATA_HOME": home + "/.local/share",
            "PATH": "\(home)/.local/bin:/usr/bin:/bin", "LANG": "C.UTF-8",
        ]
    }

    var socket: String { runtime + "/animd.sock" }

    @discardableResult
    func systemctl(_ arguments: [String]) -> (status: Int32, output: String) {
        (try? runTool("/usr/bin/systemctl", ["--user", "--no-pager"] + arguments, environment: environment)) ?? (
            127, ""
        )
    }

    /// Runs an installed command in a session whose variables are `session`, laid over the home's.
    func run(_ command: String, _ arguments: [String], session: [String: String] = [:]) throws -> (
        status: Int32, output: String
    ) {
        try runTool(
            home + "/.local/bin/" + command, arguments, environment: environment.merging(session) { $1 },
            readingBoth: true)
    }

    /// `daemon.hello` over the unit's socket (which starts animd if it is not running).
    func hello() throws -> JSONValue { try RPCConnection(path: socket).ok("daemon.hello") }

    /// A session unit as GNOME's and KDE's are: it binds graphical-session.target, which starts what is enabled for it.
    func addGraphicalSession() throws {
        let folder = home + "/.config/systemd/user"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try """
        [Unit]
        Description=a desktop session that reaches graphical-session.target, as GNOME's and KDE Plasma's do
        BindsTo=graphical-session.target
        Wants=graphical-session.target
        Before=graphical-session.target
        """.write(toFile: folder + "/test-session.target", atomically: true, encoding: .utf8)
        _ = systemctl(["daemon-reload"])
    }
}

@Suite(
    .serialized,
    .enabled(
        if: UserManager.canRun && Xvfb.installed,
        "needs root, systemd, unshare and Xvfb, and a user manager that answers here"))
struct UserManagerTests {
    /// A session that reaches graphical-session.target starts an enabled animd with its display; a log-out stops
    /// animd.service and leaves animd.socket listening (it was PartOf the session, and stayed stopped: animctl then
    /// exited 3), which starts animd again on the next connection; and a log-in again starts it.
    @Test func aSessionThatReachesTheGraphicalTargetStartsAnimd() throws {
        let xvfb = try Xvfb(size: "1024x768x24")
        let manager = try UserManager()
        try manager.addGraphicalSession()
        #expect(manager.systemctl(["set-environment", "DISPLAY=\(xvfb.display)"]).status == 0)
        // As docs/service.md says, once: enabled, and the socket listening from now on.
        #expect(manager.systemctl(["enable", "--now", "animd.socket"]).status == 0)
        #expect(manager.systemctl(["enable", "animd.service"]).status == 0)
        // systemd 252 took graphical-session.target's new wants only after a reload, in this order of commands.
        #expect(manager.systemctl(["daemon-reload"]).status == 0)
        #expect(manager.systemctl(["start", "test-session.target"]).status == 0)
        try waitUntil("animd.service runs") {
            manager.systemctl(["is-active", "--quiet", "animd.service"]).status == 0
        }
        let hello = try manager.hello()
        #expect(hello["input"]?["display"] == .string(xvfb.display) && hello["input"]?["connected"] == true, "\(hello)")
        let mainPID = manager.systemctl(["show", "--property=MainPID", "--value", "animd.service"]).output
            .trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(hello["pid"]?.integer.map(String.init) == mainPID, "systemd runs it")

        // Log out: the session goes, graphical-session.target with it (systemd stops it once unneeded; a pending job
        // can keep it, so the test stops it as a desktop's log-out does), and animd.service with them; the socket stays.
        #expect(manager.systemctl(["stop", "test-session.target", "graphical-session.target"]).status == 0)
        try waitUntil("animd.service stops with the session") {
            manager.systemctl(["is-active", "--quiet", "animd.service"]).status != 0
        }
        #expect(
            manager.systemctl(["is-active", "--quiet", "animd.socket"]).status == 0, "the socket outlives the session")
        let between = try manager.run("animctl", ["hello", "--socket", manager.socket])
        #expect(between.status == 0, "a client between sessions starts animd through the socket: \(between.output)")
        // Log in again.
        #expect(manager.systemctl(["start", "test-session.target"]).status == 0)
        #expect(try manager.hello()["input"]?["display"] == .string(xvfb.display))
    }

    /// A session that reaches no graphical-session.target (XFCE, LXQt, openbox, i3, sway) runs animd's XDG autostart
    /// entry, or the `exec` line sway and i3 take: `animctl session-start` starts nothing until the user enabled
    /// animd, then starts it with the session's display; with animd running, it hands over a new display.
    @Test func anAutostartSessionStartsAnEnabledAnimdWithItsDisplay() throws {
        let xvfb = try Xvfb(size: "1024x768x24")
        let manager = try UserManager()
        let entry = try String(contentsOfFile: manager.home + "/.config/autostart/animd.desktop", encoding: .utf8)
        let exec = try #require(entry.split(separator: "\n").first { $0.hasPrefix("Exec=") }).dropFirst("Exec=".count)
            .split(separator: " ")
        #expect(exec == [Substring(manager.home + "/.local/bin/animctl"), "session-start"], "\(exec)")
        let session = ["DISPLAY": xvfb.display, "XDG_SESSION_TYPE": "x11", "XDG_CURRENT_DESKTOP": "XFCE"]
        let disabled = try manager.run("animctl", ["session-start"], session: session)
        #expect(disabled.status == 0 && disabled.output.contains("animd is not enabled"), "\(disabled.output)")
        #expect(manager.systemctl(["is-active", "--quiet", "animd.service"]).status != 0, "nothing was started")

        #expect(manager.systemctl(["enable", "animd.socket", "animd.service"]).status == 0)
        let started = try manager.run("animctl", ["session-start"], session: session)
        #expect(
            started.status == 0 && started.output.contains("animd started for this session (DISPLAY=\(xvfb.display))"),
            "\(started.output)")
        #expect(try manager.hello()["input"]?["display"] == .string(xvfb.display))
        #expect(
            manager.systemctl(["show-environment"]).output.contains("DISPLAY=\(xvfb.display)"),
            "imported into the manager")

        // Another session (a new display) while animd runs: it is handed over, without a restart of the service.
        let other = try Xvfb(size: "800x600x24")
        let handed = try manager.run(
            "animctl", ["session-start"], session: session.merging(["DISPLAY": other.display]) { $1 })
        #expect(
            handed.output.contains("animd runs already; it was given this session's variables (input restarted)"),
            "\(handed.output)")
        #expect(try manager.hello()["input"]?["display"] == .string(other.display))

        // Doctor, from the session: nothing to fix, once the input restarted on the new display has connected (CI
        // once ran doctor while it was still connecting, which doctor rightly calls a problem).
        try waitUntil("input connects to \(other.display)") { try manager.hello()["input"]?["connected"] == true }
        let doctor = try manager.run(
            "animctl", ["doctor", "--socket", manager.socket],
            session: session.merging(["DISPLAY": other.display]) { $1 })
        #expect(doctor.status == 0, "\(doctor.output)")
        #expect(
            doctor.output.contains(
                "this session (XFCE) runs \(manager.home)/.config/autostart/animd.desktop, which starts animd"),
            "\(doctor.output)")
    }

    /// `animd` started by hand while systemd's animd.socket listens says so, and names the command that lets it run
    /// (it said "another program listens there").
    @Test func animdByHandBesideTheSocketSaysWhatToDo() throws {
        let manager = try UserManager()
        #expect(manager.systemctl(["start", "animd.socket"]).status == 0)
        let byHand = try manager.run("animd", ["--socket", manager.socket])
        #expect(byHand.status == 1, "\(byHand.output)")
        #expect(
            byHand.output.contains("systemd's animd.socket listens there, and starts animd as a service for it")
                && byHand.output.contains("systemctl --user stop animd.socket animd.service"), "\(byHand.output)")
    }

    /// `animctl doctor`'s findings, each made true and then false: the units not enabled, then enabled; the session's
    /// display not given to animd nor to the manager, then given; touchegg running, then not. Each problem has its
    /// fix, and the exit status is 1 while any is there.
    @Test func doctorFindsEachProblemAndItsFix() throws {
        let xvfb = try Xvfb(size: "1024x768x24")
        let manager = try UserManager()
        let session = ["DISPLAY": xvfb.display, "XDG_SESSION_TYPE": "x11", "XDG_CURRENT_DESKTOP": "XFCE"]
        func doctor() throws -> (status: Int32, findings: [JSONValue]) {
            let run = try manager.run("animctl", ["doctor", "--json", "--socket", manager.socket], session: session)
            return (run.status, (try? JSONParser.parse(Array(run.output.utf8)))?.array ?? [])
        }
        func finding(_ findings: [JSONValue], _ topic: String) -> JSONValue? {
            findings.first { $0["topic"] == .string(topic) }
        }

        var (status, findings) = try doctor()
        #expect(status == 1)
        #expect(
            finding(findings, "daemon")?["verdict"] == "problem"
                && finding(findings, "daemon")?["fix"] == "systemctl --user enable --now animd.socket animd.service")
        #expect(
            finding(findings, "units")?["text"]?.string?.contains("neither animd.service nor animd.socket is enabled")
                == true)

        // Enabled and running by the socket, but without the session's display.
        #expect(manager.systemctl(["enable", "--now", "animd.socket", "animd.service"]).status == 0)
        _ = try manager.hello()
        (status, findings) = try doctor()
        #expect(status == 1)
        #expect(finding(findings, "units")?["verdict"] == "ok")
        let variables = findings.filter { $0["topic"] == "session variables" }
        #expect(
            variables.contains {
                $0["verdict"] == "problem" && $0["text"]?.string?.contains("but animd reads no display") == true
                    && $0["fix"]?.string?.hasPrefix("systemctl --user import-environment") == true
            }, "\(variables)")
        #expect(
            variables.contains {
                $0["text"]?.string?.contains("systemd's user manager lacks this session's DISPLAY") == true
            }, "\(variables)")
        _ = try manager.run("animctl", ["session-start"], session: session)
        (status, findings) = try doctor()
        #expect(
            findings.filter { $0["topic"] == "session variables" }.allSatisfy { $0["verdict"] == "ok" }, "\(findings)")
        #expect(status == 0, "\(findings)")

        // A gesture tool that reads the same touches.
        let tool = manager.home + "/touchegg"
        try FileManager.default.copyItem(atPath: "/bin/sleep", toPath: tool)
        let touchegg = Process()
        touchegg.executableURL = URL(fileURLWithPath: tool)
        touchegg.arguments = ["60"]
        try touchegg.run()
        (status, findings) = try doctor()
        #expect(status == 1)
        let running = try #require(finding(findings, "gesture tools"))
        #expect(
            running["text"]?.string?.hasPrefix("touchegg is running (pid \(touchegg.processIdentifier))") == true,
            "\(running)")
        #expect(running["fix"]?.string?.contains("systemctl disable --now touchegg.service") == true)
        // SIGKILL: the test runner's blocked SIGTERM is inherited.
        kill(touchegg.processIdentifier, SIGKILL)
        touchegg.waitUntilExit()
        (status, findings) = try doctor()
        #expect(status == 0 && finding(findings, "gesture tools") == nil, "\(findings)")
    }
}
