import AnimClient
import AnimProtocol
import Foundation
import Testing

/// Gestures from traces, through input.inject and animctl inject, to transitions.
@Suite(.serialized) struct InjectTests {
    /// An edge flick injected with animctl opens the sidebar: began by the gesture, ended at the end snap.
    @Test func edgeFlickOpensSidebar() throws {
        let daemon = try DaemonProcess()
        let rpc = try daemon.connect()
        _ = try rpc.ok("subscribe", ["transitions": ["sidebar"]])
        let result = try animctl(["inject", Binaries.trace("flick-constant")], socket: daemon.socket)
        #expect(result.status == 0, "\(result.stderr)")
        let events = try rpc.notifications(until: { method, _ in method == .ended })
        EventOrderTests.checkOrder(events)
        #expect(events.first?.1["cause"] == "gesture" && events.first?.1["gesture"] == "sidebar-open")
        #expect(events.last?.1["position"] == "end" && events.last?.1["snap"] == 1)
    }

    /// A short, slow edge drag that comes to rest cancels: the sidebar returns to snap 0 (position start).
    @Test func shortSlowDragCancels() throws {
        let daemon = try DaemonProcess()
        let rpc = try daemon.connect()
        _ = try rpc.ok("subscribe", ["transitions": ["sidebar"]])
        #expect(try animctl(["inject", Binaries.trace("edge-short-slow-drag")], socket: daemon.socket).status == 0)
        let events = try rpc.notifications(until: { method, _ in method == .ended })
        #expect(events.first?.0 == .began)
        #expect(events.last?.1["position"] == "start" && events.last?.1["snap"] == 0)
    }

    /// The slow edge drag (300 px of 400, at rest) opens by projection to the nearer snap, 1.
    @Test func longSlowDragOpens() throws {
        let daemon = try DaemonProcess()
        let rpc = try daemon.connect()
        _ = try rpc.ok("subscribe", ["transitions": ["sidebar"]])
        #expect(try animctl(["inject", "--speed", "4", Binaries.trace("edge-slow-drag")], socket: daemon.socket).status == 0)
        let events = try rpc.notifications(until: { method, _ in method == .ended })
        #expect(events.last?.1["snap"] == 1)
    }

    /// A touch outside every zone changes nothing: the next event a subscriber sees is one a command caused.
    @Test func touchOutsideZonesChangesNothing() throws {
        let daemon = try DaemonProcess()
        let rpc = try daemon.connect()
        _ = try rpc.ok("subscribe")
        #expect(try animctl(["inject", "--speed", "0", Binaries.trace("outside-zone")], socket: daemon.socket).status == 0)
        let list = try rpc.ok("transition.list")["transitions"]?.array ?? []
        #expect(list.allSatisfy { $0["phase"] == "idle" && $0["seq"] == 0 })
        _ = try rpc.ok("transition.toggle", ["name": "panel"])
        let (method, params) = try rpc.notification(where: { _, _ in true })
        #expect(method == .began && params["name"] == "panel")
    }

    /// A touch that catches an animating sidebar continues from exactly the presented progress: no jump.
    @Test func catchMidFlightWithoutJump() throws {
        let daemon = try DaemonProcess()
        let rpc = try daemon.connect()
        _ = try rpc.ok("subscribe", ["transitions": ["sidebar"]])
        _ = try rpc.ok("transition.animate", ["name": "sidebar", "to": 1, "timing": "linear", "duration": 2])
        _ = try rpc.notification(where: { method, params in method == .progress && (params["progress"]?.number ?? 0) > 0.1 })
        _ = try rpc.ok("input.inject", ["events": [
            ["t": 0, "kind": "touch-down", "id": 1, "x": 4, "y": 500],
            ["t": 0.01, "kind": "touch-move", "id": 1, "x": 24, "y": 500],
            ["t": 0.02, "kind": "touch-move", "id": 1, "x": 64, "y": 500],
        ]])
        let events = try rpc.notifications(until: { method, _ in method == .began })
        let ended = try #require(events.last { $0.0 == .ended }?.1)
        let began = try #require(events.last?.1)
        #expect(ended["position"] == "current")
        #expect(began["cause"] == "gesture" && began["progress"] == ended["progress"])
        // The next frame is the finger's: 40 px more at 400 px per unit.
        let (_, moved) = try rpc.notification(where: { method, _ in method == .progress })
        let start = try #require(began["progress"]?.number)
        #expect(abs((moved["progress"]?.number ?? 0) - (start + 0.1)) < 1e-9)
        #expect(moved["phase"] == "interactive")
    }

    /// An injected touchpad hold (as libinput reports one) is published as the "hold" gesture, with its finger count,
    /// and its cancelled end as cancelled.
    @Test func holdsArePublishedAsTheHoldGesture() throws {
        let daemon = try DaemonProcess()
        let rpc = try daemon.connect()
        _ = try rpc.ok("subscribe", ["events": ["gesture"]])
        _ = try rpc.ok("input.inject", ["events": [
            ["t": 0, "kind": "hold-begin", "fingers": 3, "x": 960, "y": 540],
            ["t": 0.4, "kind": "hold-end", "fingers": 3, "cancelled": true, "x": 960, "y": 540],
        ]])
        let began = try rpc.notification(where: { method, _ in method == .gesture }).1
        #expect(began["name"] == "hold" && began["state"] == "began")
        let ended = try rpc.notification(where: { method, _ in method == .gesture }).1
        #expect(ended["name"] == "hold" && ended["state"] == "cancelled")
    }

    /// A bad event is refused with -32602 naming its index and field; nothing is injected.
    @Test func badEventIsRefused() throws {
        let daemon = try DaemonProcess()
        let rpc = try daemon.connect()
        let error = try rpc.failing("input.inject", ["events": [["t": 0, "kind": "pointer-move", "x": 1, "y": 1], ["t": 0, "kind": "touch-down", "x": 1, "y": 1]]])
        #expect(error.code == -32602 && error.message.contains("events[1]: missing field \"id\""))
    }
}
