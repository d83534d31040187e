import AnimProtocol
import Foundation
import Gestures
import Motion
import Transitions

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
            case let .success(result): return RPCLine.result(id: id, result)
            case let .failure(error): return RPCLine.error(id: id, error)
            }
        }
    }

    private func respond(method name: String, params raw: JSONValue?, client: ClientConnection) -> Result<JSONValue, RPCError> {
        guard let method = Method(rawValue: name) else {
            return .failure(RPCError(.methodNotFound, "method not found: \"\(name)\"",
                                     data: .object([("methods", .array(Method.allCases.map { .string($0.rawValue) }))])))
        }
        let params = Params(method: name, value: raw)
        do {
            return .success(try dispatch(method, params, client))
        } catch {
            return .failure(error)
        }
    }

    private func dispatch(_ method: Method, _ p: Params, _ client: ClientConnection) throws(RPCError) -> JSONValue {
        switch method {
        case .hello:
            try p.allow([])
            return hello
        case .reload:
            try p.allow([])
            switch reload() {
            case .success: return .object([])
            case let .failure(error): throw error
            }
        case .config:
            try p.allow([])
            return configJSON
        case .environment:
            try p.allow(SessionEnvironment.names)
            var changes: [String: String] = [:]
            for name in SessionEnvironment.names { if let value = try p.optionalString(name, maxLength: SessionEnvironment.maxLength) { changes[name] = value } }
            return try adoptEnvironment(changes)
        case .list:
            try p.allow([])
            return .object([("transitions", .array(engine.snapshots(at: now()).map(\.wire.json)))])
        case .get:
            try p.allow(["name"])
            let name = try p.string("name")
            guard let snapshot = engine.snapshot(of: name, at: now()) else { throw unknown(name) }
            return snapshot.wire.json
        case .subscribe:
            return try subscribe(p, client)
        case .unsubscribe:
            try p.allow(["subscription"])
            try registry.unsubscribe(client, id: try p.integer("subscription"))
            return .object([])
        case .inject:
            try p.allow(["events"])
            let events = try p.inputEvents("events")
            handleInput(events, from: .client(client.id))
            return .object([("accepted", .number(Double(events.count)))])
        case .toggle:
            try p.allow(["name"])
            return try perform(.toggle(try p.string("name")))
        case .animate:
            try p.allow(["name", "to", "timing", "duration", "velocity"])
            return try perform(.animate(try p.string("name"), to: try p.integer("to"), timing: try p.optionalTiming("timing"),
                                        duration: try p.optionalNumber("duration", in: Params.Range.duration),
                                        velocity: try p.optionalNumber("velocity", in: Params.Range.velocity)))
        case .begin:
            try p.allow(["name", "to"])
            return try perform(.begin(try p.string("name"), to: try p.integer("to")))
        case .scrub:
            try p.allow(["name", "fraction"])
            return try perform(.scrub(try p.string("name"), fraction: try p.number("fraction", in: Params.Range.fraction)))
        case .pause:
            try p.allow(["name"])
            return try perform(.pause(try p.string("name")))
        case .resume:
            try p.allow(["name"])
            return try perform(.resume(try p.string("name")))
        case .reverse:
            try p.allow(["name"])
            return try perform(.reverse(try p.string("name")))
        case .continue:
            try p.allow(["name", "timing", "durationFactor", "velocity"])
            return try perform(.continue(try p.string("name"), timing: try p.optionalTiming("timing"),
                                         durationFactor: try p.optionalNumber("durationFactor", in: Params.Range.durationFactor),
                                         velocity: try p.optionalNumber("velocity", in: Params.Range.velocity)))
        case .release:
            try p.allow(["name", "velocity"])
            return try perform(.release(try p.string("name"), velocity: try p.optionalNumber("velocity", in: Params.Range.velocity)))
        case .stop:
            try p.allow(["name", "withoutFinishing"])
            return try perform(.stop(try p.string("name"), withoutFinishing: try p.optionalBool("withoutFinishing") ?? false))
        case .finish:
            try p.allow(["name", "at"])
            let at = try p.string("at")
            guard let position = AnimatingPosition(rawValue: at) else { throw p.invalid("\"at\" must be \"start\", \"end\" or \"current\"") }
            return try perform(.finish(try p.string("name"), at: position))
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

    private func subscribe(_ p: Params, _ client: ClientConnection) throws(RPCError) -> JSONValue {
        try p.allow(["transitions", "events", "maxRate"])
        let names = try p.optionalStrings("transitions")
        for name in names ?? [] where engine.snapshot(of: name, at: 0) == nil { throw unknown(name) }
        var groups = EventGroup.defaults
        if let names = try p.optionalStrings("events") {
            groups = []
            for name in names {
                guard let group = EventGroup(rawValue: name) else { throw p.invalid("unknown event group \"\(name)\" (expected \(EventGroup.names))") }
                groups.insert(group)
            }
        }
        let maxRate = try p.optionalNumber("maxRate", in: Params.Range.maxRate)
        let id = try registry.subscribe(client, transitions: names.map(Set.init), groups: groups, maxRate: maxRate)
        let time = now()
        let snapshots = (names ?? engine.transitionNames).compactMap { engine.snapshot(of: $0, at: time)?.wire.json }
        return .object([("subscription", .number(Double(id))), ("transitions", .array(snapshots))])
    }

    private func perform(_ command: Command) throws(RPCError) -> JSONValue {
        let time = now()
        let (result, output) = engine.perform(command, at: time)
        publish(output, at: time)
        switch result {
        case .success(.done): return .object([])
        case let .success(.released(to)): return .object([("to", .number(Double(to)))])
        case let .failure(.unknownTransition(name)): throw unknown(name)
        case let .failure(.notAllowed(reason)): throw RPCError(.notAllowed, "not allowed: \(reason)")
        case let .failure(.invalidParams(reason)): throw RPCError(.invalidParams, "invalid params: \(command.method): \(reason)")
        }
    }

    private func unknown(_ name: String) -> RPCError {
        RPCError(.unknownTransition, "unknown transition \"\(name)\"",
                 data: .object([("transitions", .array(engine.transitionNames.map { .string($0) }))]))
    }
}

extension Command {
    var method: String {
        switch self {
        case .toggle: "transition.toggle"
        case .animate: "transition.animate"
        case .begin: "transition.begin"
        case .scrub: "transition.scrub"
        case .pause: "transition.pause"
        case .resume: "transition.resume"
        case .reverse: "transition.reverse"
        case .continue: "transition.continue"
        case .release: "transition.release"
        case .stop: "transition.stop"
        case .finish: "transition.finish"
        }
    }
}
