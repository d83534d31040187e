import AnimClient
import AnimProtocol
import Foundation
import JSONText
import Testing

/// `animctl record` prints what the recognizers receive in the trace format, and what it prints replays.
@Suite(.serialized) struct RecordTests {
    /// Starts `animctl record ARGS` and returns once animd counts its subscription.
    static func startRecording(_ arguments: [String], daemon: DaemonProcess) throws -> (Process, Pipe) {
        let (process, out, _) = try startAnimctl(["record"] + arguments, socket: daemon.socket)
        let rpc = try daemon.connect()
        try waitUntil(#"rpc.ok("daemon.hello")["subscriptions"]?.integer ?? 0 >= 1"#) {
            try rpc.ok("daemon.hello")["subscriptions"]?.integer ?? 0 >= 1
        }
        return (process, out)
    }

    static func finish(_ recording: (Process, Pipe)) -> String {
        let text = String(decoding: recording.1.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        recording.0.waitUntilExit()
        return text
    }

    /// A trace injected while recording comes back as the same events, starting at t = 0, one per line.
    @Test func recordsInjectedInputAsATrace() throws {
        let daemon = try DaemonProcess()
        let trace = try String(contentsOfFile: Binaries.trace("flick-constant"), encoding: .utf8)
        let events = trace.split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.isEmpty }
        let recording = try Self.startRecording(["--count", "\(events.count)"], daemon: daemon)
        #expect(try animctl(["inject", Binaries.trace("flick-constant")], socket: daemon.socket).status == 0)
        let recorded = Self.finish(recording)
        #expect(recording.0.terminationStatus == 0)
        let lines = recorded.split(separator: "\n").map(String.init)
        #expect(lines.count == events.count)
        for (original, copy) in zip(events, lines) {
            let a = try #require((try? JSONParser.parse(Array(original.utf8))))
            let b = try #require((try? JSONParser.parse(Array(copy.utf8))))
            #expect(a["kind"] == b["kind"] && a["id"] == b["id"] && a["x"] == b["x"] && a["y"] == b["y"])
            #expect(abs((a["t"]?.number ?? -1) - (b["t"]?.number ?? 1)) < 1e-6)
        }
    }

    /// With --json each line is the input.event notification with its origin.
    @Test func jsonShowsTheOrigin() throws {
        let daemon = try DaemonProcess()
        let recording = try Self.startRecording(["--json", "--count", "1"], daemon: daemon)
        _ = try daemon.connect().ok("input.inject", ["events": [["t": 7.5, "kind": "pointer-move", "x": 3, "y": 4]]])
        let line = Self.finish(recording).trimmingCharacters(in: .newlines)
        let message = try #require((try? JSONParser.parse(Array(line.utf8))))
        #expect(message.notificationMethod == .inputEvent && message["params"]?["origin"] == "inject")
        #expect(message["params"]?["event"]?["t"] == 7.5 && message["params"]?["event"]?["kind"] == "pointer-move")
    }

    /// A real push against the left edge under Xvfb, recorded, replays into an animd without X and opens its sidebar.
    @Test(.enabled(if: Xvfb.installed, "needs Xvfb (scripts/install-deps.sh)")) func recordedXPushReplays() throws {
        let xvfb = try Xvfb()
        let live = try DaemonProcess(display: xvfb.display)
        _ = try live.connect().waitForX(xvfb.display)
        let recording = try Self.startRecording(["--raw"], daemon: live)
        let watcher = try live.connect()
        _ = try watcher.ok("subscribe", ["transitions": ["sidebar"]])
        try XProbe.drive(["warp 30 400", "push -15 0 20 8"], display: xvfb.display)
        _ = try watcher.notification(where: { method, _ in method == .ended })
        // SIGKILL: the runner's blocked signal mask is inherited, so SIGTERM would wait forever. Every line is
        // already written: animctl writes each with write(2), unbuffered.
        kill(recording.0.processIdentifier, SIGKILL)
        let recorded = Self.finish(recording)
        #expect(recorded.contains("\"kind\":\"pressure-begin\"") && recorded.contains("\"kind\":\"pressure-end\""))
        #expect(!recorded.contains("\"t\":0,"), "--raw keeps the X server's clock")

        let replay = try DaemonProcess()
        let rpc = try replay.connect()
        _ = try rpc.ok("subscribe", ["transitions": ["sidebar"]])
        #expect(try animctl(["inject", "-"], socket: replay.socket, stdin: recorded).status == 0)
        let ended = try rpc.notification(where: { method, _ in method == .ended })
        #expect(ended.1["snap"] == 1)
    }
}
