import Motion
import TransitionModel

/// The engine's transitions: each one's runtime by name, in the order given, with the index of those in a leg, which
/// the table keeps itself as each change goes through it (`update`, `replace`). Frames, the next deadline and "is
/// anything animating" look only at that index, so that a command or a touch costs the same with 10 transitions or
/// 10,000.
struct TransitionTable: Sendable {
    private var runtimes: [String: TransitionRuntime] = [:]
    /// The transitions' names in the order given, which frames keep.
    private var order = TransitionOrder()
    /// The transitions in a leg.
    private var inLeg: Set<String> = []
    /// The highest `seq` of any transition removed so far: a transition made after carries on from it, so that a
    /// name retracted and declared again never has its `seq` go back (issue 57), and nothing is kept per name gone.
    private var retiredSeq = 0

    /// The names, in order.
    var names: [String] { order.names }

    subscript(name: String) -> TransitionRuntime? { runtimes[name] }

    /// Whether a transition of this name is in the table, without copying its runtime out.
    func contains(_ name: String) -> Bool { runtimes.index(forKey: name) != nil }

    /// The transitions in a leg, in order.
    var namesInLeg: [String] { inLeg.sorted { order.place(of: $0) < order.place(of: $1) } }

    /// Whether any leg is running, so that frames must be produced.
    var isAnimating: Bool { inLeg.contains { runtimes[$0]?.isRunning == true } }

    /// When the first running leg reaches its end.
    var nextLegEnd: Double? { inLeg.compactMap { runtimes[$0]?.leg?.animator?.deadline }.min() }

    /// Whether the index names exactly the transitions in a leg: what the table must keep, checked by the tests after
    /// every step.
    var legIndexIsExact: Bool { inLeg == Set(runtimes.filter { $0.value.isInLeg }.keys) }

    /// Changes a transition in place (a runtime copied out and written back costs a copy of each of its fields), and
    /// keeps the index; nil, and nothing changed, for an unknown name.
    @discardableResult
    @inline(__always)
    mutating func update<Result>(_ name: String, _ change: (inout TransitionRuntime) -> Result) -> Result? {
        guard let index = runtimes.index(forKey: name) else { return nil }
        // The runtime is read only through `inout`: reading it out of the table afterwards would copy it.
        func changed(_ runtime: inout TransitionRuntime) -> (Result, isInLeg: Bool) {
            (change(&runtime), runtime.isInLeg)
        }
        let (result, isInLeg) = changed(&runtimes.values[index])
        noteLeg(of: name, inLeg: isInLeg)
        return result
    }

    /// Puts `runtime` in the place of the transition named so; a name not in the table is not added.
    mutating func replace(_ name: String, with runtime: TransitionRuntime) {
        guard runtimes[name] != nil else { return }
        runtimes[name] = runtime
        noteLeg(of: name, inLeg: runtime.isInLeg)
    }

    /// Takes `transitions` as the table, in their order: a kept one takes its new config (its snap within the new
    /// last), a new one starts idle under `motionPolicy`, and one not among them is removed, handed first to
    /// `removing` (where its leg ends); its `seq` is retired.
    mutating func install(
        _ transitions: [TransitionConfig], motionPolicy: MotionPolicy,
        removing: (inout TransitionRuntime) -> Void = { _ in }
    ) {
        let kept = Set(transitions.map(\.name))
        for name in order.names where !kept.contains(name) {
            guard var runtime = runtimes.removeValue(forKey: name) else { continue }
            removing(&runtime)
            retiredSeq = max(retiredSeq, runtime.seq)
            inLeg.remove(name)
        }
        order = TransitionOrder(transitions.map(\.name))
        for transition in transitions {
            if update(transition.name, { $0.adopt(transition) }) == nil {
                var runtime = TransitionRuntime(config: transition)
                runtime.motionPolicy = motionPolicy
                runtime.seq = retiredSeq
                runtimes[transition.name] = runtime
            }
        }
    }

    /// Every transition's motion policy, from its next completion on.
    mutating func setMotion(_ policy: MotionPolicy) {
        for index in runtimes.indices { runtimes.values[index].motionPolicy = policy }
    }

    private mutating func noteLeg(of name: String, inLeg isInLeg: Bool) {
        if isInLeg { inLeg.insert(name) } else { inLeg.remove(name) }
    }
}

extension TransitionRuntime {
    /// A new config for the same transition: its snap stays within the new last one.
    fileprivate mutating func adopt(_ transition: TransitionConfig) {
        config = transition
        snap = min(snap, transition.lastSnap)
    }
}
