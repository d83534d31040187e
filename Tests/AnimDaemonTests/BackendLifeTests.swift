import AnimConfig
import Testing

@testable import AnimCore

/// The input backend's life as the machine decides it: launched once when the session starts, made anew only when
/// `daemon.environment` changes what it depends on (the backend chosen, the display, the X authority, the Wayland
/// display, the seat: `SessionEnvironment.Target`), stopped for good when animd stops.
struct BackendLifeTests {
    static let x11 = SessionEnvironment(["DISPLAY": ":1", "HOME": "/home/ada"])

    /// The session's variables, in the order of their names.
    private static func variables(_ session: SessionEnvironment) -> String {
        session.values.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
    }

    /// The effects of one step, as names with the session each carries.
    private static func life<Answer>(_ step: CoreStep<Answer>) -> [String] {
        step.effects.compactMap { effect in
            switch effect {
            case let .launchBackend(session, _): "launch \(variables(session))"
            case .stopBackend: "stop"
            case let .followSession(session): "follow \(variables(session))"
            case let .log(.notice, message, _): message
            default: nil
            }
        }
    }

    @Test func theSessionsBackendIsLaunchedOnce() throws {
        var machine = try CoreMachineTests.machine()
        #expect(Self.x11.values == ["DISPLAY": ":1"], "only the session's variables are kept")
        #expect(Self.life(machine.take(.startInput(Self.x11, setting: .auto), at: 0)) == ["launch DISPLAY=:1"])
        #expect(machine.input.backend.state == .running(Self.x11.target(.auto)))
        #expect(machine.input.backend.state != .running(Self.x11.target(.libinput)))
        #expect(Self.life(machine.take(.startInput(Self.x11, setting: .auto), at: 1)).isEmpty, "once")
    }

    /// A compositor's socket is not what the X backend depends on: the shell only follows it.
    @Test func aChangeTheBackendDoesNotDependOnIsFollowed() throws {
        var machine = try CoreMachineTests.machine()
        _ = machine.take(.startInput(Self.x11, setting: .auto), at: 0)
        let step = machine.take(.adoptEnvironment(["SWAYSOCK": "/run/user/1000/sway.sock"]), at: 1)
        #expect(step.answer == false)
        #expect(Self.life(step) == ["follow DISPLAY=:1 SWAYSOCK=/run/user/1000/sway.sock"])
    }

    /// A new display, or a Wayland display that makes `auto` choose libinput, makes the backend anew.
    @Test func aChangeTheBackendDependsOnRestartsIt() throws {
        var machine = try CoreMachineTests.machine()
        _ = machine.take(.startInput(Self.x11, setting: .auto), at: 0)
        let display = machine.take(.adoptEnvironment(["DISPLAY": ":2"]), at: 1)
        #expect(display.answer == true)
        #expect(
            Self.life(display) == [
                "stop", "launch DISPLAY=:2", "session environment changed; input backend restarted",
            ])
        let wayland = machine.take(.adoptEnvironment(["WAYLAND_DISPLAY": "wayland-1"]), at: 2)
        #expect(wayland.answer == true)
        guard case let .running(target) = machine.input.backend.state else { Issue.record("not running"); return }
        #expect(target.choice == .libinput && target.waylandDisplay == "wayland-1")
        let unset = machine.take(.adoptEnvironment(["WAYLAND_DISPLAY": ""]), at: 3)
        #expect(unset.answer == true, "an empty value unsets it: back to X")
        #expect(machine.input.backend.session.values == ["DISPLAY": ":2"])
    }

    /// Stopped for good: a session change after it launches nothing.
    @Test func aStoppedBackendStaysStopped() throws {
        var machine = try CoreMachineTests.machine()
        #expect(Self.life(machine.take(.stopInput, at: 0)).isEmpty, "nothing runs before the session starts")
        var started = try CoreMachineTests.machine()
        _ = started.take(.startInput(Self.x11, setting: .auto), at: 0)
        #expect(Self.life(started.take(.stopInput, at: 1)) == ["stop"])
        #expect(Self.life(started.take(.stopInput, at: 2)).isEmpty, "once")
        let after = started.take(.adoptEnvironment(["DISPLAY": ":2"]), at: 3)
        #expect(after.answer == false && Self.life(after) == ["follow DISPLAY=:2"])
        #expect(Self.life(started.take(.startInput(Self.x11, setting: .auto), at: 4)).isEmpty, "not again")
    }
}
