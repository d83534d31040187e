import AnimConfig
import AnimCore
import AnimProtocol
import Motion
import NIOCore

/// The core's life around its work, on the shell's side: reading the config again, what systemd is told, the
/// event loop's time slice, and the end.
extension DaemonCore {
    var loadedConfig: LoadedConfig { machine.config.loaded }

    /// Logs what is wrong with the config in force (the machine does so for each reload).
    func warnIfInert() {
        for case let .log(level, message, fields) in machine.configWarnings { logger.log(level, message, fields) }
    }

    /// Reads the config again and hands it to the machine; on error the running config stays. A file that has not
    /// changed since the config in force was read from it is not parsed again: the reload is done already.
    func reload() -> Result<Void, RPCError> {
        guard let loaded = configSource.reload(over: machine.config.loaded) else {
            logger.debug("config reload: the file is as it was read; nothing to do")
            return .success(())
        }
        return ask(.reload(loaded))
    }

    /// `daemon.motion`: a run-time setting, or none to only ask.
    func motion(_ setting: MotionSetting?) -> MotionStatus {
        ask(.motionSetting(setting))
    }

    /// What `systemctl status animd` shows.
    var statusLine: String {
        SystemdStatus.line(
            transitions: machine.engine.transitionNames.count, clients: machine.subscriptions.clients.count,
            input: machine.input.status)
    }

    /// The machine's book of clients changed: the registry reads who takes what from it, and the loop's time slice
    /// follows the number of frame readers.
    func clientsChanged(to book: SubscriptionBook) {
        registry.clientsChanged(to: book)
        if let slice = pacer.frameReadersChanged(to: book.frameReaders) {
            logger.debug("event loop time slice", metadata: ["slice": "\(slice)"])
        }
    }

    /// Tells every client why, then closes them, within `CoreMachine.shutdownDeadline` whatever they do; frames
    /// stop. Succeeds once every client is closed.
    func shutdown(reason: String) -> EventLoopFuture<Void> {
        let closed = EventLoopFuture.andAllComplete(registry.clients.values.map(\.channel.closeFuture), on: loop)
        handle(.shutdown(reason: reason))
        let core = NIOLoopBound(self, eventLoop: loop)
        closed.whenComplete { _ in core.value.pacer.cancel(.shutdownDeadline) }
        return closed
    }

    /// The shutdown's first effect: no more frames or pings, and `daemon.shutdown` to every client before its close.
    func closeClients(reason: String) {
        pacer.cancel()
        systemd.stop()
        let line = OutgoingLine.make(SubscriberRegistry.allocator) { EventLine.shutdown(reason: reason, into: &$0) }
        registry.closeAll(after: line)
    }
}
