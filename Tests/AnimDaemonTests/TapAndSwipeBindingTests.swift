import AnimConfig
import Gestures
import Testing
import Transitions

@testable import AnimCore

/// Taps and swipes bound in the config (issue 61), through the core's machine on a manual clock: the commands they
/// run and the transitions they send. Expected values come from docs/config.md's rules: a tap toggles its transition
/// or sends it to `to`; a swipe toward `increases` goes to the next snap, against it to the previous; a single tap
/// on the fingers of a double tap waits for the double to fail (implied, with no `require-to-fail` written), and runs
/// only once it has, 0.3 s after its lift.
@Suite struct TapAndSwipeBindingTests {
    typealias Tests = CommandBindingTests

    /// Two fingers down at `time` and up 0.1 s later, at (600, 400) and 40 px right of it.
    static func twoFingerTap(_ machine: inout CoreMachine, at time: Double) -> [CoreStep<Void>] {
        [
            machine.take(Tests.input(.touchDown(id: 1), at: time), at: time),
            machine.take(Tests.input(.touchDown(id: 2), at: time, x: 640), at: time),
            machine.take(Tests.input(.touchUp(id: 1), at: time + 0.1), at: time + 0.1),
            machine.take(Tests.input(.touchUp(id: 2), at: time + 0.1, x: 640), at: time + 0.1),
        ]
    }

    static func runs(_ steps: [CoreStep<Void>]) -> [String] {
        steps.flatMap { Tests.runs($0.effects) }.compactMap { $0.environment["ANIMD_BINDING"] }
    }

    static let taps = """
        [bindings.double]
        gesture = "tap"
        touches = 2
        taps = 2
        run = ["double"]
        [bindings.single]
        gesture = "tap"
        touches = 2
        run = ["single"]
        """

    /// A two-finger double tap runs its command once, at its second lift, and the single tap's never; one
    /// two-finger tap runs the single's once the double has failed.
    @Test func aDoubleTapRunsOnceAndTheSingleWaits() throws {
        var machine = try Tests.machine(Self.taps)
        let first = Self.twoFingerTap(&machine, at: 0)
        #expect(Self.runs(first).isEmpty)
        let second = Self.twoFingerTap(&machine, at: 0.25)
        #expect(Self.runs(second) == ["double"])
        #expect(Self.runs([machine.take(.frame, at: 2)]).isEmpty)

        var single = try Tests.machine(Self.taps)
        #expect(Self.runs(Self.twoFingerTap(&single, at: 0)).isEmpty)
        #expect(single.deadlines.recognizers == 0.4, "the double waits 0.3 s from the lift")
        #expect(Self.runs([single.take(.frame, at: 0.39)]).isEmpty)
        let late = single.take(.frame, at: 0.4)
        #expect(Self.runs([late]) == ["single"])
        let run = try #require(Tests.runs(late.effects).first)
        #expect(run.environment["ANIMD_GESTURE"] == "tap" && run.environment["ANIMD_FINGERS"] == "2")
    }

    /// A tap toggles its transition between its ends; with `to`, it sends it there.
    @Test func aTapTogglesItsTransition() throws {
        var machine = try Tests.machine(
            """
            [transitions.dock]
            [bindings.dock-tap]
            transition = "dock"
            gesture = "tap"
            """)
        for (index, target) in [1, 0, 1].enumerated() {
            let time = Double(index) * 2
            _ = machine.take(Tests.input(.touchDown(id: 1), at: time), at: time)
            let lifted = machine.take(Tests.input(.touchUp(id: 1), at: time + 0.1), at: time + 0.1)
            let began = CoreMachineTests.events(lifted).compactMap { event -> Int? in
                if case let .began(snapshot, .gesture("dock-tap"), _) = event { snapshot.to } else { nil }
            }
            #expect(began == [target], "tap \(index + 1)")
            _ = machine.take(.frame, at: time + 1.5)
        }
    }

    /// A swipe up (toward `increases`) sends a three-snap transition to the next snap, a swipe down to the previous;
    /// its command says the way it went.
    @Test func aSwipeGoesToTheNextOrPreviousSnap() throws {
        var machine = try Tests.machine(
            """
            [transitions.sheet]
            snap-points = [0, 0.5, 1]
            [bindings.sheet-swipe]
            transition = "sheet"
            gesture = "swipe"
            directions = ["up", "down"]
            increases = "up"
            run = ["noted"]
            """)
        func swipe(_ dy: Double, at start: Double) -> (to: [Int], direction: [String]) {
            _ = machine.take(Tests.input(.touchDown(id: 1), at: start), at: start)
            for step in 1...10 {
                let time = start + Double(step) * 0.01
                _ = machine.take(Tests.input(.touchMove(id: 1), at: time, y: 400 + Double(step) * dy), at: time)
            }
            let end = start + 0.1
            let lifted = machine.take(Tests.input(.touchUp(id: 1), at: end, y: 400 + 10 * dy), at: end)
            let to = CoreMachineTests.events(lifted).compactMap { event -> Int? in
                if case let .began(snapshot, .gesture("sheet-swipe"), _) = event { snapshot.to } else { nil }
            }
            _ = machine.take(.frame, at: start + 1.5)
            return (to, Tests.runs(lifted.effects).compactMap { $0.environment["ANIMD_DIRECTION"] })
        }
        #expect(swipe(-10, at: 0) == ([1], ["up"]))
        #expect(swipe(-10, at: 2) == ([2], ["up"]))
        #expect(swipe(-10, at: 4) == ([], ["up"]), "past the last snap: it stays, and the command still runs")
        #expect(swipe(10, at: 6) == ([1], ["down"]))
    }
}
