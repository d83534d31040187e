import AnimConfig
import AnimProtocol
package import Gestures
package import Transitions

/// The daemon's core as one state machine: the config in force with what clients declared, the engine, the clients
/// and their subscriptions, and what is known of the input and the focus. Everything that happens to it comes in through `take`, one `CoreEvent` at a
/// time, with the time as a value; what it wants done comes out as `CoreEffect`s, which the shell (`DaemonCore`)
/// carries out. It holds no way out: no loop, no socket, no closure. So a reload mid-gesture, a declaration, a
/// focus change or a shutdown is a unit test over values (CoreMachineTests), as the engine's are (EngineTester).
package struct CoreMachine {
    // Changed by the machine's own files only: the shell holds the machine `private(set)`, and reads.
    package internal(set) var config: ConfigInForce
    package internal(set) var engine: Engine
    package internal(set) var input = InputRouting()
    /// When the engine asked for time, as of its last step; the shell learns it as `.paceFrames` (a computed
    /// property of the machine read from the shell's module copied the whole machine: 8,470 instructions a request,
    /// docs/performance.md 2026-11-29 05:50). Tests read it.
    package private(set) var deadlines = EngineDeadlines()
    /// Once `shutdown` is taken: the clients are being closed.
    package private(set) var stopping = false
    /// The admitted clients and what each subscribed to.
    package internal(set) var subscriptions: SubscriptionBook
    /// The events all clients together may inject (issue 57: a budget per connection let 48 connections hold the
    /// loop for seconds).
    package internal(set) var injections = InjectionBudget()
    /// How far each repeating gesture has run its binding's command.
    private var commands = CommandTrigger()

    /// How long the shutdown waits for clients to take `daemon.shutdown`: one that has not read what it was sent by
    /// then is closed without it.
    package static let shutdownDeadline = 2.0

    package init(config: ConfigInForce) {
        self.config = config
        subscriptions = SubscriptionBook(limits: config.limits)
        let settings = config.config
        engine = Engine(
            transitions: settings.transitions, bindings: settings.bindings, frameRate: settings.daemon.frameRate,
            geometry: config.fallbackGeometry)
        engine.setMotion(config.motion.policy)
    }

    /// The one way in for what happens: takes `event`, which happened at `time` (CLOCK_MONOTONIC seconds), and
    /// appends what to do to `effects`. The shell hands in a buffer it keeps, so that a step allocates none.
    package mutating func take(_ event: CoreEvent, at time: Double, into effects: inout [CoreEffect]) {
        switch event {
        case let .input(events, owner): handle(events, from: owner, at: time, into: &effects)
        case let .clientLeft(client): clientLeft(client, at: time, into: &effects)
        case let .descriptorRoom(room):
            subscriptions.descriptorRoom = room
            effects.append(.clientsChanged(subscriptions))
        case let .startInput(session, setting): startInput(session, setting: setting, into: &effects)
        case .stopInput: stopInput(into: &effects)
        case let .backend(reports): backendReported(reports, at: time, into: &effects)
        case let .focus(focus, channel): focusReported(focus, by: channel, into: &effects)
        case let .tabletMode(on, injected): tabletModeReported(on, injected: injected, into: &effects)
        case let .portal(settings): changeMotion(into: &effects) { $0.motionSources.portal = settings }
        case let .kdeglobals(file): changeMotion(into: &effects) { $0.motionSources.kde = file }
        case .frame: frame(at: time, into: &effects)
        case let .shutdown(reason): shutdown(reason: reason, into: &effects)
        case .timer(.shutdownDeadline):
            guard stopping else { break }
            effects.append(.log(.notice, "closing clients that did not take daemon.shutdown in time"))
            effects.append(.closeStragglers)
        }
    }

    /// The one way in for what clients ask: carries `request` out at `time`, appends what to do to `effects`, and
    /// returns its answer, typed as the request says.
    package mutating func take<Request: CoreRequest>(
        _ request: Request, at time: Double, into effects: inout [CoreEffect]
    ) -> Request.Answer {
        request.carryOut(on: &self, at: time, into: &effects)
    }

    /// `take`, with the effects in a buffer of their own: for tests, which look at one step at a time.
    package mutating func take(_ event: CoreEvent, at time: Double) -> CoreStep<Void> {
        var effects: [CoreEffect] = []
        take(event, at: time, into: &effects)
        return CoreStep(answer: (), effects: effects)
    }

    /// `take` for a request, with the effects in a buffer of their own: for tests.
    package mutating func take<Request: CoreRequest>(_ request: Request, at time: Double) -> CoreStep<Request.Answer> {
        var effects: [CoreEffect] = []
        let answer = take(request, at: time, into: &effects)
        return CoreStep(answer: answer, effects: effects)
    }

    /// An engine step, to be published; its deadlines are the ones in force from now on.
    package mutating func emit(_ output: consuming EngineOutput, into effects: inout [CoreEffect]) {
        deadlines = EngineDeadlines(
            nextFrame: output.nextFrame, recognizers: output.recognizerDeadline, nextLegEnd: engine.nextLegEnd)
        if engine.runsCommands { runCommands(dueAfter: output.events, into: &effects) }
        effects.append(.publish(output))
        effects.append(.paceFrames(frameWake))
    }

    /// When the frame timer should fire for the engine: never once animd is stopping.
    package var frameWake: FrameWake {
        stopping ? .idle : FrameWake(deadlines: deadlines, framesWanted: subscriptions.framesWanted)
    }

    /// The bindings' commands that the step's gesture updates made due (issue 61).
    private mutating func runCommands(dueAfter events: [EngineEvent], into effects: inout [CoreEffect]) {
        for case let .gesture(update, _) in events {
            guard let binding = engine.binding(named: update.name), binding.command != nil else { continue }
            for run in commands.runs(for: update, of: binding) { effects.append(.run(ConfiguredAction(run))) }
        }
    }

    /// The recognizers' deadlines that have come (a long press recognized, a `hold` over), then this frame.
    private mutating func frame(at time: Double, into effects: inout [CoreEffect]) {
        guard !stopping else { return }
        if let deadline = deadlines.recognizers, time >= deadline {
            emit(engine.advanceRecognizers(at: time), into: &effects)
        }
        if let deadline = deadlines.nextFrame, time >= deadline { emit(engine.tick(at: time), into: &effects) }
    }

    /// Frames stop; every client is told why and closed, those that do not read it by the deadline without it.
    private mutating func shutdown(reason: String, into effects: inout [CoreEffect]) {
        guard !stopping else { return }
        stopping = true
        deadlines.nextFrame = nil
        deadlines.recognizers = nil
        effects.append(.closeClients(reason: reason))
        effects.append(.paceFrames(.idle))
        effects.append(.setTimer(.shutdownDeadline, seconds: Self.shutdownDeadline))
    }

    /// What the input backend must intercept now: for the bindings in force that work with the focus.
    package var inputPlan: InputPlan { config.effective.inputPlan(in: engine.session) }

    /// The config's warnings (what is inert in it), to log each time one comes into force.
    package var configWarnings: [CoreEffect] {
        config.loaded.warnings.map {
            .log(.warning, "config: \($0)", ["layers": "\(config.loaded.layers.joined(separator: " + "))"])
        }
    }
}
