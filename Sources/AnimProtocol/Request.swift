public import Gestures
public import JSONText
public import Motion
import TextWriting
public import TransitionModel

/// Every request of the protocol (PROTOCOL.md, docs/protocol.md), with its parameters typed and checked.
///
/// `init(method:params:)` is the daemon's single validation point: allowed keys, types and ranges, each mistake
/// a -32602 that names the parameter. `animctl` and other clients build requests from the same type and send
/// `params`, so that the two sides cannot disagree on a key.
public enum Request: Hashable, Sendable {
    /// `client`: the name the connection goes by, in owners and logs.
    case hello(client: String?)
    case reload
    case config
    /// Session variables; an empty value unsets one.
    case environment([String: String])
    /// Sets the run-time motion setting (`animctl motion`), or with nil only asks for the status.
    case motion(MotionSetting?)
    case list
    case get(name: String)
    /// `transitions`: nil for all.
    case subscribe(transitions: [String]?, events: Set<EventGroup>, maxRate: Double?, frames: FrameDelivery = .all)
    case unsubscribe(subscription: Int)
    /// Input events, and the tablet-mode switches among them (issue 45).
    case inject(events: [InputEvent], tabletModes: [InjectedTabletMode] = [])
    /// The transition.* methods: the engine's own `Command`, wrapped rather than mirrored.
    case transition(Command)
    /// `transition.declare` and `transition.update`: `body` holds the params' `transition` and `bindings` tables as
    /// sent, which the daemon reads with the config's reader.
    case declare(name: String, body: JSONValue)
    case update(name: String, body: JSONValue)
    case retract(name: String)

    public static let hello = Request.hello(client: nil)

    /// Whether the request concerns its connection alone: it asks, or changes only what the connection holds (its
    /// name, its subscriptions, its declarations, which end with it), so that for a connection that is gone it changes
    /// nothing at all, and is skipped. A gone client's declare and retract storm ran for seconds after it left
    /// (issue 48), each declaration made only to be ended with the connection. The method table says which.
    public var concernsOnlyItsConnection: Bool {
        switch method.spec.reach {
        case .asks, .itsConnection: true
        case .daemon: false
        case let .asksWithout(param): params?[param.key] == nil
        }
    }
    /// The longest `client` name `daemon.hello` takes, in UTF-8 bytes.
    public static let maxClientName = 64

    /// The session variables `environment` takes, each at most `maxEnvironmentValue` bytes without NUL.
    /// The session's display variables, and those of the compositors whose focus animd reads (issue 31).
    public static let environmentNames = [
        "DISPLAY", "XAUTHORITY", "WAYLAND_DISPLAY", "XDG_SESSION_TYPE", "XDG_SEAT",
        "SWAYSOCK", "HYPRLAND_INSTANCE_SIGNATURE",
    ]
    public static let maxEnvironmentValue = 4096

    /// Reads and checks a request. An unknown method is -32601 with the known ones in `data.methods`.
    public init(method name: String, params raw: JSONValue?) throws(RPCError) {
        try self.init(method: name, reading: raw)
    }

    /// The same, from a tree or from the request line read in place (`IncomingRequest`): one reader for both.
    init(method name: String, reading raw: (some JSONReadable)?) throws(RPCError) {
        guard let method = Method(rawValue: name) else {
            throw RPCError(
                .methodNotFound, "method not found: \(quotedExcerpt(name))",
                data: .object([("methods", .array(Method.allCases.map { .string($0.rawValue) }))]))
        }
        let p = RequestParams(method: name, value: raw)
        try p.allow(method.spec)
        switch method {
        case .hello: self = .hello(client: try p.optionalString(.client))
        case .reload: self = .reload
        case .config: self = .config
        case .environment:
            var values: [String: String] = [:]
            for param in Param.environment {
                guard let value = try p.optionalString(param) else { continue }
                if let message = SessionVariableRules.message(param.key, value) { throw p.invalid(message) }
                values[param.key] = value
            }
            self = .environment(values)
        case .motion: self = .motion(try p.optionalChoice(.setting, MotionSetting.self))
        case .list: self = .list
        case .get: self = .get(name: try p.string(.name))
        case .subscribe: self = try Self.subscribe(p)
        case .unsubscribe: self = .unsubscribe(subscription: try p.integer(.subscription))
        case .inject:
            let (events, tabletModes) = try p.inputEvents(Param.injected.key)
            self = .inject(events: events, tabletModes: tabletModes)
        case .declare: self = .declare(name: try p.string(.name), body: try p.declarationBody())
        case .update: self = .update(name: try p.string(.name), body: try p.declarationBody())
        case .retract: self = .retract(name: try p.string(.name))
        default: self = .transition(try Self.command(method, p))
        }
    }

    private static func subscribe(_ p: RequestParams<some JSONReadable>) throws(RPCError) -> Request {
        var events = EventGroup.defaults
        if let names = try p.optionalStrings(.events) {
            events = []
            for name in names {
                guard let group = EventGroup(rawValue: name) else {
                    throw p.invalid("unknown event group \(quotedExcerpt(name)) (expected \(EventGroup.names))")
                }
                events.insert(group)
            }
        }
        var frames = FrameDelivery.all
        if let name = try p.optionalString(Param.frames.key, maxLength: 16) {
            guard let delivery = FrameDelivery(rawValue: name) else {
                throw p.invalid("frames must be \(Param.frames.words)")
            }
            frames = delivery
        }
        return .subscribe(
            transitions: try p.optionalStrings(.transitions), events: events, maxRate: try p.optionalNumber(.maxRate),
            frames: frames)
    }

    /// The transition.* methods' commands.
    private static func command(_ method: Method, _ p: RequestParams<some JSONReadable>) throws(RPCError) -> Command {
        let name = try p.string(.name)
        switch method {
        case .toggle: return .toggle(name)
        case .animate:
            return .animate(
                name, to: try p.integer(.to), timing: try p.optionalTiming(.timing),
                duration: try p.optionalNumber(.duration),
                velocity: try p.optionalNumber(.velocity))
        case .begin: return .begin(name, to: try p.integer(.to))
        case .scrub: return .scrub(name, fraction: try p.number(.fraction))
        case .pause: return .pause(name)
        case .resume: return .resume(name)
        case .reverse: return .reverse(name)
        case .continue:
            return .continue(
                name, timing: try p.optionalTiming(.timing), durationFactor: try p.optionalNumber(.durationFactor),
                velocity: try p.optionalNumber(.velocity))
        case .release: return .release(name, velocity: try p.optionalNumber(.velocity))
        case .stop: return .stop(name, withoutFinishing: try p.optionalBool(.withoutFinishing) ?? false)
        case .finish: return .finish(name, at: try p.choice(.at, AnimatingPosition.self))
        default: throw p.invalid("not a transition method")
        }
    }
}

extension Request {
    public var method: Method {
        switch self {
        case .hello: .hello
        case .declare: .declare
        case .update: .update
        case .retract: .retract
        case .reload: .reload
        case .config: .config
        case .environment: .environment
        case .motion: .motion
        case .list: .list
        case .get: .get
        case .subscribe: .subscribe
        case .unsubscribe: .unsubscribe
        case .inject: .inject
        case let .transition(command): command.method
        }
    }

    /// The params as they go on the wire; nil for a method that takes none. `Request(method:params:)` reads them
    /// back to the same request.
    public var params: JSONValue? {
        func object(_ members: [(String, JSONValue?)]) -> JSONValue {
            .object(members.compactMap { key, value in value.map { (key, $0) } })
        }
        func number(_ value: Double?) -> JSONValue? { value.map(JSONValue.number) }
        switch self {
        case let .hello(client): return client.map { object([(Param.client.key, .string($0))]) }
        case .reload, .config, .list: return nil
        case let .declare(name, body), let .update(name, body):
            return .object([(Param.name.key, .string(name))] + (body.objectMembers ?? []))
        case let .retract(name): return object([(Param.name.key, .string(name))])
        case let .environment(values):
            return .object(Self.environmentNames.compactMap { name in values[name].map { (name, .string($0)) } })
        case let .motion(setting): return setting.map { object([(Param.setting.key, .string($0.rawValue))]) }
        case let .get(name): return object([(Param.name.key, .string(name))])
        case let .subscribe(transitions, events, maxRate, frames):
            return object([
                (Param.transitions.key, transitions.map { .array($0.map(JSONValue.string)) }),
                (Param.events.key, .array(EventGroup.allCases.filter(events.contains).map { .string($0.rawValue) })),
                (Param.maxRate.key, number(maxRate)),
                (Param.frames.key, frames == .all ? nil : .string(frames.rawValue)),
            ])
        case let .unsubscribe(subscription): return object([(Param.subscription.key, .number(Double(subscription)))])
        case let .inject(events, tabletModes):
            var items = events.map(\.wire)
            for mode in tabletModes.reversed() { items.insert(mode.wire, at: mode.before) }
            return object([(Param.injected.key, .array(items))])
        case let .transition(command): return command.params
        }
    }
}
