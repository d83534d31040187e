import AnimConfig
import AnimProtocol
import DesktopPortal
import Motion
import NIOCore

/// The core's life around its work: the config coming into force, what systemd is told, and the end.
extension DaemonCore {
    var loadedConfig: LoadedConfig { config.loaded }

    /// Logs what is wrong with the config in force, each time one comes into force.
    func warnIfInert() {
        for warning in config.loaded.warnings {
            logger.warning("config: \(warning)", metadata: ["layers": "\(config.loaded.layers.joined(separator: " + "))"])
        }
    }

    /// Loads the config again; on error the running config stays.
    func reload() -> Result<Void, RPCError> {
        let motionBefore = config.motion.status
        let ended: [(declaration: Declaration, reason: String)]
        switch config.reload() {
        case let .failure(error):
            logger.error("config reload failed; keeping the running config", metadata: ["errors": "\(error.description)"])
            return .failure(error.rpcError)
        case let .success(taken):
            ended = taken
        }
        warnIfInert()
        let time = now()
        let settings = config.config
        publish(engine.reconfigure(transitions: config.effective.transitions, bindings: config.effective.bindings, at: time), at: time)
        for (declaration, reason) in ended { announceRemoved(declaration, reason: .config, message: reason) }
        // Where the backend knows no screen (no X, or libinput) the config's is the geometry: a new `screen` applies at once.
        engine.setGeometry(input.geometry(fallback: config.fallbackGeometry))
        engine.setFrameRate(input.frameRate(configured: settings.daemon.frameRate))
        registry.limits = config.limits
        motionChanged(from: motionBefore)
        supervisor.backend?.configure(inputPlan)
        systemd.announce(statusLine)
        logger.notice("config reloaded", metadata: ["transitions": "\(settings.transitions.count)", "bindings": "\(settings.bindings.count)"])
        return .success(())
    }

    /// `daemon.motion`: a run-time setting, or none to only ask.
    func motion(_ setting: MotionSetting?) -> MotionStatus {
        if let setting { changeMotion { $0.motionOverride = setting } }
        return config.motion.status
    }

    /// What KDE's `kdeglobals` says now: under `auto`, it decides.
    func kdeRead(_ file: KDEGlobals.File) { changeMotion { $0.kde = file } }

    /// What the XDG desktop portal says now: under `auto`, its `reduced-motion` or GNOME's keys reduce motion.
    func portalRead(_ settings: PortalSettings) { changeMotion { $0.portal = settings } }

    /// What the display's XSETTINGS manager says of animations now: under `auto`, `false` reduces motion.
    func xsettingsRead(_ enabled: Bool?) { changeMotion { $0.xsettingsAnimations = enabled } }

    /// One change to what decides motion, carried out: the engine's policy, and the event when the status changed.
    private func changeMotion(_ change: (inout ConfigInForce) -> Void) {
        let before = config.motion.status
        change(&config)
        motionChanged(from: before)
    }

    /// Hands the motion in force to the engine (from its next completion on) and tells the `motion` group when
    /// it changed.
    func motionChanged(from before: MotionStatus) {
        engine.setMotion(config.motion.policy)
        let now = config.motion.status
        guard now != before else { return }
        logger.notice("motion: \(now.reduced ? "reduced" : "full")", metadata: ["setting": "\(now.setting.rawValue)", "source": "\(now.source ?? "none")"])
        publishLine(.motion, at: self.now()) { EventLine.motion(now, into: &$0) }
    }

    /// What `systemctl status animd` shows.
    var statusLine: String {
        SystemdStatus.line(transitions: engine.transitionNames.count, clients: registry.clients.count, input: input.status)
    }

    /// A subscription came or went: the loop's time slice follows the number of frame readers.
    func subscriptionsChanged() {
        if let slice = pacer.frameReadersChanged(to: registry.frameReaders) {
            logger.debug("event loop time slice", metadata: ["slice": "\(slice)"])
        }
    }

    /// How long the shutdown waits for clients to take `daemon.shutdown`: one that has not read what it was sent
    /// by then is closed without it.
    static let shutdownDeadline = TimeAmount.seconds(2)

    /// Tells every client why, then closes them, within `shutdownDeadline` whatever they do; frames stop.
    func shutdown(reason: String) -> EventLoopFuture<Void> {
        pacer.cancel()
        systemd.stop()
        let line = OutgoingLine.make(SubscriberRegistry.allocator) { EventLine.shutdown(reason: reason, into: &$0) }
        let closed = EventLoopFuture.andAllComplete(registry.closeAll(after: line), on: loop)
        let (registry, logger) = (NIOLoopBound(registry, eventLoop: loop), logger)
        let deadline = loop.scheduleTask(in: Self.shutdownDeadline) {
            logger.notice("closing clients that did not take daemon.shutdown in time", metadata: ["clients": "\(registry.value.clients.count)"])
            registry.value.closeEveryone()
        }
        closed.whenComplete { _ in deadline.cancel() }
        return closed
    }
}
