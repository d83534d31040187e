import AnimClient
import AnimProtocol
import ArgumentParser
import Glibc
import JSONText
import UnixSupport

extension AnimCtl {
    /// Checks what a working setup needs and says what to fix (issue 58): the judgement is `SetupDiagnosis`'s, over
    /// what this gathers.
    struct Doctor: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Check what a working setup needs, and print each finding with the command that fixes it.",
            discussion: """
                Looks at animd (does it answer, and does systemd run it), the input backend and each input source, \
                animd's udev rule, the session's display variables in animd and in systemd's user manager, the units \
                and what starts them with this session, the focused application's source, reduced motion, gesture \
                tools that read the same touches (touchegg, fusuma, libinput-gestures, lisgd), and the compositor's \
                own gestures on the same fingers where it can tell. Exit status 0 when nothing needs fixing, 1 when \
                something does. Run it from your graphical session.
                """)
        @OptionGroup var connection: ConnectionOptions
        @Flag(help: "Print the findings as JSON.") var json = false

        func run() throws {
            let findings = SetupDiagnosis.findings(gather())
            if json {
                emit(
                    JSONWriter.string(
                        .array(
                            findings.map { finding in
                                .object([
                                    ("topic", .string(finding.topic)), ("verdict", .string(finding.verdict.rawValue)),
                                    ("text", .string(finding.text)),
                                    ("fix", finding.fix.map(JSONValue.string) ?? .null),
                                ])
                            })))
            } else {
                for finding in findings {
                    let mark = finding.verdict == .problem ? "PROBLEM" : finding.verdict == .note ? "note" : "ok"
                    emit(padded(mark, 8) + padded(finding.topic, 20) + finding.text)
                    if let fix = finding.fix, finding.verdict != .ok {
                        emit(String(repeating: " ", count: 28) + "fix: " + fix)
                    }
                }
            }
            Glibc.exit(SetupDiagnosis.exitStatus(findings))
        }

        private func gather() -> SetupSnapshot {
            let environment = ProcessEnvironment.current
            var snapshot = SetupSnapshot(socket: connection.path, ruleFix: DeviceAccessFix.current)
            if let rpc = try? RPCConnection(path: connection.path) {
                snapshot.hello = try? rpc.call("daemon.hello", nil).get()
                let entries = (try? rpc.call("daemon.config", nil).get())?["entries"]?.array ?? []
                snapshot.bindings = BindingSummary.from(configEntries: entries)
            }
            if SystemdUser.isRunning {
                snapshot.systemd = SystemdUnits(
                    service: SystemdUser.enablement("animd.service"), socket: SystemdUser.enablement("animd.socket"),
                    serviceActive: SystemdUser.isActive("animd.service"),
                    socketActive: SystemdUser.isActive("animd.socket"),
                    mainPID: SystemdUser.mainPID("animd.service"),
                    graphicalSessionActive: SystemdUser.isActive("graphical-session.target"),
                    environment: SystemdUser.environment)
            }
            for name in [
                "DISPLAY", "WAYLAND_DISPLAY", "XAUTHORITY", "XDG_SESSION_TYPE", "XDG_CURRENT_DESKTOP", "XDG_SEAT",
            ] {
                snapshot.session[name] = environment[name].flatMap { $0.isEmpty ? nil : $0 }
            }
            snapshot.autostartEntry = Self.autostartEntry(environment)
            snapshot.udevRule = ["/etc/udev/rules.d", "/usr/lib/udev/rules.d"].map {
                $0 + "/" + DeviceAccessFix.ruleName
            }.first(where: Self.isInForce)
            snapshot.gestureTools = Self.gestureTools()
            return snapshot
        }

        /// animd's autostart entry where XDG autostart looks: the user's folder, then each of XDG_CONFIG_DIRS.
        static func autostartEntry(_ environment: [String: String]) -> String? {
            let home =
                environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? (environment["HOME"] ?? "")
                + "/.config"
            let system = (environment["XDG_CONFIG_DIRS"].flatMap { $0.isEmpty ? nil : $0 } ?? "/etc/xdg").split(
                separator: ":"
            ).map(String.init)
            return ([home] + system).map { $0 + "/autostart/animd.desktop" }.first { access($0, R_OK) == 0 }
        }

        /// A rule file that udev reads: there, and not masked (a link to /dev/null, or empty).
        static func isInForce(_ path: String) -> Bool {
            var status = stat()
            return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG && status.st_size > 0
        }

        /// The gesture tools that read the same devices, by the name the kernel keeps for each process (`comm`, 15
        /// bytes: libinput-gestures is "libinput-gestu").
        static func gestureTools() -> [String: Int32] {
            let names = [
                "touchegg": "touchegg", "fusuma": "fusuma", "libinput-gestu": "libinput-gestures", "lisgd": "lisgd",
            ]
            var found: [String: Int32] = [:]
            guard let folder = opendir("/proc") else { return found }
            defer { closedir(folder) }
            while let entry = readdir(folder) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) {
                    String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
                }
                guard let pid = Int32(name), let comm = readFile("/proc/\(pid)/comm") else { continue }
                let command = String(decoding: comm.prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
                if let tool = names[command], found[tool] == nil { found[tool] = pid }
            }
            return found
        }
    }
}
