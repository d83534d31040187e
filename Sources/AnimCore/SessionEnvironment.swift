import AnimConfig
import AnimProtocol
import Gestures
import UnixSupport

#if canImport(Glibc)
    import Glibc
#endif

/// The variables that say which session animd serves. A user service started
/// at login or by socket activation may start before the session has put them
/// into systemd's environment; `daemon.environment` (`animctl environment`)
/// passes them in later, and the input backend follows (docs/service.md).
struct SessionEnvironment: Hashable, Sendable {
    static let names = Request.environmentNames

    /// The ones that are set and not empty.
    private(set) var values: [String: String]
    /// What animd's own environment held that `SessionVariableRules` refuses, one sentence each; those variables
    /// are taken as unset (a client's `daemon.environment` is refused whole instead).
    private(set) var refused: [String] = []

    init(_ environment: [String: String]) {
        values = environment.filter { Self.names.contains($0.key) && !$0.value.isEmpty }
        for name in Self.names.sorted() {
            guard let value = values[name], let message = SessionVariableRules.message(name, value) else { continue }
            values[name] = nil
            refused.append(message)
        }
    }

    /// This environment with `changes` applied; an empty value unsets the variable.
    func applying(_ changes: [String: String]) -> SessionEnvironment {
        var next = self
        for (name, value) in changes where Self.names.contains(name) { next.values[name] = value.isEmpty ? nil : value }
        return next
    }

    var display: String? { values["DISPLAY"] }
    var waylandDisplay: String? { values["WAYLAND_DISPLAY"] }
    var seat: String { values["XDG_SEAT"] ?? "seat0" }

    /// The compositor whose IPC tells the focus, if the session names one; Hyprland's sockets are under the
    /// daemon's own `XDG_RUNTIME_DIR`.
    var compositorEndpoint: CompositorFocusWatch.Endpoint? {
        var environment = values
        environment["XDG_RUNTIME_DIR"] = ProcessEnvironment.current["XDG_RUNTIME_DIR"]
        return .of(environment)
    }

    /// What the input backend depends on: when it changes, the backend is made anew.
    struct Target: Hashable, Sendable {
        var choice: InputBackendKind
        var display: String?
        var xauthority: String?
        var waylandDisplay: String?
        var seat: String
    }

    func target(_ setting: BackendSetting) -> Target {
        Target(
            choice: setting.resolved(environment: values), display: display, xauthority: values["XAUTHORITY"],
            waylandDisplay: waylandDisplay, seat: seat)
    }

    /// The environment for a spawned `on-snap` command: the daemon's own, with the session's variables in force.
    func applied(to base: [String: String]) -> [String: String] {
        var environment = base
        for name in Self.names { environment[name] = values[name] }
        return environment
    }
}
