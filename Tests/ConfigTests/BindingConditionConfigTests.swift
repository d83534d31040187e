import Gestures
import Testing
import Transitions

@testable import AnimConfig

/// `apps`, `except-apps` and `when-fullscreen` as a user writes them (issue 31): read onto the binding, checked where
/// they enter, and followed by what the backend intercepts.
@Suite struct BindingConditionConfigTests {
    static func binding(_ keys: String) -> String {
        """
        [bindings.sidebar-open]
        \(keys)
        """
    }

    @Test func keysAreReadOntoTheBinding() throws {
        let config = try ConfigLayeringTests.load(
            Self.binding("apps = [\"Firefox\", \"org.gnome.Nautilus\"]\nwhen-fullscreen = false")
        ).config
        let binding = try #require(config.bindings.first { $0.name == "sidebar-open" })
        #expect(binding.condition == BindingCondition(apps: ["Firefox", "org.gnome.Nautilus"], whenFullscreen: false))
        let others = config.bindings.filter { $0.name != "sidebar-open" }
        #expect(others.allSatisfy { $0.condition.isAlways }, "unless told, a binding works over every application")
    }

    /// Each mistake is one error on its key, saying what is allowed.
    @Test(arguments: [
        ("apps = []", "bindings.sidebar-open.apps", "must list 1 to 64 application names, got 0"),
        ("apps = \"firefox\"", "bindings.sidebar-open.apps", "must be an array of strings"),
        ("except-apps = [1]", "bindings.sidebar-open.except-apps", "must be an array of strings"),
        ("apps = [\"\"]", "bindings.sidebar-open.apps", "an application name must be 1 to 256 bytes long, got 0"),
        (
            "apps = [\"\(String(repeating: "a", count: 257))\"]", "bindings.sidebar-open.apps",
            "an application name must be 1 to 256 bytes long, got 257"
        ),
        (
            "when-fullscreen = \"no\"", "bindings.sidebar-open.when-fullscreen",
            "must be true or false, got the string \"no\""
        ),
        ("when-tablet-mode = 1", "bindings.sidebar-open.when-tablet-mode", "must be true or false, got the number 1"),
        (
            "apps = [\"gimp\"]\nexcept-apps = [\"GIMP\"]", "bindings.sidebar-open.except-apps",
            "names \"gimp\", which apps names too: the binding could never work there"
        ),
    ])
    func mistakesAreNamed(keys: String, key: String, message: String) {
        let errors = ConfigLayeringTests.errors(Self.binding(keys))
        #expect(errors.map(\.key) == [key] && errors.map(\.message) == [message], "\(errors)")
    }

    @Test func tooManyNamesAreRefused() {
        let names = (0...64).map { "\"app\($0)\"" }.joined(separator: ", ")
        #expect(
            ConfigLayeringTests.errors(Self.binding("apps = [\(names)]")).map(\.message) == [
                "must list 1 to 64 application names, got 65"
            ])
    }

    /// Two edge pans that split one edge between applications are a choice, not an accident: no warning. Two that
    /// can both work over one application still get it.
    @Test func anEdgeSplitBetweenApplicationsIsNoOverlap() throws {
        func text(_ first: String, _ second: String) -> String {
            """
            [bindings.sidebar-open]
            \(first)
            [bindings.drawing]
            transition = "panel"
            gesture = "edge-pan"
            edge = "left"
            distance = 300
            \(second)
            """
        }
        #expect(try ConfigLayeringTests.load(text("apps = [\"krita\"]", "except-apps = [\"Krita\"]")).warnings.isEmpty)
        let warnings = try ConfigLayeringTests.load(text("apps = [\"krita\", \"gimp\"]", "except-apps = [\"Krita\"]"))
            .warnings
        #expect(
            warnings.count == 1 && warnings[0].hasPrefix("bindings sidebar-open and drawing both start"), "\(warnings)")
    }

    /// The backend takes the edge of a binding only while the focus lets it work: off, its barrier and drag strip are
    /// not in the plan; the other bindings' are.
    @Test func theInputPlanFollowsTheFocus() throws {
        let config = try ConfigLayeringTests.load(
            Self.binding("apps = [\"krita\"]\nsources = [\"pressure\", \"pointer\"]")
        ).config
        let krita = SessionFocus.known(FocusedWindow(names: ["krita"], fullscreen: false), source: .x11)
        let other = SessionFocus.known(FocusedWindow(names: ["xterm", "XTerm"], fullscreen: false), source: .x11)
        #expect(config.inputPlan(in: SessionState(focus: krita)).pressureEdges.contains(.left))
        #expect(config.inputPlan(in: SessionState(focus: krita)).dragStrips[.left] != nil)
        for focus in [other, .unknown(reason: "none")] {
            let plan = config.inputPlan(in: SessionState(focus: focus))
            #expect(!plan.pressureEdges.contains(.left) && plan.dragStrips.isEmpty, "\(focus)")
            #expect(
                plan.pressureEdges
                    == config.inputPlan(in: SessionState(focus: krita)).pressureEdges.subtracting([.left]))
        }
    }

    /// `when-tablet-mode` is read onto the binding; like `apps`, a binding that is off takes no input, so the
    /// backend's plan has its edge only in the mode it works in; and an edge split by the mode is no overlap.
    @Test func theTabletModeIsReadAndFollowed() throws {
        let config = try ConfigLayeringTests.load(
            Self.binding("when-tablet-mode = true\nsources = [\"pressure\", \"pointer\"]")
        ).config
        let binding = try #require(config.bindings.first { $0.name == "sidebar-open" })
        #expect(binding.condition == BindingCondition(whenTabletMode: true))
        let focus = SessionFocus.unknown(reason: "none")
        #expect(config.inputPlan(in: SessionState(focus: focus, tabletMode: true)).dragStrips[.left] != nil)
        for mode in [false, nil] as [Bool?] {
            #expect(
                config.inputPlan(in: SessionState(focus: focus, tabletMode: mode)).dragStrips[.left] == nil,
                "\(String(describing: mode))")
        }
        let split = """
            [bindings.sidebar-open]
            when-tablet-mode = false
            [bindings.keyboard]
            transition = "panel"
            gesture = "edge-pan"
            edge = "left"
            distance = 300
            when-tablet-mode = true
            """
        #expect(try ConfigLayeringTests.load(split).warnings.isEmpty, "split by the mode on purpose")
    }
}
