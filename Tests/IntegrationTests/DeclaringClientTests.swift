import AnimClient
import AnimProtocol
import Foundation
import JSONText
import Testing
import XorgInputTest

/// Each client declares (issue 29): the Python package (`declare`, `update`, and `hold` across animd's restarts) and
/// animctl (`declare FILE`, `watch --declare FILE`), against a live animd. The Swift client is
/// `DeclarationTests`' own; the JavaScript module's is `JavaScriptClientTests`.
@Suite(.serialized) struct DeclaringClientTests {
    static let widget = Binaries.repo.appendingPathComponent("Tests/Fixtures/declare/widget.py").path
    static let holder = Binaries.repo.appendingPathComponent("Tests/Fixtures/declare/holder.py").path

    /// The Python widget declares the dock, owns it by name and pid, resizes it mid-swipe without a jump, and takes
    /// it away when it closes.
    @Test func aPythonWidgetDeclaresUpdatesAndCloses() throws {
        let daemon = try DaemonProcess()
        let python = try PythonVenv.python()
        let widget = try LineProcess(
            URL(fileURLWithPath: python),
            [Self.widget, daemon.socket, "py-dock", JSONWriter.string(DeclarationTests.dock)],
            environment: [:])
        defer { widget.close() }
        let declared = try #require(widget.nextLine(timeout: 20), "the widget said nothing")
        #expect(declared.hasPrefix("declared "), "\(declared)")
        let snapshot = try JSONParser.parse(Array(declared.dropFirst("declared ".count).utf8))
        #expect(snapshot["owner"] == ["client": "py-dock", "pid": .number(Double(widget.process.processIdentifier))])

        let rpc = try daemon.connect()
        _ = try rpc.ok("subscribe", ["transitions": ["dock"]])
        _ = try rpc.ok("input.inject", DeclarationTests.swipe(x: 960, steps: 6))
        let before = try #require(
            rpc.notificationsBeforeABarrier().last { $0["method"] == "transition.progress" }?["params"]?["progress"]?
                .number)
        widget.send(#"update {"bindings": {"dock-swipe": {"distance": 100}}}"#)
        #expect(widget.nextLine()?.hasPrefix("updated ") == true)
        _ = try rpc.ok("input.inject", ["events": [["t": 0.07, "kind": "touch-move", "id": 1, "x": 960, "y": 1008]]])
        let next = try #require(
            rpc.notificationsBeforeABarrier().last { $0["method"] == "transition.progress" }?["params"]?["progress"]?
                .number)
        #expect(abs(next - (before + 0.1)) < 1e-9, "\(before) → \(next)")

        widget.send("close")
        #expect(widget.nextLine() == "closed")
        let gone = try rpc.notifications(until: { method, _ in method == .removed })
        #expect(gone.contains { $0.0 == .ended && $0.1["position"] == "current" })
        #expect(gone.last?.1["owner"]?["client"] == "py-dock" && gone.last?.1["reason"] == "disconnected")
    }

    /// `animd.hold` keeps the dock declared across a restart of animd on the same socket.
    @Test func thePythonHelperDeclaresAgainAfterARestart() throws {
        let folder = try DaemonProcess.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let socket = folder + "/animd.sock"
        var first: DaemonProcess? = try DaemonProcess(socket: socket)
        let holder = try LineProcess(
            URL(fileURLWithPath: try PythonVenv.python()), [Self.holder, socket], environment: [:])
        defer { holder.close() }
        #expect(holder.nextLine(timeout: 20) == "declared")
        first?.terminate()
        first = nil
        // animd says it is shutting down before it closes; the helper reports the close.
        var lines: [String] = []
        while let line = holder.nextLine(), line != "disconnected" { lines.append(line) }
        #expect(lines == ["daemon.shutdown"])
        let second = try DaemonProcess(socket: socket)
        // Until the second animd listens, each attempt to connect is one more `disconnected`.
        lines = []
        while let line = holder.nextLine(timeout: 20), line != "declared" { lines.append(line) }
        #expect(lines.allSatisfy { $0 == "disconnected" }, "\(lines)")
        let declared = try second.connect().ok("daemon.hello")["declared"]?.array?.first
        #expect(declared?["name"] == "dock" && declared?["owner"]?["client"] == "holder")
    }

    /// `animctl declare FILE` holds the file's transitions until it is stopped: `list` and `hello` show the owner; a
    /// second `declare` of the same file is refused with the conflict, status 1; stopping the first ends them.
    @Test func animctlDeclareHoldsUntilStopped() throws {
        let daemon = try DaemonProcess()
        let file = daemon.folder + "/dock.toml"
        try FileManager.default.copyItem(atPath: ExampleTests.example("eww/dock.toml"), toPath: file)
        let holding = try startAnimctl(["declare", file, "--client", "bar"], socket: daemon.socket)
        defer { if holding.process.isRunning { kill(holding.process.processIdentifier, SIGKILL) } }
        let rpc = try daemon.connect()
        try waitUntil("animctl declared the dock") { try rpc.ok("daemon.hello")["declared"]?.array?.count == 1 }
        let pid = holding.process.processIdentifier
        #expect(
            try animctl(["list"], socket: daemon.socket).stdout.contains(
                "dock           idle         progress  0.0000  velocity    0.000  at snap 0  declared by \"bar\" (pid \(pid))"
            ))
        #expect(
            try animctl(["hello"], socket: daemon.socket).stdout.contains(
                "declared    dock by \"bar\" (pid \(pid)), bindings dock-open, dock-close\n  yielding to them: launcher-open (embedded default)"
            ))
        let again = try animctl(["declare", file], socket: daemon.socket)
        #expect(
            again.status == 1
                && again.stderr.contains(
                    "transition.declare: conflict: \"dock\" is declared already, by \"bar\" (pid \(pid)) (-32005)"),
            "\(again.stderr)")
        let bad = try animctl(["declare", "/nonexistent/dock.toml"], socket: daemon.socket)
        #expect(bad.status == 1 && bad.stderr.contains("cannot read /nonexistent/dock.toml"))
        kill(pid, SIGKILL)
        try waitUntil("the dock ended with animctl") { try rpc.ok("daemon.hello")["declared"] == [] }
    }

    /// `animctl declare` reports a file's mistakes with their lines, and animd's refusals with their keys.
    @Test func animctlDeclareReportsMistakes() throws {
        let daemon = try DaemonProcess()
        let file = daemon.folder + "/bad.toml"
        try "[daemon]\nframe-rate = 60\n[transitions.dock]\n".write(toFile: file, atomically: true, encoding: .utf8)
        let local = try animctl(["declare", file], socket: daemon.socket)
        #expect(
            local.status == 2
                && local.stderr.contains(
                    "\(file): line 1, column 1: daemon: a declaration file holds [transitions.NAME] and [bindings.NAME] only"
                ),
            "\(local.stderr)")
        try "[transitions.dock]\nduration = 1e308\n".write(toFile: file, atomically: true, encoding: .utf8)
        let refused = try animctl(["declare", file], socket: daemon.socket)
        #expect(
            refused.status == 1
                && refused.stderr.contains("transition.duration: must be between 0.001 and 60, got 1e+308"),
            "\(refused.stderr)")
    }
}
