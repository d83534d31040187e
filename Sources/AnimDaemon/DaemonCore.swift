import Logging
import NIOCore
import Transitions
import UnixSupport

/// Everything the daemon knows, confined to its single event loop: the engine, the subscribers, the config, the
/// input and the pace of frames. Handlers reach it through `NIOLoopBound`, so there is no lock anywhere. What it
/// owns returns values (engine outputs, `InputReport`s, scheduler decisions) that it carries out, and holds no way
/// back into it: the session's sources report through `take` (`SessionReport`), the frame timer fires into the
/// core itself. Its doors are listed in docs/architecture.md.
final class DaemonCore {
    let loop: any EventLoop
    let logger: Logger
    var config: ConfigInForce
    var engine: Engine
    let registry: SubscriberRegistry
    var input = InputRouting()
    let supervisor: BackendSupervisor
    /// Runs the transitions' `on-snap` commands, off this loop.
    private let actions: ActionRunner
    /// READY=1, STATUS= lines and watchdog pings.
    let systemd: SystemdAnnouncer
    let pacer: FramePacer

    init(loop: any EventLoop, config: ConfigInForce, supervisor: BackendSupervisor, notifier: SystemdNotifier, logger: Logger) {
        self.loop = loop; self.config = config; self.supervisor = supervisor; self.logger = logger
        actions = ActionRunner(logger: logger)
        let settings = config.config
        engine = Engine(transitions: settings.transitions, bindings: settings.bindings, frameRate: settings.daemon.frameRate,
                        geometry: config.fallbackGeometry)
        engine.setMotion(config.motion.policy)
        registry = SubscriberRegistry(limits: config.limits, logger: logger)
        systemd = SystemdAnnouncer(loop: loop, notifier: notifier, logger: logger)
        pacer = FramePacer(loop: loop)
    }

    /// CLOCK_MONOTONIC in seconds, which is also NIO's uptime clock on Linux.
    func now() -> Double { monotonicSeconds() }

    // MARK: - Publishing and frames

    /// Sends an engine step's events, computed at `time` (rate limits are measured in the snapshots' own time),
    /// and paces the next frame.
    func publish(_ output: EngineOutput, at time: Double) {
        send(output, at: time)
        pacer.follow(output)
        paceFrames()
    }

    private func send(_ output: EngineOutput, at time: Double) {
        if !output.touchDecisions.isEmpty { supervisor.backend?.decide(output.touchDecisions) }
        // One step's events reach each client in one write; the readers it woke run before the rest of the step.
        let wrote = registry.batch {
            // An event no one takes is not even worked out: a gesture update per touch move, when no one watches.
            for event in output.events where registry.anyoneWants(OutgoingEvent.group(of: event)) {
                let outgoing = OutgoingEvent(event, in: engine)
                registry.publish(group: outgoing.group, transition: outgoing.transition, analytic: outgoing.isAnalyticFrame, now: time) { line in
                    outgoing.encode(into: &line)
                    return outgoing.coalesce
                }
            }
        }
        if wrote { pacer.handOver() }
        let due = SnapAction.due(after: output.events, in: engine)
        if !due.isEmpty { actions.run(due, in: supervisor.session) }
    }

    /// Arms, keeps or cancels the frame timer, as `FrameScheduler` decides.
    func paceFrames() {
        let heldDue = registry.nextDue
        let wake = FrameScheduler.engineWake(nextFrame: pacer.engineDeadline, nextLegEnd: engine.nextLegEnd,
                                             framesWanted: registry.hasInterest(in: .progress, analytic: true), heldDue: heldDue,
                                             recognizerDeadline: pacer.recognizerDeadline)
        pacer.carryOut(FrameScheduler.decide(engineDeadline: wake, heldDue: heldDue, armed: pacer.armedDeadline, now: now()), firing: self)
    }

    /// The recognizers' deadlines that have come (a long press recognized, a `hold` over), then this frame's events
    /// (a fresh frame replaces a held one), then what is held and due, then the next timer, for whatever is still held.
    private func frame() {
        let time = now()
        if let deadline = pacer.recognizerDeadline, time >= deadline {
            let output = engine.advanceRecognizers(at: time)
            send(output, at: time)
            pacer.follow(output)
        }
        if let deadline = pacer.engineDeadline, time >= deadline {
            let output = engine.tick(at: time)
            send(output, at: time)
            pacer.follow(output)
        }
        registry.flushDue(now: time)
        paceFrames()
    }
}

/// The frame timer fires into the core: it makes the frame.
extension DaemonCore: NIOScheduledCallbackHandler {
    func handleScheduledCallback(eventLoop: some EventLoop) {
        pacer.fired()
        frame()
    }

    func didCancelScheduledCallback(eventLoop: some EventLoop) {}
}
