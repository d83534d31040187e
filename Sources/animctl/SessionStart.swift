import AnimProtocol
import ArgumentParser
import UnixSupport

extension AnimCtl {
    /// Starts animd with a graphical session that does not reach systemd's graphical-session.target (XFCE, LXQt,
    /// openbox, i3, sway…), once the user enabled it (issue 58; docs/service.md says why this way).
    struct SessionStart: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "session-start",
            abstract: "Start animd with this graphical session, if you enabled it.",
            discussion: """
                Gives systemd's user manager this session's display variables (DISPLAY, XAUTHORITY, WAYLAND_DISPLAY, \
                XDG_SESSION_TYPE, XDG_SEAT, SWAYSOCK, HYPRLAND_INSTANCE_SIGNATURE; those unset here are unset there), \
                then starts animd.service, or hands them to the animd that runs already. Does nothing when neither \
                animd.service nor animd.socket is enabled. The XDG autostart entry animd installs runs it in the \
                desktops that read such entries (GNOME, KDE Plasma, XFCE, LXQt, MATE, Cinnamon…); in sway or i3, put \
                `exec animctl session-start` in the config (docs/service.md).
                """)
        @OptionGroup var connection: ConnectionOptions

        func run() throws {
            guard SystemdUser.isRunning else {
                fail(
                    "animctl: no systemd user manager answers; start animd from the session's start-up instead (animd &)"
                )
            }
            guard ["animd.service", "animd.socket"].contains(where: { SystemdUser.enablement($0) == "enabled" }) else {
                return emit(
                    "animd is not enabled, so it is not started (systemctl --user enable animd.socket animd.service)")
            }
            let own = ProcessEnvironment.current
            let set = Request.environmentNames.filter { !(own[$0] ?? "").isEmpty }
            let unset = Request.environmentNames.filter { (own[$0] ?? "").isEmpty }
            if !set.isEmpty { try check(SystemdUser.query(["import-environment"] + set), "import-environment") }
            // A variable of an earlier session (a DISPLAY left by X, before this Wayland session) would choose the
            // wrong backend.
            if !unset.isEmpty { try check(SystemdUser.query(["unset-environment"] + unset), "unset-environment") }
            if SystemdUser.isActive("animd.service") {
                let values = Dictionary(uniqueKeysWithValues: Request.environmentNames.map { ($0, own[$0] ?? "") })
                let result = try connection.call(.environment(values))
                return emit(
                    "animd runs already; it was given this session's variables (input \(result["restarted"]?.bool == true ? "restarted" : "unchanged"))"
                )
            }
            try check(SystemdUser.query(["start", "animd.service"]), "start animd.service")
            emit(
                "animd started for this session (\(set.filter { $0.hasSuffix("DISPLAY") }.map { "\($0)=\(own[$0] ?? "")" }.joined(separator: ", ")))"
            )
        }

        private func check(_ outcome: Subprocess.Outcome, _ what: String) throws {
            guard outcome.status == 0 else {
                fail("animctl: systemctl --user \(what) failed (\(outcome.status)): \(outcome.output.trimmingNewline)")
            }
        }
    }
}
