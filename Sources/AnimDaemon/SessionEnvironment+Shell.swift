import AnimCore
import UnixSupport

/// What the shell reads of the session the machine hands it: where the compositor tells the focus, and the
/// environment a command runs in. Both read animd's own process environment, which the machine does not.
extension SessionEnvironment {
    /// The compositor whose IPC tells the focus, if the session names one; Hyprland's sockets are under the
    /// daemon's own `XDG_RUNTIME_DIR`.
    var compositorEndpoint: CompositorFocusWatch.Endpoint? {
        var environment = values
        environment["XDG_RUNTIME_DIR"] = ProcessEnvironment.current["XDG_RUNTIME_DIR"]
        return .of(environment)
    }

    /// The environment for a spawned `on-snap` command: the daemon's own, with the session's variables in force.
    func applied(to base: [String: String]) -> [String: String] {
        var environment = base
        for name in Self.names { environment[name] = values[name] }
        return environment
    }
}
