import AnimClient
import AnimProtocol
import Foundation
import Testing

/// Reduced motion through a real daemon (issue 30, its manual part): `animctl motion` and `[daemon] motion` set it,
/// `hello` and the `daemon.motion` event say so, and the legs clients receive follow it.
@Suite struct MotionTests {
    /// Full motion by default, and why; `animctl motion reduced` makes the next toggle instant (a leg of zero
    /// duration, at its end), tells the `motion` group, and `full` brings the spring back.
    @Test func animctlReducesAndRestoresMotion() throws {
        let daemon = try DaemonProcess()
        let rpc = try daemon.connect()
        let motion = try #require(try rpc.ok("daemon.hello")["motion"])
        #expect(motion["state"] == "full" && motion["setting"] == "auto" && motion["source"] == .null)
        #expect(motion["detail"]?.string?.contains("no desktop switch is read yet") == true)
        _ = try rpc.ok("subscribe", ["transitions": ["sidebar"], "events": ["state", "motion"]])

        let reduced = try animctl(["motion", "reduced"], socket: daemon.socket)
        #expect(reduced.status == 0 && reduced.stdout.hasPrefix("reduced (reduced, set by animctl; completions are instant)"), "\(reduced.stdout)")
        let (method, event) = try rpc.notification(where: { _, _ in true })
        #expect(method == .motion && event["state"] == "reduced" && event["source"] == "animctl")
        _ = try rpc.ok("transition.toggle", ["name": "sidebar"])
        let instant = try rpc.notifications(until: { method, _ in method == .ended })
        let began = try #require(instant.first { $0.0 == .began }?.1)
        #expect(began["leg"]?["kind"] == "cubic" && began["leg"]?["duration"] == 0 && began["progress"] == 1, "\(began)")
        #expect(instant.last?.1["snap"] == 1)

        #expect(try animctl(["motion", "full"], socket: daemon.socket).status == 0)
        _ = try rpc.notification(where: { method, params in method == .motion && params["state"] == "full" })
        _ = try rpc.ok("transition.toggle", ["name": "sidebar"])
        let (_, spring) = try rpc.notification(where: { method, _ in method == .began })
        #expect(spring["leg"]?["kind"] == "spring")
        let hello = try animctl(["hello"], socket: daemon.socket)
        #expect(hello.stdout.contains("motion      full (full, set by animctl)"), "\(hello.stdout)")
    }

    /// `[daemon] motion = "reduced"` with a `reduced-duration`: completions are that long an ease-out, with no
    /// spring. A run-time setting outlives a reload; a bad one is refused and changes nothing.
    @Test func theConfigReducesAndARunTimeSettingOutlivesAReload() throws {
        let daemon = try DaemonProcess(config: "defaults = true\n[daemon]\nmotion = \"reduced\"\nreduced-duration = 0.2\n")
        let rpc = try daemon.connect()
        #expect(try rpc.ok("daemon.motion")["source"] == "config")
        _ = try rpc.ok("subscribe", ["transitions": ["sidebar"]])
        _ = try rpc.ok("transition.toggle", ["name": "sidebar"])
        let (_, began) = try rpc.notification(where: { method, _ in method == .began })
        #expect(began["leg"]?["kind"] == "cubic" && began["leg"]?["duration"] == 0.2 && began["leg"]?["controlPoints"] == [0, 0, 0.58, 1],
                "\(began)")
        let full = try rpc.ok("daemon.motion", ["setting": "full"])
        #expect(full["state"] == "full" && full["source"] == "animctl")
        _ = try rpc.ok("daemon.reload")
        #expect(try rpc.ok("daemon.motion")["state"] == "full", "the run-time setting outlives the reload")
        let refused = try rpc.failing("daemon.motion", ["setting": "slow"])
        #expect(refused.code == -32602 && refused.message.contains("\"setting\" must be \"auto\", \"full\" or \"reduced\""))
        let usage = try animctl(["motion", "slow"], socket: daemon.socket)
        #expect(usage.status == 2 && usage.stderr.contains("must be auto, full or reduced"))
        #expect(try rpc.ok("daemon.motion")["state"] == "full")
    }
}
