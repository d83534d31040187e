import AnimClient
import AnimProtocol
import Foundation
import JSONText
import Testing
import XorgInputTest

/// The focused application from the desktop shell on a real session bus (issue 31), each shell's D-Bus contract
/// played by a stand-in (Tests/Fixtures/focus/shell-standin.py) for what the real shells (GNOMEShellTests, KWinTests)
/// cannot show here: the third-party Focused Window D-Bus extension, which is not packaged; Plasma 6's scripting
/// names, beside 5.27's; a forged Report; a bus policy that denies the question; KWin restarting. KWin's stand-in runs
/// animd's own KWin script under node against KWin's scripting API as the script uses it (kwin-harness.js).
@Suite(
    .serialized,
    .enabled(
        if: PortalSession.installed && FileManager.default.isExecutableFile(atPath: "/usr/bin/node"),
        "needs dbus-daemon, python3-gi and node (scripts/install-deps.sh)"))
struct ShellFocusTests {
    static let script = Binaries.repo.appendingPathComponent("Tests/Fixtures/focus/shell-standin.py").path

    /// The sidebar's left edge, only over Firefox.
    static let config = FocusTests.config(#"apps = ["firefox"]"#)

    static func standIn(_ arguments: [String], on bus: PortalSession) throws -> LineProcess {
        let process = try LineProcess(
            URL(fileURLWithPath: "/usr/bin/python3"), [script] + arguments,
            environment: ["DBUS_SESSION_BUS_ADDRESS": bus.address])
        guard process.wait(for: "ready") else { throw HarnessError("the stand-in \(arguments) never owned its name") }
        return process
    }

    static func daemon(on bus: PortalSession, runtime: String? = nil) throws -> DaemonProcess {
        var environment = ["DBUS_SESSION_BUS_ADDRESS": bus.address]
        if let runtime { environment["XDG_RUNTIME_DIR"] = runtime }
        return try DaemonProcess(config: config, environment: environment)
    }

    static func waitForFocus(_ rpc: RPCConnection, _ what: String, _ match: @escaping (JSONValue) -> Bool) throws
        -> JSONValue
    {
        try waitForFocus(what, hello: { try rpc.ok("daemon.hello") }, match)
    }

    static func waitForFocus(_ what: String, hello: () throws -> JSONValue, _ match: (JSONValue) -> Bool) throws
        -> JSONValue
    {
        var focus = JSONValue.null
        try waitUntil("the focus is \(what) (it is \(focus))") {
            focus = try hello()["focus"] ?? .null
            return match(focus)
        }
        return focus
    }

    @Test func gnomesExtensionIsFollowed() throws {
        let bus = try PortalSession(bare: ())
        let shell = try Self.standIn(["gnome"], on: bus)
        defer { shell.close() }
        let daemon = try Self.daemon(on: bus)
        let rpc = try daemon.connect()
        _ = try Self.waitForFocus(rpc, "no window, from the Focused Window extension") {
            $0["source"] == "gnome-focused-window" && $0["app"] == .null
        }
        #expect(try CompositorFocusTests.swipe(rpc, fromLeft: true, transition: "sidebar") == false)

        shell.send(#"{"title":"animd","wm_class":"firefox","wm_class_instance":"Navigator","pid":42,"focus":true}"#)
        let focus = try Self.waitForFocus(rpc, "firefox") { $0["app"] == "firefox" }
        #expect(
            focus["names"] == ["Navigator", "firefox"] && focus["source"] == "gnome-focused-window"
                && focus["fullscreen"] == false)
        let hello = try animctl(["hello"], socket: daemon.socket)
        #expect(
            hello.stdout.contains(
                "from gnome-focused-window (it cannot tell full screen; animd's own extension can: "
                    + "gnome-extensions enable animd@animd.org"), "\(hello.stdout)")
        #expect(try CompositorFocusTests.swipe(rpc, fromLeft: true, transition: "sidebar") == true)

        shell.send("not json at all")
        #expect(shell.wait(for: "sent"))
        #expect(try rpc.ok("daemon.hello")["focus"]?["app"] == "firefox", "a signal animd cannot read changes nothing")

        shell.close()
        _ = try Self.waitForFocus(rpc, "unknown once GNOME Shell left") { $0["source"] == .null }
        let back = try Self.standIn(["gnome"], on: bus)
        defer { back.close() }
        _ = try Self.waitForFocus(rpc, "from gnome again") { $0["source"] == "gnome-focused-window" }
    }

    @Test func gnomeWithoutTheExtensionSaysHowToGetIt() throws {
        let bus = try PortalSession(bare: ())
        let shell = try Self.standIn(["gnome", "--no-extension"], on: bus)
        defer { shell.close() }
        let daemon = try Self.daemon(on: bus)
        let rpc = try daemon.connect()
        let focus = try Self.waitForFocus(rpc, "unknown, with the extension named") {
            $0["reason"]?.string?.contains("gnome-extensions enable animd@animd.org (GNOME 45–49) or animd-gnome43")
                == true
        }
        #expect(focus["source"] == .null && focus["app"] == .null)
    }

    /// Asking the bus who owns KWin's name fails (the bus's policy denies `GetNameOwner`, as an administrator's
    /// could): the focus says so, with the bus's error, instead of staying null, and animd asks again every 2 s; once
    /// the policy allows it, KWin is handed the script and the focus is KWin's. Before, a failed question was taken
    /// for "no KWin", and KWin was never asked again until its name changed owner.
    @Test func aShellWhoseOwnerCannotBeAskedIsAskedAgain() throws {
        let bus = try PortalSession(bare: ())
        let shell = try Self.standIn(["kde", "plasma6"], on: bus)
        defer { shell.close() }
        try bus.changePolicy(
            denying:
                #"send_destination="org.freedesktop.DBus" send_interface="org.freedesktop.DBus" send_member="GetNameOwner""#
        )
        // dbus-daemon reads its policy again as it handles the SIGHUP: asked until it refuses.
        try waitUntil("the policy is in force") {
            let asked = try runTool(
                "/usr/bin/gdbus",
                [
                    "call", "--address", bus.address, "--dest", "org.freedesktop.DBus", "--object-path",
                    "/org/freedesktop/DBus", "--method", "org.freedesktop.DBus.GetNameOwner", "org.kde.KWin",
                ],
                readingStderr: true)
            return asked.status != 0 && asked.output.contains("AccessDenied")
        }
        let daemon = try Self.daemon(on: bus, runtime: bus.folder)
        let rpc = try daemon.connect()
        let denied = try Self.waitForFocus(rpc, "unknown, saying why") {
            $0["reason"]?.string?.contains("could not ask the session bus who owns") == true
        }
        #expect(denied["reason"]?.string?.contains("org.freedesktop.DBus.Error.AccessDenied") == true, "\(denied)")
        try bus.changePolicy(denying: nil)
        #expect(
            shell.wait(for: "loaded animd-focus") && shell.wait(for: "started"),
            "asked again, KWin is handed the script")
        shell.send("activate firefox Navigator")
        _ = try Self.waitForFocus(rpc, "firefox") { $0["app"] == "firefox" && $0["source"] == "kde" }
    }

    /// animd writes its script where only its user reads it, loads it into KWin and starts it; the script reports each
    /// activation and full-screen change; a Report from any other connection than KWin's is ignored; a KWin that
    /// restarts gets the script again. Both Plasma 6's names and Plasma 5's (`clientActivated`, `activeClient`) are
    /// followed.
    @Test(arguments: ["plasma6", "plasma5"]) func kwinRunsAnimdsScript(variant: String) throws {
        let bus = try PortalSession(bare: ())
        let shell = try Self.standIn(["kde", variant], on: bus)
        defer { shell.close() }
        let daemon = try Self.daemon(on: bus, runtime: bus.folder)
        let rpc = try daemon.connect()
        #expect(shell.wait(for: "loaded animd-focus") && shell.wait(for: "started"))
        let script = bus.folder + "/animd-kwin-focus.js"
        let mode = (try FileManager.default.attributesOfItem(atPath: script)[.posixPermissions] as? Int) ?? 0
        #expect(mode == 0o600, "the script is its user's alone: \(String(mode, radix: 8))")
        _ = try Self.waitForFocus(rpc, "no window, from kde") { $0["source"] == "kde" && $0["app"] == .null }

        shell.send("activate firefox Navigator")
        let focus = try Self.waitForFocus(rpc, "firefox") { $0["app"] == "firefox" }
        #expect(focus["names"] == ["Navigator", "firefox"] && focus["fullscreen"] == false)
        #expect(try CompositorFocusTests.swipe(rpc, fromLeft: true, transition: "sidebar") == true)
        shell.send("fullscreen 1")
        _ = try Self.waitForFocus(rpc, "full screen") { $0["fullscreen"] == true }

        // Another client that calls Report is not KWin.
        let unique =
            try String(contentsOfFile: script, encoding: .utf8).firstMatch(of: /callDBus\("([^"]+)"/).map {
                String($0.1)
            } ?? ""
        let forged = try runTool(
            "/usr/bin/gdbus",
            [
                "call", "--address", bus.address, "--dest", unique, "--object-path", "/org/animd/Focus",
                "--method", "org.animd.Focus.Report", "evil", "evil", "false",
            ], readingStderr: true)
        #expect(!unique.isEmpty && forged.status != 0, "the forged call is not answered: \(forged.output)")
        #expect(try rpc.ok("daemon.hello")["focus"]?["app"] == "firefox")

        shell.send("none")
        _ = try Self.waitForFocus(rpc, "no window") { $0["source"] == "kde" && $0["app"] == .null }

        // KWin restarts: animd loads its script into the new one, which reports again.
        shell.close()
        _ = try Self.waitForFocus(rpc, "unknown once KWin left") { $0["source"] == .null }
        let restarted = try Self.standIn(["kde", variant], on: bus)
        defer { restarted.close() }
        #expect(restarted.wait(for: "loaded animd-focus") && restarted.wait(for: "started"))
        _ = try Self.waitForFocus(rpc, "from the new KWin") { $0["source"] == "kde" }
    }

    /// Issue 47: animd ran the KWin script from `/tmp/animd-kwin-focus-UID.js` without a runtime folder, where another
    /// user could plant a link (animd then overwrote the victim's own file) or a file of theirs (which they could
    /// rewrite before KWin loaded it). Here animd runs as one user (65534) without XDG_RUNTIME_DIR, and another
    /// (65533) plants both at the old name: neither is followed, written nor handed to KWin, and the script goes into
    /// animd's own private `/tmp/animd-65534`, where focus works. When that user owns that folder instead, KWin
    /// focus is off, hello says why, and KWin is handed nothing.
    @Test(
        .enabled(
            if: getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"),
            "needs root, to be two users"))
    func kwinScriptCannotBePlanted() throws {
        let (victim, attacker): (uid_t, uid_t) = (65534, 65533)
        let oldPath = "/tmp/animd-kwin-focus-\(victim).js", privateFolder = "/tmp/animd-\(victim)"
        for path in [oldPath, privateFolder + "/animd-kwin-focus.js"] { unlink(path) }
        rmdir(privateFolder)
        defer {
            for path in [oldPath, privateFolder + "/animd-kwin-focus.js"] { unlink(path) }
            rmdir(privateFolder)
        }
        // The victim's own file, which a link at the old name points to.
        let own = try DaemonProcess.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: own) }
        let victimsFile = own + "/notes"
        try "the victim's own\n".write(toFile: victimsFile, atomically: false, encoding: .utf8)
        chown(own, victim, gid_t(victim)); chown(victimsFile, victim, gid_t(victim)); chmod(victimsFile, 0o600)
        #expect(symlink(victimsFile, oldPath) == 0)
        lchown(oldPath, attacker, gid_t(attacker))

        let bus = try PortalSession(bare: ())
        chmod(bus.folder, 0o711)
        chmod(bus.folder + "/bus", 0o777)
        let shell = try Self.standIn(["kde", "plasma6"], on: bus)
        let daemon = try DaemonProcess(
            config: Self.config, environment: ["DBUS_SESSION_BUS_ADDRESS": bus.address, "XDG_RUNTIME_DIR": ""],
            user: victim)
        let hello = { try daemon.helloAsItsUser() }
        #expect(
            shell.wait(for: "script at \(privateFolder)/animd-kwin-focus.js") && shell.wait(for: "started"),
            "animd's log: \(daemon.log)")
        shell.send("activate firefox Navigator")
        _ = try Self.waitForFocus("firefox, through the private folder", hello: hello) {
            $0["app"] == "firefox" && $0["source"] == "kde"
        }
        var folder = stat()
        #expect(lstat(privateFolder, &folder) == 0 && folder.st_uid == victim && folder.st_mode & 0o777 == 0o700)
        #expect(
            try String(contentsOfFile: victimsFile, encoding: .utf8) == "the victim's own\n",
            "the link was not followed")
        shell.close()
        _ = try Self.waitForFocus("unknown once KWin left", hello: hello) { $0["source"] == .null }

        // A file of the attacker's, writable by all, at the old name instead.
        unlink(oldPath)
        try "planted\n".write(toFile: oldPath, atomically: false, encoding: .utf8)
        chown(oldPath, attacker, gid_t(attacker)); chmod(oldPath, 0o666)
        let second = try Self.standIn(["kde", "plasma6"], on: bus)
        #expect(second.wait(for: "script at \(privateFolder)/animd-kwin-focus.js") && second.wait(for: "started"))
        #expect(try String(contentsOfFile: oldPath, encoding: .utf8) == "planted\n", "the planted file was not written")
        second.close()
        _ = try Self.waitForFocus("unknown once KWin left again", hello: hello) { $0["source"] == .null }

        // The attacker takes the private folder's name first: KWin focus is off, and nothing is handed to KWin.
        unlink(privateFolder + "/animd-kwin-focus.js")
        rmdir(privateFolder)
        mkdir(privateFolder, 0o777)
        chown(privateFolder, attacker, gid_t(attacker)); chmod(privateFolder, 0o777)
        let third = try Self.standIn(["kde", "plasma6"], on: bus)
        defer { third.close() }
        let off = try Self.waitForFocus("off, with the reason", hello: hello) {
            $0["reason"]?.string?.contains("KWin focus is off") == true
        }
        #expect(
            off["reason"]?.string?.contains("belongs to uid \(attacker)") == true
                && off["reason"]?.string?.contains("XDG_RUNTIME_DIR") == true,
            "\(off)")
        #expect(third.nextLine(timeout: 1) == nil, "KWin was handed nothing")
        #expect(
            (try? FileManager.default.contentsOfDirectory(atPath: privateFolder)) == [],
            "nothing was written into the attacker's folder")
    }
}
