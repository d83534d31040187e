import Gestures
import JSONText
import Testing
import TransitionModel
import Transitions

@testable import AnimConfig

/// Transitions that clients declare (issue 29): read by the config's own reader, and placed beside the config by the
/// documented rules (docs/config.md, "Declared transitions").
@Suite struct DeclarationBookTests {
    static let dock = TransitionOwner(connection: 1, client: "dock", pid: 100)
    static let tray = TransitionOwner(connection: 2, client: "tray", pid: 200)

    static func config(_ user: String? = nil) throws -> LoadedConfig {
        try ConfigParser.load(user: user.map { ConfigLayer(name: "/home/u/.config/animd/animd.toml", text: $0) })
    }

    /// `{transition: {…}, bindings: {NAME: {…}}}` from TOML-like pairs, as a client's JSON arrives.
    static func body(transition: [(String, JSONValue)] = [], bindings: [(String, [(String, JSONValue)])] = [])
        -> JSONValue
    {
        var members: [(String, JSONValue)] = [("transition", .table(transition.map { ($0.0, $0.1) }))]
        if !bindings.isEmpty {
            members.append(("bindings", .table(bindings.map { ($0.0, .table($0.1.map { ($0.0, $0.1) })) })))
        }
        return .table(members)
    }

    static func edgePan(_ edge: String, span: [Double]? = nil, output: String? = nil, extra: [(String, JSONValue)] = [])
        -> [(String, JSONValue)]
    {
        var keys: [(String, JSONValue)] = [
            ("gesture", .string("edge-pan")), ("edge", .string(edge)), ("distance", .integer(48)),
        ]
        if let span { keys.append(("span", .array(span.map(JSONValue.float)))) }
        if let output { keys.append(("output", .string(output))) }
        return keys + extra
    }

    /// What `action` was refused with; nil when it succeeded. Another error is a failure of the test.
    static func refusal(_ action: () throws -> Void) -> DeclarationRefusal? {
        do {
            try action()
            return nil
        } catch let refusal as DeclarationRefusal {
            return refusal
        } catch {
            Issue.record("not a refusal: \(error)")
            return nil
        }
    }

    // MARK: - Read as the config reads

    /// A declaration's transition and binding are what the same keys give in `animd.toml`: defaults, values and all.
    @Test func keysReadAsTheConfigReadsThem() throws {
        var book = DeclarationBook()
        let declared = try book.declare(
            "dock",
            Self.body(
                transition: [
                    ("snap-points", .array([.integer(0), .float(0.5), .integer(1)])), ("timing", .string("ease-out")),
                    ("duration", .float(0.25)),
                ],
                bindings: [
                    (
                        "dock-swipe",
                        Self.edgePan(
                            "bottom", span: [0.25, 0.75], output: "HDMI-1", extra: [("increases", .string("up"))])
                    )
                ]),
            by: Self.dock, over: try Self.config())
        let reference = try ConfigParser.parse(
            """
            [transitions.dock]
            snap-points = [0, 0.5, 1]
            timing = "ease-out"
            duration = 0.25
            [bindings.dock-swipe]
            transition = "dock"
            gesture = "edge-pan"
            edge = "bottom"
            distance = 48
            span = [0.25, 0.75]
            output = "HDMI-1"
            increases = "up"
            """)
        #expect(declared.transition == reference.transitions.first)
        #expect(declared.bindings == reference.bindings)
        #expect(declared.owner == Self.dock)
    }

    /// The same mistakes get the config's messages, on the declaration's keys, all of them at once.
    @Test func mistakesGetTheConfigsMessages() throws {
        let toml = """
            [transitions.dock]
            snap-points = [1, 0]
            duration = 1e308
            [bindings.dock-swipe]
            transition = "dock"
            gesture = "edge-pan"
            edge = "middle"
            distance = -0.0
            """
        let reference = ConfigLayeringTests.errors(toml).map(\.message)
        let config = try Self.config()
        let refusal = Self.refusal {
            var book = DeclarationBook()
            try book.declare(
                "dock",
                Self.body(
                    transition: [("snap-points", .array([.integer(1), .integer(0)])), ("duration", .float(1e308))],
                    bindings: [
                        (
                            "dock-swipe",
                            [
                                ("gesture", .string("edge-pan")), ("edge", .string("middle")),
                                ("distance", .float(-0.0)),
                            ]
                        )
                    ]),
                by: Self.dock, over: config)
        }
        guard case let .invalid(errors)? = refusal else {
            Issue.record("accepted: \(String(describing: refusal))"); return
        }
        #expect(errors.map(\.message) == reference)
        // The reader stops at a binding's unknown edge, as it does in a file.
        #expect(errors.map(\.key) == ["transition.snap-points", "transition.duration", "bindings.dock-swipe.edge"])
    }

    /// Values from outside, absurd but well formed: each refused where it enters, with the range.
    @Test(arguments: [
        ("distance", JSONValue.float(.leastNonzeroMagnitude), "must be between 1 and 100000"),
        ("distance", .float(1e308), "must be between 1 and 100000"),
        (
            "span", .array([.float(-1e308), .float(1e308)]),
            "must be [from, to]: two fractions of the edge's length, 0 to 1"
        ),
        ("span", .array([.float(0.5), .float(0.5)]), "must be [from, to]: two fractions of the edge's length, 0 to 1"),
        ("zone", .float(-0.0), "must be between 1 and 500, got 0"),
        ("output", .string(""), "a monitor's name must be 1 to 256 bytes long, got 0"),
    ])
    func hostileValuesAreRefused(key: String, value: JSONValue, message: String) throws {
        let config = try Self.config()
        let refusal = Self.refusal {
            var book = DeclarationBook()
            try book.declare(
                "dock",
                Self.body(bindings: [("swipe", Self.edgePan("bottom").filter { $0.0 != key } + [(key, value)])]),
                by: Self.dock, over: config)
        }
        guard case let .invalid(errors)? = refusal else { Issue.record("\(key) = \(value) was accepted"); return }
        #expect(errors.contains { $0.key == "bindings.swipe.\(key)" && $0.message.contains(message) }, "\(errors)")
    }

    /// Issue 47: a declaration of 12,000 snap points made every snapshot of it 73 KB; they are counted as the
    /// file's are, and each is range-checked.
    @Test(arguments: [
        (JSONValue.array((0..<12_000).map { .integer($0) }), "has 12000 snap points; at most 100"),
        (.array([.integer(0), .float(1e308)]), "each must be between -1000000 and 1000000, got 1e+308"),
        (.array([.float(-0.0), .float(.leastNonzeroMagnitude)]), ""),
    ])
    func snapPointsAreCountedAndBounded(points: JSONValue, message: String) throws {
        let config = try Self.config()
        var book = DeclarationBook()
        let refusal = Self.refusal {
            try book.declare("dock", Self.body(transition: [("snap-points", points)]), by: Self.dock, over: config)
        }
        guard !message.isEmpty else { return #expect(refusal == nil, "-0 and 5e-324 are two distinct points in range") }
        guard case let .invalid(errors)? = refusal else { Issue.record("accepted"); return }
        #expect(errors.map(\.key) == ["transition.snap-points"] && errors.first?.message == message, "\(errors)")
    }

    /// A binding drives the declared transition: named or left out, never another; `on-snap` runs commands, which
    /// only the user's own config may.
    @Test func aDeclarationDrivesItsOwnTransitionOnly() throws {
        let config = try Self.config()
        var book = DeclarationBook()
        let other = Self.refusal {
            try book.declare(
                "dock", Self.body(bindings: [("swipe", Self.edgePan("bottom") + [("transition", .string("sidebar"))])]),
                by: Self.dock, over: config)
        }
        #expect(
            other
                == .invalid([
                    ConfigError(
                        key: "bindings.swipe.transition",
                        message: "names \"sidebar\": a declaration's bindings drive its own transition, \"dock\"")
                ]))
        let commands = Self.refusal {
            try book.declare(
                "dock",
                Self.body(transition: [("on-snap", .table([("1", .array([.string("notify-send"), .string("hi")]))]))]),
                by: Self.dock, over: config)
        }
        guard case let .invalid(errors)? = commands else { Issue.record("on-snap was accepted"); return }
        #expect(errors.map(\.key) == ["transition.on-snap"])
        #expect(book.declarations.isEmpty, "nothing refused is kept")
    }

    /// Names are TOML bare keys of 1 to 64 bytes, so that a declaration can be written in a file and read back.
    @Test(arguments: ["", "a b", "dock.left", "ü", String(repeating: "a", count: 65), "\u{0}"])
    func namesAreBareKeys(name: String) throws {
        let config = try Self.config()
        var book = DeclarationBook()
        let refusal = Self.refusal { try book.declare(name, Self.body(), by: Self.dock, over: config) }
        guard case let .invalid(errors)? = refusal else { Issue.record("\(name) was accepted"); return }
        #expect(errors.first?.key == "name")
        let binding = Self.refusal {
            try book.declare("dock", Self.body(bindings: [(name, Self.edgePan("bottom"))]), by: Self.dock, over: config)
        }
        #expect(binding != nil, "a binding named \(name) was accepted")
        #expect(
            try book.declare(String(repeating: "a", count: 64), Self.body(), by: Self.dock, over: config).name.count
                == 64)
    }

    // MARK: - The rules

    /// Names are unique in the daemon: a config's transition or binding, or another client's, is refused with the
    /// owner named.
    @Test func namesAreUnique() throws {
        var book = DeclarationBook()
        let config = try Self.config()
        try book.declare(
            "dock", Self.body(bindings: [("dock-swipe", Self.edgePan("bottom", span: [0, 0.5]))]), by: Self.dock,
            over: config)
        let clash: [(String, JSONValue, TransitionOwner?, String)] = [
            ("sidebar", Self.body(), nil, "the config has a transition named \"sidebar\" (the embedded default)"),
            (
                "tray", Self.body(bindings: [("sidebar-open", Self.edgePan("top", span: [0, 0.1]))]), nil,
                "the config has a binding named \"sidebar-open\""
            ),
            ("dock", Self.body(), Self.dock, "\"dock\" is declared already, by \"dock\" (pid 100)"),
            (
                "tray", Self.body(bindings: [("dock-swipe", Self.edgePan("top", span: [0, 0.1]))]), Self.dock,
                "a binding named \"dock-swipe\" is declared already, by \"dock\" (pid 100)"
            ),
        ]
        for (name, body, owner, message) in clash {
            let refusal = Self.refusal { try book.declare(name, body, by: Self.tray, over: config) }
            guard case let .conflict(text, by)? = refusal else {
                Issue.record("\(name) was not refused as a conflict: \(String(describing: refusal))"); continue
            }
            #expect(text.hasPrefix(message), "\(text)")
            #expect(by == owner)
        }
        #expect(book.declarations.map(\.name) == ["dock"])
    }

    /// The user's config wins: an edge pan that contends with one the user's file writes is refused, naming it and
    /// the file.
    @Test func theUsersConfigWins() throws {
        let config = try Self.config("[bindings.sidebar-open]\ndistance = 300\n")
        var book = DeclarationBook()
        let refusal = Self.refusal {
            try book.declare(
                "drawer", Self.body(bindings: [("drawer-swipe", Self.edgePan("left", span: [0.5, 1]))]), by: Self.dock,
                over: config)
        }
        guard case let .conflict(text, owner)? = refusal else {
            Issue.record("accepted: \(String(describing: refusal))"); return
        }
        #expect(owner == nil)
        #expect(
            text.contains("the user's binding \"sidebar-open\" (/home/u/.config/animd/animd.toml)")
                && text.contains("left edge (touch, pressure)"), "\(text)")
        // Another edge, or another source, does not contend.
        try book.declare(
            "drawer",
            Self.body(bindings: [
                ("drawer-swipe", Self.edgePan("left", extra: [("sources", .array([.string("pointer")]))]))
            ]),
            by: Self.dock, over: config)
    }

    /// A declaration steps in front of the embedded default: the default edge pan it contends with yields, coming
    /// after the declarations so that it takes only what they do not, and is first again once they are gone.
    @Test func defaultsYieldAndComeBack() throws {
        let config = try Self.config()
        var book = DeclarationBook()
        try book.declare(
            "dock", Self.body(bindings: [("dock-swipe", Self.edgePan("bottom", span: [0.25, 0.75]))]), by: Self.dock,
            over: config)
        #expect(book.yielding(in: config) == ["launcher-open"])
        let tables = book.tables(over: config)
        let configured = config.config.bindings.map(\.name)
        #expect(tables.transitions.map(\.name) == config.config.transitions.map(\.name) + ["dock"])
        #expect(
            tables.bindings.map(\.name) == configured.filter { $0 != "launcher-open" } + [
                "dock-swipe", "launcher-open",
            ])
        try book.retract("dock", by: Self.dock.connection, config: config)
        #expect(book.yielding(in: config).isEmpty)
        #expect(book.tables(over: config).bindings.map(\.name) == configured)
    }

    /// Of two declarations that contend, the second is refused, naming the first one's owner; parts of an edge that
    /// do not meet, other monitors, and applications that cannot both be focused do not contend.
    @Test func theFirstDeclarationWins() throws {
        let config = try Self.config()
        var book = DeclarationBook()
        try book.declare(
            "dock",
            Self.body(bindings: [("dock-swipe", Self.edgePan("bottom", span: [0.25, 0.75], output: "HDMI-1"))]),
            by: Self.dock, over: config)
        let refusal = Self.refusal {
            try book.declare(
                "tray", Self.body(bindings: [("tray-swipe", Self.edgePan("bottom", span: [0.7, 1]))]), by: Self.tray,
                over: config)
        }
        guard case let .conflict(text, owner)? = refusal else {
            Issue.record("accepted: \(String(describing: refusal))"); return
        }
        #expect(owner == Self.dock && text.contains("\"dock-swipe\", which \"dock\" (pid 100) declared"), "\(text)")
        try book.declare(
            "tray", Self.body(bindings: [("tray-swipe", Self.edgePan("bottom", span: [0.75, 1]))]), by: Self.tray,
            over: config)
        try book.declare(
            "tray2",
            Self.body(bindings: [("tray2-swipe", Self.edgePan("bottom", span: [0.25, 0.75], output: "DP-2"))]),
            by: Self.tray, over: config)
        try book.declare(
            "held",
            Self.body(bindings: [
                (
                    "held-swipe",
                    Self.edgePan(
                        "bottom", span: [0.25, 0.75], output: "HDMI-1",
                        extra: [("hold", .float(0.3))])
                )
            ]),
            by: Self.tray, over: config)
        #expect(book.declarations.map(\.name) == ["dock", "tray", "tray2", "held"])
    }

    /// `[daemon] max-declarations` and `max-declarations-per-client`: past either, refused; the others unaffected.
    @Test func limitsHold() throws {
        let config = try Self.config("[daemon]\nmax-declarations = 3\nmax-declarations-per-client = 2\n")
        var book = DeclarationBook()
        try book.declare("a", Self.body(), by: Self.dock, over: config)
        try book.declare("b", Self.body(), by: Self.dock, over: config)
        let perClient = Self.refusal { try book.declare("c", Self.body(), by: Self.dock, over: config) }
        #expect(
            perClient == .limit("at most 2 declared transitions per connection ([daemon] max-declarations-per-client)"))
        try book.declare("c", Self.body(), by: Self.tray, over: config)
        let total = Self.refusal { try book.declare("d", Self.body(), by: Self.tray, over: config) }
        #expect(total == .limit("at most 3 declared transitions in the daemon ([daemon] max-declarations)"))
        #expect(book.removeAll(ownedBy: Self.dock.connection).map(\.name) == ["a", "b"])
        try book.declare("d", Self.body(), by: Self.tray, over: config)
        #expect(
            ConfigLayeringTests.errors("[daemon]\nmax-declarations = 1025\n").map(\.message) == [
                "must be between 0 and 1024, got 1025"
            ])
    }

    /// An update lays its keys over what was declared, checked as a declaration; only the owner may, and a refused
    /// update keeps what was.
    @Test func anUpdateLaysItsKeysOver() throws {
        let config = try Self.config()
        var book = DeclarationBook()
        try book.declare(
            "dock",
            Self.body(
                transition: [("snap-points", .array([.integer(0), .integer(1)]))],
                bindings: [("dock-swipe", Self.edgePan("bottom", span: [0.25, 0.75]))]), by: Self.dock, over: config)
        try book.declare(
            "tray", Self.body(bindings: [("tray-swipe", Self.edgePan("bottom", span: [0.75, 1]))]), by: Self.tray,
            over: config)
        let moved = try book.update(
            "dock",
            .table([
                (
                    "bindings",
                    .table([("dock-swipe", .table([("distance", .integer(60)), ("output", .string("DP-2"))]))])
                )
            ]),
            by: Self.dock.connection, over: config)
        guard case let .edgePan(options)? = moved.bindings.first?.gesture else { Issue.record("no edge pan"); return }
        #expect(
            moved.bindings.first?.distance == 60
                && options.placement == EdgePlacement(output: "DP-2", span: 0.25...0.75))
        #expect(moved.transition.snapPoints == [0, 1], "what the update does not name stays")
        let stranger = Self.refusal { try book.update("dock", Self.body(), by: Self.tray.connection, over: config) }
        guard case .conflict(_, Self.dock)? = stranger else {
            Issue.record("another connection updated it: \(String(describing: stranger))"); return
        }
        let overlap = Self.refusal {
            try book.update(
                "dock",
                .table([
                    (
                        "bindings",
                        .table([
                            (
                                "dock-swipe",
                                .table([
                                    ("span", .array([.float(0.5), .integer(1)])),
                                    ("output", .string("DP-2")),
                                ])
                            )
                        ])
                    )
                ]),
                by: Self.dock.connection, over: config)
        }
        #expect(overlap != nil, "an update onto the tray's part of the edge was accepted")
        #expect(book.declaration(named: "dock")?.bindings.first?.distance == 60, "a refused update keeps what was")
        let dropped = try book.update(
            "dock", .table([("bindings", .table([("dock-swipe", .table([("enabled", .bool(false))]))]))]),
            by: Self.dock.connection, over: config)
        #expect(dropped.bindings.isEmpty, "enabled = false drops a binding, as in a file")
        #expect(Self.refusal { try book.retract("dock", by: Self.tray.connection, config: config) } != nil)
        #expect(
            Self.refusal { try book.retract("nothing", by: Self.dock.connection, config: config) }
                == .unknown("no declared transition is named \"nothing\""))
    }

    /// After a reload the user's config wins again: a declaration its new file takes by name or by place ends, with
    /// the reason; so do those past new limits, newest first.
    @Test func aReloadEndsWhatTheConfigNowTakes() throws {
        var book = DeclarationBook()
        let before = try Self.config()
        try book.declare(
            "dock", Self.body(bindings: [("dock-swipe", Self.edgePan("bottom", span: [0.25, 0.75]))]), by: Self.dock,
            over: before)
        try book.declare("tray", Self.body(), by: Self.tray, over: before)
        try book.declare("pad", Self.body(), by: Self.tray, over: before)
        let after = try Self.config(
            """
            [daemon]
            max-declarations-per-client = 1
            [bindings.launcher-open]
            distance = 500
            """)
        let ended = book.reconcile(with: after)
        #expect(ended.map(\.declaration.name) == ["dock", "pad"])
        #expect(ended.first?.reason.contains("the user's binding \"launcher-open\"") == true)
        #expect(book.declarations.map(\.name) == ["tray"])
    }

    // MARK: - Files

    /// A declaration file: its transitions in order, each with the bindings that drive it; a binding may leave out
    /// its transition only when the file has one.
    @Test func aFileReadsAsDeclarations() throws {
        let declarations = try DeclarationFile.read(
            ConfigLayer(
                name: "dock.toml",
                text: """
                    [transitions.dock]
                    snap-points = [0, 1]
                    [transitions.tray]
                    [bindings.dock-swipe]
                    transition = "dock"
                    gesture = "edge-pan"
                    edge = "bottom"
                    distance = 48
                    """))
        #expect(declarations.map(\.name) == ["dock", "tray"])
        var book = DeclarationBook()
        let dock = try book.declare(declarations[0].name, declarations[0].body, by: Self.dock, over: try Self.config())
        #expect(dock.bindings.map(\.name) == ["dock-swipe"] && dock.transition.snapPoints == [0, 1])
        #expect(
            try book.declare(declarations[1].name, declarations[1].body, by: Self.dock, over: try Self.config())
                .bindings.isEmpty)
        for (text, message) in [
            ("[daemon]\nframe-rate = 60\n[transitions.a]\n", "holds [transitions.NAME] and [bindings.NAME] only"),
            (
                "[transitions.a]\n[transitions.b]\n[bindings.x]\ngesture = \"edge-pan\"\n",
                "must name one of the file's transitions"
            ),
            ("", "declares nothing"),
        ] {
            do {
                _ = try DeclarationFile.read(ConfigLayer(name: "f.toml", text: text))
                Issue.record("accepted: \(text)")
            } catch {
                #expect(error.errors.contains { $0.message.contains(message) }, "\(error)")
            }
        }
    }
}

/// A client's JSON written as a TOML reader would name its values: what `transition.declare` carries.
private extension JSONValue {
    static func integer(_ value: Int) -> JSONValue { .number(Double(value)) }
    static func float(_ value: Double) -> JSONValue { .number(value) }
    static func table(_ members: [(String, JSONValue)]) -> JSONValue { .object(members) }
}
