import Motion

/// A method's parameter, declared once (issue 60): its name on the wire, what its value must be, and whether it is
/// required. `Request(method:params:)` reads it by this declaration (its name, its range, its length), `Request.params`
/// writes it under this name, and the unknown-parameter check, docs/protocol.md's method list and animctl's
/// completions are checked against it.
public struct Param: Hashable, Sendable {
    public let key: String
    public let kind: Kind
    public let required: Bool

    /// What a value must be.
    public enum Kind: Hashable, Sendable {
        /// A string of at most this many UTF-8 bytes, without NUL; any string when nil.
        case string(maxLength: Int?)
        case number(ClosedRange<Double>)
        case integer
        case bool
        case strings
        /// One of these words.
        case choice([String])
        /// An array of some of these words.
        case someOf([String])
        /// A timing spec (docs/motion.md's grammar).
        case timing
        /// An object read with the config's reader (a declaration's `transition` and `bindings`).
        case table
        /// Input events and tablet-mode switches (`input.inject`).
        case events
    }

    init(_ key: String, _ kind: Kind, required: Bool = false) {
        self.key = key; self.kind = kind; self.required = required
    }
}

/// What a method does to the daemon, which decides whether a gone client's request is carried out at all.
public enum MethodReach: Hashable, Sendable {
    /// It only asks.
    case asks
    /// It changes only what its connection holds (its name, its subscriptions, its declarations), all of which end
    /// with the connection.
    case itsConnection
    /// It changes what every client sees.
    case daemon
    /// It only asks without this parameter, and changes what every client sees with it (`daemon.motion`).
    case asksWithout(Param)
}

/// One JSON-RPC method, declared once: its name (`Method`), its parameters and its reach. The daemon routes a
/// request by its typed `Request`, which is read by these declarations.
public struct MethodSpec: Sendable {
    public let method: Method
    public let params: [Param]
    public let reach: MethodReach
    /// The parameters' names, in order: what the unknown-parameter check takes, made once.
    let keys: [String]

    init(method: Method, params: [Param], reach: MethodReach) {
        self.method = method
        self.params = params
        self.reach = reach
        keys = params.map(\.key)
    }
}

extension Param {
    public static let name = Param("name", .string(maxLength: nil), required: true)
    /// `daemon.hello`'s name for the connection.
    public static let client = Param("client", .string(maxLength: 64))
    public static let setting = Param("setting", .choice(MotionSetting.allCases.map(\.rawValue)))
    public static let transitions = Param("transitions", .strings)
    public static let events = Param("events", .someOf(EventGroup.allCases.map(\.rawValue)))
    public static let maxRate = Param("maxRate", .number(ParamRange.maxRate))
    public static let frames = Param("frames", .choice(FrameDelivery.allCases.map(\.rawValue)))
    public static let subscription = Param("subscription", .integer, required: true)
    public static let injected = Param("events", .events, required: true)
    public static let to = Param("to", .integer, required: true)
    public static let timing = Param("timing", .timing)
    public static let duration = Param("duration", .number(ParamRange.duration))
    public static let velocity = Param("velocity", .number(ParamRange.velocity))
    public static let fraction = Param("fraction", .number(ParamRange.fraction), required: true)
    public static let durationFactor = Param("durationFactor", .number(ParamRange.durationFactor))
    public static let withoutFinishing = Param("withoutFinishing", .bool)
    public static let at = Param("at", .choice(["start", "end", "current"]), required: true)
    public static let transition = Param("transition", .table)
    public static let bindings = Param("bindings", .table)
    /// `daemon.environment`'s: one per session variable it takes.
    public static let environment = Request.environmentNames.map {
        Param($0, .string(maxLength: Request.maxEnvironmentValue))
    }
}

extension Method {
    /// This method's declaration.
    public var spec: MethodSpec { Self.table[self] ?? MethodSpec(method: self, params: [], reach: .daemon) }

    /// Every method, its parameters and its reach: the one table.
    private static let table: [Method: MethodSpec] = {
        let named: [Param] = [.name]
        let rows: [(Method, [Param], MethodReach)] = [
            (.hello, [.client], .itsConnection),
            (.reload, [], .daemon),
            (.config, [], .asks),
            (.environment, Param.environment, .daemon),
            (.motion, [.setting], .asksWithout(.setting)),
            (.list, [], .asks),
            (.get, named, .asks),
            (.subscribe, [.transitions, .events, .maxRate, .frames], .itsConnection),
            (.unsubscribe, [.subscription], .itsConnection),
            (.toggle, named, .daemon),
            (.animate, [.name, .to, .timing, .duration, .velocity], .daemon),
            (.begin, [.name, .to], .daemon),
            (.scrub, [.name, .fraction], .daemon),
            (.pause, named, .daemon),
            (.resume, named, .daemon),
            (.reverse, named, .daemon),
            (.continue, [.name, .timing, .durationFactor, .velocity], .daemon),
            (.release, [.name, .velocity], .daemon),
            (.stop, [.name, .withoutFinishing], .daemon),
            (.finish, [.name, .at], .daemon),
            (.declare, [.name, .transition, .bindings], .itsConnection),
            (.update, [.name, .transition, .bindings], .itsConnection),
            (.retract, named, .itsConnection),
            (.inject, [.injected], .daemon),
        ]
        return Dictionary(
            uniqueKeysWithValues: rows.map { ($0.0, MethodSpec(method: $0.0, params: $0.1, reach: $0.2)) })
    }()
}
