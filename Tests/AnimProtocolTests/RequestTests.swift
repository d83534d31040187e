import Gestures
import JSONText
import Motion
import Testing
import TransitionModel

@testable import AnimProtocol

/// A request written by a client (`params`) reads back, in the daemon, as the same request; a mistake is a -32602
/// that names the parameter, or -32601 for a method that does not exist.
struct RequestTests {
    static let samples: [Request] = [
        .hello, .reload, .config, .list, .environment(["DISPLAY": ":1", "XAUTHORITY": ""]), .get(name: "sidebar"),
        .motion(nil), .motion(.reduced), .motion(.auto),
        .subscribe(transitions: nil, events: [.progress, .state], maxRate: nil),
        .subscribe(transitions: ["sidebar", "pager"], events: [.inputEvents, .gesture], maxRate: 30),
        .subscribe(transitions: ["sidebar"], events: [.progress, .state], maxRate: 60, frames: .driven),
        .unsubscribe(subscription: 4),
        .inject(events: [
            InputEvent(time: 0.5, kind: .touchDown(id: 1), location: Point(x: 3, y: 400)),
            InputEvent(time: 0.5, kind: .pressureEnd(edge: .left, cancelled: true), location: Point(x: 0, y: 1)),
        ]),
        .inject(
            events: [InputEvent(time: 0, kind: .touchDown(id: 1), location: Point(x: 3, y: 400))],
            tabletModes: [
                InjectedTabletMode(before: 0, on: true), InjectedTabletMode(before: 1, on: false),
                InjectedTabletMode(before: 1, on: true),
            ]),
        .inject(events: [], tabletModes: [InjectedTabletMode(before: 0, on: false)]),
        .transition(.toggle("sidebar")),
        .transition(
            .animate(
                "pager", to: 2, timing: .spring(.perceptual(dampingRatio: 0.6, response: 0.4, velocity: 0)),
                duration: nil, velocity: -2)),
        .transition(.animate("pager", to: 0, timing: nil, duration: 0.3, velocity: nil)),
        .transition(.begin("panel", to: 1)), .transition(.scrub("panel", fraction: 0.4)), .transition(.pause("a")),
        .transition(.resume("a")),
        .transition(.reverse("a")),
        .transition(.continue("a", timing: .easeOut, durationFactor: 0.5, velocity: 1.5)),
        .transition(.continue("a", timing: nil, durationFactor: nil, velocity: nil)),
        .transition(.release("a", velocity: 2)), .transition(.release("a", velocity: nil)),
        .transition(.stop("a", withoutFinishing: true)),
        .transition(.finish("a", at: .current)),
        .hello(client: "waybar-dock"),
        .declare(
            name: "dock",
            body: .object([
                ("transition", .object([("snap-points", .array([0, 1]))])),
                (
                    "bindings",
                    .object([("dock-swipe", .object([("edge", "bottom"), ("span", .array([0.25, 0.75]))]))])
                ),
            ])),
        .declare(name: "bare", body: .object([])),
        .update(name: "dock", body: .object([("bindings", .object([("dock-swipe", .object([("distance", 60)]))]))])),
        .retract(name: "dock"),
    ]

    @Test(arguments: samples)
    func writtenRequestsReadBack(_ request: Request) throws {
        #expect(try Request(method: request.method.rawValue, params: request.params) == request)
    }

    @Test func everyMethodIsSampled() {
        #expect(Set(Self.samples.map(\.method)) == Set(Method.allCases))
    }

    @Test(arguments: [
        ("transition.animate", #"{"name":"a","to":1,"velocity":1e308}"#, "\"velocity\" must be between -1000 and 1000"),
        ("transition.scrub", #"{"name":"a","fraction":-0.5}"#, "\"fraction\" must be between 0 and 1, got -0.5"),
        ("transition.toggle", #"{"name":"a","nmae":"x"}"#, "unknown parameter \"nmae\""),
        ("transition.toggle", #"{}"#, "\"name\" is required"),
        ("transition.finish", #"{"name":"a","at":"middle"}"#, "\"at\" must be \"start\", \"end\" or \"current\""),
        ("subscribe", #"{"events":["frames"]}"#, "unknown event group \"frames\""),
        ("subscribe", #"{"frames":"DRIVEN"}"#, "frames must be \"all\" or \"driven\""),
        ("subscribe", #"{"frames":5}"#, "\"frames\" must be a string"),
        ("daemon.environment", #"{"HOME":"/"}"#, "unknown parameter \"HOME\""),
        ("transition.animate", #"{"name":"a","to":1,"timing":"eese"}"#, "unknown timing"),
        ("daemon.hello", #"{"client":1e308}"#, "\"client\" must be a string"),
        (
            "daemon.hello", #"{"client":"\#(String(repeating: "x", count: 65))"}"#,
            "\"client\" must be at most 64 bytes long"
        ),
        ("transition.declare", #"{"name":-0}"#, "\"name\" must be a string"),
        ("transition.declare", #"{"name":"dock","transition":5e-324}"#, "\"transition\" must be an object"),
        ("transition.update", #"{"name":"dock","bindings":[]}"#, "\"bindings\" must be an object"),
        ("transition.retract", #"{"name":"dock","force":true}"#, "unknown parameter \"force\""),
        ("input.inject", #"{"events":[{"kind":"tablet-mode"}]}"#, "events[0]: missing field \"on\""),
        ("input.inject", #"{"events":[{"kind":"tablet-mode","on":1}]}"#, "events[0]: field \"on\" has the wrong type"),
        (
            "input.inject", #"{"events":[{"kind":"tablet-mode","on":true,"id":1}]}"#,
            "events[0]: field \"id\": a tablet-mode item takes only"
        ),
        (
            "input.inject", #"{"events":[{"kind":"tablet-mode","on":true,"t":1e308}]}"#,
            "events[0]: field \"t\": must be within"
        ),
    ])
    func mistakesNameTheParameter(method: String, params: String, message: String) throws {
        let value = try JSONParser.parse(Array(params.utf8))
        do {
            _ = try Request(method: method, params: value)
            Issue.record("\(method) \(params) was accepted")
        } catch {
            #expect(error.code == -32602 && error.message.contains(message), "\(error.message)")
        }
    }

    /// One `input.inject` carries at most `InputLimits.eventsPerInjection` events: the limit reads, one more is
    /// refused naming it.
    @Test func anInjectionHoldsAtMostItsLimit() throws {
        func events(_ count: Int) -> JSONValue {
            .object([
                (
                    "events",
                    .array(Array(repeating: ["t": 0, "kind": "touch-up", "id": 1, "x": 0, "y": 0], count: count))
                )
            ])
        }
        #expect(try Request(method: "input.inject", params: events(InputLimits.eventsPerInjection)) != .hello)
        do {
            _ = try Request(method: "input.inject", params: events(InputLimits.eventsPerInjection + 1))
            Issue.record("one event past the limit was accepted")
        } catch {
            #expect(
                error.code == -32602
                    && error.message
                        == "invalid params: input.inject: \"events\" holds 1001 events; at most 1000 in one request",
                "\(error.message)")
        }
    }

    /// A tablet-mode item is placed among the events as it was sent: before the event that followed it.
    @Test func aTabletModeItemKeepsItsPlace() throws {
        let line =
            #"{"events":[{"t":0,"kind":"touch-down","id":1,"x":1,"y":2},{"kind":"tablet-mode","on":true,"t":0.5},{"t":1,"kind":"touch-up","id":1,"x":1,"y":2}]}"#
        let request = try Request(method: "input.inject", params: try JSONParser.parse(Array(line.utf8)))
        guard case let .inject(events, tabletModes) = request else { Issue.record("\(request)"); return }
        #expect(
            events.map(\.kindName) == ["touch-down", "touch-up"]
                && tabletModes == [InjectedTabletMode(before: 1, on: true)])
    }

    @Test func anUnknownMethodListsTheKnownOnes() {
        do {
            _ = try Request(method: "transition.wiggle", params: nil)
            Issue.record("accepted")
        } catch {
            #expect(error.code == -32601 && error.data?["methods"]?.array?.count == Method.allCases.count)
        }
    }
}
