import AnimConfig
import Gestures
import Testing
import Transitions

@testable import AnimCore
@testable import AnimDaemon

/// Tablet mode through the daemon's core (issue 45), over values: the backend's switch and `input.inject` come in
/// the one way, turn `when-tablet-mode` bindings and the backend's plan, reach the `device` group, and run
/// `[input] on-tablet-mode` as the rules in docs/config.md say.
@Suite struct TabletModeTests {
    /// `sidebar-open` works only in tablet mode; the keyboard's commands are `on-tablet-mode`'s.
    static let config = """
        [input]
        on-tablet-mode = { on = ["keyboard", "--show"], off = ["keyboard", "--hide"] }
        [bindings.sidebar-open]
        when-tablet-mode = true
        """

    static func runs<Answer>(_ step: CoreStep<Answer>) -> [[String]] {
        step.effects.compactMap { if case let .run(action) = $0 { action.argv } else { nil } }
    }

    static func swipeBegins(_ machine: inout CoreMachine, at time: Double) -> Bool {
        _ = machine.take(CoreMachineTests.touch(.touchDown(id: 1), x: 4, at: time), at: time)
        let moved = machine.take(CoreMachineTests.touch(.touchMove(id: 1), x: 60, at: time + 0.01), at: time + 0.01)
        _ = machine.take(CoreMachineTests.touch(.touchUp(id: 1), x: 60, at: time + 0.02), at: time + 0.02)
        _ = machine.take(.frame, at: time + 5)
        return CoreMachineTests.events(moved).contains {
            if case .began(_, .gesture("sidebar-open"), _) = $0 { true } else { false }
        }
    }

    @Test func theSwitchTurnsBindingsTheBackendAndTheKeyboard() throws {
        var machine = try CoreMachineTests.machine(Self.config)
        let planWithout = machine.inputPlan
        #expect(!Self.swipeBegins(&machine, at: 0), "no switch: out of tablet mode")

        let appears = machine.take(.backend([.tabletMode(false)]), at: 10)
        #expect(CoreMachineTests.lines(appears) == [.tabletMode(false)])
        #expect(
            Self.runs(appears).isEmpty && !appears.effects.contains(where: CoreMachineTests.isConfigureBackend),
            "a switch that appears reading off changes nothing: no switch counted as off")

        let folded = machine.take(.backend([.tabletMode(true)]), at: 20)
        #expect(CoreMachineTests.lines(folded) == [.tabletMode(true)])
        #expect(Self.runs(folded) == [["keyboard", "--show"]])
        #expect(
            folded.effects.contains { if case let .configureBackend(plan) = $0 { plan != planWithout } else { false } })
        #expect(machine.engine.session.tabletMode == true)
        #expect(Self.swipeBegins(&machine, at: 30))

        let repeated = machine.take(.backend([.tabletMode(true)]), at: 40)
        #expect(repeated.effects.isEmpty, "the same report again is nothing")

        let gone = machine.take(.backend([.tabletMode(nil)]), at: 50)
        #expect(CoreMachineTests.lines(gone) == [.tabletMode(nil)])
        #expect(Self.runs(gone) == [["keyboard", "--hide"]], "a switch gone while on: out of tablet mode")
        #expect(machine.inputPlan == planWithout)
    }

    /// An injected mode holds until the switch changes: the backend's repeated report of its whole state (here
    /// for a new monitor) does not undo it.
    @Test func anInjectedModeHoldsUntilTheSwitchMoves() throws {
        var machine = try CoreMachineTests.machine(Self.config)
        _ = machine.take(.backend([.tabletMode(false)]), at: 0)
        let injected = machine.take(.tabletMode(true, injected: true), at: 1)
        #expect(
            CoreMachineTests.lines(injected) == [.tabletMode(true)] && Self.runs(injected) == [["keyboard", "--show"]])
        #expect(machine.take(.backend([.tabletMode(false)]), at: 2).effects.isEmpty)
        #expect(machine.engine.session.tabletMode == true)
        #expect(Self.swipeBegins(&machine, at: 3))
        let moved = machine.take(.backend([.tabletMode(true)]), at: 10)
        #expect(moved.effects.isEmpty, "the switch now agrees: nothing changes")
        let unfolded = machine.take(.backend([.tabletMode(false)]), at: 11)
        #expect(
            CoreMachineTests.lines(unfolded) == [.tabletMode(false)] && Self.runs(unfolded) == [["keyboard", "--hide"]])
        #expect(!Self.swipeBegins(&machine, at: 12))
    }

    /// Without `on-tablet-mode`, a change runs nothing; a reload keeps the mode and reads the new commands.
    @Test func aReloadKeepsTheModeAndTakesNewCommands() throws {
        var machine = try CoreMachineTests.machine("[bindings.sidebar-open]\nwhen-tablet-mode = true\n")
        let folded = machine.take(.backend([.tabletMode(true)]), at: 0)
        #expect(Self.runs(folded).isEmpty && CoreMachineTests.lines(folded) == [.tabletMode(true)])
        _ = machine.take(.reload(.success(try CoreMachineTests.loaded(Self.config))), at: 1)
        #expect(machine.engine.session.tabletMode == true)
        #expect(Self.swipeBegins(&machine, at: 2))
        #expect(Self.runs(machine.take(.backend([.tabletMode(false)]), at: 10)) == [["keyboard", "--hide"]])
    }
}
