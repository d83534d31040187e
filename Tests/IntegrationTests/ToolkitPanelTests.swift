import AnimClient
import AnimProtocol
import Foundation
import Glibc
import Testing
import UnixSupport
import XorgInputTest

/// The reference panels of the toolkits' helpers (docs/toolkits.md), each a real process on a real X server beside a
/// live animd: what they draw, checked from screenshots against the evaluated leg; the helper's AdwSwipeTracker
/// signals for a real touch on Xorg's inputtest touchscreen; and animd killed and started again under them.
struct ToolkitPanel: CustomStringConvertible, Sendable {
    let description: String
    /// The transition it declares by default.
    let transition: String
    let installed: Bool
    /// The program, its arguments and the environment laid over the tests' own.
    let command: @Sendable (_ socket: String, _ flags: [String]) throws -> (URL, [String], [String: String])

    /// examples/gtk4/sidebar-panel.py, through clients/python's `animd.tracker`.
    static let gtk4 = ToolkitPanel(description: "GTK 4 (Python)", transition: "gtk4-panel", installed: GTK.installed4) {
        socket, flags in
        (
            URL(fileURLWithPath: try PythonVenv.python()),
            [Binaries.repo.appendingPathComponent("examples/gtk4/sidebar-panel.py").path, "--socket", socket] + flags,
            [:]
        )
    }

    /// examples/gjs/sidebar-panel.js under `gjs -m`, through clients/js's tracker.mjs.
    static let gjs = ToolkitPanel(
        description: "GTK 4 (GJS)", transition: "gjs-panel",
        installed: GTK.installed4 && JavaScriptClientTests.Host.gjs.installed
    ) { socket, flags in
        (
            URL(fileURLWithPath: "/usr/bin/gjs"),
            ["-m", Binaries.repo.appendingPathComponent("examples/gjs/sidebar-panel.js").path, "--socket", socket]
                + flags, [:]
        )
    }

    /// examples/qml/sidebar-panel.qml under Qt 6's `qml` runtime, through the Animd module built from clients/qml. QML
    /// prints to standard error, so that is read here too (through sh), each message bare (QT_MESSAGE_PATTERN).
    static let qml = ToolkitPanel(description: "Qt 6 QML", transition: "qml-panel", installed: QMLModule.installed) {
        socket, flags in
        (
            URL(fileURLWithPath: "/bin/sh"),
            [
                "-c", "exec \"$0\" \"$@\" 2>&1", QMLModule.runtime,
                Binaries.repo.appendingPathComponent("examples/qml/sidebar-panel.qml").path,
                "--", "--socket", socket,
            ] + flags,
            [
                "QML_IMPORT_PATH": try QMLModule.importPath(), "QT_MESSAGE_PATTERN": "%{message}",
                "QT_QPA_PLATFORM": "xcb",
            ]
        )
    }

    static let all = [gtk4, gjs, qml]

    /// The lines a panel prints for the tests; anything else it or its toolkit says is passed over.
    static let said = ["ready", "declared", "gone", "begin-swipe", "update-swipe", "end-swipe"]

    /// The next line the panel printed for the tests (QML's start with "animd-panel: ").
    static func nextLine(_ panel: LineProcess, timeout: Double = 10) -> String? {
        let deadline = monotonicSeconds() + timeout
        while let line = panel.nextLine(timeout: max(0, deadline - monotonicSeconds())) {
            let bare = line.hasPrefix("animd-panel: ") ? String(line.dropFirst("animd-panel: ".count)) : line
            if said.contains(where: { bare == $0 || bare.hasPrefix($0 + " ") }) { return bare }
        }
        return nil
    }

    /// Starts the panel with `--print-ready --print-signals` in `environment` (laid over its own) and waits until it
    /// says its window is mapped; returns it and what it said after "ready" (its X window, or nothing or 0).
    func start(_ socket: String, _ flags: [String], environment: [String: String]) throws -> (LineProcess, String) {
        let (executable, arguments, own) = try command(socket, flags + ["--print-ready", "--print-signals"])
        let panel = try LineProcess(executable, arguments, environment: own.merging(environment) { $1 })
        let ready = try #require(Self.nextLine(panel, timeout: 20), "\(self): the panel never mapped its window")
        #expect(ready.hasPrefix("ready"), "\(ready)")
        return (panel, String(ready.split(separator: " ").dropFirst().first ?? ""))
    }

    /// Starts the panel on an X display; returns it and its XID. A panel that cannot tell its window (QML) is found by
    /// its title, with xdotool.
    func start(_ socket: String, _ flags: [String], display: String) throws -> (LineProcess, String) {
        var (panel, window) = try start(socket, flags, environment: ["DISPLAY": display])
        if window.isEmpty {
            // QML says it is visible before its X window carries its title: look until it does.
            try waitUntil("\(self)'s window has its title") {
                let found = try runTool(
                    "/usr/bin/xdotool", ["search", "--name", "^\(Self.title)"],
                    environment: ["DISPLAY": display, "PATH": "/usr/bin:/bin"])
                window = found.output.split(separator: "\n").first.map(String.init) ?? ""
                return !window.isEmpty
            }
        }
        #expect(!window.isEmpty && window != "0", "\(self): no window: \(window)")
        return (panel, window)
    }

    /// How every panel's title starts ("animd sidebar panel (GTK 4)"…).
    static let title = "animd sidebar panel"
}

@Suite(.serialized, .enabled(if: Xvfb.installed, "needs Xvfb (scripts/install-deps.sh)")) struct ToolkitPanelTests {
    static let width = WidgetTests.width

    /// The panel declares its transition and owns it; a scrub to 0.5 is drawn as half its width (driven frames), and a
    /// slow linear leg from there is drawn as the leg evaluated at the panel's frame clock, within 2 % of its width.
    @Test(arguments: ToolkitPanel.all) func thePanelFollowsDrivenFramesAndRunningLegs(_ kind: ToolkitPanel) throws {
        let (xvfb, daemon, panel, window) = try Self.open(kind)
        defer { panel.close(); xvfb.stop() }
        let rpc = try daemon.connect()
        #expect(try rpc.ok("transition.get", ["name": .string(kind.transition)])["owner"]?["client"] == "sidebar-panel")
        try Self.expectScrubDrawn(rpc, kind, window, xvfb)
        try WidgetTests.expectRunningLegDrawn(rpc, name: kind.transition) { WidgetTests.shown(window, xvfb) ?? .nan }
    }

    /// animd killed (SIGKILL, so nothing is said on the socket) while the panel is open: the panel says so (`gone
    /// animd-gone`); a new animd on the same socket is declared to again, and its scrub is drawn.
    @Test(arguments: ToolkitPanel.all) func aPanelDeclaresAgainAfterAnimdIsKilled(_ kind: ToolkitPanel) throws {
        let (xvfb, first, panel, window) = try Self.open(kind)
        defer { panel.close(); xvfb.stop() }
        first.signal(SIGKILL)
        first.process.waitUntilExit()
        #expect(ToolkitPanel.nextLine(panel) == "gone animd-gone", "the panel says animd is gone")
        let second = try DaemonProcess(socket: first.socket)
        #expect(ToolkitPanel.nextLine(panel, timeout: 15) == "declared", "the panel declares again once animd is back")
        let rpc = try second.connect()
        #expect(try rpc.ok("transition.get", ["name": .string(kind.transition)])["owner"]?["client"] == "sidebar-panel")
        try Self.expectScrubDrawn(rpc, kind, window, xvfb)
        withExtendedLifetime(first) {}
    }

    /// Issue 57, the GTK helpers' teardown: a tracker whose GTK 3 window is destroyed while its leg runs stops with it.
    /// The process lives on, its declaration ends (animd lists nothing declared), and nothing touches the destroyed
    /// window afterwards (a GTK critical would abort: G_DEBUG=fatal-criticals). (GTK 4 disposes a widget only once
    /// nothing holds it, and the tracker holds its widget: there, `stop()` is the way; docs/toolkits.md.)
    @Test(arguments: ["python", "gjs"]) func aTrackerWhoseWindowIsDestroyedStops(_ host: String) throws {
        try #require(
            GTK.installed && (host == "python" || JavaScriptClientTests.Host.gjs.installed), "needs GTK 3 (and gjs)")
        let xvfb = try Xvfb()
        defer { xvfb.stop() }
        let daemon = try DaemonProcess()
        let rpc = try daemon.connect()
        let (executable, script) =
            host == "python"
            ? (
                URL(fileURLWithPath: try PythonVenv.python()),
                Binaries.repo.appendingPathComponent("clients/python/tests/teardown_gtk3.py").path
            )
            : (
                URL(fileURLWithPath: "/usr/bin/gjs"),
                Binaries.repo.appendingPathComponent("clients/js/tests/teardown-gjs.mjs").path
            )
        let arguments = host == "python" ? [script, daemon.socket] : ["-m", script, daemon.socket]
        let child = try LineProcess(
            executable, arguments, environment: ["DISPLAY": xvfb.display, "G_DEBUG": "fatal-criticals"])
        defer { child.close() }
        #expect(child.wait(for: "declared", timeout: 20), "the tracker declared")
        #expect(try rpc.ok("daemon.hello")["declared"]?.array?.count == 1)
        #expect(child.wait(for: "destroyed", timeout: 10))
        try waitUntil("the destroyed window's declaration ends") {
            try rpc.ok("daemon.hello")["declared"]?.array?.isEmpty == true
        }
        usleep(500_000)
        #expect(
            child.process.isRunning,
            "\(host): the program ended (status \(child.process.terminationStatus)) after its window went")
    }

    /// A real touch on Xorg's inputtest touchscreen, an edge swipe that opens the panel: the helper's signals come in
    /// AdwSwipeTracker's order (begin-swipe, update-swipe with the frames' progress, end-swipe), and end-swipe's
    /// velocity and target are what animd announced at the release (its `transition.leg`), the velocity within 1 %.
    @Test(arguments: ToolkitPanel.all) func aRealTouchGivesTheSwipeTrackersSignals(_ kind: ToolkitPanel) throws {
        try #require(kind.installed, "\(kind) is not installed (scripts/install-deps.sh)")
        try #require(
            HeadlessXorg.installed, "needs root and Xorg with the dummy and inputtest drivers (scripts/install-deps.sh)"
        )
        let xorg = try HeadlessXorg()
        let (daemon, rpc, _) = try TouchTests.start(on: xorg)
        let (panel, _) = try kind.start(daemon.socket, ["--width", "320", "--height", "600"], display: xorg.display)
        defer { panel.close() }
        #expect(ToolkitPanel.nextLine(panel) == "declared")
        _ = try rpc.ok("subscribe", ["transitions": [.string(kind.transition)]])
        try TouchTests.stroke(xorg, from: (3, 300), to: (243, 300), steps: 12)
        let events = try rpc.notifications(until: { method, _ in method == .ended })
        #expect(events.first { $0.0 == .began }?.1["gesture"] == .string("\(kind.transition)-open"))
        let release = try #require(
            events.last { $0.0 == .leg && $0.1["phase"] == "animating" }?.1, "animd announced the release's leg")
        let frames = events.filter { $0.0 == .progress && $0.1["phase"] == "interactive" }.compactMap {
            $0.1["progress"]?.number
        }

        var lines: [String] = []
        while lines.last?.hasPrefix("end-swipe") != true, let line = ToolkitPanel.nextLine(panel) { lines.append(line) }
        #expect(lines.first == "begin-swipe" && lines.last?.hasPrefix("end-swipe") == true, "\(lines)")
        let updates = lines.dropFirst().dropLast().map { $0.split(separator: " ") }
        #expect(updates.allSatisfy { $0.first == "update-swipe" }, "only updates between begin and end: \(lines)")
        #expect(
            updates.compactMap { $0.last.flatMap { Double($0) } } == frames,
            "one update-swipe per frame, with its progress")
        let end = (lines.last ?? "").split(separator: " ").dropFirst().compactMap { Double($0) }
        let velocity = try #require(release["velocity"]?.number), target = try #require(release["target"]?.number)
        let to = try #require(release["snapPoints"]?.array?[Int(target)].number)
        #expect(
            end.count == 2 && abs(end[0] - velocity) <= 0.01 * abs(velocity) && velocity > 0,
            "end-swipe \(end), animd: \(velocity)")
        #expect(end.count == 2 && end[1] == to, "end-swipe heads for snap \(to): \(end)")
        withExtendedLifetime(daemon) {}
    }

    /// Xvfb, animd, and the panel 320 × 400 px on them, declared.
    static func open(_ kind: ToolkitPanel) throws -> (Xvfb, DaemonProcess, LineProcess, String) {
        try #require(kind.installed, "\(kind) is not installed (scripts/install-deps.sh)")
        let xvfb = try Xvfb(size: "800x600x24")
        let daemon = try DaemonProcess()
        let (panel, window) = try kind.start(
            daemon.socket, ["--width", "320", "--height", "400"], display: xvfb.display)
        #expect(ToolkitPanel.nextLine(panel) == "declared")
        return (xvfb, daemon, panel, window)
    }

    /// A client scrub to 0.5: the panel draws half its width, exactly (driven frames come as they are).
    static func expectScrubDrawn(_ rpc: RPCConnection, _ kind: ToolkitPanel, _ window: String, _ xvfb: Xvfb) throws {
        _ = try rpc.ok("transition.begin", ["name": .string(kind.transition), "to": 1])
        _ = try rpc.ok("transition.scrub", ["name": .string(kind.transition), "fraction": 0.5])
        try waitUntil("\(kind) drew the scrub") { WidgetTests.shown(window, xvfb) == 0.5 * width }
    }
}
