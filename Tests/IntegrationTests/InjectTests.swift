import AnimClient
import AnimProtocol
import Foundation
import JSONText
import TestSupport
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
        #expect(
            try animctl(["inject", "--speed", "4", Binaries.trace("edge-slow-drag")], socket: daemon.socket).status == 0
        )
        let events = try rpc.notifications(until: { method, _ in method == .ended })
        #expect(events.last?.1["snap"] == 1)
    }

    /// A touch outside every zone changes nothing: the next event a subscriber sees is one a command caused.
    @Test func touchOutsideZonesChangesNothing() throws {
        let daemon = try DaemonProcess()
        let rpc = try daemon.connect()
        _ = try rpc.ok("subscribe")
        #expect(
            try animctl(["inject", "--speed", "0", Binaries.trace("outside-zone")], socket: daemon.socket).status == 0)
        let list = try rpc.ok("transition.list")["transitions"]?.array ?? []
        #expect(list.allSatisfy { $0["phase"] == "idle" && $0["seq"] == 0 })
        _ = try rpc.ok("transition.toggle", ["name": "panel"])
        let (method, params) = try rpc.notification(where: { _, _ in true })
        #expect(method == .began && params["name"] == "panel")
    }

    /// A touch that lands on an animating sidebar stops it at once (the default `sidebar-close` catches), and the
    /// edge pan that then begins continues from exactly there: no jump, one leg throughout.
    @Test func catchMidFlightWithoutJump() throws {
        let daemon = try DaemonProcess()
        let rpc = try daemon.connect()
        _ = try rpc.ok("subscribe", ["transitions": ["sidebar"]])
        _ = try rpc.ok("transition.animate", ["name": "sidebar", "to": 1, "timing": "linear", "duration": 2])
        _ = try rpc.notification(where: { method, params in
            method == .progress && (params["progress"]?.number ?? 0) > 0.1
        })
        _ = try rpc.ok(
            "input.inject",
            [
                "events": [
                    ["t": 0, "kind": "touch-down", "id": 1, "x": 4, "y": 500],
                    ["t": 0.01, "kind": "touch-move", "id": 1, "x": 24, "y": 500],
                    ["t": 0.02, "kind": "touch-move", "id": 1, "x": 64, "y": 500],
                ]
            ])
        let events = try rpc.notifications(until: { method, _ in method == .leg })
        let caught = try #require(events.last?.1)
        #expect(caught["leg"]?["kind"] == "driven" && caught["velocity"] == 0)
        let start = try #require(caught["progress"]?.number)
        // The next frames are the catch's, then the finger's: 40 px more at 400 px per unit.
        let (_, still) = try rpc.notification(where: { method, _ in method == .progress })
        #expect(still["progress"]?.number == start && still["phase"] == "interactive")
        let (_, moved) = try rpc.notification(where: { method, _ in method == .progress })
        #expect(abs((moved["progress"]?.number ?? 0) - (start + 0.1)) < 1e-9)
        #expect(moved["phase"] == "interactive")
        #expect(try rpc.notificationsBeforeABarrier().allSatisfy { $0["method"] != "transition.began" }, "no new leg")
    }

    /// Velocity has no seam where a held touch hands over, as a subscriber sees it (issue 32): a fill lifted early
    /// springs back starting at the fill's own velocity (1 / 0.5 s), and a caught leg dragged and flicked starts its
    /// spring at the finger's velocity; each within 1 % of the peak.
    @Test func handOversKeepTheVelocity() throws {
        let daemon = try DaemonProcess(config: "defaults = true\n" + HoldConfigs.launcherPress)
        let rpc = try daemon.connect()
        _ = try rpc.ok("subscribe", ["transitions": ["launcher", "sidebar"]])
        _ = try rpc.ok("input.inject", ["events": [["t": 0, "kind": "touch-down", "id": 1, "x": 960, "y": 1078]]])
        let filling = try rpc.notification(where: { method, _ in method == .progress }).1
        #expect(abs((filling["velocity"]?.number ?? 0) - 2) <= 1e-9, "the fill: 1 snap in 0.5 s")
        _ = try rpc.ok("input.inject", ["events": [["t": 0.2, "kind": "touch-up", "id": 1, "x": 960, "y": 1078]]])
        let back = try rpc.notification(where: { method, _ in method == .leg }).1
        #expect(back["leg"]?["kind"] == "spring" && back["target"] == 0)
        #expect(abs((back["velocity"]?.number ?? 0) - 2) <= 0.01 * 2, "springs back from the fill's velocity: \(back)")
        _ = try rpc.notification(where: { method, params in method == .ended && params["name"] == "launcher" })

        _ = try rpc.ok("transition.animate", ["name": "sidebar", "to": 1, "timing": "linear", "duration": 2])
        _ = try rpc.notification(where: { method, params in
            method == .progress && (params["progress"]?.number ?? 0) > 0.05
        })
        let drag: [JSONValue] = (0...10).map { step in
            [
                "t": .number(1 + 0.01 * Double(step)), "kind": step == 0 ? "touch-down" : "touch-move", "id": 2,
                "x": .number(4 + 12 * Double(step)), "y": 500,
            ]
        }
        _ = try rpc.ok("input.inject", ["events": .array(drag)])
        // The drag's frames are all written before the answer; the last is the finger's velocity at the lift.
        let frames = try rpc.notificationsBeforeABarrier().filter { $0["method"] == "transition.progress" }
        let flicked = try #require(frames.last?["params"]?["velocity"]?.number)
        #expect(
            frames.last?["params"]?["phase"] == "interactive" && flicked > 2, "12 px per 10 ms over 400 px: 3 a second")
        _ = try rpc.ok("input.inject", ["events": [["t": 1.1, "kind": "touch-up", "id": 2, "x": 124, "y": 500]]])
        let released = try rpc.notification(where: { method, _ in method == .leg }).1
        #expect(released["leg"]?["kind"] == "spring")
        #expect(
            abs((released["velocity"]?.number ?? 0) - flicked) <= 0.01 * flicked,
            "the spring starts at the finger's \(flicked): \(released)")
    }

    /// A long press injected as a trace meets the same deadline however it arrives (issue 32; docs/protocol.md):
    /// played in real time by animctl, animd's timer recognizes the press 0.5 s after the touch; sent at once, the
    /// lift at 0.7 s first fires the press its time has passed. Either way: the press's `began`, then its `ended`,
    /// and the launcher opens.
    @Test(arguments: ["1", "0"]) func aLongPressTraceMeetsItsDeadline(speed: String) throws {
        let daemon = try DaemonProcess(config: "defaults = true\n" + HoldConfigs.launcherPress)
        let rpc = try daemon.connect()
        _ = try rpc.ok("subscribe", ["events": ["state", "gesture"]])
        let trace = """
            {"t":0,"kind":"touch-down","id":1,"x":960,"y":1078}
            {"t":0.7,"kind":"touch-up","id":1,"x":960,"y":1078}

            """
        let played = try animctl(["inject", "-", "--speed", speed], socket: daemon.socket, stdin: trace)
        #expect(played.status == 0, "\(played.stderr)")
        let press = { (method: NotificationMethod?, params: JSONValue) in
            method == .gesture && params["name"] == "launcher-press"
        }
        let seen = try rpc.notifications(until: { press($0, $1) && $1["state"] != "began" })
        #expect(seen.filter(press).compactMap { $0.1["state"]?.string } == ["began", "ended"])
        // The fill arrives as the press is recognized, before the lift.
        #expect(seen.last { $0.0 == .ended }?.1["snap"] == 1)
    }

    /// An injected touchpad hold (as libinput reports one) is published as the "hold" gesture, with its finger count,
    /// and its cancelled end as cancelled.
    @Test func holdsArePublishedAsTheHoldGesture() throws {
        let daemon = try DaemonProcess()
        let rpc = try daemon.connect()
        _ = try rpc.ok("subscribe", ["events": ["gesture"]])
        _ = try rpc.ok(
            "input.inject",
            [
                "events": [
                    ["t": 0, "kind": "hold-begin", "fingers": 3, "x": 960, "y": 540],
                    ["t": 0.4, "kind": "hold-end", "fingers": 3, "cancelled": true, "x": 960, "y": 540],
                ]
            ])
        let began = try rpc.notification(where: { method, _ in method == .gesture }).1
        #expect(began["name"] == "hold" && began["state"] == "began")
        let ended = try rpc.notification(where: { method, _ in method == .gesture }).1
        #expect(ended["name"] == "hold" && ended["state"] == "cancelled")
    }

    /// A bad event is refused with -32602 naming its index and field; nothing is injected.
    @Test func badEventIsRefused() throws {
        let daemon = try DaemonProcess()
        let rpc = try daemon.connect()
        let error = try rpc.failing(
            "input.inject",
            [
                "events": [
                    ["t": 0, "kind": "pointer-move", "x": 1, "y": 1], ["t": 0, "kind": "touch-down", "x": 1, "y": 1],
                ]
            ])
        #expect(error.code == -32602 && error.message.contains("events[1]: missing field \"id\""))
    }

    /// A script turns tablet mode with input.inject, at its place among the events: a swipe before the item meets
    /// the laptop's bindings, the same swipe after it the tablet's (issue 45). The device group hears the change,
    /// hello shows it, and a bad item is refused whole.
    @Test func aTabletModeItemTakesEffectWhereItIs() throws {
        let daemon = try DaemonProcess(config: "defaults = true\n[bindings.sidebar-open]\nwhen-tablet-mode = true\n")
        let rpc = try daemon.connect()
        _ = try rpc.ok("subscribe", ["transitions": ["sidebar"], "events": ["state", "device"]])
        func swipe(at start: Double) -> [JSONValue] {
            (0...10).map { step in
                let kind: JSONValue = step == 10 ? "touch-up" : step == 0 ? "touch-down" : "touch-move"
                return .object([
                    ("t", .number(start + 0.01 * Double(step))), ("kind", kind), ("id", 1),
                    ("x", .number(4 + 30 * Double(step))), ("y", 500),
                ])
            }
        }
        let answer = try rpc.ok(
            "input.inject", ["events": .array(swipe(at: 0) + [["kind": "tablet-mode", "on": true]] + swipe(at: 1))])
        #expect(answer["accepted"] == 23)
        let events = try rpc.notifications(until: { method, _ in method == .ended })
        #expect(
            events.first.map { $0.0 == .tabletMode && $0.1["on"] == true } == true,
            "the mode first: the swipe before it began nothing")
        #expect(events.first { $0.0 == .began }?.1["gesture"] == "sidebar-open" && events.last?.1["snap"] == 1)
        #expect(try rpc.ok("daemon.hello")["tablet-mode"] == true)
        let error = try rpc.failing("input.inject", ["events": [["kind": "tablet-mode", "on": "yes"]]])
        #expect(
            error.code == -32602 && error.message.contains("events[0]: field \"on\" has the wrong type"),
            "\(error.message)")
        #expect(try rpc.ok("daemon.hello")["tablet-mode"] == true)
    }
}
