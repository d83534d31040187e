import Gestures
import Glibc
import JSONText
import TestSupport
import Testing
import Transitions

@testable import AnimConfig

/// Bindings that run commands (issue 61), as the config states them: `run` instead of or besides `transition`, `fire`,
/// and a repeat's step in each gesture's own measure.
@Suite struct CommandBindingConfigTests {
    static func binding(_ name: String, in text: String) throws -> BindingConfig? {
        try ConfigParser.parse(text).bindings.first { $0.name == name }
    }

    /// A swipe that only runs a command needs no transition, distance or increases; it fires at its end by default,
    /// and its way is its direction.
    @Test func aCommandAloneNeedsNoTransition() throws {
        let swipe = try #require(
            try Self.binding(
                "next", in: CommandConfigs.threeFingerSwipeLeft(run: #"["swaymsg", "workspace", "next"]"#)))
        #expect(swipe.transition == nil && swipe.catches == false)
        #expect(
            swipe.command == BindingCommand(argv: ["swaymsg", "workspace", "next"], fire: .end, way: .direction(.left)))
    }

    /// Each gesture's repeat step, in its own measure: px for a pan, ln of the scale for a pinch, degrees for a
    /// rotation; the defaults where the file says none; and a binding that drives a transition and runs a command.
    @Test func repeatStepsAndBoth() throws {
        let text = """
            [transitions.t]
            [bindings.scroll]
            gesture = "pan"
            min-touches = 2
            increases = "up"
            run = ["a"]
            fire = "repeat"
            repeat-distance = 40
            [bindings.zoom]
            gesture = "pinch"
            increases = "out"
            run = ["b"]
            fire = "repeat"
            [bindings.turn]
            gesture = "rotate"
            run = ["c"]
            fire = "repeat"
            repeat-angle = 45
            [bindings.both]
            transition = "t"
            gesture = "edge-pan"
            edge = "left"
            distance = 300
            run = ["d"]
            fire = "begin"
            """
        let scroll = try #require(try Self.binding("scroll", in: text)?.command)
        #expect(scroll.fire == .repeat(step: 40) && scroll.way == .direction(.up))
        let zoom = try #require(try Self.binding("zoom", in: text)?.command)
        #expect(zoom.fire == .repeat(step: log(1.25)) && zoom.way == .scale(closing: false))
        let turn = try #require(try Self.binding("turn", in: text)?.command)
        #expect(turn.fire == .repeat(step: 45) && turn.way == nil, "a rotation with no increases counts either way")
        let both = try #require(try Self.binding("both", in: text))
        #expect(both.transition == "t" && both.distance == 300)
        #expect(both.command == BindingCommand(argv: ["d"], fire: .begin, way: .direction(.right)), "inward")
    }

    /// What a command binding cannot mean is an error at its key.
    @Test func refusesWhatCannotBeMeant() {
        let text = """
            [transitions.t]
            [bindings.none]
            gesture = "pan"
            direction = "up"
            [bindings.fire-alone]
            transition = "t"
            gesture = "pan"
            direction = "up"
            distance = 100
            fire = "begin"
            [bindings.step-at-end]
            gesture = "pan"
            run = ["a"]
            repeat-distance = 30
            [bindings.press]
            gesture = "long-press"
            run = ["a"]
            fire = "repeat"
            [bindings.snap]
            gesture = "long-press"
            run = ["a"]
            at-snap = 0
            [bindings.empty]
            gesture = "pan"
            run = []
            [bindings.shell]
            gesture = "pan"
            run = "rofi -show drun"
            [bindings.when]
            gesture = "pan"
            run = ["a"]
            fire = "later"
            """
        let messages = Set(ConfigTests.errors(text).map { "\($0.key): \($0.message)" })
        #expect(
            messages == [
                "bindings.none.transition: is required: the transition it drives (or run, for a command it runs)",
                "bindings.none.distance: is required: the pixels that move the progress by 1",
                "bindings.fire-alone.fire: says how run runs, and this binding has no run",
                "bindings.step-at-end.repeat-distance: is the step of fire = \"repeat\", and this binding fires at its end",
                "bindings.press.fire: a long press goes nowhere, so it has no steps to repeat at: \"end\" or \"begin\"",
                "bindings.snap.at-snap: means something only for a binding that drives a transition, and this one names none",
                "bindings.empty.run: needs a program to run: [\"program\", \"argument\", …]",
                "bindings.shell.run: must be an array of strings",
                "bindings.when.fire: must be one of \"end\", \"begin\", \"repeat\", not \"later\"",
            ])
    }
}

extension CommandBindingConfigTests {
    /// A client's declared binding runs no command: a command runs as the user, so only the user's config says what
    /// runs.
    @Test func aDeclaredBindingRunsNoCommand() throws {
        var book = DeclarationBook()
        let refusal = DeclarationBookTests.refusal {
            _ = try book.declare(
                "dock",
                DeclarationBookTests.body(
                    bindings: [
                        (
                            "dock-swipe",
                            DeclarationBookTests.edgePan(
                                "bottom", extra: [("run", .array([.string("sh")])), ("fire", .string("begin"))])
                        )
                    ]),
                by: DeclarationBookTests.dock, over: try DeclarationBookTests.config())
        }
        guard case let .invalid(errors)? = refusal else {
            Issue.record("not refused as invalid: \(String(describing: refusal))")
            return
        }
        let keys = Set(errors.map(\.key))
        #expect(keys.isSuperset(of: ["bindings.dock-swipe.run", "bindings.dock-swipe.fire"]), "\(errors)")
    }
}
