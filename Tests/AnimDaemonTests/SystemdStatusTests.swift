import AnimProtocol
import Testing

@testable import AnimDaemon

struct SystemdStatusTests {
    @Test func wording() {
        let x = InputStatus(backend: .x11, connected: true, display: ":0")
        #expect(SystemdStatus.line(transitions: 5, clients: 3, input: x) == "5 transitions, 3 clients, X input on :0")
        #expect(SystemdStatus.line(transitions: 1, clients: 1, input: x) == "1 transition, 1 client, X input on :0")
        let off = InputStatus(backend: .x11, connected: false, display: nil, reason: "no DISPLAY is set")
        #expect(SystemdStatus.line(transitions: 5, clients: 0, input: off) == "5 transitions, 0 clients, X input off")
        let wayland = InputStatus(backend: .libinput, connected: true, display: "wayland-1", seat: "seat1")
        #expect(
            SystemdStatus.line(transitions: 5, clients: 2, input: wayland)
                == "5 transitions, 2 clients, libinput input on seat1")
        let console = InputStatus(backend: .libinput, connected: true, display: nil, seat: "seat1")
        #expect(
            SystemdStatus.line(transitions: 5, clients: 2, input: console)
                == "5 transitions, 2 clients, libinput input on seat1, no display",
            "a user service without the session's variables says so")
        let lost = InputStatus(
            backend: .libinput, connected: false, display: "wayland-1", seat: "seat1", reason: "gone")
        #expect(
            SystemdStatus.line(transitions: 5, clients: 2, input: lost)
                == "5 transitions, 2 clients, libinput input, wayland-1 out of reach")
        let starting = InputStatus(
            backend: .libinput, connected: false, display: "wayland-1", seat: "seat1", reason: InputStatus.connecting)
        #expect(
            SystemdStatus.line(transitions: 5, clients: 2, input: starting)
                == "5 transitions, 2 clients, libinput input connecting")
        let noSeat = InputStatus(backend: .libinput, connected: false, display: nil)
        #expect(
            SystemdStatus.line(transitions: 0, clients: 0, input: noSeat)
                == "0 transitions, 0 clients, libinput input off")
    }
}
