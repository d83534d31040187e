public import Gestures
public import JSONText
public import TransitionModel

/// `daemon.hello`'s answer, one type for both ends: the daemon writes it (`json`), animctl and Swift clients read
/// it (`init?(json:)`), so a key cannot be spelt two ways.
public struct DaemonHello: Hashable, Sendable {
    /// The config in force, counted.
    public struct ConfigSummary: Hashable, Sendable {
        /// Lowest first: the embedded default, then the user's file.
        public var layers: [String]
        public var transitions: Int
        public var bindings: Int
        /// What is wrong with a config that loads all the same.
        public var warnings: [String]
        /// The embedded default's bindings that yield to declared ones: they take only the swipes the declared ones do
        /// not (**extension**, issue 29).
        public var yielding: [String]

        public init(layers: [String], transitions: Int, bindings: Int, warnings: [String], yielding: [String] = []) {
            self.layers = layers; self.transitions = transitions; self.bindings = bindings; self.warnings = warnings
            self.yielding = yielding
        }
    }

    /// A transition a client declared, and its bindings (**extension**, issue 29).
    public struct Declared: Hashable, Sendable {
        public var name: String
        public var owner: TransitionOwner
        public var bindings: [String]

        public init(name: String, owner: TransitionOwner, bindings: [String]) {
            self.name = name; self.owner = owner; self.bindings = bindings
        }

        var json: JSONValue {
            .object([
                ("name", .string(name)), ("owner", owner.json), ("bindings", .array(bindings.map(JSONValue.string))),
            ])
        }

        init?(json: JSONValue) {
            guard let name = json["name"]?.string, let owner = json["owner"].flatMap(TransitionOwner.init(json:)),
                let bindings = json["bindings"]?.array?.compactMap(\.string)
            else { return nil }
            self.init(name: name, owner: owner, bindings: bindings)
        }
    }

    public static let protocolVersion = 1

    public var version: String
    public var pid: Int
    /// The display's refresh rate, else the config's `frame-rate`.
    public var frameRate: Double
    public var input: InputStatus
    /// The screen the recognizers use (`input.monitors` on the wire).
    public var monitors: [Rect]
    public var config: ConfigSummary
    public var clients: Int
    public var subscriptions: Int
    /// Full or reduced motion, and why (**extension**, issue 30).
    public var motion: MotionStatus
    /// The focused application that `apps` bindings are matched against, or why none is known (**extension**,
    /// issue 31).
    public var focus: SessionFocus
    /// The transitions clients declared, in the order they did.
    public var declared: [Declared]
    /// Whether the machine is in tablet mode, by its tablet-mode switch; nil where it has none (**extension**,
    /// issue 45). `tablet-mode` on the wire.
    public var tabletMode: Bool?

    public init(
        version: String, pid: Int, frameRate: Double, input: InputStatus, monitors: [Rect], config: ConfigSummary,
        clients: Int, subscriptions: Int, motion: MotionStatus, focus: SessionFocus, declared: [Declared] = [],
        tabletMode: Bool? = nil
    ) {
        self.version = version; self.pid = pid; self.frameRate = frameRate; self.input = input; self.monitors = monitors
        self.config = config; self.clients = clients; self.subscriptions = subscriptions; self.motion = motion
        self.focus = focus; self.declared = declared; self.tabletMode = tabletMode
    }

    public var json: JSONValue {
        let monitors: JSONValue = .array(
            monitors.map { .array([.number($0.x), .number($0.y), .number($0.width), .number($0.height)]) })
        return .object([
            ("name", "animd"), ("version", .string(version)), ("protocol", .number(Double(Self.protocolVersion))),
            ("pid", .number(Double(pid))), ("frameRate", .number(frameRate)),
            ("input", .object(input.members + [("monitors", monitors)])),
            (
                "config",
                .object([
                    ("layers", .array(config.layers.map(JSONValue.string))),
                    ("transitions", .number(Double(config.transitions))),
                    ("bindings", .number(Double(config.bindings))),
                    ("warnings", .array(config.warnings.map(JSONValue.string))),
                    ("yielding", .array(config.yielding.map(JSONValue.string))),
                ])
            ),
            ("clients", .number(Double(clients))), ("subscriptions", .number(Double(subscriptions))),
            ("motion", motion.json),
            ("focus", focus.json), ("declared", .array(declared.map(\.json))),
            ("tablet-mode", tabletMode.map(JSONValue.bool) ?? .null),
        ])
    }

    /// Reads what `json` writes; nil for anything else, numbers out of range included.
    public init?(json: JSONValue) {
        guard json["name"] == "animd", let version = json["version"]?.string, let pid = json["pid"]?.integer,
            let frameRate = json["frameRate"]?.number, frameRate.isFinite, frameRate >= 0,
            let inputJSON = json["input"], let input = InputStatus(json: inputJSON),
            let monitors = inputJSON["monitors"]?.array?.map(Self.rect), !monitors.contains(nil),
            let config = json["config"], let layers = config["layers"]?.array?.compactMap(\.string),
            let transitions = config["transitions"]?.integer, let bindings = config["bindings"]?.integer,
            let warnings = config["warnings"]?.array?.compactMap(\.string),
            let clients = json["clients"]?.integer, let subscriptions = json["subscriptions"]?.integer,
            let motion = json["motion"].flatMap(MotionStatus.init(json:)),
            let focus = json["focus"].flatMap(SessionFocus.init(json:))
        else { return nil }
        // A daemon from before declarations sends neither of these.
        let yielding = config["yielding"]?.array?.compactMap(\.string) ?? []
        let declared = json["declared"]?.array?.compactMap(Declared.init(json:)) ?? []
        // Nor this, before issue 45: null, as from a machine without a switch.
        let tabletMode = json["tablet-mode"]?.bool
        self.init(
            version: version, pid: pid, frameRate: frameRate, input: input, monitors: monitors.compactMap { $0 },
            config: ConfigSummary(
                layers: layers, transitions: transitions, bindings: bindings, warnings: warnings, yielding: yielding),
            clients: clients, subscriptions: subscriptions, motion: motion, focus: focus, declared: declared,
            tabletMode: tabletMode)
    }

    /// `[x, y, width, height]` within the screen's coordinate limit.
    static func rect(_ value: JSONValue) -> Rect? {
        guard let numbers = value.array?.compactMap(\.number), numbers.count == 4,
            numbers.allSatisfy({ abs($0) <= InputLimits.coordinate })
        else { return nil }
        return Rect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
    }
}

extension InputStatus {
    /// Reads what `members` writes; nil for anything else. A source or output it cannot read is left out.
    public init?(json: JSONValue) {
        guard let backendName = json["backend"]?.string, let connected = json["connected"]?.bool,
            let display = json["display"]
        else { return nil }
        let backend = InputBackendKind(rawValue: backendName)
        guard backend != nil || backendName == "none" else { return nil }
        var sources: [InputSource: SourceStatus] = [:]
        for source in InputSource.allCases {
            guard let status = json["sources"]?[source.rawValue],
                let state = status["state"]?.string.flatMap(SourceStatus.State.init(rawValue:)),
                let detail = status["detail"]?.string
            else { continue }
            sources[source] = SourceStatus(state, detail)
        }
        self.init(
            backend: backend, connected: connected, display: display.string, seat: json["seat"]?.string,
            reason: json["reason"]?.string,
            warning: json["warning"]?.string, sources: sources,
            outputs: json["outputs"]?.array?.compactMap(NamedOutput.init(json:)) ?? [],
            tabletMode: json["tablet-mode"]?.string)
    }
}
