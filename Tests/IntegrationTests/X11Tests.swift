import AnimClient
import AnimProtocol
import Foundation
import JSONText
import Testing

/// A real X server (Xvfb): animd connects, reads the monitors, notices the server going away, and reconnects.
@Suite(.serialized) struct X11Tests {

    /// With a display, animd reports X input connected with XRandR's monitor, and the frame rate falls back to 60 Hz (Xvfb reports 0 Hz).
    @Test(.enabled(if: Xvfb.installed, "needs Xvfb (scripts/install-deps.sh)")) func connectsAndReadsMonitors() throws {
        let number = Xvfb.freeNumber()
        let xvfb = try Xvfb(number: number)
        let daemon = try DaemonProcess(display: xvfb.display)
        let rpc = try daemon.connect()
        var hello = JSONValue.null
        try waitUntil("animd connected to \(xvfb.display)") {
            hello = try rpc.ok("daemon.hello")
            return hello["input"]?["connected"] == true
        }
        #expect(hello["input"]?["connected"] == true && hello["input"]?["display"] == .string(xvfb.display))
        #expect(hello["input"]?["monitors"] == [[0, 0, 1280, 800]])
        #expect(hello["frameRate"] == 60)
    }

    /// When the X server dies, subscribers to input get input.status connected:false, animd keeps running, and when a
    /// server comes back on that display it reconnects.
    @Test(.enabled(if: Xvfb.installed, "needs Xvfb (scripts/install-deps.sh)")) func survivesServerRestart() throws {
        let number = Xvfb.freeNumber()
        var xvfb = try Xvfb(number: number)
        let daemon = try DaemonProcess(display: ":\(number)")
        let rpc = try daemon.connect()
        _ = try rpc.ok("subscribe", ["events": ["input"]])
        try waitUntil(#"rpc.ok("daemon.hello")["input"]?["connected"] == true"#) {
            try rpc.ok("daemon.hello")["input"]?["connected"] == true
        }
        xvfb.stop()
        let (_, gone) = try rpc.notification(where: { method, params in
            method == .inputStatus && params["connected"] == false
        })
        #expect(gone["reason"]?.string?.contains("went away") == true)
        #expect(try rpc.ok("transition.toggle", ["name": "sidebar"]) == .object([]))
        xvfb = try Xvfb(number: number, size: "1024x768x24")
        let (_, back) = try rpc.notification(where: { method, params in
            method == .inputStatus && params["connected"] == true
        })
        #expect(back["display"] == .string(":\(number)"))
        #expect(try rpc.ok("daemon.hello")["input"]?["monitors"] == [[0, 0, 1024, 768]])
        xvfb.stop()
    }
}
