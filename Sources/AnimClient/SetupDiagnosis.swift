import Gestures
public import JSONText

/// What `animctl doctor` gathers about a setup (issue 58), as values: animd's answer, systemd's user units, the
/// session doctor runs in, the files installed and the gesture tools running. animctl fills it; `SetupDiagnosis`
/// judges it, so every finding is a unit test over values.
public struct SetupSnapshot: Sendable {
    /// The socket asked, and `daemon.hello`'s result there; nil when no animd answered.
    public var socket: String
    public var hello: JSONValue?
    /// What systemd's user manager says of animd's units; nil when no user manager answers.
    public var systemd: SystemdUnits?
    /// This session's variables: DISPLAY, WAYLAND_DISPLAY, XDG_SESSION_TYPE, XDG_CURRENT_DESKTOP and the like.
    public var session: [String: String]
    /// The XDG autostart entry that starts animd with a session, where one is installed.
    public var autostartEntry: String?
    /// animd's udev rule, where one is installed (for the libinput backend); `ruleFix` is what installs and applies
    /// it for how this animctl was installed (`DeviceAccessFix`).
    public var udevRule: String?
    public var ruleFix: String
    /// The gesture tools running, by name, with a pid each.
    public var gestureTools: [String: Int32]
    /// The config's bindings, as `daemon.config` gives them.
    public var bindings: [BindingSummary]

    public init(
        socket: String, hello: JSONValue? = nil, systemd: SystemdUnits? = nil, session: [String: String] = [:],
        autostartEntry: String? = nil, udevRule: String? = nil, ruleFix: String = "",
        gestureTools: [String: Int32] = [:],
        bindings: [BindingSummary] = []
    ) {
        self.socket = socket; self.hello = hello; self.systemd = systemd; self.session = session;
        self.autostartEntry = autostartEntry
        self.udevRule = udevRule; self.ruleFix = ruleFix; self.gestureTools = gestureTools; self.bindings = bindings
    }
}

/// animd's units as `systemctl --user` reports them.
public struct SystemdUnits: Sendable, Equatable {
    /// `is-enabled`'s word for each: enabled, disabled, static, not-found…
    public var service: String
    public var socket: String
    public var serviceActive: Bool
    public var socketActive: Bool
    /// animd.service's main process, 0 when it runs none.
    public var mainPID: Int
    public var graphicalSessionActive: Bool
    /// The manager's environment (`show-environment`): what a service it starts gets.
    public var environment: [String: String]

    public init(
        service: String, socket: String, serviceActive: Bool, socketActive: Bool, mainPID: Int,
        graphicalSessionActive: Bool,
        environment: [String: String]
    ) {
        self.service = service; self.socket = socket; self.serviceActive = serviceActive;
        self.socketActive = socketActive
        self.mainPID = mainPID; self.graphicalSessionActive = graphicalSessionActive; self.environment = environment
    }
}

/// One binding of the config, as far as the compositor's gestures are compared with it.
public struct BindingSummary: Sendable, Equatable {
    public var name: String
    public var gesture: String
    public var sources: Set<String>
    public var minTouches: Int
    public var maxTouches: Int

    public init(name: String, gesture: String, sources: Set<String>, minTouches: Int, maxTouches: Int) {
        self.name = name; self.gesture = gesture; self.sources = sources; self.minTouches = minTouches;
        self.maxTouches = maxTouches
    }

    /// Each binding's kind, sources and finger counts, from `daemon.config`'s entries (`bindings.NAME.KEY`), with the
    /// defaults docs/config.md gives for what a binding leaves out.
    public static func from(configEntries entries: [JSONValue]) -> [BindingSummary] {
        var fields: [String: [String: JSONValue]] = [:], order: [String] = []
        for entry in entries {
            guard let key = entry["key"]?.string, key.hasPrefix("bindings.") else { continue }
            let parts = key.dropFirst("bindings.".count).split(separator: ".", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { continue }
            if fields[parts[0]] == nil { order.append(parts[0]) }
            fields[parts[0], default: [:]][parts[1]] = entry["value"].flatMap { value in
                (value.string.map { Array($0.utf8) }).flatMap { try? JSONParser.parse($0) } ?? value
            }
        }
        return order.compactMap { name in
            guard let binding = fields[name] else { return nil }
            let gesture = binding["gesture"]?.string ?? "edge-pan"
            let transform = gesture == "pinch" || gesture == "rotate"
            let sources = binding["sources"]?.array?.compactMap(\.string) ?? ["touch", "pressure"]
            let minimum = binding["min-touches"]?.integer ?? (transform ? 2 : 1)
            let maximum = binding["max-touches"]?.integer ?? (transform ? 5 : gesture == "pan" ? minimum : minimum)
            return BindingSummary(
                name: name, gesture: gesture, sources: Set(sources), minTouches: minimum,
                maxTouches: max(minimum, maximum))
        }
    }
}

/// One thing `animctl doctor` found: what it looked at, whether it needs doing something about, in words, and the
/// command (or step) that does it.
public struct Finding: Sendable, Equatable {
    public enum Verdict: String, Sendable {
        /// Works as it should.
        case ok
        /// Works, but not as most would want, or something to know.
        case note
        /// Keeps animd from working as set up: the exit status says so.
        case problem
    }

    public var topic: String
    public var verdict: Verdict
    public var text: String
    public var fix: String?

    public init(_ topic: String, _ verdict: Verdict, _ text: String, fix: String? = nil) {
        self.topic = topic; self.verdict = verdict; self.text = text; self.fix = fix
    }
}

/// The judgement of a `SetupSnapshot`: one finding per thing a working setup needs, in the order a user fixes them.
public enum SetupDiagnosis {
    /// The session variables a user service must be given.
    public static let displayVariables = ["DISPLAY", "XAUTHORITY", "WAYLAND_DISPLAY", "XDG_SESSION_TYPE"]
    /// Imports them into systemd's user manager and hands them to a running animd (docs/service.md).
    public static let importCommand =
        "systemctl --user import-environment DISPLAY XAUTHORITY WAYLAND_DISPLAY XDG_SESSION_TYPE && animctl environment"
    /// Desktops whose session runs XDG autostart entries (`XDG_CURRENT_DESKTOP`'s words).
    static let autostartDesktops: Set<String> = [
        "GNOME", "KDE", "XFCE", "LXQt", "LXDE", "MATE", "X-Cinnamon", "Cinnamon", "Budgie",
        "Unity", "Pantheon", "Deepin", "Openbox",
    ]

    public static func findings(_ snapshot: SetupSnapshot) -> [Finding] {
        var findings = [daemon(snapshot)]
        findings += units(snapshot)
        findings += variables(snapshot)
        findings += input(snapshot)
        findings += desktop(snapshot)
        findings += gestureTools(snapshot)
        findings += compositorGestures(snapshot)
        return findings
    }

    /// 0 when nothing needs fixing, 1 otherwise.
    public static func exitStatus(_ findings: [Finding]) -> Int32 {
        findings.contains { $0.verdict == .problem } ? 1 : 0
    }

    static func daemon(_ snapshot: SetupSnapshot) -> Finding {
        guard let hello = snapshot.hello else {
            let enabled = snapshot.systemd.map { $0.service == "enabled" || $0.socket == "enabled" } ?? false
            let fix =
                snapshot.systemd == nil
                ? "animd &   (no systemd user manager: start it from your session's start-up)"
                : enabled
                    ? "systemctl --user start animd.socket animd.service"
                    : "systemctl --user enable --now animd.socket animd.service"
            return Finding("daemon", .problem, "no animd answers at \(snapshot.socket)", fix: fix)
        }
        let version = hello["version"]?.string ?? "?"
        let pid = hello["pid"]?.integer ?? 0
        let runBy =
            snapshot.systemd.map {
                $0.mainPID == pid && pid > 0
                    ? "run by systemd as animd.service" : "not run by systemd (started by hand)"
            }
            ?? "no systemd user manager answers"
        return Finding("daemon", .ok, "animd \(version) answers at \(snapshot.socket), pid \(pid), \(runBy)")
    }

    static func units(_ snapshot: SetupSnapshot) -> [Finding] {
        guard let systemd = snapshot.systemd else {
            return [
                Finding(
                    "units", .note, "no systemd user manager answers: nothing starts animd by itself",
                    fix: "start it from your session's start-up: animd &")
            ]
        }
        let service = systemd.service == "enabled", socket = systemd.socket == "enabled"
        if systemd.service == "not-found" && systemd.socket == "not-found" {
            return [
                Finding(
                    "units", .problem,
                    "systemd knows no animd.service or animd.socket: they are not installed where it looks",
                    fix: "install animd (its package, or make install), then: systemctl --user daemon-reload")
            ]
        }
        var findings: [Finding] = []
        if !service && !socket {
            findings.append(
                Finding(
                    "units", .problem,
                    "neither animd.service nor animd.socket is enabled: nothing starts animd with your session",
                    fix: "systemctl --user enable --now animd.socket animd.service"))
        } else if !service {
            findings.append(
                Finding(
                    "units", .note,
                    "only animd.socket is enabled: animd starts when a client first connects, not with your session",
                    fix: "systemctl --user enable animd.service"))
        } else {
            findings.append(Finding("units", .ok, "animd.service is enabled" + (socket ? ", and animd.socket" : "")))
        }
        guard service || socket else { return findings }
        return findings + [sessionStart(snapshot, graphicalSessionActive: systemd.graphicalSessionActive)]
    }

    /// What starts animd with this session: graphical-session.target, else the XDG autostart entry.
    static func sessionStart(_ snapshot: SetupSnapshot, graphicalSessionActive: Bool) -> Finding {
        let desktops = Set((snapshot.session["XDG_CURRENT_DESKTOP"] ?? "").split(separator: ":").map(String.init))
        if graphicalSessionActive {
            return Finding(
                "session start", .ok, "this session reached graphical-session.target, which starts animd.service")
        }
        if let entry = snapshot.autostartEntry, !desktops.isDisjoint(with: autostartDesktops) {
            return Finding(
                "session start", .ok,
                "this session (\(desktops.sorted().joined(separator: ":"))) runs \(entry), which starts animd")
        }
        let which = desktops.isEmpty ? "this session" : "this session (\(desktops.sorted().joined(separator: ":")))"
        return Finding(
            "session start", .problem,
            "\(which) reaches no graphical-session.target and runs no XDG autostart entry: animd does not start with it",
            fix: "add `exec animctl session-start` to its config (sway, i3), or run it from the session's start-up")
    }

    static func variables(_ snapshot: SetupSnapshot) -> [Finding] {
        let session = snapshot.session
        let own = ["WAYLAND_DISPLAY", "DISPLAY"].compactMap { name in session[name].map { (name, $0) } }
        guard let (name, value) = own.first else {
            return [
                Finding(
                    "session variables", .note,
                    "this shell has no DISPLAY or WAYLAND_DISPLAY: run doctor from your graphical session to check what animd reads"
                )
            ]
        }
        var findings: [Finding] = []
        if let hello = snapshot.hello {
            let read = hello["input"]?["display"]?.string
            let fits = read == value || (name == "WAYLAND_DISPLAY" && read.map { $0.hasSuffix("/" + value) } == true)
            findings.append(
                fits
                    ? Finding("session variables", .ok, "animd reads this session's display (\(value))")
                    : Finding(
                        "session variables", .problem,
                        "this session is \(name)=\(value), but animd reads \(read.map { "\"\($0)\"" } ?? "no display")",
                        fix: importCommand))
        }
        if let systemd = snapshot.systemd {
            let missing = displayVariables.filter { session[$0] != nil && systemd.environment[$0] != session[$0] }
            if !missing.isEmpty {
                findings.append(
                    Finding(
                        "session variables", .note,
                        "systemd's user manager lacks this session's \(missing.joined(separator: ", ")): "
                            + "an animd it starts later will not see this display", fix: importCommand))
            }
        }
        return findings
    }

    static func input(_ snapshot: SetupSnapshot) -> [Finding] {
        guard let input = snapshot.hello?["input"] else { return [] }
        let backend = input["backend"]?.string ?? "?"
        var findings: [Finding] = []
        if input["connected"] == false {
            findings.append(
                Finding(
                    "input", .problem, "\(backend) input is off: \(input["reason"]?.string ?? "no reason given")",
                    fix: importCommand))
        } else {
            findings.append(
                Finding("input", .ok, "\(backend) input on \(input["display"]?.string ?? input["seat"]?.string ?? "?")")
            )
        }
        for (source, status) in input["sources"]?.objectMembers ?? []
        where status["state"] == "unavailable" && source != "pressure" {
            findings.append(Finding(source, .problem, status["detail"]?.string ?? "unavailable"))
        }
        if backend == "libinput" && snapshot.udevRule == nil {
            findings.append(
                Finding(
                    "udev rule", .problem,
                    "animd's udev rule is not installed: on Wayland and the console it cannot open "
                        + "touchscreens, touchpads or tablet-mode switches (docs/security.md)", fix: snapshot.ruleFix))
        } else if let rule = snapshot.udevRule {
            findings.append(Finding("udev rule", .ok, "animd's udev rule is installed (\(rule))"))
        }
        return findings
    }

    static func desktop(_ snapshot: SetupSnapshot) -> [Finding] {
        guard let hello = snapshot.hello else { return [] }
        var findings: [Finding] = []
        if hello["focus"]?["source"]?.string == FocusSource.gnomeFocusedWindow.rawValue {
            findings.append(
                Finding(
                    "focus", .note,
                    "the focused application comes from the Focused Window D-Bus extension, which cannot tell full "
                        + "screen (when-fullscreen bindings stay on)",
                    fix: AnimdGNOMEExtension.enableAdvice(shellVersion: nil)))
        } else if let source = hello["focus"]?["source"]?.string {
            findings.append(Finding("focus", .ok, "the focused application comes from \(source)"))
        } else {
            findings.append(
                Finding(
                    "focus", .note,
                    "the focused application is unknown: \(hello["focus"]?["reason"]?.string ?? "no reason given")",
                    fix: "docs/focus.md says what each desktop needs"))
        }
        let motion = hello["motion"]
        let state = motion?["state"]?.string ?? "?"
        findings.append(
            Finding(
                "motion", .ok,
                "motion is \(state)"
                    + (motion?["source"]?.string.map { ", from \($0)" } ?? ", no desktop setting reduces it")))
        return findings
    }

    /// What each tool is and how to stop it.
    static let toolFixes = [
        "touchegg": "sudo systemctl disable --now touchegg.service, and remove touchegg from your session's autostart",
        "fusuma": "stop fusuma (pkill -x fusuma) and remove it from your session's start-up",
        "libinput-gestures": "libinput-gestures-setup stop autostop",
        "lisgd": "stop lisgd (pkill -x lisgd) and remove it from your session's start-up",
    ]

    static func gestureTools(_ snapshot: SetupSnapshot) -> [Finding] {
        snapshot.gestureTools.sorted { $0.key < $1.key }.map { name, pid in
            Finding(
                "gesture tools", .problem,
                "\(name) is running (pid \(pid)): it reads the same touches and fires on them too "
                    + "(animctl import \(name) brings its gestures over; docs/migrating.md)", fix: toolFixes[name])
        }
    }

    /// The compositors' own gestures that animd's bindings share fingers with, where the desktop is known: GNOME
    /// Shell's three-finger touchpad swipes, KDE Plasma's four-finger ones.
    static func compositorGestures(_ snapshot: SetupSnapshot) -> [Finding] {
        let desktops = Set((snapshot.session["XDG_CURRENT_DESKTOP"] ?? "").split(separator: ":").map(String.init))
        let own: [(desktop: String, fingers: Int, what: String, fix: String)] = [
            (
                "GNOME", 3, "GNOME Shell switches workspaces and opens the overview with three-finger touchpad swipes",
                "give animd's binding other finger counts (min-touches, max-touches); GNOME has no setting to turn its own off"
            ),
            (
                "KDE", 4, "KWin switches desktops and opens the overview with four-finger touchpad swipes",
                "give animd's binding other finger counts, or set KWin's touchpad gestures off (System Settings, Touchpad)"
            ),
        ]
        var findings: [Finding] = []
        for gesture in own where desktops.contains(gesture.desktop) {
            let sharing = snapshot.bindings.filter {
                $0.sources.contains("touchpad") && ($0.minTouches...$0.maxTouches).contains(gesture.fingers)
            }
            if !sharing.isEmpty {
                findings.append(
                    Finding(
                        "compositor gestures", .note,
                        "\(gesture.what), and so do animd's \(sharing.map(\.name).joined(separator: ", "))",
                        fix: gesture.fix))
            }
        }
        return findings
    }
}
