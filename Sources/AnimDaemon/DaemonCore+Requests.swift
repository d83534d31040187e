#if canImport(Glibc)
import Glibc
#endif
import AnimProtocol
import Gestures
import TransitionModel

/// The daemon as the request router sees it (`RequestTarget`).
extension DaemonCore: RequestTarget {
    var summary: DaemonSummary {
        DaemonSummary(version: AnimdVersion.current, pid: getpid(), frameRate: engine.frameRate, input: input.status,
                      monitors: engine.geometry.monitors, screenFromDisplay: input.backendGeometry != nil, clients: registry.clients.count,
                      subscriptions: registry.clients.values.reduce(0) { $0 + $1.subscriptions.count }, motion: config.motion.status,
                      focus: engine.focus)
    }

    var transitionNames: [String] { engine.transitionNames }

    func snapshots(of names: [String]?) -> [TransitionSnapshot]? {
        let time = now()
        guard let names else { return engine.snapshots(at: time).map { $0.with(leg: engine.motion(of: $0.name)) } }
        var snapshots: [TransitionSnapshot] = []
        for name in names {
            guard let snapshot = engine.snapshot(of: name, at: time) else { return nil }
            snapshots.append(snapshot.with(leg: engine.motion(of: name)))
        }
        return snapshots
    }

    func subscribe(_ client: ClientConnection, transitions: Set<String>?, groups: Set<EventGroup>, maxRate: Double?,
                   frames: FrameDelivery) throws(RPCError) -> Int {
        let id = try registry.subscribe(client, transitions: transitions, groups: groups, maxRate: maxRate, frames: frames)
        // A subscriber that takes every frame gets them from the next frame on, even mid-leg.
        paceFrames()
        subscriptionsChanged()
        return id
    }

    func unsubscribe(_ client: ClientConnection, id: Int) throws(RPCError) {
        try registry.unsubscribe(client, id: id)
        subscriptionsChanged()
    }

    /// Input from a client, within its `InjectionBudget`: a request past it is refused whole, saying when to retry.
    func inject(_ events: [InputEvent], from client: ClientConnection) throws(RPCError) {
        if case let .refused(seconds) = client.injections.take(events.count, at: now()) {
            let milliseconds = Int((seconds * 1000).rounded(.up))
            throw RPCError(.limitReached, "limit reached: at most \(Int(InjectionBudget.rate)) injected events a second per client; "
                           + "none of these \(events.count) was injected; retry in \(milliseconds) ms")
        }
        handleInput(events, from: .client(client.id))
    }

    func perform(_ command: Command) -> Result<CommandResult, EngineError> {
        let time = now()
        let (result, output) = engine.perform(command, at: time)
        publish(output, at: time)
        return result
    }
}
