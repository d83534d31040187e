import Foundation
import Gestures
import Motion
import Testing
import Transitions

@testable import AnimConfig

@Suite struct ConfigTests {
    static let repoConfig = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("config/animd.toml")

    /// The embedded default is byte for byte config/animd.toml.
    @Test func embeddedDefaultEqualsRepoFile() throws {
        #expect(DaemonConfig.defaultText == (try String(contentsOf: Self.repoConfig, encoding: .utf8)))
    }

    /// The default provides the five required transitions with their opening gestures, distances and closing pans.
    @Test func defaultHasRequiredTransitions() throws {
        let config = try ConfigParser.parse(DaemonConfig.defaultText)
        #expect(
            config.transitions.map(\.name) == ["sidebar", "panel", "launcher", "notifications", "pager", "overview"])
        let opening: [(String, Edge, Direction, Double)] = [
            ("sidebar", .left, .right, 400), ("panel", .right, .left, 400),
            ("launcher", .bottom, .up, 600), ("notifications", .top, .down, 600),
        ]
        for (name, edge, increases, distance) in opening {
            let open = try #require(config.bindings.first { $0.name == "\(name)-open" })
            #expect(open.transition == name && open.gesture == .edgePan(EdgePanOptions(edge: edge)))
            #expect(open.increases == increases && open.distance == distance && open.atSnap == 0)
            #expect(open.sources == [.touch, .pressure], "pointer drags from the edge strip are opt-in (docs/x11.md)")
            let close = try #require(config.bindings.first { $0.name == "\(name)-close" })
            guard case let .pan(options, region) = close.gesture else {
                Issue.record("\(name)-close must be a pan"); continue
            }
            #expect(
                options.direction?.unit == Point(x: -increases.unit.x, y: -increases.unit.y),
                "closes against the opening")
            #expect(region == .strip(edge: edge, depth: distance))
            #expect(close.atSnap == 1 && close.distance == distance && close.increases == increases)
        }
        let pager = try #require(config.transition(named: "pager"))
        #expect(pager.snapPoints == [0, 1, 2, 3])
        let swipe = try #require(config.bindings.first { $0.transition == "pager" })
        guard case let .pan(options, _) = swipe.gesture else { Issue.record("pager needs a pan"); return }
        #expect(options.minTouches == 3 && options.maxTouches == 3 && options.axis == .horizontal)
        #expect(swipe.sources == [.touch, .touchpad] && swipe.distance == 600)
        let plan = config.inputPlan(in: SessionState(focus: .unknown(reason: "none")))
        #expect(
            plan.pressureEdges == [.left, .right, .top, .bottom] && plan.dragStrips.isEmpty,
            "pressure on all four edges; no strip")
        #expect(plan.touch && plan.touchpad && plan.touchscreens.isEmpty)
        #expect(config.input.touchEdges == .shared && plan.touchStrips.isEmpty, "shared touch edges: nothing held")
        #expect(plan.pressureCap == 15 && plan.pressureReleaseDelay == 0.12)
        #expect(config.daemon.screenWidth == 1920 && config.daemon.screenHeight == 1080)
    }

    /// `touch-edges = "exclusive"` asks for a strip on each edge an edge-pan with touch uses, as wide as its widest
    /// zone, rounded up to whole pixels; anything else is refused with the values it may take.
    @Test func touchEdges() throws {
        let config = try ConfigParser.parse(
            """
            [input]
            touch-edges = "exclusive"
            [transitions.a]
            [bindings.left]
            transition = "a"
            gesture = "edge-pan"
            edge = "left"
            distance = 400
            zone = 12.5
            [bindings.left-wide]
            transition = "a"
            gesture = "edge-pan"
            edge = "left"
            distance = 400
            zone = 30
            [bindings.top-pointer]
            transition = "a"
            gesture = "edge-pan"
            edge = "top"
            distance = 400
            sources = ["pointer"]
            """)
        #expect(
            config.inputPlan(in: SessionState(focus: .unknown(reason: "none"))).touchStrips == [.left: 30],
            "no strip where no edge-pan takes touch")
        #expect(
            config.inputPlan(in: SessionState(focus: .unknown(reason: "none"))).touchPlaces == [
                .left: [EdgePlacement(), EdgePlacement()]
            ],
            "each edge pan's placement, for the strips to cover: here the whole edge")
        let errors = Self.errors("[input]\ntouch-edges = \"grab\"\n")
        #expect(errors.first?.key == "input.touch-edges")
        #expect(errors.first?.message.contains("must be one of \"shared\", \"exclusive\", not \"grab\"") == true)
    }

    /// A value of the wrong type is named in its error, so that `duration = "0.35"` says what it got.
    @Test func wrongTypesSayWhatTheyGot() {
        #expect(
            Self.errors("[transitions.a]\nduration = \"0.35\"\n").first?.message
                == "must be a number, got the string \"0.35\"")
        #expect(
            Self.errors("[transitions.a]\nreach = 1.5\n").first?.message == "must be a whole number, got the number 1.5"
        )
        #expect(Self.errors("[transitions.a]\ntiming = true\n").first?.message == "must be a string, got true")
        #expect(Self.errors("[transitions.a]\nduration = [1]\n").first?.message == "must be a number, got an array")
    }

    static func errors(_ text: String) -> [ConfigError] {
        do {
            _ = try ConfigParser.parse(text)
            return []
        } catch {
            return error.errors
        }
    }

    /// A syntax error gives TOML's own line and column, and the key written there (or the table in force).
    @Test func syntaxErrorHasPosition() {
        let errors = Self.errors("[daemon]\nframe-rate = 60\nscreen = [1920, 1080\n")
        #expect(errors.count == 1)
        #expect(errors.first?.line == 4 || errors.first?.line == 3)
        #expect(errors.first?.key == "daemon.screen" || errors.first?.key == "daemon")
    }

    /// Semantic errors name the key and point at the value's line and column (`frame-rate = ` is 13 characters,
    /// `  timing = ` 11); all of them are reported at once.
    @Test func semanticErrorsHaveKeyLineAndColumn() {
        let text = """
            [daemon]
            frame-rate = "fast"

            [transitions.sidebar]
              timing = "spring(dampin=1, response=0.3)"
            snap-points = [0]
            colour = "red"

            [bindings.open]
            transition = "sidebr"
            gesture = "edge-pan"
            edge = "left"
            distance = 400
            """
        let errors = Self.errors(text)
        let byKey = Dictionary(errors.map { ($0.key, $0) }, uniquingKeysWith: { a, _ in a })
        #expect(byKey["daemon.frame-rate"]?.line == 2 && byKey["daemon.frame-rate"]?.column == 14)
        #expect(byKey["transitions.sidebar.timing"]?.line == 5 && byKey["transitions.sidebar.timing"]?.column == 12)
        #expect(byKey["transitions.sidebar.colour"]?.column == 1, "an unknown key is pointed at itself")
        #expect(byKey["transitions.sidebar.timing"]?.message.contains("unknown spring parameter \"dampin\"") == true)
        #expect(byKey["transitions.sidebar.snap-points"]?.line == 6)
        #expect(byKey["transitions.sidebar.colour"]?.message.hasPrefix("unknown key") == true)
        #expect(byKey["bindings.open.transition"]?.message == "no transition is named \"sidebr\"")
        #expect(byKey["bindings.open.transition"]?.line == 10)
        #expect(errors.count == 5)
    }

    /// Issue 47: snap points are finite, within ±1e6, and at most 100; a value out of range is pointed at where it
    /// was written in the array (`snap-points = [0, ` is 18 characters).
    @Test(arguments: [
        ("nan", "nan"), ("inf", "inf"), ("-inf", "-inf"), ("1e308", "1e+308"), ("-1000000.5", "-1000000.5"),
    ])
    func snapPointsAreFiniteAndBounded(written: String, shown: String) {
        let errors = Self.errors("[transitions.t]\nsnap-points = [0, \(written), 2]\n")
        #expect(
            errors.count == 1 && errors.first?.key == "transitions.t.snap-points" && errors.first?.line == 2
                && errors.first?.column == 19,
            "\(errors)")
        #expect(errors.first?.message == "each must be between -1000000 and 1000000, got \(shown)", "\(errors)")
    }

    @Test func snapPointsAreCounted() {
        let points = { (count: Int) in
            "[transitions.t]\nsnap-points = [\((0..<count).map(String.init).joined(separator: ", "))]\n"
        }
        #expect(Self.errors(points(100)).isEmpty)
        #expect(Self.errors(points(101)).map(\.message) == ["has 101 snap points; at most 100"])
        #expect(Self.errors("[transitions.t]\nsnap-points = [-inf, inf]\n").first?.column == 16)
    }

    /// Out-of-range values say the range and the value.
    @Test func rangesAreChecked() {
        let errors = Self.errors("[transitions.t]\nsnap-points = [0, 1]\ninitial-snap = 5\nrubber-band = 2\n")
        #expect(
            errors.map(\.message) == ["must be between 0 and 1, got 2", "must be between 0 and 1, got 5"]
                || errors.map(\.message) == ["must be between 0 and 1, got 5", "must be between 0 and 1, got 2"])
    }

    /// Bindings check their own requirements: gesture kind, edge, distance, require-to-fail names.
    @Test func bindingRequirements() {
        let text = """
            [transitions.t]
            [bindings.a]
            transition = "t"
            gesture = "flick"
            distance = 100
            [bindings.b]
            transition = "t"
            gesture = "pan"
            distance = 100
            [bindings.c]
            transition = "t"
            gesture = "edge-pan"
            edge = "left"
            require-to-fail = ["zzz"]
            distance = 100
            """
        let messages = Set(Self.errors(text).map { "\($0.key): \($0.message)" })
        #expect(
            messages.contains(
                "bindings.a.gesture: must be one of \"edge-pan\", \"pan\", \"long-press\", \"pinch\", \"rotate\", \"tap\", \"swipe\", not \"flick\""
            ))
        #expect(messages.contains("bindings.b.increases: is required for a pan without a direction"))
        #expect(messages.contains("bindings.c.require-to-fail: no binding is named \"zzz\""))
    }

    /// A long press takes its own keys, with the recognizer's defaults; one place at most; a pan's keys are
    /// refused on it, and `hold` and `duration` are range-checked.
    @Test func longPressAndHoldKeys() throws {
        let config = try ConfigParser.parse(
            """
            [transitions.t]
            [bindings.press]
            transition = "t"
            gesture = "long-press"
            output = "HDMI-1"
            fill = true
            [bindings.held]
            transition = "t"
            gesture = "edge-pan"
            edge = "left"
            distance = 100
            hold = 0.3
            """)
        let press = try #require(config.bindings.first { $0.name == "press" })
        #expect(
            press.gesture
                == .longPress(
                    .init(options: LongPressOptions(duration: 0.5, slop: 10, minTouches: 1), to: nil, fill: true),
                    region: .output("HDMI-1")))
        #expect(!press.catches, "a long press without a region does not catch unless told")
        let held = try #require(config.bindings.first { $0.name == "held" })
        #expect(held.gesture == .edgePan(EdgePanOptions(edge: .left, hold: 0.3)) && !held.catches)
        let messages = Set(
            Self.errors(
                """
                [transitions.t]
                [bindings.a]
                transition = "t"
                gesture = "long-press"
                edge = "left"
                region = [0, 0, 10, 10]
                distance = 100
                duration = 1e308
                [bindings.b]
                transition = "t"
                gesture = "pan"
                increases = "up"
                distance = 100
                hold = -0.0001
                """
            ).map { "\($0.key): \($0.message)" })
        #expect(messages.contains { $0.hasPrefix("bindings.a.distance: unknown key") })
        #expect(
            messages.contains(
                "bindings.a.region: a long press has one place: edge, region or output, not both edge and region"))
        #expect(messages.contains { $0.hasPrefix("bindings.a.duration: ") })
        #expect(messages.contains { $0.hasPrefix("bindings.b.hold: ") })
        let region = try ConfigParser.parse(
            "[transitions.t]\n[bindings.r]\ntransition = \"t\"\ngesture = \"pan\"\nincreases = \"up\"\ndistance = 9\nregion = [0, 0, 5, 5]\n"
        )
        #expect(region.bindings.first?.catches == true, "a pan bound to a region catches by default")
    }

    /// A minimal config is valid: defaults fill the rest.
    @Test func minimalConfig() throws {
        let config = try ConfigParser.parse("[transitions.dock]\n")
        #expect(config.transitions.first?.snapPoints == [0, 1])
        #expect(config.transitions.first?.release == .projection(rate: 0.998))
        #expect(config.bindings.isEmpty)
    }
}

/// `[input] backend = "auto"` picks libinput on a Wayland session and on the console, X11 on an X11 session.
struct BackendChoiceTests {
    @Test func autoFollowsTheSession() {
        let auto = BackendSetting.auto
        #expect(auto.resolved(environment: ["DISPLAY": ":0"]) == .x11)
        #expect(
            auto.resolved(environment: ["DISPLAY": ":0", "WAYLAND_DISPLAY": "wayland-0"]) == .libinput,
            "Xwayland's DISPLAY is no X11 session")
        #expect(auto.resolved(environment: ["DISPLAY": ":0", "XDG_SESSION_TYPE": "wayland"]) == .libinput)
        #expect(auto.resolved(environment: ["XDG_SESSION_TYPE": "x11", "DISPLAY": ":1"]) == .x11)
        #expect(auto.resolved(environment: [:]) == .libinput, "the console")
        #expect(auto.resolved(environment: ["DISPLAY": "", "WAYLAND_DISPLAY": ""]) == .libinput, "empty is unset")
        #expect(BackendSetting.x11.resolved(environment: ["WAYLAND_DISPLAY": "wayland-0"]) == .x11)
        #expect(BackendSetting.libinput.resolved(environment: ["DISPLAY": ":0"]) == .libinput)
    }
}
