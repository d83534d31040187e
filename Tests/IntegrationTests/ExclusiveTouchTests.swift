import AnimClient
import AnimProtocol
import Foundation
import JSONText
import Testing

/// Exclusive touch on the libinput backend (issue 59), event for event: animd starts its relay, which grabs the
/// mocked touchscreen (umockdev answers EVIOCGRAB) and makes a twin through a mocked /dev/uinput whose ioctls and
/// writes the test's host records. The default config's bindings are in force: edge pans on every edge (zones of
/// 20 px, 43 device units of the 4096 across 1920 px), three-finger pans and pinches.
@Suite(.serialized, .enabled(if: MockedDevice.installed, "needs root (a mount namespace) and umockdev, cc, pkg-config (scripts/install-deps.sh)"))
struct ExclusiveTouchTests {
    typealias Screen = RelayedTouchscreen
    typealias Event = RelayedTouchscreen.Event
    static let config = "defaults = true\n[input]\ntouch-edges = \"exclusive\"\ntouch-hold-limit = 1\n"

    private func start(_ screen: RelayedTouchscreen, config: String = Self.config, transitions: [String] = ["sidebar"]) throws -> (DaemonProcess, RPCConnection) {
        let daemon = try DaemonProcess(config: config, inputBackend: "libinput", wrapper: screen.wrapper)
        let rpc = try daemon.connect()
        do {
            _ = try rpc.ok("subscribe", ["transitions": .array(transitions.map { .string($0) }), "events": ["state", "input", "input-events"]])
            try screen.plugIn()
            try Screen.awaitTouchDetail(rpc, containing: "taken; applications get its twin \"animd test touchscreen (animd twin)\"")
        } catch {
            // Stopped by its own pid: its host waits for it, and the harness's SIGTERM is blocked there.
            stop(rpc)
            throw error
        }
        return (daemon, rpc)
    }

    /// Stops animd by its own pid (its host then ends), before the harness's process goes.
    private func stop(_ rpc: RPCConnection, _ daemon: DaemonProcess? = nil) {
        if let pid = (try? rpc.ok("daemon.hello"))?["pid"]?.number { kill(pid_t(pid), SIGTERM) }
        withExtendedLifetime(daemon) {}
    }

    /// The twin is the touchscreen (axes with their ranges and resolution, five slots, INPUT_PROP_DIRECT, its ids)
    /// with a tool type up to palm and no pointer button; an edge swipe opens the sidebar and never reaches it.
    @Test func anEdgeSwipeNeverReachesTheTwin() throws {
        var screen = try RelayedTouchscreen()
        defer { screen.removeFolder() }
        let (daemon, rpc) = try start(screen)
        defer { stop(rpc, daemon) }
        let log = screen.log
        #expect(log.contains("setup 3 4660 22136 273 animd test touchscreen (animd twin)"), "\(log)")
        #expect(Set(log.filter { $0.hasPrefix("evbit") }) == ["evbit 0", "evbit 1", "evbit 3"])
        #expect(log.filter { $0.hasPrefix("keybit") } == ["keybit 330"], "BTN_TOUCH alone: no BTN_LEFT (272)")
        #expect(log.filter { $0.hasPrefix("propbit") } == ["propbit 1"])
        #expect(Set(log.filter { $0.hasPrefix("abs ") }) == ["abs 0 0 4095 0 0 16", "abs 1 0 4095 0 0 16", "abs 47 0 4 0 0 0", "abs 53 0 4095 0 0 16",
                                                           "abs 54 0 4095 0 0 16", "abs 55 0 2 0 0 0", "abs 57 0 65535 0 0 0"], "\(log)")
        #expect(log.contains("create"))
        var frames: [[(Int, Int, Int)]] = [Screen.down(0, 1, 8, 2048) + Screen.touch(true)]
        for step in 1...12 { frames.append(Screen.move(0, 8 + step * 120, 2048)) }
        frames.append(Screen.up(0) + Screen.touch(false))
        try screen.write(frames: frames)
        let events = try rpc.notifications(until: { method, _ in method == .ended }, timeout: 20)
        #expect(events.first { $0.0 == .began }?.1["gesture"] == "sidebar-open")
        #expect(events.last?.1["snap"] == 1)
        _ = try rpc.ok("daemon.hello")
        #expect(screen.twinEvents.isEmpty, "\(screen.twinFrames)")
    }
}
