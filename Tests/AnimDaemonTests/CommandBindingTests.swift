import AnimConfig
import Gestures
import Glibc
import TestSupport
import Testing
import Transitions

@testable import AnimCore

/// Bindings that run commands (issue 61), through the core's machine on a manual clock: input in, the `run` effects
/// out, with their environment. Expected values come from the rules in docs/config.md ("Gestures that run commands")
/// and the recognizers' slops (a pan begins after 10 px, a pinch after 15 % of scale, a long press after 0.5 s).
@Suite struct CommandBindingTests {
    static func machine(_ bindings: String) throws -> CoreMachine {
        let user = ConfigLayer(name: "/home/u/.config/animd/animd.toml", text: "defaults = false\n" + bindings)
        return CoreMachine(config: ConfigInForce(try ConfigParser.load(user: user)))
    }

    static func runs(_ effects: [CoreEffect]) -> [ConfiguredAction] {
        effects.compactMap { if case let .run(action) = $0 { action } else { nil } }
    }

    static func input(_ kind: InputEvent.Kind, at time: Double, x: Double = 600, y: Double = 400) -> CoreEvent {
        .input([InputEvent(time: time, kind: kind, location: Point(x: x, y: y))], from: .backend(.x11))
    }

    /// Feeds `kinds`, one every 10 ms from `start`, and returns the runs each made due, step by step.
    static func feed(_ machine: inout CoreMachine, _ kinds: [InputEvent.Kind], start: Double = 0)
        -> [[ConfiguredAction]]
    {
        kinds.enumerated().map { index, kind in
            let time = start + Double(index) * 0.01
            return runs(machine.take(input(kind, at: time), at: time).effects)
        }
    }

    static let threeFingerSwipe = CommandConfigs.threeFingerSwipeLeft(run: #"["swaymsg", "workspace", "next"]"#)

    /// A three-finger touchpad swipe, `steps` updates of `dx` px each, then its end.
    static func swipe(steps: Int, dx: Double, cancelled: Bool = false) -> [InputEvent.Kind] {
        [.swipeBegin(fingers: 3)] + Array(repeating: .swipeUpdate(fingers: 3, delta: Point(x: dx, y: 0)), count: steps)
            + [.swipeEnd(fingers: 3, cancelled: cancelled)]
    }

    /// Fired at the end (the default): one run, at the swipe's end and not before, with what the gesture was in its
    /// environment.
    @Test func aSwipeRunsItsCommandOnceAtItsEnd() throws {
        var machine = try Self.machine(Self.threeFingerSwipe)
        let steps = Self.feed(&machine, Self.swipe(steps: 10, dx: -20))
        #expect(steps.dropLast().allSatisfy { $0.isEmpty }, "nothing before the end")
        let run = try #require(steps.last?.first)
        #expect(steps.last?.count == 1)
        #expect(run.argv == ["swaymsg", "workspace", "next"] && run.label == "run" && run.key == "bindings.next.run")
        #expect(run.environment["ANIMD_BINDING"] == "next" && run.environment["ANIMD_GESTURE"] == "pan")
        #expect(run.environment["ANIMD_SOURCE"] == "touchpad" && run.environment["ANIMD_FINGERS"] == "3")
        #expect(run.environment["ANIMD_DIRECTION"] == "left" && run.environment["ANIMD_FIRE"] == "end")
        #expect(run.environment["ANIMD_STEP"] == nil && run.environment["ANIMD_TRANSITION"] == nil)
    }

    /// Never for a gesture that did not end as itself: a cancelled swipe, one taken back past where it began, one of
    /// the wrong fingers or the wrong way (its recognizer fails).
    @Test func noRunForAGestureThatWasNotIt() throws {
        let swipes: [(String, [InputEvent.Kind])] = [
            ("cancelled", Self.swipe(steps: 10, dx: -20, cancelled: true)),
            (
                "taken back",
                [.swipeBegin(fingers: 3)]
                    + Array(repeating: .swipeUpdate(fingers: 3, delta: Point(x: -20, y: 0)), count: 5)
                    + Array(repeating: .swipeUpdate(fingers: 3, delta: Point(x: 20, y: 0)), count: 8)
                    + [.swipeEnd(fingers: 3, cancelled: false)]
            ),
            ("wrong way", Self.swipe(steps: 10, dx: 20)),
            (
                "four fingers",
                [.swipeBegin(fingers: 4)]
                    + Array(repeating: .swipeUpdate(fingers: 4, delta: Point(x: -20, y: 0)), count: 10)
                    + [.swipeEnd(fingers: 4, cancelled: false)]
            ),
        ]
        for (name, kinds) in swipes {
            var machine = try Self.machine(Self.threeFingerSwipe)
            #expect(Self.feed(&machine, kinds).allSatisfy { $0.isEmpty }, "\(name)")
        }
    }

    /// `fire = "begin"`: once, when the recognizer begins (the slop of 10 px passed), not again at the end.
    @Test func beginFiresAtRecognition() throws {
        var machine = try Self.machine(Self.threeFingerSwipe + "fire = \"begin\"\n")
        let steps = Self.feed(&machine, Self.swipe(steps: 10, dx: -4))
        // 4 px an update: the slop is passed on the third (12 px), the swipe's fourth event.
        #expect(steps.map(\.count) == [0, 0, 0, 1] + Array(repeating: 0, count: 8))
        #expect(steps[3].first?.environment["ANIMD_FIRE"] == "begin")
        #expect(steps[3].first?.environment["ANIMD_DIRECTION"] == "left", "the way it went to begin")
    }

    /// `fire = "repeat"`: once per `repeat-distance` of travel toward its way, counted from where it began, each in
    /// the update that passes it, numbered; a fling past several steps in one update runs each.
    @Test func repeatFiresOncePerStep() throws {
        let config = Self.threeFingerSwipe + "fire = \"repeat\"\nrepeat-distance = 50\n"
        var machine = try Self.machine(config)
        let steps = Self.feed(&machine, Self.swipe(steps: 40, dx: -7))
        // Begun at the update where the travel reaches 10 px (the second, 14 px); then translation = 7 i − 14.
        var expected: [Int] = [0]
        var fired = 0
        for update in 1...40 {
            let translation = update >= 2 ? Double(7 * update - 14) : 0
            let passed = Int((translation / 50).rounded(.down))
            expected.append(passed - fired)
            fired = passed
        }
        expected.append(0)
        #expect(steps.map(\.count) == expected)
        #expect(steps.flatMap { $0 }.map { $0.environment["ANIMD_STEP"] } == (1...fired).map { String($0) })
        #expect(Set(steps.flatMap { $0 }.map(\.key)) == Set((1...fired).map { "bindings.next.run.\($0)" }))

        var flung = try Self.machine(config)
        let fling = Self.feed(
            &flung,
            [
                .swipeBegin(fingers: 3), .swipeUpdate(fingers: 3, delta: Point(x: -12, y: 0)),
                .swipeUpdate(fingers: 3, delta: Point(x: -160, y: 0)), .swipeEnd(fingers: 3, cancelled: false),
            ])
        #expect(fling.map(\.count) == [0, 0, 3, 0], "160 px past the begin: steps 1, 2 and 3 at once")
    }

    /// A pinch repeats once per `repeat-factor` of scale its way (ln scale over ln factor), from the scale where it
    /// began (15 % past the start).
    @Test func aPinchRepeatsPerFactor() throws {
        var machine = try Self.machine(
            """
            [bindings.zoom]
            gesture = "pinch"
            sources = ["touchpad"]
            increases = "out"
            run = ["zoom-in"]
            fire = "repeat"
            repeat-factor = 1.25
            """)
        let scales = [1.0, 1.1, 1.2, 1.4, 1.6, 2.0, 2.4, 3.0]
        let kinds: [InputEvent.Kind] =
            [.pinchBegin(fingers: 2)]
            + scales.map { .pinchUpdate(fingers: 2, delta: .zero, scale: $0, rotation: 0) }
            + [.pinchEnd(fingers: 2, cancelled: false)]
        let steps = Self.feed(&machine, kinds)
        // Begun at 1.2 (ln 1.2 ≥ ln 1.15); then steps of ln 1.25 in ln(scale / 1.2).
        var expected = [0, 0, 0, 0]
        var fired = 0
        for scale in scales.dropFirst(3) {
            let passed = Int((log(scale / 1.2) / log(1.25)).rounded(.down))
            expected.append(passed - fired)
            fired = passed
        }
        expected.append(0)
        #expect(steps.map(\.count) == expected)
        #expect(fired == 4 && steps.flatMap { $0 }.last?.environment["ANIMD_DIRECTION"] == "out")
    }

    /// A long press fires at its end by default (recognized after 0.5 s, then lifted), or at recognition with
    /// `fire = "begin"`; lifted before 0.5 s, it never runs.
    @Test func aLongPressFiresAtTheLiftOrAtRecognition() throws {
        for (fire, atRecognition) in [("end", false), ("begin", true)] {
            var machine = try Self.machine(
                "[bindings.menu]\ngesture = \"long-press\"\nrun = [\"menu\"]\nfire = \"\(fire)\"\n")
            #expect(Self.runs(machine.take(Self.input(.touchDown(id: 1), at: 0), at: 0).effects).isEmpty)
            let recognized = Self.runs(machine.take(.frame, at: 0.5).effects)
            let lifted = Self.runs(machine.take(Self.input(.touchUp(id: 1), at: 0.7), at: 0.7).effects)
            #expect(recognized.count == (atRecognition ? 1 : 0) && lifted.count == (atRecognition ? 0 : 1), "\(fire)")
            #expect((recognized + lifted).first?.environment["ANIMD_GESTURE"] == "long-press")

            var early = try Self.machine("[bindings.menu]\ngesture = \"long-press\"\nrun = [\"menu\"]\n")
            _ = early.take(Self.input(.touchDown(id: 1), at: 0), at: 0)
            #expect(Self.runs(early.take(Self.input(.touchUp(id: 1), at: 0.3), at: 0.3).effects).isEmpty)
            #expect(Self.runs(early.take(.frame, at: 0.5).effects).isEmpty)
        }
    }

    /// A binding may drive its transition and run a command besides: the edge swipe opens the sidebar and runs
    /// with `ANIMD_TRANSITION`. A binding's conditions hold for its command too: off outside tablet mode, it runs
    /// nothing.
    @Test func besidesATransitionAndUnderConditions() throws {
        let config = """
            [transitions.sidebar]
            [bindings.open]
            transition = "sidebar"
            gesture = "edge-pan"
            edge = "left"
            distance = 300
            run = ["notify"]
            """
        var machine = try Self.machine(config)
        let kinds: [InputEvent.Kind] =
            [.touchDown(id: 1)] + (1...10).map { _ in .touchMove(id: 1) } + [.touchUp(id: 1)]
        var all: [ConfiguredAction] = []
        var began = false
        for (index, kind) in kinds.enumerated() {
            let time = Double(index) * 0.01
            let step = machine.take(Self.input(kind, at: time, x: 2 + Double(index) * 20), at: time)
            all += Self.runs(step.effects)
            began = began || CoreMachineTests.events(step).contains { if case .began = $0 { true } else { false } }
        }
        #expect(began, "the sidebar was driven")
        #expect(all.count == 1 && all.first?.environment["ANIMD_TRANSITION"] == "sidebar")
        #expect(all.first?.environment["ANIMD_DIRECTION"] == "right")

        var tablet = try Self.machine(config + "\nwhen-tablet-mode = true\n")
        for (index, kind) in kinds.enumerated() {
            let time = Double(index) * 0.01
            #expect(
                Self.runs(tablet.take(Self.input(kind, at: time, x: 2 + Double(index) * 20), at: time).effects).isEmpty)
        }
    }
}
