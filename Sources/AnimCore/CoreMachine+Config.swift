package import AnimConfig
package import AnimProtocol
import Motion

/// The config coming into force again, and the motion in force: what the machine does with a reload and with what
/// the run-time setting, KDE, the portal and XSETTINGS say of motion.
extension CoreMachine {
    /// A reload read as `loaded`: on error the running config stays. The declarations the new config takes end.
    package mutating func reload(
        _ loaded: Result<LoadedConfig, ConfigLoadError>, at time: Double,
        into effects: inout [CoreEffect]
    ) -> Result<Void, RPCError> {
        let next: LoadedConfig
        switch loaded {
        case let .failure(error):
            effects.append(
                .log(.error, "config reload failed; keeping the running config", ["errors": "\(error.description)"]))
            return .failure(error.rpcError)
        case let .success(loaded): next = loaded
        }
        let motionBefore = config.motion.status
        let ended = config.adopt(next)
        effects += configWarnings
        let settings = config.config
        let before = engine.names
        emit(
            engine.reconfigure(
                transitions: config.effective.transitions, bindings: config.effective.bindings, at: time),
            into: &effects)
        for (declaration, reason) in ended { removed(declaration, reason: .config, message: reason, into: &effects) }
        forgetNames(since: before, into: &effects)
        // Where the backend knows no screen (no X, or libinput) the config's is the geometry: a new `screen` applies at once.
        engine.setGeometry(input.geometry(fallback: config.fallbackGeometry))
        engine.setFrameRate(input.frameRate(configured: settings.daemon.frameRate))
        subscriptions.limits = config.limits
        effects.append(.clientsChanged(subscriptions))
        motionChanged(from: motionBefore, into: &effects)
        effects.append(.configureBackend(inputPlan))
        effects.append(.announceStatus(soon: false))
        effects.append(
            .log(
                .notice, "config reloaded",
                ["transitions": "\(settings.transitions.count)", "bindings": "\(settings.bindings.count)"]))
        return .success(())
    }

    /// One change to what decides motion, carried out.
    package mutating func changeMotion(into effects: inout [CoreEffect], _ change: (inout ConfigInForce) -> Void) {
        let before = config.motion.status
        change(&config)
        motionChanged(from: before, into: &effects)
    }

    /// Hands the motion in force to the engine (from its next completion on) and tells the `motion` group when it
    /// changed.
    package mutating func motionChanged(from before: MotionStatus, into effects: inout [CoreEffect]) {
        engine.setMotion(config.motion.policy)
        let now = config.motion.status
        guard now != before else { return }
        effects.append(
            .log(
                .notice, "motion: \(now.reduced ? "reduced" : "full")",
                ["setting": "\(now.setting.rawValue)", "source": "\(now.source ?? "none")"]))
        effects.append(.line(.motion(now)))
    }
}
