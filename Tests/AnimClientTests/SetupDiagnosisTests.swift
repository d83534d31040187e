import AnimClient
import JSONText
import Testing

/// `animctl doctor`'s judgement over values (issue 58): each finding made true and false in turn, with its fix and
/// what it does to the exit status.
struct SetupDiagnosisTests {
    /// A working setup: animd on :1 run by systemd, both units enabled, a session that reached graphical-session.target.
    static func working() throws -> SetupSnapshot {
        let hello = try JSONParser.parse(
            Array(
                """
                {"version":"0.1.0","pid":42,"input":{"backend":"x11","connected":true,"display":":1","sources":{
                 "touch":{"state":"active","detail":"2 touchscreens"},"pressure":{"state":"unavailable","detail":"no barriers"}}},
                 "focus":{"source":"x11"},"motion":{"state":"full","source":null}}
                """.utf8))
        let systemd = SystemdUnits(
            service: "enabled", socket: "enabled", serviceActive: true, socketActive: true, mainPID: 42,
            graphicalSessionActive: true, environment: ["DISPLAY": ":1"])
        return SetupSnapshot(
            socket: "/run/user/1000/animd.sock", hello: hello, systemd: systemd,
            session: ["DISPLAY": ":1", "XDG_CURRENT_DESKTOP": "GNOME"],
            ruleFix: "the rule's fix")
    }

    static func problems(_ snapshot: SetupSnapshot) -> [Finding] {
        SetupDiagnosis.findings(snapshot).filter { $0.verdict == .problem }
    }

    @Test func aWorkingSetupHasNothingToFix() throws {
        let findings = SetupDiagnosis.findings(try Self.working())
        #expect(findings.allSatisfy { $0.verdict != .problem }, "\(findings)")
        #expect(SetupDiagnosis.exitStatus(findings) == 0)
        #expect(
            findings.first
                == Finding(
                    "daemon", .ok,
                    "animd 0.1.0 answers at /run/user/1000/animd.sock, pid 42, run by systemd as animd.service"))
        #expect(
            !findings.contains { $0.topic == "pressure" }, "pressure's absence is the nature of a backend, not a fault")
    }

    @Test func noDaemon() throws {
        var snapshot = try Self.working()
        snapshot.hello = nil
        #expect(
            Self.problems(snapshot) == [
                Finding(
                    "daemon", .problem, "no animd answers at /run/user/1000/animd.sock",
                    fix: "systemctl --user start animd.socket animd.service")
            ])
        snapshot.systemd?.service = "disabled"
        snapshot.systemd?.socket = "disabled"
        #expect(Self.problems(snapshot).first?.fix == "systemctl --user enable --now animd.socket animd.service")
        snapshot.systemd = nil
        #expect(Self.problems(snapshot).first?.fix?.hasPrefix("animd &") == true)
    }

    @Test func unitsAndWhatStartsThem() throws {
        var snapshot = try Self.working()
        snapshot.systemd?.service = "disabled"
        let socketOnly = SetupDiagnosis.findings(snapshot).first { $0.topic == "units" }
        #expect(
            socketOnly
                == Finding(
                    "units", .note,
                    "only animd.socket is enabled: animd starts when a client first connects, not with your session",
                    fix: "systemctl --user enable animd.service"))
        snapshot.systemd?.socket = "disabled"
        #expect(Self.problems(snapshot).map(\.topic) == ["units"])
        #expect(SetupDiagnosis.exitStatus(SetupDiagnosis.findings(snapshot)) == 1)

        snapshot = try Self.working()
        snapshot.systemd?.graphicalSessionActive = false
        snapshot.session["XDG_CURRENT_DESKTOP"] = "sway"
        #expect(
            Self.problems(snapshot).first?.fix
                == "add `exec animctl session-start` to its config (sway, i3), or run it from the session's start-up")
        snapshot.session["XDG_CURRENT_DESKTOP"] = "XFCE"
        #expect(!Self.problems(snapshot).isEmpty, "XFCE runs autostart entries, but none is installed")
        snapshot.autostartEntry = "/etc/xdg/autostart/animd.desktop"
        #expect(Self.problems(snapshot).isEmpty)
    }

    @Test func theSessionsDisplay() throws {
        var snapshot = try Self.working()
        snapshot.session["DISPLAY"] = ":2"
        let problem = try #require(Self.problems(snapshot).first)
        #expect(
            problem.text == "this session is DISPLAY=:2, but animd reads \":1\""
                && problem.fix == SetupDiagnosis.importCommand)
        #expect(
            SetupDiagnosis.findings(snapshot).contains {
                $0.verdict == .note && $0.text.hasPrefix("systemd's user manager lacks this session's DISPLAY")
            })
        snapshot = try Self.working()
        snapshot.session = ["WAYLAND_DISPLAY": "wayland-1"]
        snapshot.hello = try JSONParser.parse(
            Array(
                #"{"pid":42,"input":{"backend":"libinput","connected":true,"display":"/run/user/1000/wayland-1"}}"#.utf8
            ))
        #expect(
            SetupDiagnosis.findings(snapshot).contains { $0.topic == "session variables" && $0.verdict == .ok },
            "a socket's path is its name")
    }

    /// A device animd may not open: the source's detail (which names the fix for how animd was installed) is the
    /// problem; and the libinput backend without the udev rule.
    @Test func devicesThatCannotBeRead() throws {
        var snapshot = try Self.working()
        snapshot.hello = try JSONParser.parse(
            Array(
                """
                {"pid":42,"input":{"backend":"libinput","connected":true,"seat":"seat0","sources":{"touch":{"state":"unavailable",
                 "detail":"1 device(s) could not be opened, first /dev/input/event5: Permission denied (EACCES); sudo udevadm …"}}}}
                """.utf8))
        snapshot.session = [:]
        #expect(Self.problems(snapshot).map(\.topic) == ["touch", "udev rule"])
        #expect(Self.problems(snapshot).first?.text.contains("Permission denied (EACCES); sudo udevadm") == true)
        #expect(Self.problems(snapshot).last?.fix == "the rule's fix")
        snapshot.udevRule = "/usr/lib/udev/rules.d/70-animd-touch.rules"
        #expect(Self.problems(snapshot).map(\.topic) == ["touch"])
    }

    @Test func gestureToolsAndTheCompositorsOwnGestures() throws {
        var snapshot = try Self.working()
        snapshot.gestureTools = ["touchegg": 700, "lisgd": 701]
        #expect(
            Self.problems(snapshot).map { String($0.text.prefix(25)) } == [
                "lisgd is running (pid 701", "touchegg is running (pid ",
            ])
        #expect(
            Self.problems(snapshot).last?.fix
                == "sudo systemctl disable --now touchegg.service, and remove touchegg from your session's autostart")
        snapshot.gestureTools = [:]
        snapshot.bindings = [
            BindingSummary(name: "pager-swipe", gesture: "pan", sources: ["touchpad"], minTouches: 3, maxTouches: 3)
        ]
        #expect(
            SetupDiagnosis.findings(snapshot).contains {
                $0.topic == "compositor gestures" && $0.text.hasSuffix("and so do animd's pager-swipe")
            })
        snapshot.session["XDG_CURRENT_DESKTOP"] = "KDE"
        #expect(
            !SetupDiagnosis.findings(snapshot).contains { $0.topic == "compositor gestures" }, "KWin's are four-finger")
        snapshot.bindings[0].maxTouches = 4
        #expect(
            SetupDiagnosis.findings(snapshot).contains {
                $0.topic == "compositor gestures" && $0.text.hasPrefix("KWin")
            })
    }

    /// Bindings as `daemon.config` lists them: each key's TOML value, read with the defaults a binding leaves out.
    @Test func bindingsFromTheConfigsEntries() throws {
        let entries =
            try JSONParser.parse(
                Array(
                    """
                    [{"key":"bindings.a.gesture","value":"\\"pan\\""},{"key":"bindings.a.sources","value":"[\\"touchpad\\"]"},
                     {"key":"bindings.a.min-touches","value":"3"},{"key":"bindings.b.gesture","value":"\\"pinch\\""},
                     {"key":"transitions.t.timing","value":"\\"linear\\""}]
                    """.utf8)
            ).array ?? []
        #expect(
            BindingSummary.from(configEntries: entries) == [
                BindingSummary(name: "a", gesture: "pan", sources: ["touchpad"], minTouches: 3, maxTouches: 3),
                BindingSummary(
                    name: "b", gesture: "pinch", sources: ["touch", "pressure"], minTouches: 2, maxTouches: 5),
            ])
    }
}
