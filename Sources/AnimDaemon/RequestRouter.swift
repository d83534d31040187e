import AnimProtocol
import Foundation
import Gestures
import Motion
import Transitions

/// What a request is answered with: a value, or JSON text already written by a shape's one writer (snapshots).
enum Answer {
    case value(JSONValue)
    case encoded(String)
}

/// Command routing: one `switch` over the protocol's methods.
extension DaemonCore {
    /// Handles one line from a client and returns the response line, if any.
    func handle(line: [UInt8], from client: ClientConnection) -> String? {
        switch IncomingMessage.parse(line) {
        case let .invalid(id, error):
            return RPCLine.error(id: id, error)
        case let .notification(method, params):
            _ = respond(method: method, params: params, client: client)
            return nil
        case let .request(id, method, params):
            switch respond(method: method, params: params, client: client) {
            case let .success(.value(result)): return RPCLine.result(id: id, result)
            case let .success(.encoded(text)): return RPCLine.result(id: id, encoded: text)
            case let .failure(error): return RPCLine.error(id: id, error)
            }
        }
    }

    private func respond(method name: String, params raw: JSONValue?, client: ClientConnection) -> Result<Answer, RPCError> {
        do {
            return .success(try dispatch(try Request(method: name, params: raw), client))
        } catch {
            return .failure(error)
        }
    }

    /// One request, already checked (`Request(method:params:)`), carried out.
    private func dispatch(_ request: Request, _ client: ClientConnection) throws(RPCError) -> Answer {
        switch request {
        case .hello: return .value(hello)
        case .reload:
            switch reload() {
            case .success: return .value(.object([]))
            case let .failure(error): throw error
            }
        case .config: return .value(configJSON)
        case let .environment(values): return .value(try adoptEnvironment(values))
        case .list:
            var out = "{"
            WireSnapshot.writeList(engine.snapshots(at: now()).map(\.wire), into: &out)
            return .encoded(out + "}")
        case let .get(name):
            guard let snapshot = engine.snapshot(of: name, at: now()) else { throw unknown(name) }
            var out = ""
            snapshot.wire.writeJSON(into: &out)
            return .encoded(out)
        case let .subscribe(transitions, events, maxRate): return .encoded(try subscribe(transitions, events, maxRate, client))
        case let .unsubscribe(subscription):
            try registry.unsubscribe(client, id: subscription)
            return .value(.object([]))
        case let .inject(events):
            handleInput(events, from: .client(client.id))
            return .value(.object([("accepted", .number(Double(events.count)))]))
        case let .toggle(name): return .value(try perform(.toggle(name), for: request.method))
        case let .animate(name, to, timing, duration, velocity):
            return .value(try perform(.animate(name, to: to, timing: timing, duration: duration, velocity: velocity), for: request.method))
        case let .begin(name, to): return .value(try perform(.begin(name, to: to), for: request.method))
        case let .scrub(name, fraction): return .value(try perform(.scrub(name, fraction: fraction), for: request.method))
        case let .pause(name): return .value(try perform(.pause(name), for: request.method))
        case let .resume(name): return .value(try perform(.resume(name), for: request.method))
        case let .reverse(name): return .value(try perform(.reverse(name), for: request.method))
        case let .continue(name, timing, durationFactor, velocity):
            return .value(try perform(.continue(name, timing: timing, durationFactor: durationFactor, velocity: velocity), for: request.method))
        case let .release(name, velocity): return .value(try perform(.release(name, velocity: velocity), for: request.method))
        case let .stop(name, withoutFinishing): return .value(try perform(.stop(name, withoutFinishing: withoutFinishing), for: request.method))
        case let .finish(name, at): return .value(try perform(.finish(name, at: at), for: request.method))
        }
    }

    private var hello: JSONValue {
        var input = inputStatus.json
        if case var .object(members) = input {
            members.append(("monitors", .array(engine.geometry.monitors.map {
                .array([.number($0.x), .number($0.y), .number($0.width), .number($0.height)])
            })))
            input = .object(members)
        }
        return .object([("name", "animd"), ("version", .string(Self.version)), ("protocol", 1),
                        ("pid", .number(Double(ProcessInfo.processInfo.processIdentifier))),
                        ("frameRate", .number(frameRate)), ("input", input),
                        ("config", .object([("layers", .array(loadedConfig.layers.map { .string($0) })),
                                            ("transitions", .number(Double(loadedConfig.config.transitions.count))),
                                            ("bindings", .number(Double(loadedConfig.config.bindings.count))),
                                            ("warnings", .array(loadedConfig.warnings.map { .string($0) }))])),
                        ("clients", .number(Double(registry.clients.count))),
                        ("subscriptions", .number(Double(registry.clients.values.reduce(0) { $0 + $1.subscriptions.count })))])
    }

    /// `daemon.config`: every key in force, its value as TOML, and the file, line and column it was written at.
    private var configJSON: JSONValue {
        .object([("layers", .array(loadedConfig.layers.map { .string($0) })),
                 ("entries", .array(loadedConfig.entries.map { entry in
                     .object([("key", .string(entry.key)), ("value", .string(entry.value)), ("file", .string(entry.origin.layer)),
                              ("line", .number(Double(entry.origin.line))), ("column", .number(Double(entry.origin.valueColumn)))])
                 })),
                 ("warnings", .array(loadedConfig.warnings.map { .string($0) }))])
    }

    /// `{"subscription":id,"transitions":[…]}`, written as text.
    private func subscribe(_ names: [String]?, _ groups: Set<EventGroup>, _ maxRate: Double?, _ client: ClientConnection) throws(RPCError) -> String {
        for name in names ?? [] where engine.snapshot(of: name, at: 0) == nil { throw unknown(name) }
        let id = try registry.subscribe(client, transitions: names.map(Set.init), groups: groups, maxRate: maxRate)
        let time = now()
        let snapshots = (names ?? engine.transitionNames).compactMap { engine.snapshot(of: $0, at: time)?.wire }
        var out = "{\"subscription\":" + String(id) + ","
        WireSnapshot.writeList(snapshots, into: &out)
        return out + "}"
    }

    private func perform(_ command: Command, for method: Method) throws(RPCError) -> JSONValue {
        let time = now()
        let (result, output) = engine.perform(command, at: time)
        publish(output, at: time)
        switch result {
        case .success(.done): return .object([])
        case let .success(.released(to)): return .object([("to", .number(Double(to)))])
        case let .failure(.unknownTransition(name)): throw unknown(name)
        case let .failure(.notAllowed(reason)): throw RPCError(.notAllowed, "not allowed: \(reason)")
        case let .failure(.invalidParams(reason)): throw RPCError(.invalidParams, "invalid params: \(method.rawValue): \(reason)")
        }
    }

    private func unknown(_ name: String) -> RPCError {
        RPCError(.unknownTransition, "unknown transition \"\(name)\"",
                 data: .object([("transitions", .array(engine.transitionNames.map { .string($0) }))]))
    }
}
