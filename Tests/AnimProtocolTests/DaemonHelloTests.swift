import Gestures
import JSONText
import Testing
import TransitionModel

@testable import AnimProtocol

/// `daemon.hello` has one writer and one reader: what the daemon writes reads back as itself, and a hello with a
/// value out of range, or missing a member, reads as nothing.
struct DaemonHelloTests {
    static let hello = DaemonHello(
        version: "0.1.0", pid: 4321, frameRate: 60,
        input: InputStatus(
            backend: .libinput, connected: false, display: "wayland-1", seat: "seat0", reason: "gone", warning: nil,
            sources: [
                .touch: SourceStatus(.active, "libinput on seat0: 1 touchscreen(s): T"),
                .pointer: SourceStatus(.unused, "none"),
            ],
            outputs: [NamedOutput(name: "HEADLESS-1", rect: Rect(x: 0, y: 0, width: 1280, height: 720), transform: 3)]),
        monitors: [Rect(x: 0, y: 0, width: 1280, height: 720)],
        config: .init(
            layers: ["(embedded default)"], transitions: 5, bindings: 9, warnings: ["w"], yielding: ["sidebar-open"]),
        clients: 2, subscriptions: 1,
        motion: MotionStatus(
            reduced: true, setting: .reduced, source: "animctl", factor: 1, detail: "reduced, set by animctl"),
        focus: .known(FocusedWindow(names: ["navigator", "Firefox"], fullscreen: true), source: .x11),
        // The connection is the daemon's own number and never on the wire: a reader has 0.
        declared: [
            .init(
                name: "dock", owner: TransitionOwner(connection: 0, client: "waybar-dock", pid: 77),
                bindings: ["dock-swipe"]),
            .init(name: "tray", owner: TransitionOwner(connection: 0), bindings: []),
        ],
        tabletMode: true)

    @Test func whatIsWrittenReadsBackAsItself() throws {
        let line = JSONWriter.string(Self.hello.json)
        #expect(DaemonHello(json: try JSONParser.parse(Array(line.utf8))) == Self.hello)
        #expect(
            line.hasPrefix(
                #"{"name":"animd","version":"0.1.0","protocol":1,"pid":4321,"frameRate":60,"input":{"backend":"libinput","connected":false,"display":"wayland-1","seat":"seat0","reason":"gone","#
            ))
        #expect(
            line.contains(
                #""outputs":[{"name":"HEADLESS-1","x":0,"y":0,"width":1280,"height":720,"transform":3}],"monitors":[[0,0,1280,720]]}"#
            ))
        let config =
            #""config":{"layers":["(embedded default)"],"transitions":5,"bindings":9,"warnings":["w"],"yielding":["sidebar-open"]},"#
        let motion =
            #""motion":{"state":"reduced","setting":"reduced","source":"animctl","factor":1,"detail":"reduced, set by animctl"},"#
        let focus =
            #""focus":{"app":"Firefox","names":["navigator","Firefox"],"fullscreen":true,"source":"x11","reason":null},"#
        let declared =
            #""declared":[{"name":"dock","owner":{"client":"waybar-dock","pid":77},"bindings":["dock-swipe"]},"#
            + #"{"name":"tray","owner":{"client":null,"pid":null},"bindings":[]}],"tablet-mode":true}"#
        let tail = config + #""clients":2,"subscriptions":1,"# + motion + focus + declared
        #expect(line.hasSuffix(tail))
    }

    /// `tablet-mode` is null without a switch, and a hello from before issue 45, without the key, reads as that.
    @Test func tabletModeReadsBackInEachState() throws {
        for mode in [true, false, nil] as [Bool?] {
            var hello = Self.hello
            hello.tabletMode = mode
            let line = JSONWriter.string(hello.json)
            #expect(DaemonHello(json: try JSONParser.parse(Array(line.utf8)))?.tabletMode == mode, "\(line)")
        }
        let older = JSONWriter.string(Self.hello.json).replacingOccurrences(of: #","tablet-mode":true"#, with: "")
        #expect(!older.contains("tablet-mode"))
        #expect(DaemonHello(json: try JSONParser.parse(Array(older.utf8)))?.tabletMode == nil)
    }

    /// Each kind of focus reads back as itself: a window, no window, and none known with its reason.
    @Test(arguments: [
        SessionFocus.known(FocusedWindow(names: ["xlogo", "XLogo"], fullscreen: false), source: .x11),
        .known(nil, source: .x11), .unknown(reason: "no window manager"),
    ])
    func focusReadsBackAsItself(focus: SessionFocus) throws {
        let line = JSONWriter.string(focus.json)
        #expect(SessionFocus(json: try JSONParser.parse(Array(line.utf8))) == focus, "\(line)")
    }

    /// The sources are the protocol's list (docs/protocol.md, `focus.source`), each spelled on the wire as there.
    @Test func focusSourcesAreTheProtocolsNames() throws {
        #expect(
            FocusSource.allCases.map(\.rawValue) == [
                "x11", "sway", "hyprland", "wlr-foreign-toplevel", "gnome", "gnome-focused-window", "kde",
            ])
        for source in FocusSource.allCases {
            let line = JSONWriter.string(SessionFocus.known(nil, source: source).json)
            #expect(line.contains(#""source":"\#(source.rawValue)""#), "\(line)")
        }
        let unknown = try JSONParser.parse(
            Array(#"{"app":null,"names":[],"fullscreen":false,"source":"mutter","reason":null}"#.utf8))
        #expect(SessionFocus(json: unknown) == nil, "a source the protocol does not name reads as nothing")
    }

    @Test func absurdOrMissingValuesReadAsNothing() throws {
        func replacing(_ key: String, with value: JSONValue?) -> JSONValue {
            guard case let .object(members) = Self.hello.json else { return .null }
            return .object(members.compactMap { $0.0 == key ? value.map { (key, $0) } : $0 })
        }
        for (key, value) in [
            ("pid", JSONValue.number(1e308)), ("frameRate", .number(-1)), ("clients", .number(0.5)),
            ("name", .string("other")), ("version", nil), ("input", .object([])), ("motion", nil),
            (
                "motion",
                .object([("state", "slow"), ("setting", "auto"), ("source", .null), ("factor", 1), ("detail", "")])
            ),
            (
                "motion",
                .object([("state", "full"), ("setting", "auto"), ("source", .null), ("factor", 0), ("detail", "")])
            ),
            ("focus", nil),
            (
                "focus",
                .object([
                    ("app", .null), ("names", .array([])), ("fullscreen", false), ("source", .null), ("reason", .null),
                ])
            ),
        ]
            as [(String, JSONValue?)]
        {
            #expect(DaemonHello(json: replacing(key, with: value)) == nil, "\(key)")
        }
        guard case var .object(input) = Self.hello.json["input"] ?? .null else { Issue.record("no input"); return }
        input = input.map { $0.0 == "monitors" ? ("monitors", .array([.array([0, 0, .number(1e308), 1])])) : $0 }
        #expect(
            DaemonHello(json: replacing("input", with: .object(input))) == nil, "a monitor past the coordinate limit")
        #expect(
            InputStatus(json: ["backend": "wayland", "connected": true, "display": .null]) == nil, "no such backend")
        #expect(InputStatus(json: ["backend": "none", "connected": false, "display": .null])?.backend == nil)
    }
}
