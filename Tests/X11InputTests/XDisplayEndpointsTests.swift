import Testing
import UnixSupport

@testable import X11Input

/// Where Xlib connects for a display name, as the probe asks it first (issue 48); xcb's own parsing is the
/// reference (`_xcb_parse_display`: `[protocol/][host]:display[.screen]`, a local display at its abstract socket,
/// then its file).
@Suite struct XDisplayEndpointsTests {
    @Test(arguments: [":0", ":0.1", "unix:0", "unix/:0", "unix/unix:0.0"])
    func aLocalDisplayIsItsAbstractSocketThenItsFile(name: String) {
        #expect(XDisplayEndpoints.of(name) == [.unix("@/tmp/.X11-unix/X0"), .unix("/tmp/.X11-unix/X0")])
    }

    @Test func aHostIsTCPAtSixThousandAndTheNumber() {
        #expect(XDisplayEndpoints.of("localhost:10.0") == [.tcp(host: "localhost", port: 6010)])
        #expect(XDisplayEndpoints.of("tcp/example.org:3") == [.tcp(host: "example.org", port: 6003)])
    }

    @Test(arguments: [
        "", "0", ":", ":x", ":-1", ":-0", ":1e3", ":1e308", ":5e-324", ":59536", ":99999999999999999999999", "host:",
        ":١",
    ])
    func aNameXlibRefusesIsNotProbed(name: String) {
        #expect(XDisplayEndpoints.of(name) == nil)
    }
}
