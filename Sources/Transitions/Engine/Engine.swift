public import Gestures
public import Motion
public import TransitionModel

/// The pure heart of animd: state + (input event | command | tick) + time →
/// new state + events. It never reads a clock, arms a timer or writes a
/// socket; the daemon carries out what it returns.
///
/// Conflict rule between a finger and a client: the finger wins. A gesture
/// may catch a leg a client started, and while a finger drives a transition
/// every command on it is refused with `notAllowed` (-32002).
///
/// One job: the reducer's entries (step, command, input, reconfigure) and the state they share: the arena, the
/// transitions (`TransitionTable`), the bindings, the two clocks, the holds and the motion policy. Each command's own
/// rules are apart, in `CommandApplication`; taps' and swipes' in Engine+Discrete, holds' in Engine+Holding, a reload's
/// and the geometry's and motion's changes in Engine+Configuration.
public struct Engine: Sendable {
    public var geometry: ScreenGeometry { arena.geometry }
    /// Internal for the engine's extensions (the session's conditions set its recognizers).
    var arena: GestureArena
    /// The transitions, in order, with the index of those in a leg.
    var runtimes = TransitionTable()
    var bindings = BindingTable()
    private var frameClock: FrameClock
    /// Ties each input source's event clock to the engine's, for the recognizers' deadlines.
    private var inputClocks = InputClocks()
    /// The transitions a touch holds before any recognizer began: a leg caught under a landing finger, a long press
    /// filling. They take no commands, as under a finger.
    var held: [String: Hold] = [:]
    /// What the desktop wants of completions; every runtime carries it.
    public internal(set) var motionPolicy = MotionPolicy.full

    /// `transitions` and `bindings` are the engine's tables, in order; `frameRate` is the rate of frames while
    /// animating until the daemon learns the display's.
    public init(transitions: [TransitionConfig], bindings: [BindingConfig], frameRate: Double, geometry: ScreenGeometry)
    {
        frameClock = FrameClock(rate: Self.boundedRate(frameRate))
        arena = GestureArena(recognizers: [], geometry: geometry)
        install(transitions: transitions, bindings: bindings)
        self.bindings.resolve(in: geometry)
        arena.setRecognizers(self.bindings.recognizers)
    }

    public var transitionNames: [String] { runtimes.names }

    /// The transition as it was given to the engine; nil for an unknown name.
    public func transition(named name: String) -> TransitionConfig? { runtimes[name]?.config }

    /// The transition a binding (a recognizer) drives.
    public func transition(ofBinding name: String) -> String? { bindings[name]?.transition }

    /// The binding of this name, as the engine has it.
    public func binding(named name: String) -> BindingConfig? { bindings[name] }

    /// Whether some binding runs a command (`run`).
    public var runsCommands: Bool { bindings.runsCommands }

    /// The transitions' names, in order, and the bindings': what the daemon may keep something for, per name.
    public var names: (transitions: Set<String>, bindings: Set<String>) {
        (Set(runtimes.names), Set(bindings.list.map(\.name)))
    }

    public func snapshot(of name: String, at time: Double) -> TransitionSnapshot? {
        runtimes[name]?.snapshot(at: time)
    }

    /// The motion of the transition's leg, as `began` and `leg` events announce it; nil while idle.
    public func motion(of name: String) -> LegMotion? { runtimes[name]?.motion }

    public func snapshots(at time: Double) -> [TransitionSnapshot] {
        runtimes.names.compactMap { runtimes[$0]?.snapshot(at: time) }
    }

    /// Whether any leg is running, so that frames must be produced.
    public var isAnimating: Bool { runtimes.isAnimating }

    /// When the first running leg reaches its end: the one tick needed while nobody takes the frames of running
    /// legs (every subscriber evaluates them from their `leg`), so that each leg still ends on time.
    public var nextLegEnd: Double? { runtimes.nextLegEnd }

    /// Whether the transitions' index of legs is exact, checked by the tests after every step.
    var legIndexIsExact: Bool { runtimes.legIndexIsExact }

    /// Frames per second while animating: the display's refresh when known, else the config's `frame-rate`.
    public var frameRate: Double { frameClock.rate }

    /// The daemon sets this from the display's refresh rate, or from the config when there is none.
    public mutating func setFrameRate(_ rate: Double) {
        let bounded = Self.boundedRate(rate)
        guard bounded != frameClock.rate else { return }
        frameClock.setRate(bounded)
    }

    private static func boundedRate(_ rate: Double) -> Double { min(max(rate.isFinite ? rate : 60, 1), 1000) }

    /// Every public step ends here: it tells the caller when to tick next, so
    /// that the daemon arms a timer only while something moves.
    mutating func scheduled(_ output: EngineOutput, at time: Double) -> EngineOutput {
        var output = output
        if isAnimating {
            output.nextFrame = frameClock.nextDeadline(after: time)
        } else {
            frameClock.stop()
        }
        output.recognizerDeadline = recognizerDeadline
        return output
    }

    // MARK: - Frames

    /// Produces this frame's progress for every running leg, and completes the
    /// legs whose time has come.
    public mutating func tick(at time: Double) -> EngineOutput {
        var output = EngineOutput()
        for name in runtimes.namesInLeg {
            runtimes.update(name) { Self.advance(&$0, to: time, into: &output) }
        }
        return scheduled(output, at: time)
    }

    private static func advance(_ runtime: inout TransitionRuntime, to time: Double, into output: inout EngineOutput) {
        guard var leg = runtime.leg, case var .animator(animator) = leg.drive, animator.isRunning else { return }
        if let position = animator.advance(to: time) {
            leg.drive = .animator(animator)
            runtime.phase = .leg(leg)
            output.events.append(.progress(runtime.nextSnapshot(at: time)))
            complete(&runtime, leg: leg, position: position, time: time, into: &output)
        } else {
            output.events.append(.progress(runtime.nextSnapshot(at: time)))
        }
    }

    static func complete(
        _ runtime: inout TransitionRuntime, leg: Leg, position: AnimatingPosition, time: Double,
        into output: inout EngineOutput
    ) {
        let progress = leg.progress(at: time)
        switch position {
        case .end: runtime.snap = leg.to
        case .start: runtime.snap = leg.from
        case .current: break
        }
        runtime.phase = .idle(progress: position == .current ? progress : Double(runtime.snap))
        output.events.append(.ended(runtime.nextSnapshot(at: time), position: position))
    }

    /// Ends the current leg where it is, if there is one (an interruption).
    static func interrupt(_ runtime: inout TransitionRuntime, at time: Double, into output: inout EngineOutput) {
        guard runtime.leg != nil else { return }
        let progress = runtime.progress(at: time)
        runtime.phase = .idle(progress: progress)
        output.events.append(.ended(runtime.nextSnapshot(at: time), position: .current))
    }

    // MARK: - Input

    public mutating func handle(_ event: InputEvent, at time: Double) -> EngineOutput {
        inputClocks.note(event, at: time)
        let outputs = arenaOutputs(at: time) { arena, shouldBegin in arena.handle(event, shouldBegin: shouldBegin) }
        return scheduled(process(outputs, at: time), at: time)
    }

    /// When a recognizer waits for time to pass with no event (a long press, a `hold`), in engine time: when the
    /// daemon must call `advanceRecognizers`. Nil when none waits, so a resting finger costs no wake-up otherwise.
    public var recognizerDeadline: Double? {
        var earliest: Double?
        // Every step asks: a walk, with no array to allocate and nothing to look up while no finger waits.
        arena.forEachDeadline { source, deadline in
            guard let due = inputClocks.engineTime(of: deadline, on: source) else { return }
            if due < earliest ?? .infinity { earliest = due }
        }
        return earliest
    }

    /// Fires the recognizers' deadlines that have come by `time`.
    public mutating func advanceRecognizers(at time: Double) -> EngineOutput {
        var outputs: [ArenaOutput] = []
        for source in InputSource.allCases {
            guard arena.deadline(of: source) != nil, let eventTime = inputClocks.eventTime(at: time, on: source) else {
                continue
            }
            outputs += arenaOutputs(at: time) { arena, shouldBegin in
                arena.advance(source, to: eventTime, shouldBegin: shouldBegin)
            }
        }
        return scheduled(process(outputs, at: time), at: time)
    }

    /// The arena's decisions on one step. Its copies of the tables end with this call, so that `process` then
    /// changes `runtimes` in place rather than copying the whole table on write.
    private mutating func arenaOutputs(
        at time: Double,
        _ step: (inout GestureArena, (BeginRequest) -> Bool) -> [ArenaOutput]
    ) -> [ArenaOutput] {
        let runtimes = self.runtimes, bindings = self.bindings
        return step(&arena) { request in
            guard let binding = bindings[request.name] else { return false }
            // A binding that only runs a command begins whenever its recognizer may; its conditions already chose.
            guard let transition = binding.transition else { return true }
            guard let runtime = runtimes[transition] else { return false }
            return Self.applies(binding, to: runtime, at: time, sequence: request.sequence)
        }
    }

    /// Cancels whatever `sources` were driving, as X's touch-cancel would: a
    /// finger-driven leg goes back to where it started, and undecided
    /// sequences are released. For input that vanished (the X server died).
    public mutating func cancelInput(from sources: [InputSource], at time: Double) -> EngineOutput {
        var output = EngineOutput()
        for source in sources {
            let part = process(arena.cancel(source, at: time), at: time)
            output.events += part.events
            output.touchDecisions += part.touchDecisions
        }
        return scheduled(output, at: time)
    }

    /// Whether a sequence of `source` is under way.
    public func isTracking(_ source: InputSource) -> Bool {
        arena.isTracking(source)
    }

    mutating func process(_ outputs: [ArenaOutput], at time: Double) -> EngineOutput {
        var output = EngineOutput()
        // A gesture update usually brings its frame, and sometimes a leg: one allocation for all of them.
        if !outputs.isEmpty { output.events.reserveCapacity(3 * outputs.count) }
        for arenaOutput in outputs {
            switch arenaOutput {
            case let .gesture(update):
                output.events.append(.gesture(update, transition: bindings[update.name]?.transition))
                drive(with: update, at: time, into: &output)
            case let .landed(sequence, _, recognizers):
                land(sequence, on: recognizers, at: time, into: &output)
            case .claimed, .released:
                output.touchDecisions.append(arenaOutput)
            }
        }
        return output
    }

    /// Whether a binding may start its gesture in `sequence` now (its `shouldBegin`): not while another finger
    /// drives the transition; a finger that caught it as it landed may go on to drive it.
    static func applies(_ binding: BindingConfig, to runtime: TransitionRuntime, at time: Double, sequence: Int) -> Bool
    {
        if case let .finger(finger)? = runtime.leg?.drive, finger.sequence != sequence { return false }
        guard let atSnap = binding.atSnap else { return true }
        switch runtime.phase {
        case let .idle(progress): return snapIndex(progress, in: -1...runtime.config.lastSnap + 1) == atSnap
        case let .leg(leg): return leg.from == atSnap || leg.to == atSnap
        }
    }

    private mutating func drive(with update: GestureUpdate, at time: Double, into output: inout EngineOutput) {
        guard let binding = bindings[update.name] else { return settleHolds(endedBy: update, at: time, into: &output) }
        guard let transition = binding.transition, runtimes.contains(transition) else { return }
        if let press = binding.longPress {
            return pressed(binding, press, update, at: time, into: &output)
        }
        if binding.isDecidedAtLift {
            // Its `began` and `ended` come together; the ended one carries the stroke.
            guard update.state == .ended else { return }
            return recognized(binding, update, on: transition, at: time, into: &output)
        }
        if update.state == .failed { return loosen(binding, sequence: update.sequence, at: time, into: &output) }
        if update.state == .began { held[transition] = nil }
        runtimes.update(transition) { Self.drive(&$0, by: binding, with: update, at: time, into: &output) }
    }

    private static func drive(
        _ runtime: inout TransitionRuntime, by binding: BindingConfig, with update: GestureUpdate, at time: Double,
        into output: inout EngineOutput
    ) {
        let (delta, velocity) = binding.progress(of: update)
        switch update.state {
        case .began:
            beginFingerLeg(&runtime, by: binding, with: update, velocity: velocity, at: time, into: &output)
        case .changed:
            guard var leg = runtime.leg, case var .finger(finger) = leg.drive, finger.sequence == update.sequence else {
                return
            }
            finger.progress = ReleaseRules.rubberBand(
                finger.base + delta, low: 0, high: Double(runtime.config.lastSnap),
                coefficient: runtime.config.rubberBand)
            finger.velocity = velocity
            finger.travel = binding.travel(of: update)
            leg.drive = .finger(finger)
            runtime.phase = .leg(leg)
            runtime.frameAfterChange(at: time, into: &output)
        case .ended, .cancelled:
            releaseFinger(&runtime, by: binding, with: update, velocity: velocity, at: time, into: &output)
        case .possible, .failed:
            return
        }
    }

    /// A gesture began on the transition: a finger that caught the leg as it landed takes it from where it stopped;
    /// else what runs is interrupted and a finger leg begins where the transition is.
    private static func beginFingerLeg(
        _ runtime: inout TransitionRuntime, by binding: BindingConfig, with update: GestureUpdate, velocity: Double,
        at time: Double, into output: inout EngineOutput
    ) {
        if case var .finger(caught)? = runtime.leg?.drive, caught.sequence == update.sequence, var leg = runtime.leg {
            caught.binding = binding.name
            caught.base = caught.progress
            leg.drive = .finger(caught)
            leg.to = Self.heading(
                of: binding, velocity: velocity, from: caught.origin, lastSnap: runtime.config.lastSnap)
            runtime.phase = .leg(leg)
            return
        }
        Self.interrupt(&runtime, at: time, into: &output)
        let progress = runtime.progress(at: time)
        let finger = FingerDrive(
            binding: binding.name, sequence: update.sequence, origin: runtime.snap,
            base: progress, progress: progress, velocity: velocity)
        let heading = Self.heading(
            of: binding, velocity: velocity, from: runtime.snap, lastSnap: runtime.config.lastSnap)
        runtime.phase = .leg(
            Leg(from: runtime.snap, to: heading, cause: .gesture(binding.name), drive: .finger(finger)))
        output.events.append(runtime.began(cause: .gesture(binding.name), at: time))
    }

    /// The finger lifted (or the gesture was cancelled): the release rule picks the snap (the origin, when
    /// cancelled), and the completion leg takes the finger's velocity there.
    private static func releaseFinger(
        _ runtime: inout TransitionRuntime, by binding: BindingConfig, with update: GestureUpdate, velocity: Double,
        at time: Double, into output: inout EngineOutput
    ) {
        guard let leg = runtime.leg, case let .finger(finger) = leg.drive, finger.sequence == update.sequence else {
            return
        }
        let cancelled = update.state == .cancelled
        let config = runtime.config
        let target =
            cancelled
            ? finger.origin
            : ReleaseRules.target(
                progress: finger.progress, velocity: velocity, origin: finger.origin, lastSnap: config.lastSnap,
                rule: config.release, reach: config.reach, distance: binding.distance)
        runtime.phase = .leg(
            Self.completion(
                of: runtime, from: finger.progress, velocity: cancelled ? 0 : velocity,
                origin: finger.origin, target: target, cause: leg.cause, at: time))
        runtime.frameAfterChange(at: time, into: &output)
    }

    /// The snap a gesture leg heads for as it begins, so that its `began` says where
    /// it goes: the binding's own direction for edge pans and directed pans (the way
    /// the motion must start, against the way that increases progress), else the
    /// direction the finger is moving; away from the ends when that leads nowhere.
    static func heading(of binding: BindingConfig, velocity: Double, from origin: Int, lastSnap: Int) -> Int {
        let sign: Int
        switch binding.gesture {
        case .edgePan(let options):
            sign =
                options.edge.inward.x * binding.increases.unit.x + options.edge.inward.y * binding.increases.unit.y >= 0
                ? 1 : -1
        case .pan(let options, _):
            if let direction = options.direction {
                sign =
                    direction.unit.x * binding.increases.unit.x + direction.unit.y * binding.increases.unit.y >= 0
                    ? 1 : -1
            } else {
                sign = velocity < 0 ? -1 : 1
            }
        case .longPress, .tap, .swipe:
            sign = 1
        case .transform:
            sign = velocity < 0 ? -1 : 1
        }
        let ahead = origin + sign
        return (0...lastSnap).contains(ahead) ? ahead : origin - sign
    }

    /// The percent-driven completion of a released leg: (1 − p)·D / completionSpeed
    /// for cubic timing, the release velocity handed to a spring.
    static func completion(
        of runtime: TransitionRuntime, from progress: Double, velocity: Double, origin: Int, target: Int,
        cause: LegCause, at time: Double
    ) -> Leg {
        Leg.animating(
            from: progress, velocity: velocity, origin: origin, target: target, config: runtime.config,
            motion: runtime.motionPolicy,
            completionSpeed: runtime.config.completionSpeed, cause: cause, at: time)
    }

    // MARK: - Commands

    public mutating func perform(_ command: Command, at time: Double) -> (
        Result<CommandResult, EngineError>, EngineOutput
    ) {
        guard let runtime = runtimes[command.transition] else {
            return (.failure(.unknownTransition(command.transition)), scheduled(EngineOutput(), at: time))
        }
        if runtime.isFingerDriven || held[command.transition] != nil {
            return (
                .failure(
                    .notAllowed("a gesture drives \"\(command.transition)\"; commands wait until the finger lifts")),
                scheduled(EngineOutput(), at: time)
            )
        }
        let distance = bindings.releaseDistance(of: command.transition) ?? 1000
        var application = CommandApplication(runtime: runtime, time: time, releaseDistance: distance)
        let result = Result<CommandResult, EngineError> { () throws(EngineError) -> CommandResult in
            try application.apply(command)
        }
        if case .success = result {
            runtimes.replace(command.transition, with: application.runtime)
        }
        return (result, scheduled(application.output, at: time))
    }

}
