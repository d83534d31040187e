import AnimCore
import Gestures
import Logging
import NIOCore
import Transitions
import UnixSupport

/// The shell around the core's machine (`CoreMachine`), confined to the daemon's single event loop: it turns what
/// happens (the session's reports, the frame timer) into `CoreEvent`s and what clients ask into `CoreRequest`s,
/// hands each to the machine through `handle` or `ask`, and carries out the effects it returns with what it owns: the subscribers and their sockets, the input
/// backend, the frame timer, systemd and the `on-snap` commands. Handlers reach it through `NIOLoopBound`, so there
/// is no lock anywhere, and nothing it owns holds a way back into it. docs/architecture.md draws it.
///
/// Eight stored properties: the machine, the config's source, each thing an effect is carried out with (the
/// registry, the supervisor, systemd, the frame pacer, which also holds the loop), the logger, and the effects
/// buffer.
final class DaemonCore {
    let logger: Logger
    /// Everything the daemon knows, changed only through `handle`.
    private(set) var machine: CoreMachine
    /// Where the config is read from again on `daemon.reload` and SIGHUP: the machine takes what was read.
    let configSource: ConfigSource
    let registry: SubscriberRegistry
    let supervisor: BackendSupervisor
    /// READY=1, STATUS= lines and watchdog pings.
    let systemd: SystemdAnnouncer
    let pacer: FramePacer
    /// The effects buffer, kept between steps so that taking an event allocates nothing; empty while a step's effects
    /// are carried out (a step those cause makes its own).
    private var spareEffects: [CoreEffect] = []

    init(
        loop: any EventLoop, config: ConfigInForce, configSource: ConfigSource, supervisor: BackendSupervisor,
        notifier: SystemdNotifier, logger: Logger
    ) {
        self.supervisor = supervisor
        self.logger = logger
        machine = CoreMachine(config: config)
        self.configSource = configSource
        registry = SubscriberRegistry(book: machine.subscriptions, logger: logger)
        systemd = SystemdAnnouncer(loop: loop, notifier: notifier, logger: logger)
        pacer = FramePacer(loop: loop)
    }

    /// The one event loop everything here is confined to.
    var loop: any EventLoop { pacer.loop }

    /// CLOCK_MONOTONIC in seconds, which is also NIO's uptime clock on Linux.
    func now() -> Double { monotonicSeconds() }

    /// The one way into the machine for what happens: `event` taken now, its effects carried out, and the frame timer
    /// paced once after them when the machine asked (a refused request or a query changes no deadline, and pacing
    /// asks the registry when held frames are due: work a client's pipelined refusals would repeat for nothing).
    func handle(_ event: CoreEvent) {
        let ((), paced) = step(at: now()) { machine, time, effects in machine.take(event, at: time, into: &effects) }
        if paced { paceFrames() }
    }

    /// The one way into the machine for what a client asks, as `handle`; the answer is typed as the request says.
    func ask<Request: CoreRequest>(_ request: Request) -> Request.Answer {
        let (answer, paced) = step(at: now()) { machine, time, effects in
            machine.take(request, at: time, into: &effects)
        }
        if paced { paceFrames() }
        return answer
    }

    /// One event or request taken at `time` and its effects carried out, in the kept buffer; whether the machine
    /// asked for the frame timer to be paced.
    private func step<Answer>(
        at time: Double, _ take: (inout CoreMachine, Double, inout [CoreEffect]) -> Answer
    ) -> (Answer, paced: Bool) {
        var effects: [CoreEffect] = []
        swap(&effects, &spareEffects)
        let answer = take(&machine, time, &effects)
        var reports: [InputReport] = []
        var paced = carryOut(effects, at: time, reports: &reports)
        effects.removeAll(keepingCapacity: true)
        spareEffects = effects
        // What launching or stopping the backend brought about is the machine's next event, taken after this step and
        // never inside it; taking it asks nothing more of the backend's life, so this goes one step deep.
        if !reports.isEmpty {
            let ((), more) = step(at: time) { machine, time, effects in
                machine.take(.backend(reports), at: time, into: &effects)
            }
            paced = paced || more
        }
        return (answer, paced)
    }

    /// Carries out the machine's effects, in order, adding what the backend's launch or stop brought about to
    /// `reports`; whether one asked for the frame timer to be paced (which is done once, after them all).
    private func carryOut(_ effects: [CoreEffect], at time: Double, reports: inout [InputReport]) -> Bool {
        var paced = false
        for effect in effects {
            switch effect {
            case let .publish(output): send(output, at: time)
            case let .paceFrames(wake):
                pacer.wake = wake
                paced = true
            case let .line(line):
                registry.publish(group: line.group, transition: line.transition, now: time) {
                    line.write(into: &$0)
                    return nil
                }
            case let .configureBackend(plan): supervisor.backend?.configure(plan)
            case let .launchBackend(session, plan): reports += supervisor.launch(session, plan: plan)
            case .stopBackend: reports += supervisor.stop()
            case let .followSession(session): supervisor.follow(session)
            case let .clientsChanged(book): clientsChanged(to: book)
            case let .run(action): supervisor.run([action])
            case let .announceStatus(soon): soon ? systemd.announceSoon(statusLine) : systemd.announce(statusLine)
            case let .log(level, message, fields): logger.log(level, message, fields)
            case let .closeClients(reason): closeClients(reason: reason)
            case let .setTimer(timer, seconds): arm(timer, after: seconds)
            case .closeStragglers: registry.closeEveryone()
            case let .forget(transitions, bindings): registry.forget(transitions: transitions, bindings: bindings)
            }
        }
        return paced
    }

    /// Sends an engine step's events, computed at `time` (rate limits are measured in the snapshots' own time).
    private func send(_ output: EngineOutput, at time: Double) {
        if !output.touchDecisions.isEmpty { supervisor.backend?.decide(output.touchDecisions) }
        // One step's events reach each client in one write; the readers it woke run before the rest of the step.
        let wrote = registry.batch {
            // An event no one takes is not even worked out: a gesture update per touch move, when no one watches.
            for event in output.events where registry.anyoneWants(OutgoingEvent.group(of: event)) {
                let outgoing = OutgoingEvent(event)
                registry.publish(
                    group: outgoing.group, transition: outgoing.transition, analytic: outgoing.isAnalyticFrame,
                    now: time
                ) { line in
                    outgoing.encode(into: &line)
                    return outgoing.coalesce
                }
            }
        }
        if wrote { pacer.handOver() }
        // Only a step that ended a leg can make an `on-snap` command due; looking costs a copy of the engine.
        guard output.events.contains(where: { if case .ended = $0 { true } else { false } }) else { return }
        let due = SnapAction.due(after: output.events, in: machine.engine)
        if !due.isEmpty { supervisor.run(due.map(ConfiguredAction.init)) }
    }

    private func arm(_ timer: CoreTimer, after seconds: Double) {
        pacer.arm(timer, after: seconds, into: { [self] in handle(.timer($0)) })
    }

    /// Arms, keeps or cancels the frame timer, as `FrameScheduler` decides from what the machine last asked and
    /// when the frames held for subscribers fall due.
    func paceFrames() {
        let decision = FrameScheduler.decide(
            wake: pacer.wake, heldDue: registry.nextDue, armed: pacer.armedDeadline, now: now())
        pacer.carryOut(decision, firing: self)
    }
}

/// The frame timer fires into the core: the machine makes the frame (a fresh frame replaces a held one), then what
/// subscribers' rates held and is due goes out, then the next timer is armed, for whatever is still held.
extension DaemonCore: NIOScheduledCallbackHandler {
    func handleScheduledCallback(eventLoop: some EventLoop) {
        pacer.fired()
        let time = now()
        _ = step(at: time) { machine, time, effects in machine.take(.frame, at: time, into: &effects) }
        registry.flushDue(now: time)
        paceFrames()
    }

    func didCancelScheduledCallback(eventLoop: some EventLoop) {}
}
