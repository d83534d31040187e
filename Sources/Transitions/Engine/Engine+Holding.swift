import Gestures
import Motion
import TransitionModel

/// What a touch holds before any recognizer has begun.
enum Hold: Hashable, Sendable {
    /// A running leg stopped under a finger that landed in the place of these bindings of its transition. It is
    /// driven at the progress where it stopped until one of them begins (and takes it from there) or the last of
    /// them fails (and it settles).
    case caught(sequence: Int, bindings: Set<String>)
    /// A long press with `fill` moving its transition from snap `origin` toward `target` as the touch is held.
    case filling(sequence: Int, binding: String, origin: Int, target: Int)
}

/// Touches that act before a recognizer begins: a finger landing on a running leg catches it (UIKit stops an
/// animation under a finger before it moves), and a long press acts, or fills, as the touch rests.
extension Engine {
    /// A sequence landed where `recognizers` may take it: each transition they drive whose leg runs is caught, if
    /// one of its bindings there catches; otherwise a long press there with `fill` starts filling it.
    mutating func land(_ sequence: Int, on recognizers: [String], at time: Double, into output: inout EngineOutput) {
        var groups: [(transition: String, bindings: [BindingConfig])] = []
        for name in recognizers {
            // A binding that only runs a command holds no transition.
            guard let binding = bindings[name], let transition = binding.transition else { continue }
            if let index = groups.firstIndex(where: { $0.transition == transition }) {
                groups[index].bindings.append(binding)
            } else {
                groups.append((transition, [binding]))
            }
        }
        for (transition, group) in groups where held[transition] == nil {
            guard let runtime = runtimes[transition] else { continue }
            let eligible = group.filter { Self.applies($0, to: runtime, at: time, sequence: sequence) }
            if runtime.isRunning, let catcher = eligible.first(where: \.catches) {
                runtimes.update(transition) {
                    Self.catchLeg(&$0, by: catcher.name, sequence: sequence, at: time, into: &output)
                }
                held[transition] = .caught(sequence: sequence, bindings: Set(group.map(\.name)))
            } else if let filler = eligible.first(where: { $0.longPress?.fill == true }), let press = filler.longPress {
                let origin = runtime.snap
                let target = Self.target(of: press, for: runtime, at: time)
                guard target != origin else { continue }
                runtimes.update(transition) {
                    Self.fill(
                        &$0, toward: target, by: filler.name, duration: press.options.duration, at: time,
                        into: &output)
                }
                held[transition] = .filling(sequence: sequence, binding: filler.name, origin: origin, target: target)
            }
        }
    }

    /// One of the bindings that held a caught leg failed: when none is left, the leg settles.
    mutating func loosen(_ binding: BindingConfig, sequence: Int, at time: Double, into output: inout EngineOutput) {
        guard let transition = binding.transition, case .caught(sequence, var names)? = held[transition] else { return }
        names.remove(binding.name)
        guard names.isEmpty else {
            held[transition] = .caught(sequence: sequence, bindings: names)
            return
        }
        settle(transition, at: time, into: &output)
    }

    /// A built-in gesture ended: a touchpad hold that caught legs lets them settle.
    mutating func settleHolds(endedBy update: GestureUpdate, at time: Double, into output: inout EngineOutput) {
        guard update.name == BuiltInGesture.hold.rawValue, update.state == .ended || update.state == .cancelled else {
            return
        }
        for (transition, hold) in held {
            if case .caught(update.sequence, _) = hold { settle(transition, at: time, into: &output) }
        }
    }

    /// A caught leg whose finger lifted, or whose gestures all failed, settles from where it stopped by its
    /// release rule, from rest.
    private mutating func settle(_ transition: String, at time: Double, into output: inout EngineOutput) {
        guard case .caught(let sequence, _)? = held.removeValue(forKey: transition),
            let leg = runtimes[transition]?.leg, case let .finger(finger) = leg.drive, finger.sequence == sequence,
            let config = runtimes[transition]?.config
        else { return }
        let target = ReleaseRules.target(
            progress: finger.progress, velocity: 0, origin: finger.origin, lastSnap: config.lastSnap,
            rule: config.release, reach: config.reach, distance: bindings[finger.binding]?.distance ?? 1000)
        runtimes.update(transition) { runtime in
            runtime.phase = .leg(
                Self.completion(
                    of: runtime, from: finger.progress, velocity: 0, origin: finger.origin, target: target,
                    cause: leg.cause, at: time))
            runtime.frameAfterChange(at: time, into: &output)
        }
    }

    /// A long-press binding's gesture: at recognition its transition goes to its target (a fill completes at once);
    /// when it fails, a fill springs back.
    mutating func pressed(
        _ binding: BindingConfig, _ press: BindingGesture.LongPress, _ update: GestureUpdate, at time: Double,
        into output: inout EngineOutput
    ) {
        guard let transition = binding.transition, runtimes.contains(transition) else { return }
        let filling: (origin: Int, target: Int)?
        if case let .filling(sequence, name, origin, target)? = held[transition], sequence == update.sequence,
            name == binding.name
        {
            filling = (origin, target)
        } else {
            filling = nil
        }
        switch update.state {
        case .began:
            held[transition] = nil
            runtimes.update(transition) { runtime in
                if filling != nil {
                    if let leg = runtime.leg, leg.animator != nil {
                        Self.complete(&runtime, leg: leg, position: .end, time: time, into: &output)
                    }
                } else {
                    let target = Self.target(of: press, for: runtime, at: time)
                    Self.send(&runtime, to: target, by: binding.name, at: time, into: &output)
                }
            }
        case .failed, .cancelled:
            // A press that fails lets go of what it held: its fill springs back, or it is one binding fewer holding a
            // caught leg.
            guard let filling else { return loosen(binding, sequence: update.sequence, at: time, into: &output) }
            held[transition] = nil
            runtimes.update(transition) {
                Self.springBack(&$0, to: filling.origin, by: binding.name, at: time, into: &output)
            }
        case .possible, .changed, .ended:
            return
        }
    }

    // MARK: - Steps on one transition

    /// Stops the running leg where it is: a finger drives it from there, at rest.
    private static func catchLeg(
        _ runtime: inout TransitionRuntime, by binding: String, sequence: Int, at time: Double,
        into output: inout EngineOutput
    ) {
        guard var leg = runtime.leg else { return }
        let progress = runtime.progress(at: time)
        leg.drive = .finger(
            FingerDrive(binding: binding, sequence: sequence, origin: runtime.snap, base: progress, progress: progress))
        runtime.phase = .leg(leg)
        runtime.frameAfterChange(at: time, into: &output)
    }

    /// A press's fill: linear from where the transition is to `target`, over the press's duration, so that it
    /// arrives as the press is recognized. It shows the time held, as a finger shows its place: reduced motion
    /// leaves it as it is.
    private static func fill(
        _ runtime: inout TransitionRuntime, toward target: Int, by binding: String, duration: Double, at time: Double,
        into output: inout EngineOutput
    ) {
        interrupt(&runtime, at: time, into: &output)
        runtime.phase = .leg(
            Leg.animating(
                from: runtime.progress(at: time), velocity: 0, origin: runtime.snap, target: target,
                config: runtime.config, motion: .full, timing: .linear, duration: duration, cause: .gesture(binding),
                at: time))
        output.events.append(runtime.began(cause: .gesture(binding), at: time))
    }

    /// A recognized press without a fill: a new leg to `target` with the transition's own timing.
    static func send(
        _ runtime: inout TransitionRuntime, to target: Int, by binding: String, at time: Double,
        into output: inout EngineOutput
    ) {
        interrupt(&runtime, at: time, into: &output)
        let progress = runtime.progress(at: time)
        guard progress != Double(target) else { return }
        runtime.phase = .leg(
            completion(
                of: runtime, from: progress, velocity: 0, origin: runtime.snap, target: target,
                cause: .gesture(binding), at: time))
        output.events.append(runtime.began(cause: .gesture(binding), at: time))
    }

    /// A fill whose press failed goes back to `origin` with the transition's timing, taking the fill's velocity
    /// with it; if the fill had already arrived, a new leg brings it back.
    private static func springBack(
        _ runtime: inout TransitionRuntime, to origin: Int, by binding: String, at time: Double,
        into output: inout EngineOutput
    ) {
        let progress = runtime.progress(at: time)
        if let leg = runtime.leg, leg.animator != nil {
            runtime.phase = .leg(
                completion(
                    of: runtime, from: progress, velocity: runtime.velocity(at: time), origin: origin, target: origin,
                    cause: leg.cause, at: time))
            runtime.frameAfterChange(at: time, into: &output)
        } else if runtime.leg == nil, progress != Double(origin) {
            runtime.phase = .leg(
                completion(
                    of: runtime, from: progress, velocity: 0, origin: runtime.snap, target: origin,
                    cause: .gesture(binding), at: time))
            output.events.append(runtime.began(cause: .gesture(binding), at: time))
        }
    }

    /// Where a press sends its transition: its `to`, or else the other end from where the transition is headed.
    private static func target(of press: BindingGesture.LongPress, for runtime: TransitionRuntime, at time: Double)
        -> Int
    {
        if let to = press.to { return min(to, runtime.config.lastSnap) }
        return runtime.snapshot(at: time).target == 0 ? runtime.config.lastSnap : 0
    }
}
