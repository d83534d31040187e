import AnimProtocol
import Gestures
import JSONText
import Motion
import NIOCore
import TextWriting
import TransitionModel

/// Request routing: a line in, a reply out. Each request is read once (`IncomingRequest`), then one `switch`
/// carries it out through the narrow `RequestTarget`; the connection handler writes the reply.
struct RequestRouter {
    unowned let target: any RequestTarget

    /// What a line asks for: one message, answered at once (nil for a notification), or a batch, to be carried out a
    /// member at a time (`carryOut`) by the connection's turns.
    enum Outcome {
        case answered(Reply?)
        case batch(BatchInProgress)
    }

    /// Handles one line from a client. `unheard`: the client is gone, and what it asked is carried out for its
    /// effects on the others alone (one that concerns only its connection is then skipped: its answer would go
    /// nowhere, and what it changed would end with the connection).
    func handle(
        line: UnsafeBufferPointer<UInt8>, from client: ClientConnection, allocator: ByteBufferAllocator, unheard: Bool
    ) -> Outcome {
        switch IncomingRequest.read(line) {
        case let .batch(members): .batch(BatchInProgress(members, allocator: allocator))
        case let message: .answered(carryOut(message, from: client, unheard: unheard))
        }
    }

    /// One message carried out, a line's or a batch member's; its reply, or nil for a notification.
    func carryOut(_ message: IncomingRequest, from client: ClientConnection, unheard: Bool) -> Reply? {
        switch message {
        case let .invalid(id, error):
            return Reply(id: id, result: .failure(error))
        case let .notification(request):
            if unheard, (try? request.get())?.concernsOnlyItsConnection == true { return nil }
            _ = respond(request, client: client)
            return nil
        case let .request(id, request):
            if unheard, (try? request.get())?.concernsOnlyItsConnection == true { return nil }
            return Reply(id: id, result: respond(request, client: client))
        case .batch:
            // A batch is read only at a line's top; its members never are one.
            return Reply(
                id: .null, result: .failure(RPCError(.invalidRequest, "invalid request: a batch inside a batch")))
        }
    }

    private func respond(_ request: Result<Request, RPCError>, client: ClientConnection) -> Result<Answer, RPCError> {
        do {
            return .success(try dispatch(try request.get(), client))
        } catch {
            return .failure(error)
        }
    }

    /// One request, already checked, carried out.
    func dispatch(_ request: Request, _ client: ClientConnection) throws(RPCError) -> Answer {
        switch request {
        case let .hello(name):
            if let name { client.name = name }
            return .value(hello)
        case .reload:
            if case let .failure(error) = target.reload() { throw error }
            return .value(.object([]))
        case .config:
            // [daemon] screen stands in for a display server's monitors; while one gives them, it is not in force.
            return .config(
                target.loadedConfig,
                screenUnused: target.summary.screenFromDisplay ? "the display server gives the monitors" : nil)
        case let .environment(values): return .value(try target.adoptEnvironment(values))
        case let .motion(setting): return .value(target.motion(setting).json)
        case .list:
            return snapshots(subscription: nil, target.snapshots(of: nil) ?? [])
        case let .get(name):
            return try snapshot(name)
        case let .subscribe(transitions, events, maxRate, frames):
            return try subscribe(transitions, events, maxRate, frames, client)
        case let .unsubscribe(subscription):
            try target.unsubscribe(client, id: subscription)
            return .value(.object([]))
        case let .inject(events, tabletModes):
            try target.inject(events, tabletModes: tabletModes, from: client)
            return .value(.object([("accepted", .number(Double(events.count + tabletModes.count)))]))
        case let .transition(command):
            return .value(try perform(command))
        case let .declare(name, body):
            try target.declare(name, body: body, from: client)
            return try snapshot(name)
        case let .update(name, body):
            try target.updateDeclaration(name, body: body, from: client)
            return try snapshot(name)
        case let .retract(name):
            try target.retract(name, from: client)
            return .value(.object([]))
        }
    }

    private func snapshot(_ name: String) throws(RPCError) -> Answer {
        guard let snapshot = target.snapshots(of: [name])?.first else { throw unknown(name) }
        return .snapshot(snapshot, owner: target.owners[name])
    }

    /// The snapshots with the owners of those a client declared.
    private func snapshots(subscription: Int?, _ snapshots: [TransitionSnapshot]) -> Answer {
        .snapshots(subscription: subscription, snapshots, owners: target.owners)
    }

    private var hello: JSONValue {
        let summary = target.summary, loaded = target.loadedConfig
        let declared = target.declared
        let config = DaemonHello.ConfigSummary(
            layers: loaded.layers, transitions: loaded.config.transitions.count,
            bindings: loaded.config.bindings.count, warnings: loaded.warnings,
            yielding: declared.yielding)
        return DaemonHello(
            version: summary.version, pid: Int(summary.pid), frameRate: summary.frameRate, input: summary.input,
            monitors: summary.monitors, config: config, clients: summary.clients, subscriptions: summary.subscriptions,
            motion: summary.motion, focus: summary.focus, declared: declared.transitions,
            tabletMode: summary.tabletMode
        ).json
    }

    /// `{"subscription":id,"transitions":[…]}`.
    private func subscribe(
        _ names: [String]?, _ groups: Set<EventGroup>, _ maxRate: Double?, _ frames: FrameDelivery,
        _ client: ClientConnection
    ) throws(RPCError) -> Answer {
        for name in names ?? [] where target.snapshots(of: [name]) == nil { throw unknown(name) }
        let id = try target.subscribe(
            client, transitions: names.map(Set.init), groups: groups, maxRate: maxRate, frames: frames)
        return snapshots(subscription: id, target.snapshots(of: names) ?? [])
    }

    private func perform(_ command: Command) throws(RPCError) -> JSONValue {
        switch target.perform(command) {
        case .success(.done): return .object([])
        case let .success(.released(to)): return .object([("to", .number(Double(to)))])
        case let .failure(.unknownTransition(name)): throw unknown(name)
        case let .failure(.notAllowed(reason)): throw RPCError(.notAllowed, "not allowed: \(reason)")
        case let .failure(.invalidParams(reason)):
            throw RPCError(.invalidParams, "invalid params: \(command.method.rawValue): \(reason)")
        }
    }

    private func unknown(_ name: String) -> RPCError {
        RPCError(
            .unknownTransition, "unknown transition \(quotedExcerpt(name))",
            data: .object([("transitions", .array(target.transitionNames.map { .string($0) }))]))
    }
}
