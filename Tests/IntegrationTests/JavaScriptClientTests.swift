import AnimProtocol
import Foundation
import JSONText
import Testing
import XorgInputTest

/// clients/js (issue 29): the ES module's leg evaluator against the reference vectors, and its client declaring a
/// transition against a live animd, under node and under GJS (`gjs -m`, Gio's socket), as AGS widgets and GNOME
/// Shell extensions run it.
@Suite(.serialized) struct JavaScriptClientTests {
    enum Host: String, CaseIterable, CustomTestStringConvertible {
        case node, gjs

        var testDescription: String { rawValue }
        var executable: URL { URL(fileURLWithPath: self == .node ? "/usr/bin/node" : "/usr/bin/gjs") }
        var installed: Bool { FileManager.default.isExecutableFile(atPath: executable.path) }

        func arguments(_ script: String, _ rest: [String]) -> [String] {
            let path = Binaries.repo.appendingPathComponent("clients/js/tests/\(script)-\(rawValue).mjs").path
            return (self == .gjs ? ["-m", path] : [path]) + rest
        }
    }

    /// Every sample of every case, within the tolerances the Python and C evaluators are held to.
    @Test(arguments: Host.allCases) func theEvaluatorMatchesTheVectors(host: Host) throws {
        try #require(host.installed, "\(host.executable.path) is missing (scripts/install-deps.sh)")
        let fixture = Binaries.repo.appendingPathComponent("Tests/Fixtures/leg-vectors.json").path
        let run = try runTool(host.executable.path, host.arguments("run-vectors", [fixture]))
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.hasPrefix("ok: 1366 samples of 14 cases, 0 failures"), "\(run.output)")
    }

    /// The swipe signals of the GJS helper (clients/js/swipe.mjs) against the cases the Python helper is held to.
    @Test(arguments: Host.allCases) func theSwipeSignalsMatchTheCases(host: Host) throws {
        try #require(host.installed, "\(host.executable.path) is missing (scripts/install-deps.sh)")
        let fixture = Binaries.repo.appendingPathComponent("Tests/Fixtures/swipe-signals.json").path
        let run = try runTool(host.executable.path, host.arguments("run-swipe", [fixture]))
        #expect(run.status == 0 && run.output.hasPrefix("ok: 37 steps, 0 failures"), "\(run.output)")
    }

    /// The client's own rules, with lines fed by hand (they do not depend on the host): answers and events, lines cut
    /// anywhere, a batch in order with its refusals in place, and a closed connection rejecting what waits.
    @Test func theClientSettlesWhatItIsFed() throws {
        try #require(Host.node.installed, "/usr/bin/node is missing (scripts/install-deps.sh)")
        let run = try runTool(
            Host.node.executable.path,
            [Binaries.repo.appendingPathComponent("clients/js/tests/run-client-node.mjs").path])
        #expect(run.status == 0 && run.output.hasPrefix("ok: 10 checks"), "\(run.output)")
    }

    /// The module's client declares the dock as `js-dock`; a real swipe inside its span drives it; the module's
    /// Follower, fed the events, evaluates the release's leg at the end to where animd ended it; when the widget's
    /// process ends, so does the dock.
    @Test(arguments: Host.allCases) func aWidgetDeclaresWithTheModule(host: Host) throws {
        try #require(host.installed, "\(host.executable.path) is missing (scripts/install-deps.sh)")
        let daemon = try DaemonProcess()
        let widget = try LineProcess(host.executable, host.arguments("widget", [daemon.socket]), environment: [:])
        let declared = try #require(widget.nextLine(timeout: 20), "the widget said nothing")
        let snapshot = try JSONParser.parse(Array(declared.dropFirst("declared ".count).utf8))
        #expect(declared.hasPrefix("declared ") && snapshot["owner"]?["client"] == "js-dock", "\(declared)")
        #expect(snapshot["owner"]?["pid"] == .number(Double(widget.process.processIdentifier)))

        let rpc = try daemon.connect()
        _ = try rpc.ok("subscribe", ["transitions": ["dock"]])
        _ = try rpc.ok("input.inject", DeclarationTests.swipe(x: 960, steps: 10, lift: true))
        let ended = try rpc.notification(where: { method, _ in method == .ended }).1
        var lines: [String] = []
        while let line = widget.nextLine(), !line.hasPrefix("transition.ended ") { lines.append(line) }
        #expect(
            lines.first?.hasPrefix("transition.began ") == true
                && lines.contains { $0.contains("\"gesture\":\"dock-swipe\"") })
        let evaluated = try #require(
            lines.last.flatMap { $0.hasPrefix("follower ") ? Double($0.dropFirst("follower ".count)) : nil }, "\(lines)"
        )
        let progress = try #require(ended["progress"]?.number)
        #expect(
            abs(evaluated - progress) < 1e-9, "the module's leg gives \(evaluated) where animd ended at \(progress)")

        widget.close()
        #expect(try rpc.notification(where: { method, _ in method == .removed }).1["owner"]?["client"] == "js-dock")
    }
}
