import AnimConfig
import AnimProtocol
import Gestures
import JSONText
import TransitionModel

#if canImport(Glibc)
    import Glibc
#endif

/// The daemon as the request router sees it (`RequestTarget`): what a request reads, read from the machine; what it
/// changes, handed to the machine as a `CoreRequest`.
extension DaemonCore: RequestTarget {
    var summary: DaemonSummary {
        let (engine, input) = (machine.engine, machine.input)
        return DaemonSummary(
            version: AnimdVersion.current, pid: getpid(), frameRate: engine.frameRate, input: input.status,
            monitors: engine.geometry.monitors, screenFromDisplay: input.backendGeometry != nil,
            clients: machine.subscriptions.clients.count, subscriptions: machine.subscriptions.subscriptionCount,
            motion: machine.config.motion.status, focus: engine.focus,
            tabletMode: engine.session.tabletMode)
    }

    var transitionNames: [String] { machine.engine.transitionNames }

    func snapshots(of names: [String]?) -> [TransitionSnapshot]? {
        let (time, engine) = (now(), machine.engine)
        guard let names else { return engine.snapshots(at: time).map { $0.with(leg: engine.motion(of: $0.name)) } }
        var snapshots: [TransitionSnapshot] = []
        for name in names {
            guard let snapshot = engine.snapshot(of: name, at: time) else { return nil }
            snapshots.append(snapshot.with(leg: engine.motion(of: name)))
        }
        return snapshots
    }

    func subscribe(
        _ client: ClientConnection, transitions: Set<String>?, groups: Set<EventGroup>, maxRate: Double?,
        frames: FrameDelivery
    ) throws(RPCError) -> Int {
        try ask(
            .subscribe(client: client.id, transitions: transitions, groups: groups, maxRate: maxRate, frames: frames)
        )
        .get()
    }

    func unsubscribe(_ client: ClientConnection, id: Int) throws(RPCError) {
        try ask(.unsubscribe(client: client.id, id: id)).get()
    }

    /// Input from a client, within the daemon's one budget (`CoreMachine.inject`).
    func inject(_ events: [InputEvent], tabletModes: [InjectedTabletMode], from client: ClientConnection)
        throws(RPCError)
    {
        try ask(.inject(events, tabletModes: tabletModes, client: client.id)).get()
    }

    func perform(_ command: Command) -> Result<CommandResult, EngineError> {
        ask(.command(command))
    }

    func declare(_ name: String, body: JSONValue, from client: ClientConnection) throws(RPCError) {
        try ask(.declare(name, body: body, owner: client.owner)).get()
    }

    func updateDeclaration(_ name: String, body: JSONValue, from client: ClientConnection) throws(RPCError) {
        try ask(.update(name, body: body, client: client.id)).get()
    }

    func retract(_ name: String, from client: ClientConnection) throws(RPCError) {
        try ask(.retract(name, client: client.id)).get()
    }

    var owners: [String: TransitionOwner] { machine.config.declarations.owners }

    var declared: (transitions: [DaemonHello.Declared], yielding: [String]) { machine.declared }

    /// `daemon.environment`: a display that appears after start-up is used without a restart.
    func adoptEnvironment(_ changes: [String: String]) throws(RPCError) -> JSONValue {
        let restarted = ask(.adoptEnvironment(changes))
        return .object([("restarted", .bool(restarted)), ("input", machine.input.status.json)])
    }
}
