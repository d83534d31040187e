import TextWriting
public import Gestures
public import Motion
public import TransitionModel
public import JSONText

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
    /// (issue 48), each declaration made only to be ended with the connection.
    public var concernsOnlyItsConnection: Bool {
        switch self {
        case .hello, .config, .list, .get, .subscribe, .unsubscribe, .motion(nil), .declare, .update, .retract: true
        case .reload, .environment, .motion, .inject, .transition: false
        }
    }
    /// The longest `client` name `daemon.hello` takes, in UTF-8 bytes.
    public static let maxClientName = 64

    /// The session variables `environment` takes, each at most `maxEnvironmentValue` bytes without NUL.
    /// The session's display variables, and those of the compositors whose focus animd reads (issue 31).
    public static let environmentNames = ["DISPLAY", "XAUTHORITY", "WAYLAND_DISPLAY", "XDG_SESSION_TYPE", "XDG_SEAT",
                                          "SWAYSOCK", "HYPRLAND_INSTANCE_SIGNATURE"]
    public static let maxEnvironmentValue = 4096

    /// Reads and checks a request. An unknown method is -32601 with the known ones in `data.methods`.
    public init(method name: String, params raw: JSONValue?) throws(RPCError) { try self.init(method: name, reading: raw) }

    /// The same, from a tree or from the request line read in place (`IncomingRequest`): one reader for both.
    init(method name: String, reading raw: (some JSONReadable)?) throws(RPCError) {
        guard let method = Method(rawValue: name) else {
            throw RPCError(.methodNotFound, "method not found: \(quotedExcerpt(name))",
                           data: .object([("methods", .array(Method.allCases.map { .string($0.rawValue) }))]))
        }
        let p = RequestParams(method: name, value: raw)
        switch method {
        case .hello:
            try p.allow(["client"])
            self = .hello(client: try p.optionalString("client", maxLength: Self.maxClientName))
        case .reload: try p.allow([]); self = .reload
        case .config: try p.allow([]); self = .config
        case .environment:
            try p.allow(Self.environmentNames)
            var values: [String: String] = [:]
            for key in Self.environmentNames {
                guard let value = try p.optionalString(key, maxLength: Self.maxEnvironmentValue) else { continue }
                if let message = SessionVariableRules.message(key, value) { throw p.invalid(message) }
                values[key] = value
            }
            self = .environment(values)
        case .motion:
            try p.allow(["setting"])
            let setting = try p.optionalString("setting", maxLength: 16)
            guard let setting else { self = .motion(nil); break }
            guard let known = MotionSetting(rawValue: setting) else {
                throw RPCError(.invalidParams, "invalid params: daemon.motion: \"setting\" must be \"auto\", \"full\" or \"reduced\", not \(quotedExcerpt(setting))")
            }
            self = .motion(known)
        case .list: try p.allow([]); self = .list
        case .get: try p.allow(["name"]); self = .get(name: try p.string("name"))
        case .subscribe: self = try Self.subscribe(p)
        case .unsubscribe: try p.allow(["subscription"]); self = .unsubscribe(subscription: try p.integer("subscription"))
        case .inject:
            try p.allow(["events"])
            let (events, tabletModes) = try p.inputEvents("events")
            self = .inject(events: events, tabletModes: tabletModes)
        case .declare: try p.allow(["name", "transition", "bindings"]); self = .declare(name: try p.string("name"), body: try p.declarationBody())
        case .update: try p.allow(["name", "transition", "bindings"]); self = .update(name: try p.string("name"), body: try p.declarationBody())
        case .retract: try p.allow(["name"]); self = .retract(name: try p.string("name"))
        default: self = try Self.transitionRequest(method, p)
        }
    }

    private static func subscribe(_ p: RequestParams<some JSONReadable>) throws(RPCError) -> Request {
        try p.allow(["transitions", "events", "maxRate", "frames"])
        let transitions = try p.optionalStrings("transitions")
        var events = EventGroup.defaults
        if let names = try p.optionalStrings("events") {
            events = []
            for name in names {
                guard let group = EventGroup(rawValue: name) else { throw p.invalid("unknown event group \(quotedExcerpt(name)) (expected \(EventGroup.names))") }
                events.insert(group)
            }
        }
        var frames = FrameDelivery.all
        if let name = try p.optionalString("frames", maxLength: 16) {
            guard let delivery = FrameDelivery(rawValue: name) else { throw p.invalid("frames must be \"all\" or \"driven\"") }
            frames = delivery
        }
        return .subscribe(transitions: transitions, events: events, maxRate: try p.optionalNumber("maxRate", in: ParamRange.maxRate),
                          frames: frames)
    }

    /// The transition.* methods.
    private static func transitionRequest(_ method: Method, _ p: RequestParams<some JSONReadable>) throws(RPCError) -> Request {
        typealias Range = ParamRange
        switch method {
        case .toggle: try p.allow(["name"]); return .transition(.toggle(try p.string("name")))
        case .animate:
            try p.allow(["name", "to", "timing", "duration", "velocity"])
            return .transition(.animate(try p.string("name"), to: try p.integer("to"), timing: try p.optionalTiming("timing"),
                                         duration: try p.optionalNumber("duration", in: Range.duration),
                                         velocity: try p.optionalNumber("velocity", in: Range.velocity)))
        case .begin: try p.allow(["name", "to"]); return .transition(.begin(try p.string("name"), to: try p.integer("to")))
        case .scrub:
            try p.allow(["name", "fraction"])
            return .transition(.scrub(try p.string("name"), fraction: try p.number("fraction", in: Range.fraction)))
        case .pause: try p.allow(["name"]); return .transition(.pause(try p.string("name")))
        case .resume: try p.allow(["name"]); return .transition(.resume(try p.string("name")))
        case .reverse: try p.allow(["name"]); return .transition(.reverse(try p.string("name")))
        case .continue:
            try p.allow(["name", "timing", "durationFactor", "velocity"])
            return .transition(.continue(try p.string("name"), timing: try p.optionalTiming("timing"),
                                          durationFactor: try p.optionalNumber("durationFactor", in: Range.durationFactor),
                                          velocity: try p.optionalNumber("velocity", in: Range.velocity)))
        case .release:
            try p.allow(["name", "velocity"])
            return .transition(.release(try p.string("name"), velocity: try p.optionalNumber("velocity", in: Range.velocity)))
        case .stop:
            try p.allow(["name", "withoutFinishing"])
            return .transition(.stop(try p.string("name"), withoutFinishing: try p.optionalBool("withoutFinishing") ?? false))
        case .finish:
            try p.allow(["name", "at"])
            let at = try p.string("at")
            guard let position = AnimatingPosition(rawValue: at) else { throw p.invalid("\"at\" must be \"start\", \"end\" or \"current\"") }
            return .transition(.finish(try p.string("name"), at: position))
        default:
            throw p.invalid("not a transition method")
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
        func object(_ members: [(String, JSONValue?)]) -> JSONValue { .object(members.compactMap { key, value in value.map { (key, $0) } }) }
        func number(_ value: Double?) -> JSONValue? { value.map(JSONValue.number) }
        switch self {
        case let .hello(client): return client.map { object([("client", .string($0))]) }
        case .reload, .config, .list: return nil
        case let .declare(name, body), let .update(name, body):
            return .object([("name", .string(name))] + (body.objectMembers ?? []))
        case let .retract(name): return object([("name", .string(name))])
        case let .environment(values):
            return .object(Self.environmentNames.compactMap { name in values[name].map { (name, .string($0)) } })
        case let .motion(setting): return setting.map { object([("setting", .string($0.rawValue))]) }
        case let .get(name): return object([("name", .string(name))])
        case let .subscribe(transitions, events, maxRate, frames):
            return object([("transitions", transitions.map { .array($0.map(JSONValue.string)) }),
                           ("events", .array(EventGroup.allCases.filter(events.contains).map { .string($0.rawValue) })),
                           ("maxRate", number(maxRate)), ("frames", frames == .all ? nil : .string(frames.rawValue))])
        case let .unsubscribe(subscription): return object([("subscription", .number(Double(subscription)))])
        case let .inject(events, tabletModes):
            var items = events.map(\.wire)
            for mode in tabletModes.reversed() { items.insert(mode.wire, at: mode.before) }
            return object([("events", .array(items))])
        case let .transition(command): return command.params
        }
    }
}
