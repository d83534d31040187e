import AnimConfig

/// The input backend's life: launched when the session starts, made anew when `daemon.environment` changes what it
/// depends on, stopped when animd stops. The shell carries each step out (`BackendSupervisor`) and hands what it
/// brought about back as `.backend`, after the step that asked (never inside it).
extension CoreMachine {
    /// The session starts: the backend `setting` chooses for `session` is launched.
    mutating func startInput(_ session: SessionEnvironment, setting: BackendSetting, into effects: inout [CoreEffect]) {
        guard input.backend.start(session, setting: setting) else { return }
        effects.append(.launchBackend(session, inputPlan))
    }

    /// animd stops: so does the backend, for good.
    mutating func stopInput(into effects: inout [CoreEffect]) {
        if input.backend.stop() { effects.append(.stopBackend) }
    }

    /// `daemon.environment`: whether the backend was made anew for the changed session; otherwise the shell only
    /// follows it (the compositor's endpoint, the commands' environment).
    package mutating func adoptEnvironment(_ changes: [String: String], into effects: inout [CoreEffect]) -> Bool {
        guard input.backend.adopt(changes) else {
            effects.append(.followSession(input.backend.session))
            return false
        }
        let session = input.backend.session
        effects.append(.stopBackend)
        effects.append(.launchBackend(session, inputPlan))
        effects.append(
            .log(
                .notice, "session environment changed; input backend restarted",
                ["display": "\(session.display ?? "-")", "wayland": "\(session.waylandDisplay ?? "-")"]))
        return true
    }
}

/// `daemon.environment`: the session's variables a client passes in; it answers whether the backend was restarted.
package struct AdoptEnvironmentRequest: CoreRequest {
    let changes: [String: String]

    package func carryOut(on machine: inout CoreMachine, at time: Double, into effects: inout [CoreEffect]) -> Bool {
        machine.adoptEnvironment(changes, into: &effects)
    }
}

extension CoreRequest where Self == AdoptEnvironmentRequest {
    package static func adoptEnvironment(_ changes: [String: String]) -> Self {
        AdoptEnvironmentRequest(changes: changes)
    }
}
