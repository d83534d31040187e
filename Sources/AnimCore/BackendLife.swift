import AnimConfig

/// The input backend's life as the machine decides it: the session animd serves, the setting that chooses the
/// backend, and what the running one was made for. The shell makes, starts and stops backends as the machine's
/// effects say (`BackendSupervisor`); a backend is made anew only when what it depends on changed.
package struct BackendLife {
    package enum State: Hashable {
        /// Before the session starts.
        case notStarted
        /// A backend runs, made for this.
        case running(SessionEnvironment.Target)
        /// Stopped for good: animd is stopping.
        case stopped
    }

    /// The session's display variables, as animd started or as `daemon.environment` last set them.
    package private(set) var session = SessionEnvironment([:])
    private var setting = BackendSetting.auto
    package private(set) var state = State.notStarted

    /// The session starts with `session`, its backend chosen by `setting`: whether a backend is to be launched for
    /// it (once only).
    mutating func start(_ session: SessionEnvironment, setting: BackendSetting) -> Bool {
        guard state == .notStarted else { return false }
        self.session = session
        self.setting = setting
        state = .running(session.target(setting))
        return true
    }

    /// Whether a backend ran, which is stopped now, for good.
    mutating func stop() -> Bool {
        defer { state = .stopped }
        guard case .running = state else { return false }
        return true
    }

    /// Takes `changes` to the session's variables: whether the running backend depends on one that changed, and so
    /// is to be made anew for the session now in force.
    mutating func adopt(_ changes: [String: String]) -> Bool {
        session = session.applying(changes)
        guard case let .running(target) = state, target != session.target(setting) else { return false }
        state = .running(session.target(setting))
        return true
    }
}
