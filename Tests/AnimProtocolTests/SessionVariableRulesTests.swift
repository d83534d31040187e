import AnimProtocol
import Testing

/// The session variables that become paths take only what their programs read as intended (issue 47): one name
/// where a name is joined onto a folder, an absolute path that never goes up where a path is opened, X's display
/// syntax for DISPLAY; never a NUL, never more than the system's limits.
struct SessionVariableRulesTests {
    static let long = String(repeating: "x", count: 300)

    @Test(arguments: [
        ("HYPRLAND_INSTANCE_SIGNATURE", "b2c8fbc4_1700000000_1234567890"), ("HYPRLAND_INSTANCE_SIGNATURE", ""),
        ("WAYLAND_DISPLAY", "wayland-0"), ("WAYLAND_DISPLAY", "/run/user/1000/wayland-1"),
        ("SWAYSOCK", "/run/user/1000/sway-ipc.1000.1234.sock"),
        ("XAUTHORITY", "/home/ana/.Xauthority"), ("XAUTHORITY", "/run/user/1000/.mutter-Xwaylandauth.ABC123"),
        ("DISPLAY", ":0"), ("DISPLAY", ":1.0"), ("DISPLAY", "localhost:10.0"), ("DISPLAY", "unix:0"),
        ("DISPLAY", "/tmp/launch-abc/org.xquartz:0"), ("DISPLAY", "[::1]:0"),
        ("XDG_SEAT", "seat0"), ("XDG_SESSION_TYPE", "wayland"),
    ])
    func whatProgramsSetIsTaken(name: String, value: String) {
        #expect(SessionVariableRules.problem(name, value) == nil, "\(name)=\(value)")
    }

    @Test(arguments: [
        ("HYPRLAND_INSTANCE_SIGNATURE", "..", "one file name"), ("HYPRLAND_INSTANCE_SIGNATURE", ".", "one file name"),
        ("HYPRLAND_INSTANCE_SIGNATURE", "../../etc", "one file name"),
        ("HYPRLAND_INSTANCE_SIGNATURE", long, "at most 255 bytes"),
        ("HYPRLAND_INSTANCE_SIGNATURE", "a\u{0}b", "NUL"),
        ("WAYLAND_DISPLAY", "..", "one file name"), ("WAYLAND_DISPLAY", "sub/wayland-0", "one file name"),
        ("WAYLAND_DISPLAY", "/run/user/1000/../0/wayland-0", "'..'"),
        ("WAYLAND_DISPLAY", "/" + long, "at most 107 bytes"),
        ("SWAYSOCK", "sway.sock", "absolute path"), ("SWAYSOCK", "/tmp/../run/sway.sock", "'..'"),
        ("SWAYSOCK", "/" + String(repeating: "s", count: 107), "at most 107 bytes"),
        ("XAUTHORITY", ".Xauthority", "absolute path"), ("XAUTHORITY", "/home/ana/../bob/.Xauthority", "'..'"),
        ("XAUTHORITY", "/" + String(repeating: "a", count: 4095), "at most 4095 bytes"),
        ("XAUTHORITY", "/x\u{0}", "NUL"),
        ("DISPLAY", "0", "[host]:display"), ("DISPLAY", ":", "[host]:display"), ("DISPLAY", ":0.", "[host]:display"),
        ("DISPLAY", ":x", "[host]:display"), ("DISPLAY", ":1234567890", "[host]:display"),
        ("DISPLAY", "../..:0", "'..'"),
        ("DISPLAY", "/tmp/../x:0", "'..'"), ("DISPLAY", long + ":0", "at most 255 bytes"),
        ("XDG_SEAT", "seat 0", "letters, digits"), ("XDG_SESSION_TYPE", "../x11", "letters, digits"),
    ])
    func whatBecomesAWrongPathIsRefused(name: String, value: String, message: String) {
        let problem = SessionVariableRules.problem(name, value)
        #expect(problem?.contains(message) == true, "\(name): \(problem ?? "accepted")")
    }

    /// `daemon.environment` is refused whole, naming the variable and quoting at most 64 bytes of the value.
    @Test func theRequestIsRefusedWithTheVariableNamed() throws {
        do {
            _ = try Request(
                method: "daemon.environment", params: ["DISPLAY": ":1", "HYPRLAND_INSTANCE_SIGNATURE": ".."])
            Issue.record("accepted")
        } catch {
            #expect(
                error.code == -32602
                    && error.message.hasSuffix(
                        "daemon.environment: HYPRLAND_INSTANCE_SIGNATURE must be one file name (no '/', not '.' or '..'), not \"..\""
                    ), "\(error.message)")
        }
        do {
            _ = try Request(method: "daemon.environment", params: ["XAUTHORITY": .string("rel" + Self.long)])
            Issue.record("accepted")
        } catch {
            #expect(
                error.message.contains("\"rel" + String(repeating: "x", count: 61) + "…\" (303 bytes)"),
                "\(error.message)")
        }
    }
}
