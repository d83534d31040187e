import AnimClient
import AnimProtocol
import Foundation
import JSONText
import Testing

/// Reduced motion through a real daemon (issue 30, its manual part): `animctl motion` and `[daemon] motion` set it,
/// `hello` and the `daemon.motion` event say so, and the legs clients receive follow it.
@Suite struct MotionTests {
    /// Full motion by default, and why; `animctl motion reduced` makes the next toggle instant (a leg of zero
    /// duration, at its end), tells the `motion` group, and `full` brings the spring back.
    @Test func animctlReducesAndRestoresMotion() throws {
        let daemon = try DaemonProcess()
        let rpc = try daemon.connect()
        let motion = try #require(try rpc.ok("daemon.hello")["motion"])
        #expect(motion["state"] == "full" && motion["setting"] == "auto" && motion["source"] == .null)
        #expect(motion["detail"]?.string?.contains("no session bus") == true, "\(motion)")
        #expect(
            motion["detail"]?.string?.contains(
                "sets no AnimationDurationFactor (1); no XSETTINGS manager says Gtk/EnableAnimations") == true,
            "\(motion)")
        _ = try rpc.ok("subscribe", ["transitions": ["sidebar"], "events": ["state", "motion"]])

        let reduced = try animctl(["motion", "reduced"], socket: daemon.socket)
        #expect(
            reduced.status == 0
                && reduced.stdout.hasPrefix("reduced (reduced, set by animctl; completions are instant)"),
            "\(reduced.stdout)")
        let (method, event) = try rpc.notification(where: { _, _ in true })
        #expect(method == .motion && event["state"] == "reduced" && event["source"] == "animctl")
        _ = try rpc.ok("transition.toggle", ["name": "sidebar"])
        let instant = try rpc.notifications(until: { method, _ in method == .ended })
        let began = try #require(instant.first { $0.0 == .began }?.1)
        #expect(
            began["leg"]?["kind"] == "cubic" && began["leg"]?["duration"] == 0 && began["progress"] == 1, "\(began)")
        #expect(instant.last?.1["snap"] == 1)

        #expect(try animctl(["motion", "full"], socket: daemon.socket).status == 0)
        _ = try rpc.notification(where: { method, params in method == .motion && params["state"] == "full" })
        _ = try rpc.ok("transition.toggle", ["name": "sidebar"])
        let (_, spring) = try rpc.notification(where: { method, _ in method == .began })
        #expect(spring["leg"]?["kind"] == "spring")
        let hello = try animctl(["hello"], socket: daemon.socket)
        #expect(hello.stdout.contains("motion      full (full, set by animctl)"), "\(hello.stdout)")
    }

    /// `[daemon] motion = "reduced"` with a `reduced-duration`: completions are that long an ease-out, with no
    /// spring. A run-time setting outlives a reload; a bad one is refused and changes nothing.
    @Test func theConfigReducesAndARunTimeSettingOutlivesAReload() throws {
        let daemon = try DaemonProcess(
            config: "defaults = true\n[daemon]\nmotion = \"reduced\"\nreduced-duration = 0.2\n")
        let rpc = try daemon.connect()
        #expect(try rpc.ok("daemon.motion")["source"] == "config")
        _ = try rpc.ok("subscribe", ["transitions": ["sidebar"]])
        _ = try rpc.ok("transition.toggle", ["name": "sidebar"])
        let (_, began) = try rpc.notification(where: { method, _ in method == .began })
        #expect(
            began["leg"]?["kind"] == "cubic" && began["leg"]?["duration"] == 0.2
                && began["leg"]?["controlPoints"] == [0, 0, 0.58, 1],
            "\(began)")
        let full = try rpc.ok("daemon.motion", ["setting": "full"])
        #expect(full["state"] == "full" && full["source"] == "animctl")
        _ = try rpc.ok("daemon.reload")
        #expect(try rpc.ok("daemon.motion")["state"] == "full", "the run-time setting outlives the reload")
        let refused = try rpc.failing("daemon.motion", ["setting": "slow"])
        #expect(
            refused.code == -32602 && refused.message.contains("\"setting\" must be \"auto\", \"full\" or \"reduced\""))
        let usage = try animctl(["motion", "slow"], socket: daemon.socket)
        #expect(usage.status == 2 && usage.stderr.contains("must be auto, full or reduced"))
        #expect(try rpc.ok("daemon.motion")["state"] == "full")
    }

    /// KDE's `kdeglobals`, followed live under `auto`, whether it is replaced (as KConfig writes it) or written in
    /// place: a factor of 0 reduces motion; 0.5 halves a spring's settling time against 1's; garbage is not used, and
    /// `detail` says why; a manual setting wins over it.
    @Test func kdeglobalsIsFollowed() throws {
        let home = try DaemonProcess.makeFolder()
        let file = home + "/kdeglobals"
        try "[General]\nColorScheme=Breeze\n\n[KDE]\nAnimationDurationFactor=0\n".write(
            toFile: file, atomically: true, encoding: .utf8)
        let daemon = try DaemonProcess(environment: ["XDG_CONFIG_HOME": home])
        let rpc = try daemon.connect()
        let start = try rpc.ok("daemon.motion")
        #expect(start["state"] == "reduced" && start["source"] == "kde", "\(start)")
        _ = try rpc.ok("subscribe", ["transitions": ["sidebar"], "events": ["state", "motion"]])

        /// Replaces the file as KConfig does (a new file renamed over it), then toggles the sidebar.
        func settling(after text: String) throws -> (JSONValue, Double?) {
            try text.write(toFile: file, atomically: true, encoding: .utf8)
            let (_, motion) = try rpc.notification(where: { method, _ in method == .motion })
            _ = try rpc.ok("transition.toggle", ["name": "sidebar"])
            let leg = try rpc.notifications(until: { method, _ in method == .ended }).first { $0.0 == .began }?.1["leg"]
            return (motion, leg?["settlingTime"]?.number)
        }
        let (half, fast) = try settling(after: "[KDE]\nAnimationDurationFactor=0.5\n")
        #expect(half["state"] == "full" && half["factor"] == 0.5 && half["source"] == "kde", "\(half)")
        let (one, slow) = try settling(after: "[KDE][$i]\nAnimationDurationFactor = 1\n")
        #expect(one["factor"] == 1 && one["source"] == .null, "\(one)")
        let (fastTime, slowTime) = (try #require(fast), try #require(slow))
        #expect(
            abs(fastTime - slowTime / 2) <= 0.01 * slowTime, "settling \(fastTime) s at 0.5 against \(slowTime) s at 1")

        try "[KDE]\nAnimationDurationFactor=0\n".write(toFile: file, atomically: true, encoding: .utf8)
        _ = try rpc.notification(where: { method, params in method == .motion && params["state"] == "reduced" })
        // Written in place, the file may be read half written first: the state it settles in is what counts.
        let handle = try #require(FileHandle(forWritingAtPath: file))
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: Data("[KDE]\nAnimationDurationFactor=fast\n".utf8))
        try handle.close()
        let (_, garbage) = try rpc.notification(where: { method, params in
            method == .motion
                && params["detail"]?.string?.contains("is not used: AnimationDurationFactor=fast is not 0 nor a factor")
                    == true
        })
        #expect(garbage["state"] == "full" && garbage["factor"] == 1, "\(garbage)")
        try "[KDE]\nAnimationDurationFactor=0\n".write(toFile: file, atomically: true, encoding: .utf8)
        _ = try rpc.notification(where: { method, params in method == .motion && params["state"] == "reduced" })
        #expect(try rpc.ok("daemon.motion", ["setting": "full"])["state"] == "full", "a manual setting wins over KDE's")
        try? FileManager.default.removeItem(atPath: home)

        // And the config's own setting, the other way: full, whatever KDE says.
        let configured = try DaemonProcess(
            config: "defaults = true\n[daemon]\nmotion = \"full\"\n", environment: ["XDG_CONFIG_HOME": home])
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        try "[KDE]\nAnimationDurationFactor=0\n".write(toFile: file, atomically: true, encoding: .utf8)
        let full = try configured.connect().ok("daemon.motion")
        #expect(full["state"] == "full" && full["source"] == "config", "\(full)")
        try? FileManager.default.removeItem(atPath: home)
    }

    /// Issue 57: `kdeglobals` as a FIFO. Opened with a blocking `open()` on the event loop, it kept the socket from
    /// ever being bound at start-up, and at run time, after a FIFO was renamed over the file, held the loop (and
    /// SIGTERM) until a writer came. Now it is refused without waiting, with why in `daemon.motion`'s detail, both
    /// times; the loop answers throughout, and SIGTERM ends animd.
    @Test func aFIFOAtKdeglobalsNeverHoldsTheLoop() throws {
        let home = try DaemonProcess.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let file = home + "/kdeglobals"
        #expect(mkfifo(file, 0o600) == 0)
        let daemon = try DaemonProcess(environment: ["XDG_CONFIG_HOME": home])
        let rpc = try daemon.connect()
        let start = try rpc.ok("daemon.motion")
        #expect(start["detail"]?.string?.contains("is a FIFO, not a regular file") == true, "\(start)")
        _ = try rpc.ok("subscribe", ["events": ["motion"]])
        // A real file first, then a FIFO renamed over it, as a rename would put any file there.
        try "[KDE]\nAnimationDurationFactor=0\n".write(toFile: file + ".new", atomically: false, encoding: .utf8)
        #expect(rename(file + ".new", file) == 0)
        _ = try rpc.notification(where: { method, params in method == .motion && params["state"] == "reduced" })
        #expect(mkfifo(file + ".fifo", 0o600) == 0 && rename(file + ".fifo", file) == 0)
        let (_, refused) = try rpc.notification(where: { method, params in
            method == .motion && params["detail"]?.string?.contains("is a FIFO, not a regular file") == true
        })
        #expect(refused["state"] == "full", "\(refused)")
        let fresh = try daemon.connect()
        #expect(
            try fresh.ok("transition.get", ["name": "sidebar"], timeout: 2)["name"] == "sidebar", "the loop answers")
        #expect(daemon.terminate() == 0, "SIGTERM is served")
    }

    /// XSETTINGS under Xvfb, served by a real manager (xsettingsd): `Gtk/EnableAnimations 0` reduces motion; a
    /// change of setting (xsettingsd rereads its file on SIGHUP) and a manager that goes away and another that takes
    /// its place are followed live.
    @Test(
        .enabled(
            if: Xvfb.installed && FileManager.default.isExecutableFile(atPath: "/usr/bin/xsettingsd"),
            "needs Xvfb and xsettingsd (scripts/install-deps.sh)"))
    func xsettingsIsFollowed() throws {
        let xvfb = try Xvfb()
        let folder = try DaemonProcess.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let settings = folder + "/xsettingsd.conf"
        func manager(_ enabled: Int) throws -> Process {
            try "Net/ThemeName \"Adwaita\"\nGtk/EnableAnimations \(enabled)\n".write(
                toFile: settings, atomically: true, encoding: .utf8)
            // The test runner's blocked signal mask is inherited (Xvfb.stop): cleared, so that SIGHUP reaches xsettingsd.
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
            process.arguments = [
                "-c",
                "import os, signal, sys; signal.pthread_sigmask(signal.SIG_SETMASK, []); "
                    + "os.execv('/usr/bin/xsettingsd', ['xsettingsd', '-c', sys.argv[1]])", settings,
            ]
            process.environment = ["DISPLAY": xvfb.display]
            process.standardError = FileHandle.nullDevice
            try process.run()
            return process
        }
        var xsettingsd = try manager(0)
        let daemon = try DaemonProcess(display: xvfb.display)
        let rpc = try daemon.connect()
        try waitUntil("animd reads the manager's setting") { try rpc.ok("daemon.motion")["source"] == "xsettings" }
        #expect(try rpc.ok("daemon.motion")["state"] == "reduced")
        _ = try rpc.ok("subscribe", ["events": ["motion"]])

        try "Gtk/EnableAnimations 1\n".write(toFile: settings, atomically: true, encoding: .utf8)
        kill(xsettingsd.processIdentifier, SIGHUP)
        let (_, enabled) = try rpc.notification(where: { method, _ in method == .motion })
        #expect(
            enabled["state"] == "full"
                && enabled["detail"]?.string?.contains("XSETTINGS says Gtk/EnableAnimations=1") == true, "\(enabled)")

        kill(xsettingsd.processIdentifier, SIGKILL)
        xsettingsd.waitUntilExit()
        let (_, gone) = try rpc.notification(where: { method, _ in method == .motion })
        #expect(gone["detail"]?.string?.contains("no XSETTINGS manager says") == true, "\(gone)")

        xsettingsd = try manager(0)
        let (_, back) = try rpc.notification(where: { method, _ in method == .motion })
        #expect(back["state"] == "reduced" && back["source"] == "xsettings", "a new manager is followed: \(back)")

        kill(xsettingsd.processIdentifier, SIGKILL)
        xsettingsd.waitUntilExit()
    }

    /// An XSETTINGS property of any size (a manager of the tests' own, `animd-xprobe xsettings-manager`): 1 MB of
    /// other settings beside `Gtk/EnableAnimations` is read whole; 2 MB is past animd's 1 MiB bound, so the setting is
    /// lost, and `detail` says so; bytes that are not XSETTINGS are lost the same way; animd answers throughout.
    @Test(.enabled(if: Xvfb.installed, "needs Xvfb (scripts/install-deps.sh)")) func xsettingsOfAnySize() throws {
        let xvfb = try Xvfb()
        let folder = try DaemonProcess.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        /// The XSETTINGS layout, least significant byte first: `Net/Padding` holding `padding` bytes, then the switch.
        func property(enabled: Int32, padding: Int) -> [UInt8] {
            func card32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8((value >> (8 * $0)) & 0xff) } }
            func setting(_ type: UInt8, _ name: String, _ value: [UInt8]) -> [UInt8] {
                let bytes = Array(name.utf8)
                return [type, 0, UInt8(bytes.count & 0xff), UInt8(bytes.count >> 8)] + bytes
                    + Array(repeating: 0, count: (4 - bytes.count % 4) % 4)
                    + card32(0) + value
            }
            let text = [UInt8](repeating: 120, count: padding)
            return [0, 0, 0, 0] + card32(1) + card32(2)
                + setting(
                    1, "Net/Padding", card32(UInt32(padding)) + text + Array(repeating: 0, count: (4 - padding % 4) % 4)
                )
                + setting(0, "Gtk/EnableAnimations", card32(UInt32(bitPattern: enabled)))
        }
        let files = [
            property(enabled: 0, padding: 10), property(enabled: 1, padding: 1_000_000),
            property(enabled: 0, padding: 2_000_000),
            Array("not XSETTINGS at all".utf8),
        ]
        let paths = try files.enumerated().map { index, bytes in
            let path = "\(folder)/settings-\(index)"
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            return path
        }
        let daemon = try DaemonProcess(display: xvfb.display)
        let rpc = try daemon.connect()
        try waitUntil("animd connected to \(xvfb.display)") {
            try rpc.ok("daemon.hello")["input"]?["connected"] == true
        }
        _ = try rpc.ok("subscribe", ["events": ["motion"]])
        let manager = try XProbe(["xsettings-manager", "400"] + paths, display: xvfb.display)
        try manager.expect("managing")
        var seen: [JSONValue] = []
        for expected in ["Gtk/EnableAnimations=0", "Gtk/EnableAnimations=1", "no XSETTINGS manager says"] {
            let (_, motion) = try rpc.notification(where: { method, params in
                method == .motion && params["detail"]?.string?.contains(expected) == true
            })
            seen.append(motion)
        }
        #expect(seen.map { $0["state"] } == ["reduced", "full", "full"], "\(seen)")
        try manager.expect("set 3")
        // The last bytes are garbage: still no setting, so no event; animd answers, and says so.
        try waitUntil("animd has read the garbage") {
            try rpc.ok("daemon.motion")["detail"]?.string?.contains("no XSETTINGS manager says") == true
        }
        #expect(try rpc.ok("daemon.hello")["name"] == "animd")
    }

    /// The XDG desktop portal, the real front-end (Debian 12's xdg-desktop-portal 1.16, whose Settings interface is
    /// version 1: animd falls back from ReadOne to Read) on a session bus of the test's own, with a settings backend
    /// of the tests' (Debian's backends predate `reduced-motion`). Each key reduces motion, changes are followed
    /// live, and a portal that goes away and comes back is followed too.
    @Test(
        .enabled(
            if: PortalSession.installed,
            "needs dbus-daemon, xdg-desktop-portal and python3-gi (scripts/install-deps.sh)"))
    func thePortalIsFollowed() throws {
        func values(reducedMotion: Int, animations: Bool, a11y: String) -> String {
            #"[["org.freedesktop.appearance", "reduced-motion", "u", \#(reducedMotion)], "#
                + #"["org.gnome.desktop.interface", "enable-animations", "b", \#(animations)], "#
                + #"["org.gnome.desktop.a11y.interface", "reduced-motion", "s", "\#(a11y)"]]"#
        }
        let session = try PortalSession(values: values(reducedMotion: 1, animations: true, a11y: "no-preference"))
        let daemon = try DaemonProcess(environment: ["DBUS_SESSION_BUS_ADDRESS": session.address])
        let rpc = try daemon.connect()
        try waitUntil("animd reads the portal") { try rpc.ok("daemon.motion")["source"] == "portal" }
        let first = try rpc.ok("daemon.motion")
        #expect(
            first["state"] == "reduced"
                && first["detail"]?.string?.contains("the portal says reduced-motion=1") == true, "\(first)")
        _ = try rpc.ok("subscribe", ["events": ["motion"]])

        // One key at a time, so that each change is one SettingChanged and one event.
        for (change, source) in [
            (values(reducedMotion: 0, animations: true, a11y: "no-preference"), nil),
            (values(reducedMotion: 0, animations: false, a11y: "no-preference"), "gnome"),
            (values(reducedMotion: 0, animations: false, a11y: "reduce"), "gnome"),
            (values(reducedMotion: 0, animations: true, a11y: "reduce"), "gnome"),
            (values(reducedMotion: 0, animations: true, a11y: "no-preference"), nil),
            (values(reducedMotion: 7, animations: true, a11y: "no-preference"), nil),
        ] as [(String, String?)] {
            try session.change(to: change)
            let (_, motion) = try rpc.notification(where: { method, _ in method == .motion })
            #expect(
                motion["state"] == (source == nil ? "full" : "reduced")
                    && motion["source"] == (source.map(JSONValue.string) ?? .null),
                "\(change): \(motion)")
        }

        try session.change(to: values(reducedMotion: 1, animations: true, a11y: "no-preference"))
        let (_, again) = try rpc.notification(where: { method, _ in method == .motion })
        #expect(again["state"] == "reduced" && again["source"] == "portal", "\(again)")
        session.killPortal()
        let (_, gone) = try rpc.notification(where: { method, _ in method == .motion })
        #expect(gone["state"] == "full" && gone["detail"]?.string?.contains("left the session bus") == true, "\(gone)")
        try session.startPortal()
        let (_, back) = try rpc.notification(where: { method, _ in method == .motion })
        #expect(
            back["state"] == "reduced" && back["source"] == "portal", "a portal that comes back is read again: \(back)")

        // The whole bus goes away and comes back: animd says so, tries again, and reads the new portal.
        try session.restartBus()
        // The portal may be seen leaving first, as its processes are killed in any order.
        let (_, lost) = try rpc.notification(where: { method, params in
            method == .motion && params["detail"]?.string?.contains("the session bus went away") == true
        })
        #expect(lost["state"] == "full")
        let (_, found) = try rpc.notification(
            where: { method, params in method == .motion && params["source"] == "portal" }, timeout: 30)
        #expect(found["state"] == "reduced")
    }

    /// A GNOME session's own portal: the real xdg-desktop-portal and xdg-desktop-portal-gtk, started by D-Bus
    /// activation, serving `enable-animations` from GSettings (dconf). `gsettings set … enable-animations false` while
    /// animd runs makes the next completion instant; `true` brings the spring back.
    @Test(
        .enabled(
            if: Xvfb.installed && PortalSession.gnomeInstalled,
            "needs Xvfb, xdg-desktop-portal-gtk and dconf (scripts/install-deps.sh)"))
    func gnomesSwitchThroughTheGtkPortal() throws {
        let xvfb = try Xvfb()
        let session = try PortalSession(gnomeOn: xvfb.display)
        try session.gsettings("org.gnome.desktop.interface", "enable-animations", "false")
        let daemon = try DaemonProcess(environment: ["DBUS_SESSION_BUS_ADDRESS": session.address])
        let rpc = try daemon.connect()
        try waitUntil("animd reads GNOME's switch through the portal", timeout: 30) {
            try rpc.ok("daemon.motion")["source"] == "gnome"
        }
        _ = try rpc.ok("subscribe", ["transitions": ["sidebar"], "events": ["state", "motion"]])
        _ = try rpc.ok("transition.toggle", ["name": "sidebar"])
        let (_, instant) = try rpc.notification(where: { method, _ in method == .began })
        #expect(instant["leg"]?["duration"] == 0, "the next completion is instant: \(instant)")
        _ = try rpc.notification(where: { method, _ in method == .ended })

        try session.gsettings("org.gnome.desktop.interface", "enable-animations", "true")
        let (_, full) = try rpc.notification(where: { method, _ in method == .motion })
        #expect(
            full["state"] == "full" && full["detail"]?.string?.contains("enable-animations=true") == true, "\(full)")
        _ = try rpc.ok("transition.toggle", ["name": "sidebar"])
        let (_, spring) = try rpc.notification(where: { method, _ in method == .began })
        #expect(spring["leg"]?["kind"] == "spring")
        withExtendedLifetime(xvfb) {}
    }

    /// KDE's `ConfigChanged` on the session bus makes animd read `kdeglobals` again: here the file is a link to one in
    /// another folder (as a dotfile manager makes it), whose writes the folder's own watch cannot see.
    @Test(
        .enabled(
            if: PortalSession.installed,
            "needs dbus-daemon, xdg-desktop-portal and python3-gi (scripts/install-deps.sh)"))
    func kdesSignalRereadsAFileTheFolderWatchCannotSee() throws {
        let session = try PortalSession(values: "[]")
        let home = try DaemonProcess.makeFolder(), elsewhere = try DaemonProcess.makeFolder()
        defer { for folder in [home, elsewhere] { try? FileManager.default.removeItem(atPath: folder) } }
        let real = elsewhere + "/kdeglobals"
        try "[KDE]\nAnimationDurationFactor=1\n".write(toFile: real, atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: home + "/kdeglobals", withDestinationPath: real)
        let daemon = try DaemonProcess(environment: [
            "XDG_CONFIG_HOME": home, "DBUS_SESSION_BUS_ADDRESS": session.address,
        ])
        let rpc = try daemon.connect()
        _ = try rpc.ok("subscribe", ["events": ["motion"]])
        try waitUntil("animd has read the portal") {
            try rpc.ok("daemon.motion")["detail"]?.string?.contains("AnimationDurationFactor=1") == true
        }
        try "[KDE]\nAnimationDurationFactor=0\n".write(toFile: real, atomically: true, encoding: .utf8)
        #expect(try rpc.ok("daemon.motion")["state"] == "full", "the folder's watch did not see it")
        let sent = try runTool(
            "/usr/bin/dbus-send",
            ["--bus=\(session.address)", "--type=signal", "/kdeglobals", "org.kde.kconfig.notify.ConfigChanged"])
        #expect(sent.status == 0, "\(sent.output)")
        let (_, motion) = try rpc.notification(where: { method, params in
            method == .motion && params["state"] == "reduced"
        })
        #expect(motion["source"] == "kde")
    }

    /// Without a session bus animd plays full motion and says why (the other tests run without one too).
    @Test func noSessionBusIsSaid() throws {
        let daemon = try DaemonProcess(environment: ["DBUS_SESSION_BUS_ADDRESS": "", "XDG_RUNTIME_DIR": "/nonexistent"])
        let motion = try daemon.connect().ok("daemon.motion")
        #expect(motion["state"] == "full" && motion["detail"]?.string?.contains("no session bus") == true, "\(motion)")
    }
}
