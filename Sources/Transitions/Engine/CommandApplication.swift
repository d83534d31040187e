import Motion
import TransitionModel

/// One `transition.*` command applied to one transition: the runtime it
/// changes, the events it emits, one method per command. `Engine.perform`
/// keeps the runtime only when the command succeeds.
struct CommandApplication {
    private(set) var runtime: TransitionRuntime
    private(set) var output = EngineOutput()
    let time: Double
    /// Pixels per progress unit of the transition's binding, for the threshold rule's px/s.
    let releaseDistance: Double

    init(runtime: TransitionRuntime, time: Double, releaseDistance: Double) {
        self.runtime = runtime
        self.time = time
        self.releaseDistance = releaseDistance
    }

    private var name: String { runtime.config.name }
    private var lastSnap: Int { runtime.config.lastSnap }

    mutating func apply(_ command: Command) throws(EngineError) -> CommandResult {
        switch command {
        case .toggle: try toggle()
        case let .animate(_, to, timing, duration, velocity):
            try animate(to: to, timing: timing, duration: duration, velocity: velocity)
        case let .begin(_, to): try begin(to: to)
        case let .scrub(_, fraction): try scrub(fraction)
        case .pause: try pause()
        case .resume: try resume()
        case .reverse: try reverse()
        case let .continue(_, timing, factor, velocity):
            try continueLeg(timing: timing, durationFactor: factor, velocity: velocity)
        case let .release(_, velocity): return try release(velocity: velocity)
        case let .stop(_, withoutFinishing): try stop(withoutFinishing: withoutFinishing)
        case let .finish(_, position): try finish(at: position)
        }
        return .done
    }

    // MARK: - One method per command

    private mutating func toggle() throws(EngineError) {
        guard runtime.config.snapPoints.count == 2 else {
            throw .notAllowed(
                "toggle needs a two-point transition; \"\(name)\" has \(lastSnap + 1) snap points (use transition.animate)"
            )
        }
        try refuseIfStopped()
        guard let leg = runtime.leg, var animator = leg.animator else { return startLeg(to: runtime.snap == 0 ? 1 : 0) }
        // Mid-flight, a toggle turns the leg around without a jump.
        let time = time
        try check { () throws(AnimatorError) in
            try animator.setReversed(!animator.isReversed, at: time)
            try animator.startAnimation(at: time)
        }
        var updated = leg
        updated.clientDriven = false
        store(updated, animator)
    }

    private mutating func animate(to target: Int, timing: TimingSpec?, duration: Double?, velocity: Double?)
        throws(EngineError)
    {
        try validSnap(target)
        if let duration, !(duration > 0 && duration.isFinite) {
            throw .invalidParams("duration must be a positive number of seconds")
        }
        try refuseIfStopped()
        startLeg(to: target, timing: timing, duration: duration, velocity: velocity)
    }

    private mutating func begin(to target: Int) throws(EngineError) {
        try validSnap(target)
        try refuseIfStopped()
        if case let .idle(progress) = runtime.phase, progress == Double(target) {
            throw .notAllowed("\"\(name)\" already rests at snap \(target): begin a leg toward another snap")
        }
        startLeg(to: target, start: false)
    }

    private mutating func scrub(_ fraction: Double) throws(EngineError) {
        guard fraction.isFinite else { throw .invalidParams("fraction must be a number") }
        if runtime.leg == nil {
            guard runtime.config.snapPoints.count == 2 else {
                throw .notAllowed("\"\(name)\" is idle: call transition.begin with a target before scrubbing")
            }
            startLeg(to: runtime.snap == 0 ? 1 : 0, start: false)
        }
        var (leg, animator) = try animatorLeg("scrub")
        let time = time
        try check { () throws(AnimatorError) in
            if animator.isRunning { try animator.pauseAnimation(at: time) }
            try animator.setFractionComplete(fraction, at: time)
        }
        leg.clientDriven = true
        store(leg, animator)
    }

    private mutating func pause() throws(EngineError) {
        let time = time
        try changeAnimator("pause", clientDriven: false) { (animator: inout Animator) throws(AnimatorError) in
            try animator.pauseAnimation(at: time)
        }
    }

    private mutating func resume() throws(EngineError) {
        let time = time
        try changeAnimator("resume", clientDriven: false) { (animator: inout Animator) throws(AnimatorError) in
            try animator.startAnimation(at: time)
        }
    }

    /// Reversing keeps whoever drives the leg.
    private mutating func reverse() throws(EngineError) {
        let time = time
        try changeAnimator("reverse", clientDriven: nil) { (animator: inout Animator) throws(AnimatorError) in
            try animator.setReversed(!animator.isReversed, at: time)
        }
    }

    private mutating func continueLeg(timing: TimingSpec?, durationFactor: Double?, velocity: Double?)
        throws(EngineError)
    {
        if let durationFactor, !(durationFactor >= 0 && durationFactor.isFinite) {
            throw .invalidParams("durationFactor must be a number ≥ 0")
        }
        let time = time
        let span = runtime.leg.map { Double($0.to - $0.from) } ?? 1
        try changeAnimator("continue", clientDriven: false) { (animator: inout Animator) throws(AnimatorError) in
            try animator.continueAnimation(
                timing: timing, durationFactor: durationFactor ?? 0, velocity: velocity.map { $0 / span }, at: time)
        }
    }

    private mutating func release(velocity: Double?) throws(EngineError) -> CommandResult {
        let (leg, _) = try animatorLeg("release")
        let progress = leg.progress(at: time)
        let v = velocity ?? 0
        let target = ReleaseRules.target(
            progress: progress, velocity: v, origin: runtime.snap, lastSnap: lastSnap,
            rule: runtime.config.release, reach: runtime.config.reach, distance: releaseDistance)
        runtime.phase = .leg(
            Engine.completion(
                of: runtime, from: progress, velocity: v, origin: runtime.snap, target: target,
                cause: leg.cause, at: time))
        runtime.frameAfterChange(at: time, into: &output)
        return .released(to: target)
    }

    private mutating func stop(withoutFinishing: Bool) throws(EngineError) {
        var (leg, animator) = try animatorLeg("stop")
        let time = time
        try check { () throws(AnimatorError) in try animator.stopAnimation(withoutFinishing: withoutFinishing, at: time)
        }
        guard withoutFinishing else { return store(leg, animator) }
        leg.drive = .animator(animator)
        Engine.complete(&runtime, leg: leg, position: .current, time: time, into: &output)
    }

    private mutating func finish(at position: AnimatingPosition) throws(EngineError) {
        var (leg, animator) = try animatorLeg("finish")
        let finished: AnimatingPosition
        do {
            finished = try animator.finishAnimation(at: position, at: time)
        } catch {
            throw .notAllowed("finish is only allowed after transition.stop with withoutFinishing false")
        }
        leg.drive = .animator(animator)
        Engine.complete(&runtime, leg: leg, position: finished, time: time, into: &output)
    }

    // MARK: - Shared steps

    private func validSnap(_ snap: Int) throws(EngineError) {
        guard (0...lastSnap).contains(snap) else {
            throw .invalidParams("to must be a snap index from 0 to \(lastSnap), got \(snap)")
        }
    }

    /// Ends the current leg where it is and begins a command leg toward `target`, from the same value and velocity.
    private mutating func startLeg(
        to target: Int, timing: TimingSpec? = nil, duration: Double? = nil, velocity: Double? = nil, start: Bool = true
    ) {
        let handed = velocity ?? runtime.velocity(at: time)
        Engine.interrupt(&runtime, at: time, into: &output)
        var leg = Leg.animating(
            from: runtime.progress(at: time), velocity: handed, origin: runtime.snap, target: target,
            config: runtime.config, motion: runtime.motionPolicy, timing: timing, duration: duration, start: start,
            cause: .command, at: time)
        leg.clientDriven = !start
        runtime.phase = .leg(leg)
        output.events.append(runtime.began(cause: .command, at: time))
    }

    private func refuseIfStopped() throws(EngineError) {
        if runtime.leg?.animator?.state == .stopped {
            throw .notAllowed("\"\(name)\" is stopped: finish it first (transition.finish)")
        }
    }

    /// The running leg and its animator, for commands that need one.
    private func animatorLeg(_ verb: String) throws(EngineError) -> (Leg, Animator) {
        guard let leg = runtime.leg, let animator = leg.animator else {
            throw .notAllowed("\"\(name)\" is idle: nothing to \(verb)")
        }
        if verb != "finish" { try refuseIfStopped() }
        return (leg, animator)
    }

    /// The common shape of pause, resume, reverse and continue: change the leg's
    /// animator, say who drives it now (nil: unchanged), publish the frame.
    private mutating func changeAnimator(
        _ verb: String, clientDriven: Bool?,
        _ change: (inout Animator) throws(AnimatorError) -> Void
    ) throws(EngineError) {
        var (leg, animator) = try animatorLeg(verb)
        try check { () throws(AnimatorError) in try change(&animator) }
        if let clientDriven { leg.clientDriven = clientDriven }
        store(leg, animator)
    }

    private mutating func store(_ leg: Leg, _ animator: Animator) {
        var updated = leg
        updated.drive = .animator(animator)
        runtime.phase = .leg(updated)
        runtime.frameAfterChange(at: time, into: &output)
    }

    private func check(_ body: () throws(AnimatorError) -> Void) throws(EngineError) {
        do { try body() } catch { throw .notAllowed(error.description) }
    }
}
