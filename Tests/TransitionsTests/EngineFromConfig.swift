import AnimConfig
import Gestures
import Transitions

/// The engine tests write their transitions and bindings in the config's own language, the one users write: a
/// fixture is read by the real parser, and its tables handed to the engine as the daemon hands them.
extension Engine {
    init(config: DaemonConfig, geometry: ScreenGeometry) {
        self.init(
            transitions: config.transitions, bindings: config.bindings, frameRate: config.daemon.frameRate,
            geometry: geometry)
    }

    mutating func reconfigure(_ config: DaemonConfig, at time: Double) -> EngineOutput {
        reconfigure(transitions: config.transitions, bindings: config.bindings, at: time)
    }
}
