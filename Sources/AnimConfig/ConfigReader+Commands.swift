import Gestures
import Glibc
import Transitions

/// A binding's command (issue 61): `run`, `fire`, and a repeat's step.
extension ConfigReader {
    /// The keys that mean something only for a binding that drives a transition.
    private static let transitionKeys = [
        Key.atSnap.name, Key.catches.name, Key.distance.name, Key.to.name, Key.fill.name,
    ]

    /// `run`, and when it runs; nil without `run` (with `fire` or a step refused, as meaning nothing then).
    mutating func readCommand(
        _ t: ConfigTable, _ p: ConfigPath, gesture: BindingGesture, way: BindingCommand.Way?, drives: Bool
    ) -> BindingCommand? {
        // A key the gesture does not take at all is already an unknown key.
        let accepted = Key.accepted(by: gesture.word)
        if !drives, let key = Self.transitionKeys.first(where: { t[$0] != nil && accepted.contains($0) }) {
            error(p / key, "means something only for a binding that drives a transition, and this one names none")
        }
        let stepKeys = [Key.repeatDistance.name, Key.repeatFactor.name, Key.repeatAngle.name].filter { t[$0] != nil }
        guard let argv = strings(t, Key.run, p) else {
            if t[Key.run.name] == nil, let key = ([Key.fire.name] + stepKeys).first(where: { t[$0] != nil }) {
                error(p / key, "says how run runs, and this binding has no run")
            }
            return nil
        }
        if let problem = SnapAction.problem(with: argv) { error(p / Key.run.name, problem) }
        let moment = choice(t, Key.fire, p) ?? .end
        if moment != .repeat, let key = stepKeys.first {
            error(p / key, "is the step of fire = \"repeat\", and this binding fires at its \(moment.rawValue)")
        }
        guard let fire = fire(moment, t, p, gesture: gesture) else { return nil }
        return BindingCommand(argv: argv, fire: fire, way: way)
    }

    /// `fire`, with a repeat's step in the gesture's own measure: px, ln of the scale, degrees.
    private mutating func fire(_ moment: FireMoment, _ t: ConfigTable, _ p: ConfigPath, gesture: BindingGesture)
        -> BindingCommand.Fire?
    {
        switch moment {
        case .end: return .end
        case .begin: return .begin
        case .repeat:
            switch gesture {
            case .pan, .edgePan:
                return .repeat(step: number(t, Key.repeatDistance, p) ?? BindingCommand.repeatDistance)
            case let .transform(transform, _):
                if case .pinch = transform.kind {
                    return .repeat(step: log(number(t, Key.repeatFactor, p) ?? BindingCommand.repeatFactor))
                }
                return .repeat(step: number(t, Key.repeatAngle, p) ?? BindingCommand.repeatAngle)
            case .longPress:
                error(p, Key.fire, "a long press goes nowhere, so it has no steps to repeat at: \"end\" or \"begin\"")
                return nil
            case .tap, .swipe:
                error(
                    p, Key.fire,
                    "a \(gesture.word) is decided as the fingers lift, so it has no steps to repeat at: \"end\" or \"begin\""
                )
                return nil
            }
        }
    }
}
