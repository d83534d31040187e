import AnimProtocol
import BackendThread
import Gestures
import NIOCore

/// Input, from a backend or `input.inject`: through the recognizers, its owners tracked, and the backend's life
/// carried out as the supervisor reports it.
extension DaemonCore {
    /// Runs input through the recognizers, from `input.inject` or from a backend.
    func handleInput(_ events: [InputEvent], from owner: InputOwners.Owner) {
        let recording = registry.hasInterest(in: .inputEvents)
        for event in events {
            let time = now()
            if recording { publishLine(.inputEvents, at: time) { EventLine.inputEvent(event, origin: owner.origin, into: &$0) } }
            publish(engine.handle(event, at: time), at: time)
            input.owners.record(event.source, by: owner, tracking: engine.isTracking(event.source))
        }
    }

    /// Cancels whatever `owner` was driving: its input is gone.
    func inputVanished(_ owner: InputOwners.Owner) {
        let sources = input.owners.release(owner)
        guard !sources.isEmpty else { return }
        let time = now()
        logger.debug("cancelling input whose source went away", metadata: ["sources": "\(sources.map(\.rawValue))"])
        publish(engine.cancelInput(from: sources, at: time), at: time)
    }

    /// Carries out what the input backend's life brought about.
    func apply(_ reports: [InputReport]) {
        for report in reports {
            switch report {
            case let .status(status, geometry, refreshRate): setInputStatus(status, geometry: geometry, refreshRate: refreshRate)
            case let .input(events, backend): handleInput(events, from: .backend(backend))
            case let .vanished(backend): inputVanished(.backend(backend))
            case let .xsettingsAnimations(enabled): xsettingsRead(enabled)
            case let .focus(focus): focusReported(focus, by: .backend)
            }
        }
    }

    private func setInputStatus(_ status: InputStatus, geometry: ScreenGeometry?, refreshRate: Double?) {
        let changed = input.take(status, geometry: geometry, refreshRate: refreshRate)
        engine.setGeometry(input.geometry(fallback: config.fallbackGeometry))
        engine.setFrameRate(input.frameRate(configured: config.config.daemon.frameRate))
        logger.notice("\(status.logLine)", metadata: status.logMetadata)
        systemd.announce(statusLine)
        guard changed else { return }
        publishLine(.input, at: now()) { EventLine.inputStatus(status, into: &$0) }
    }

    /// Publishes a line that is never coalesced away: an input event or an input status.
    func publishLine(_ group: EventGroup, at time: Double, _ write: (inout OutgoingLine) -> Void) {
        registry.publish(group: group, transition: nil, now: time) {
            write(&$0)
            return nil
        }
    }

    func launchBackend() { apply(supervisor.launch(plan: inputPlan)) }

    func stopBackend() { apply(supervisor.stop()) }

    /// What the backend of `generation` reports, on the event loop.

    /// Succeeds once the backend has reported whether its input is on, or after `seconds`, whichever is first:
    /// animd listens only then, so that its first `hello` never says "connecting" when X is there.
    func whenInputKnown(within seconds: Int64) -> EventLoopFuture<Void> { supervisor.whenInputKnown(within: seconds) }

    /// `daemon.environment`: a display that appears after start-up is used without a restart.
    func adoptEnvironment(_ changes: [String: String]) throws(RPCError) -> JSONValue {
        let (restarted, reports) = supervisor.adopt(changes, plan: inputPlan)
        apply(reports)
        return .object([("restarted", .bool(restarted)), ("input", input.status.json)])
    }
}
