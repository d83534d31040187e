import Gestures

/// Taps and swipes that drive a transition (issue 61): recognized as the fingers lift, they move nothing with the
/// fingers; they send the transition to a snap, as a long press does.
extension Engine {
    /// A tap or a swipe of `binding` was recognized: its transition goes to the snap it names, interrupting what runs
    /// (a finger on the transition keeps it: `applies` let no such gesture begin).
    mutating func recognized(
        _ binding: BindingConfig, _ update: GestureUpdate, on transition: String, at time: Double,
        into output: inout EngineOutput
    ) {
        guard let runtime = runtimes[transition], let target = Self.target(of: binding, update, for: runtime, at: time)
        else { return }
        held[transition] = nil
        runtimes.update(transition) { Self.send(&$0, to: target, by: binding.name, at: time, into: &output) }
    }

    /// A tap's snap: its `to`, or the other end from where the transition heads. A swipe's: the next snap from where
    /// it heads when the stroke went toward `increases`, the previous when it went against; nil for a stroke across
    /// it, or past either end.
    static func target(
        of binding: BindingConfig, _ update: GestureUpdate, for runtime: TransitionRuntime, at time: Double
    )
        -> Int?
    {
        let heading = runtime.snapshot(at: time).target
        let lastSnap = runtime.config.lastSnap
        switch binding.gesture {
        case let .tap(_, to, _):
            if let to { return min(to, lastSnap) }
            return heading == 0 ? lastSnap : 0
        case .swipe:
            let toward =
                update.translation.x * binding.increases.unit.x + update.translation.y * binding.increases.unit.y
            guard toward != 0 else { return nil }
            let next = heading + (toward > 0 ? 1 : -1)
            return (0...lastSnap).contains(next) ? next : nil
        case .pan, .edgePan, .longPress, .transform:
            return nil
        }
    }
}
