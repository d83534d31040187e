package import AnimConfig
import AnimProtocol
package import Gestures

/// The variables that say which session animd serves. A user service started
/// at login or by socket activation may start before the session has put them
/// into systemd's environment; `daemon.environment` (`animctl environment`)
/// passes them in later, and the input backend follows (docs/service.md). The machine keeps them, and decides
/// from them when the backend is made anew; the shell reads the compositor's endpoint and a command's environment
/// from the copy each launch hands it (`SessionEnvironment+Shell`).
package struct SessionEnvironment: Hashable, Sendable {
    package static let names = Request.environmentNames

    /// The ones that are set and not empty.
    package private(set) var values: [String: String]
    /// What animd's own environment held that `SessionVariableRules` refuses, one sentence each; those variables
    /// are taken as unset (a client's `daemon.environment` is refused whole instead).
    package private(set) var refused: [String] = []

    package init(_ environment: [String: String]) {
        values = environment.filter { Self.names.contains($0.key) && !$0.value.isEmpty }
        for name in Self.names.sorted() {
            guard let value = values[name], let message = SessionVariableRules.message(name, value) else { continue }
            values[name] = nil
            refused.append(message)
        }
    }

    /// This environment with `changes` applied; an empty value unsets the variable.
    package func applying(_ changes: [String: String]) -> SessionEnvironment {
        var next = self
        for (name, value) in changes where Self.names.contains(name) { next.values[name] = value.isEmpty ? nil : value }
        return next
    }

    package var display: String? { values["DISPLAY"] }
    package var waylandDisplay: String? { values["WAYLAND_DISPLAY"] }
    package var seat: String { values["XDG_SEAT"] ?? "seat0" }

    /// What the input backend depends on: when it changes, the backend is made anew.
    package struct Target: Hashable, Sendable {
        package var choice: InputBackendKind
        package var display: String?
        package var xauthority: String?
        package var waylandDisplay: String?
        package var seat: String
    }

    package func target(_ setting: BackendSetting) -> Target {
        Target(
            choice: setting.resolved(environment: values), display: display, xauthority: values["XAUTHORITY"],
            waylandDisplay: waylandDisplay, seat: seat)
    }
}
