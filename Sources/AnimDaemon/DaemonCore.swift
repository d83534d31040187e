import AnimProtocol
import BackendThread
import CLinuxScheduling
import Foundation
import Gestures
import Logging
import NIOCore
import Transitions
import UnixSupport
import X11Input

/// Everything the daemon knows, confined to its single event loop: the
/// engine, the subscribers, the frame timer, the config and the input status.
/// Handlers reach it through `NIOLoopBound`, so there is no lock anywhere.
final class DaemonCore {
    let loop: any EventLoop
    let logger: Logger
    let configSource: ConfigSource
    /// The config in force, with the layers and lines each value came from (`daemon.config`).
    private(set) var loadedConfig: LoadedConfig
    var engine: Engine
    let registry: SubscriberRegistry
    private(set) var inputStatus: InputStatus
    /// The one frame timer: the core itself is its handler, so arming it allocates no closure per frame.
    private var frameTimer: (deadline: Double, callback: NIOScheduledCallback)?
    /// When the engine last asked to tick next; nil while nothing moves.
    private var engineDeadline: Double?
    /// The display's refresh rate when X reports one (Xvfb says 0 Hz: unknown).
    private var displayRefresh: Double?
    /// The screen the backend reported; nil when it knows none, and then the config's `screen` is the geometry.
    private(set) var backendGeometry: ScreenGeometry?
    let allocator = ByteBufferAllocator()
    /// The input backend's life: made for the session, replaced, stopped.
    private let input: BackendSupervisor
    /// The environment animd started with: what `on-snap` commands inherit, under the session's variables.
    private let baseEnvironment = ProcessInfo.processInfo.environment
    /// Who drives each input source, so that a vanished owner's sequences get cancelled.
    private var owners = InputOwners()
    /// Runs the config's `on-snap` commands, off this loop.
    let actions: ActionRunner
    private let notifier: SystemdNotifier
    /// The event loop's time slice, as many frame readers as there are want it.
    private var latencySlice = LatencySlice()
    /// Yields the loop's CPU to the readers an engine step's writes woke (`animd_hand_over`); tests count it.
    var handOver: () -> Void = { animd_hand_over() }
    /// READY=1, STATUS= lines and watchdog pings.
    private lazy var systemd = SystemdAnnouncer(loop: loop, notifier: notifier, logger: logger) { [unowned self] in statusLine }

    init(loop: any EventLoop, config loaded: LoadedConfig, configSource: ConfigSource, session: SessionEnvironment, launcher: BackendLauncher,
         notifier: SystemdNotifier, logger: Logger) {
        let config = loaded.config
        loadedConfig = loaded
        self.loop = loop
        self.logger = logger
        self.notifier = notifier
        actions = ActionRunner(logger: logger)
        self.configSource = configSource
        inputStatus = InputStatus(backend: nil, connected: false, display: nil, reason: "starting")
        engine = Engine(config: config, geometry: Self.fallbackGeometry(config))
        registry = SubscriberRegistry(settings: (config.daemon.maxClients, config.daemon.maxSubscriptions, config.daemon.maxBacklog),
                                      logger: logger)
        input = BackendSupervisor(loop: loop, logger: logger, launcher: launcher, session: session)
        input.delegate = self
    }

    static func fallbackGeometry(_ config: DaemonConfig) -> ScreenGeometry {
        ScreenGeometry(monitors: [Rect(x: 0, y: 0, width: config.daemon.screenWidth, height: config.daemon.screenHeight)])
    }

    /// CLOCK_MONOTONIC in seconds, which is also NIO's uptime clock on Linux.
    func now() -> Double { monotonicSeconds() }

    var frameRate: Double { engine.frameRate }

    // MARK: - Publishing and frames

    /// Sends an engine step's events. `time` is the time the engine computed
    /// them at, so that rate limits are measured in the snapshots' own time.
    func publish(_ output: EngineOutput, at time: Double) {
        send(output, at: time)
        engineDeadline = output.nextFrame
        armFrameTimer()
    }

    private func send(_ output: EngineOutput, at time: Double) {
        if !output.touchDecisions.isEmpty { input.backend?.decide(output.touchDecisions) }
        // One step's events reach each client in one write; the readers it woke run before the rest of the step.
        let wrote = registry.batch {
            // An event no one takes is not even worked out: a gesture update per touch move, when no one watches
            // gestures.
            for event in output.events where registry.anyoneWants(OutgoingEvent.group(of: event)) {
                let outgoing = OutgoingEvent(event, in: engine)
                registry.publish(group: outgoing.group, transition: outgoing.transition, analytic: outgoing.isAnalyticFrame,
                                 now: time, allocator: allocator) { line in
                    outgoing.encode(into: &line)
                    return outgoing.coalesce
                }
            }
        }
        if wrote { handOver() }
        let due = SnapAction.due(after: output.events, in: engine.config)
        if !due.isEmpty { actions.run(due, environment: input.session.applied(to: baseEnvironment)) }
    }

    /// Arms, keeps or cancels the one frame timer, as `FrameScheduler` decides.
    func armFrameTimer() {
        let heldDue = registry.nextDue
        let wake = FrameScheduler.engineWake(nextFrame: engineDeadline, nextLegEnd: engine.nextLegEnd,
                                             framesWanted: registry.hasInterest(in: .progress, analytic: true), heldDue: heldDue)
        switch FrameScheduler.decide(engineDeadline: wake, heldDue: heldDue, armed: frameTimer?.deadline, now: now()) {
        case .keep:
            return
        case .cancel:
            frameTimer?.callback.cancel()
            frameTimer = nil
        case let .arm(wanted, fireAt):
            frameTimer?.callback.cancel()
            frameTimer = nil
            let deadline = NIODeadline.uptimeNanoseconds(UInt64((fireAt * 1e9).rounded(.up)))
            // Only a loop that is shutting down refuses; then there are no more frames to make.
            guard let callback = try? loop.assumeIsolated().scheduleCallback(at: deadline, handler: self) else { return }
            frameTimer = (wanted, callback)
        }
    }

    fileprivate func frame() {
        frameTimer = nil
        let time = now()
        // This frame's events first (a fresh frame replaces a held one), then what is held and due,
        // then the next timer, for whatever is still held.
        // The timer is armed rounded up to the nanosecond, so it is not early for the grid point it was armed for.
        if let deadline = engineDeadline, time >= deadline {
            let output = engine.tick(at: time)
            send(output, at: time)
            engineDeadline = output.nextFrame
        }
        registry.flushDue(now: time)
        armFrameTimer()
    }

    // MARK: - Input

    /// Runs input through the recognizers, from `input.inject` or from a backend.
    func handleInput(_ events: [InputEvent], from owner: InputOwners.Owner) {
        let recording = registry.hasInterest(in: .inputEvents)
        for event in events {
            let time = now()
            if recording { publishInputEvent(event, origin: owner.origin, at: time) }
            publish(engine.handle(event, at: time), at: time)
            owners.record(event.source, by: owner, tracking: engine.isTracking(event.source))
        }
    }

    /// Cancels whatever `owner` was driving: its input is gone.
    func inputVanished(_ owner: InputOwners.Owner) {
        let sources = owners.release(owner)
        guard !sources.isEmpty else { return }
        let time = now()
        logger.debug("cancelling input whose source went away", metadata: ["sources": "\(sources.map(\.rawValue))"])
        publish(engine.cancelInput(from: sources, at: time), at: time)
    }

    private func publishInputEvent(_ event: InputEvent, origin: String, at time: Double) {
        registry.publish(group: .inputEvents, transition: nil, now: time, allocator: allocator) {
            EventLine.inputEvent(event, origin: origin, into: &$0)
            return nil
        }
    }

    /// Succeeds once the backend has reported whether its input is on, or after `seconds`, whichever is first:
    /// animd listens only then, so that its first `hello` never says "connecting" when X is there.
    func whenInputKnown(within seconds: Int64) -> EventLoopFuture<Void> { input.whenInputKnown(within: seconds) }

    func launchBackend() { input.launch() }

    func stopBackend() { input.stop() }

    /// What the backend of `generation` reports, on the event loop.
    func handle(_ event: BackendEvent, generation: Int) { input.handle(event, generation: generation) }

    /// `daemon.environment`: a display that appears after start-up is used without a restart.
    func adoptEnvironment(_ changes: [String: String]) throws(RPCError) -> JSONValue {
        let restarted = input.adopt(changes)
        return .object([("restarted", .bool(restarted)), ("input", inputStatus.json)])
    }

    func setInputStatus(_ status: InputStatus, geometry: ScreenGeometry?, refreshRate: Double?) {
        let changed = status != inputStatus
        inputStatus = status
        backendGeometry = geometry
        engine.setGeometry(geometry ?? Self.fallbackGeometry(engine.config))
        displayRefresh = refreshRate.flatMap { $0 > 0 ? $0 : nil }
        engine.setFrameRate(displayRefresh ?? engine.config.daemon.frameRate)
        var metadata: Logger.Metadata = ["backend": "\(status.backend?.rawValue ?? "none")"]
        if let display = status.display { metadata["display"] = "\(display)" }
        if let seat = status.seat { metadata["seat"] = "\(seat)" }
        if let reason = status.reason { metadata["reason"] = "\(reason)" }
        if let warning = status.warning { metadata["warning"] = "\(warning)" }
        // The reason says whether input is off or only its display is out of reach; "connecting" is neither yet.
        let event = status.connected ? "input connected" : status.isConnecting ? "input connecting" : "input not connected"
        logger.notice("\(event)", metadata: metadata)
        announceStatus()
        guard changed else { return }
        registry.publish(group: .input, transition: nil, now: now(), allocator: allocator) {
            EventLine.inputStatus(status, into: &$0)
            return nil
        }
    }

    // MARK: - Config

    /// Logs what is wrong with the config in force, each time one comes into force.
    func warnIfInert() {
        for warning in loadedConfig.warnings {
            logger.warning("config: \(warning)", metadata: ["layers": "\(loadedConfig.layers.joined(separator: " + "))"])
        }
    }

    /// Loads the config again; on error the running config stays.
    func reload() -> Result<Void, RPCError> {
        switch configSource.load() {
        case let .failure(error):
            logger.error("config reload failed; keeping the running config", metadata: ["errors": "\(error.description)"])
            return .failure(error.rpcError)
        case let .success(loaded):
            let config = loaded.config
            loadedConfig = loaded
            warnIfInert()
            let time = now()
            publish(engine.reconfigure(config, at: time), at: time)
            // Where the backend knows no screen (no X, or libinput) the config's is the geometry: a new `screen`
            // applies at once.
            if backendGeometry == nil { engine.setGeometry(Self.fallbackGeometry(config)) }
            registry.maxClients = config.daemon.maxClients
            registry.maxSubscriptions = config.daemon.maxSubscriptions
            registry.maxBacklog = config.daemon.maxBacklog
            engine.setFrameRate(displayRefresh ?? config.daemon.frameRate)
            input.backend?.configure(config.inputPlan)
            announceStatus()
            logger.notice("config reloaded", metadata: ["transitions": "\(config.transitions.count)", "bindings": "\(config.bindings.count)"])
            return .success(())
        }
    }

    // MARK: - systemd

    /// What `systemctl status animd` shows.
    var statusLine: String {
        SystemdStatus.line(transitions: engine.transitionNames.count, clients: registry.clients.count, input: inputStatus)
    }

    /// Sends READY=1 and the first status: from here on, status changes are announced.
    func announceReady() { systemd.ready() }

    func announceStatus() { systemd.announce() }

    /// Clients come and go in bursts: their count reaches systemd at most once a second.
    func clientsChanged() { systemd.announceSoon() }

    func startWatchdog(_ settings: WatchdogSettings) { systemd.startWatchdog(settings) }

    // MARK: - Scheduling

    /// A subscription came or went: the loop's time slice follows the number of frame readers.
    func subscriptionsChanged() {
        let readers = registry.frameReaders
        if let slice = latencySlice.update(frameReaders: readers) {
            logger.debug("event loop time slice", metadata: ["slice": "\(slice)"])
        }
    }

    // MARK: - Shutdown

    /// Tells every client why, then closes them; frames stop.
    func shutdown(reason: String) -> EventLoopFuture<Void> {
        frameTimer?.callback.cancel()
        frameTimer = nil
        systemd.stop()
        let closing = registry.closeAll(after: OutgoingLine.make(allocator) { EventLine.shutdown(reason: reason, into: &$0) })
        return EventLoopFuture.andAllComplete(closing, on: loop)
    }
}

extension DaemonCore: NIOScheduledCallbackHandler {
    func handleScheduledCallback(eventLoop: some EventLoop) { frame() }
    func didCancelScheduledCallback(eventLoop: some EventLoop) {}
}

extension DaemonCore: BackendSupervisorDelegate {
    var inputPlan: InputPlan { engine.config.inputPlan }

    func backendStatus(_ status: InputStatus, geometry: ScreenGeometry?, refreshRate: Double?) {
        setInputStatus(status, geometry: geometry, refreshRate: refreshRate)
    }

    func backendInput(_ events: [InputEvent], from backend: InputBackendKind) { handleInput(events, from: .backend(backend)) }

    func backendVanished(_ backend: InputBackendKind) { inputVanished(.backend(backend)) }
}
