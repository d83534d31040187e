package import AnimProtocol
package import Gestures

/// Input, from a backend or `input.inject`, through the recognizers with its owners tracked; the backend's reports;
/// and the focus, which turns bindings on and off.
extension CoreMachine {
    /// Runs input through the recognizers: each event is first recorded for `input-events`, while someone records,
    /// then handled.
    package mutating func handle(
        _ events: [InputEvent], from owner: InputOwners.Owner, at time: Double, into effects: inout [CoreEffect]
    ) {
        for event in events {
            if subscriptions.recordingInput { effects.append(.line(.inputEvent(event, origin: owner.origin))) }
            emit(engine.handle(event, at: time), into: &effects)
            input.owners.record(event.source, by: owner, tracking: engine.isTracking(event.source))
        }
    }

    /// `input.inject` from connection `client`, within the daemon's one `InjectionBudget`: a request past it is refused
    /// whole, saying when to retry. Tablet-mode items take effect at their place among the events.
    package mutating func inject(
        _ events: [InputEvent], tabletModes: [InjectedTabletMode], client: Int, at time: Double,
        into effects: inout [CoreEffect]
    ) -> Result<Void, RPCError> {
        let count = events.count + tabletModes.count
        if case let .refused(seconds) = injections.spend(count, at: time) {
            let milliseconds = Int((seconds * 1000).rounded(.up))
            return .failure(
                RPCError(
                    .limitReached,
                    "limit reached: at most \(Int(InjectionBudget.rate)) injected events a second, from all "
                        + "clients together; none of these \(count) was injected; retry in \(milliseconds) ms"))
        }
        var start = 0
        for mode in tabletModes {
            if mode.before > start {
                handle(Array(events[start..<mode.before]), from: .client(client), at: time, into: &effects)
            }
            tabletModeReported(mode.on, injected: true, into: &effects)
            start = mode.before
        }
        if start < events.count || tabletModes.isEmpty {
            handle(start == 0 ? events : Array(events[start...]), from: .client(client), at: time, into: &effects)
        }
        return .success(())
    }

    /// Cancels whatever `owner` was driving: its input is gone.
    package mutating func vanished(_ owner: InputOwners.Owner, at time: Double, into effects: inout [CoreEffect]) {
        let sources = input.owners.release(owner)
        guard !sources.isEmpty else { return }
        effects.append(
            .log(.debug, "cancelling input whose source went away", ["sources": "\(sources.map(\.rawValue))"]))
        emit(engine.cancelInput(from: sources, at: time), into: &effects)
    }

    /// What the input backend's life brought about.
    package mutating func backendReported(_ reports: [InputReport], at time: Double, into effects: inout [CoreEffect]) {
        for report in reports {
            switch report {
            case let .status(status, geometry, refreshRate):
                setInputStatus(status, geometry: geometry, refreshRate: refreshRate, into: &effects)
            case let .input(events, backend): handle(events, from: .backend(backend), at: time, into: &effects)
            case let .vanished(backend): vanished(.backend(backend), at: time, into: &effects)
            case let .xsettingsAnimations(enabled):
                changeMotion(into: &effects) { $0.motionSources.xsettingsAnimations = enabled }
            case let .focus(focus): focusReported(focus, by: .backend, into: &effects)
            case let .tabletMode(on): tabletModeReported(on, injected: false, into: &effects)
            }
        }
    }

    private mutating func setInputStatus(
        _ status: InputStatus, geometry: ScreenGeometry?, refreshRate: Double?,
        into effects: inout [CoreEffect]
    ) {
        let changed = input.update(status, geometry: geometry, refreshRate: refreshRate)
        engine.setGeometry(input.geometry(fallback: config.fallbackGeometry))
        engine.setFrameRate(input.frameRate(configured: config.config.daemon.frameRate))
        effects.append(.log(.notice, status.logLine, status.logFields))
        effects.append(.announceStatus(soon: false))
        if changed { effects.append(.line(.inputStatus(status))) }
    }

    /// What one of the focus's channels says now (`FocusReports`), or that it says nothing any more: the one way
    /// the focus comes in, from the backend's display, the compositor's IPC and the desktop shell alike. The
    /// engine's arena follows from the next sequence on, the backend stops taking (or starts taking) the input of
    /// the bindings that turned off (or on), and the `focus` group hears of it.
    package mutating func focusReported(
        _ focus: SessionFocus?, by channel: FocusReports.Channel, into effects: inout [CoreEffect]
    ) {
        input.focus[channel] = focus
        let focus = input.focus.effective
        guard focus != engine.focus else { return }
        if engine.setFocus(focus) { effects.append(.configureBackend(inputPlan)) }
        effects.append(
            .log(
                .info, "focus: \(focus.window?.app ?? "none")",
                [
                    "fullscreen": "\(focus.window?.fullscreen ?? false)",
                    "source": "\(focus.source?.rawValue ?? "none")",
                ]))
        effects.append(.line(.focus(focus)))
    }
}
