public import Gestures
public import Motion
import TransitionModel

/// A reload's swap of the tables while transitions run, the screen's geometry, and the desktop's motion: what
/// changes the engine's configuration rather than stepping it (Engine.swift).
extension Engine {
    /// Swaps the tables while transitions run (a reload):
    /// - gestures whose binding changed or vanished are cancelled first, under
    ///   the old config, so each gets its `ended` by the cancel path;
    /// - kept transitions keep their legs, removed ones end at their current
    ///   position, new ones start idle;
    /// - a kept transition whose leg or position lies beyond its new last snap
    ///   is interrupted and animated back onto it.
    ///
    /// A gesture under way on a binding named in `keepingGestures` that stays goes on under the binding's new
    /// definition, from where it is (a declared transition updated mid-swipe): its recognizer stays as it began, and a
    /// new distance or direction applies to the finger's motion from now on, so the progress does not jump.
    public mutating func reconfigure(
        transitions: [TransitionConfig], bindings newBindingList: [BindingConfig], at time: Double,
        keepingGestures keptGestures: Set<String> = []
    ) -> EngineOutput {
        let newTable = BindingTable(newBindingList)
        // A kept gesture goes on only where its binding still reads what its recognizer reports: a pan's translation, or
        // a pinch's or a rotation's transform.
        let changed = bindings.changed(in: newTable).filter { name in
            !keptGestures.contains(name) || newTable[name]?.readsTransform != bindings[name]?.readsTransform
        }
        let before = bindings
        var output =
            changed.isEmpty ? EngineOutput() : process(arena.cancel(involving: Set(changed), at: time), at: time)
        // A transition removed mid-leg ends where it is.
        install(transitions: transitions, bindings: newBindingList) { removed in
            if removed.isInLeg { output.events.append(.ended(removed.nextSnapshot(at: time), position: .current)) }
        }
        held = held.filter { runtimes.contains($0.key) }
        bindings.resolve(in: geometry)
        arena.setRecognizers(bindings.recognizers)
        if !keptGestures.isEmpty { rebaseFingers(from: before) }
        for name in runtimes.names { bringWithinSnaps(name, at: time, into: &output) }
        return scheduled(output, at: time)
    }

    /// Each finger that drives a transition by a binding whose distance or direction changed: its base moves so that
    /// the progress it has reached is kept, and the rest of its motion counts by the new ones.
    private mutating func rebaseFingers(from before: BindingTable) {
        for name in runtimes.namesInLeg {
            guard var leg = runtimes[name]?.leg, case var .finger(finger) = leg.drive,
                let old = before[finger.binding], let new = bindings[finger.binding],
                old.distance != new.distance || old.increases != new.increases
            else { continue }
            finger.base += old.progress(ofTravel: finger.travel) - new.progress(ofTravel: finger.travel)
            leg.drive = .finger(finger)
            runtimes.update(name) { $0.phase = .leg(leg) }
        }
    }

    /// After fewer snap points: a leg toward a snap that is gone ends where it is,
    /// and a transition beyond the last snap animates back onto it.
    private mutating func bringWithinSnaps(_ name: String, at time: Double, into output: inout EngineOutput) {
        runtimes.update(name) { runtime in
            let last = runtime.config.lastSnap
            if let leg = runtime.leg, max(leg.from, leg.to) > last {
                Self.interrupt(&runtime, at: time, into: &output)
            }
            let progress = runtime.progress(at: time)
            guard runtime.leg == nil, progress > Double(last) else { return }
            runtime.snap = last
            runtime.phase = .leg(
                Self.completion(
                    of: runtime, from: progress, velocity: 0, origin: last - 1, target: last, cause: .command,
                    at: time))
            output.events.append(runtime.began(cause: .command, at: time))
        }
    }

    public mutating func setGeometry(_ newGeometry: ScreenGeometry) {
        arena.geometry = newGeometry
        bindings.resolve(in: newGeometry)
        arena.setRecognizers(bindings.recognizers)
    }

    mutating func install(
        transitions: [TransitionConfig], bindings newBindings: [BindingConfig],
        removing: (inout TransitionRuntime) -> Void = { _ in }
    ) {
        runtimes.install(transitions, motionPolicy: motionPolicy, removing: removing)
        bindings = BindingTable(newBindings, session: bindings.session)
    }

    /// Reduced motion or a duration factor, from the desktop or a manual setting: from the next completion on,
    /// for every transition. Running legs keep their motion.
    public mutating func setMotion(_ policy: MotionPolicy) {
        guard policy != motionPolicy else { return }
        motionPolicy = policy
        runtimes.setMotion(policy)
    }
}
