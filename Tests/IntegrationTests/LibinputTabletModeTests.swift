import AnimClient
import AnimProtocol
import Foundation
import JSONText
import Testing

/// Tablet mode through a real libinput (issue 45): umockdev mocks a tablet-mode switch (`SW_TABLET_MODE`), plugged
/// in off, turned on, then unplugged. animd's libinput backend reads it; the `device` group hears each change;
/// `daemon.hello` shows it; a `when-tablet-mode = true` binding works only while it is on; and `on-tablet-mode` runs
/// its commands. On X11, animd reads the same switch through a libinput path context of its own.
@Suite(
    .serialized,
    .enabled(
        if: MockedDevice.installed,
        "needs root (a mount namespace) and umockdev, cc, pkg-config (scripts/install-deps.sh)"))
struct LibinputTabletModeTests {
    /// SW_TABLET_MODE on, 1 s after animd opens the switch.
    static var switchedOn: String {
        var writer = MockedDevice.EventWriter()
        writer.add(Self.switchEvent, Self.tabletMode, 1)
        writer.frame()
        return writer.text
    }

    static let (switchEvent, tabletMode) = (5, 1)

    /// A left-edge swipe of 300 px, injected: `sidebar-open` takes it only in tablet mode here.
    static func swipe(at start: Double) -> JSONValue {
        .array(
            (0...10).map { (step: Int) -> JSONValue in
                let kind: String = step == 10 ? "touch-up" : step == 0 ? "touch-down" : "touch-move"
                let members: [(String, JSONValue)] = [
                    ("t", .number(start + 0.01 * Double(step))), ("kind", .string(kind)), ("id", 1),
                    ("x", .number(4 + 30 * Double(step))), ("y", 500),
                ]
                return .object(members)
            })
    }

    static let tabletOnly = "defaults = true\n[bindings.sidebar-open]\nwhen-tablet-mode = true\n"

    @Test func theSwitchTurnsBindingsAndRunsItsCommands() throws {
        let mock = try MockedDevice(.tabletSwitch, unpluggable: true)
        defer { mock.removeFolder() }
        let record = mock.folder + "/tablet-mode.log"
        let command = #"["/bin/sh", "-c", "echo \"$ANIMD_TABLET_MODE\" >> \#(record)"]"#
        let config = """
            defaults = true
            [input]
            on-tablet-mode = { on = \(command), off = \(command) }
            [bindings.sidebar-open]
            when-tablet-mode = true
            """
        let daemon = try DaemonProcess(config: config, inputBackend: "libinput", wrapper: mock.wrapper)
        let rpc = try daemon.connect()
        defer { mock.stop(rpc) }
        _ = try rpc.ok("subscribe", ["transitions": ["sidebar"], "events": ["state", "device"]])
        let (watcher, watched, _) = try startAnimctl(
            ["watch", "--events", "device", "--log", "--count", "3"], socket: daemon.socket)
        try waitUntil("the watcher subscribed") { (try rpc.ok("daemon.hello")["subscriptions"]?.integer ?? 0) >= 2 }
        #expect(try rpc.ok("daemon.hello")["tablet-mode"] == .null, "no switch yet")
        _ = try rpc.ok("input.inject", ["events": Self.swipe(at: 0)])
        #expect(
            try rpc.ok("transition.get", ["name": "sidebar"])["phase"] == "idle",
            "out of tablet mode the binding is off")

        try mock.plugIn(Self.switchedOn)
        let changes = try rpc.notifications(
            until: { method, params in method == .tabletMode && params["on"] == true }, timeout: 20)
        #expect(
            changes.filter { $0.0 == .tabletMode }.map { $0.1["on"] ?? .null } == [false, true],
            "the switch appears off, then turns on: \(changes.map(\.1))")
        #expect(try rpc.ok("daemon.hello")["tablet-mode"] == true)
        let shown = try animctl(["hello"], socket: daemon.socket).stdout
        #expect(shown.contains("tablet mode on (reading animd test tablet-mode switch on seat0)"), "\(shown)")
        try waitUntil("on-tablet-mode's on command ran") {
            (try? String(contentsOfFile: record, encoding: .utf8)) == "on\n"
        }

        _ = try rpc.ok("input.inject", ["events": Self.swipe(at: 10)])
        let opened = try rpc.notification(where: { method, _ in method == .ended })
        #expect(opened.1["snap"] == 1, "in tablet mode the swipe opens the sidebar")

        try mock.unplug()
        _ = try rpc.notification(
            where: { method, params in method == .tabletMode && params["on"] == .null }, timeout: 20)
        #expect(try rpc.ok("daemon.hello")["tablet-mode"] == .null)
        try waitUntil("on-tablet-mode's off command ran") {
            (try? String(contentsOfFile: record, encoding: .utf8)) == "on\noff\n"
        }
        watcher.waitUntilExit()
        let lines = String(decoding: watched.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).split(
            separator: "\n")
        #expect(
            lines == ["tablet mode off", "tablet mode on", "tablet mode unknown: the tablet-mode switch went away"],
            "\(lines)")
    }

    /// animd on a new Xvfb, in `mock`'s world, once its X input is on: `body` gets the connection and hello's `input`.
    static func onX11(_ mock: MockedDevice, _ body: (RPCConnection, JSONValue) throws -> Void) throws {
        let xvfb = try Xvfb()
        let daemon = try DaemonProcess(config: Self.tabletOnly, display: xvfb.display, wrapper: mock.wrapper)
        let rpc = try daemon.connect()
        defer { mock.stop(rpc) }
        try body(rpc, try rpc.waitForX(xvfb.display))
    }

    /// X passes no switch on: on X11 animd finds the switch in sysfs and reads it through libinput, beside the X
    /// connection. The switch is there before animd starts, as a convertible's is from boot (one that appears later
    /// is read from the next X session on).
    @Test func onX11TheSwitchIsReadBesideTheDisplay() throws {
        let mock = try MockedDevice(.tabletSwitch)
        defer { mock.removeFolder() }
        try mock.plugIn(Self.switchedOn)
        try Self.onX11(mock) { rpc, input in
            #expect(input["tablet-mode"] == "reading animd test tablet-mode switch through libinput", "\(input)")
            _ = try rpc.ok("subscribe", ["transitions": ["sidebar"], "events": ["state", "device"]])
            try waitUntil("the switch read on") { try rpc.ok("daemon.hello")["tablet-mode"] == true }
            _ = try rpc.ok("input.inject", ["events": Self.swipe(at: 10)])
            let opened = try rpc.notification(where: { method, _ in method == .ended })
            #expect(opened.1["snap"] == 1)
        }
    }

    /// Without a switch, X11 says why in `input.status` and hello's `tablet-mode` is null. umockdev's world, with
    /// nothing plugged in, stands for a laptop without one: this machine's own devices are never read.
    @Test func onX11WithoutASwitchStatusSaysSo() throws {
        let mock = try MockedDevice(.touchscreen)
        defer { mock.removeFolder() }
        try Self.onX11(mock) { rpc, input in
            #expect(input["tablet-mode"] == "no tablet-mode switch: no input device reports SW_TABLET_MODE", "\(input)")
            let hello = try rpc.ok("daemon.hello")
            #expect(hello["tablet-mode"] == .null)
        }
    }
}
