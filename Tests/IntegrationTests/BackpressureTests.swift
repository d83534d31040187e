import AnimClient
import AnimProtocol
import Foundation
import JSONText
import Testing

/// A client that never reads costs the others nothing.
@Suite(.serialized) struct BackpressureTests {
    /// While one subscriber never reads, another (animctl watch, reading as it goes) receives every frame with no
    /// seq skipped, and the stalled one is disconnected once its backlog passes max-backlog, with a logged reason.
    @Test func neverReadingClientDoesNotHoldOthersBack() throws {
        let daemon = try DaemonProcess(
            config: DaemonProcess.defaultConfigText.replacingOccurrences(
                of: "max-backlog = 1048576", with: "max-backlog = 16384"))
        let stalled = try daemon.connect()
        _ = try stalled.ok("subscribe")

        let watchOutput = daemon.folder + "/watch.jsonl"
        _ = FileManager.default.createFile(atPath: watchOutput, contents: nil)
        let watcher = Process()
        watcher.executableURL = Binaries.animctl
        watcher.arguments = ["watch", "sidebar", "--json", "--until-ended", "--socket", daemon.socket]
        watcher.standardOutput = FileHandle(forWritingAtPath: watchOutput)
        try watcher.run()
        let driver = try daemon.connect()
        // Wait until the watcher has subscribed too.
        try waitUntil(#"driver.ok("daemon.hello")["subscriptions"] == 2"#) {
            try driver.ok("daemon.hello")["subscriptions"] == 2
        }

        // A long finger drag: every move is a frame, published at once.
        var events: [JSONValue] = [["t": 0, "kind": "touch-down", "id": 1, "x": 3, "y": 500]]
        for i in 1...1500 {
            events.append([
                "t": .number(Double(i) * 0.001), "kind": "touch-move", "id": 1, "x": .number(3 + Double(i % 600)),
                "y": 500,
            ])
        }
        events.append(["t": 2, "kind": "touch-up", "id": 1, "x": 3, "y": 500])
        for chunk in stride(from: 0, to: events.count, by: 50) {
            _ = try driver.ok("input.inject", ["events": .array(Array(events[chunk..<min(chunk + 50, events.count)]))])
        }
        // Then many legs, whose began/ended are never dropped and so pile up for the stalled client.
        for i in 0..<300 {
            _ = try driver.call("transition.animate", ["name": "panel", "to": .number(Double(i % 2))])
        }

        watcher.waitUntilExit()
        let lines = try String(contentsOfFile: watchOutput, encoding: .utf8).split(separator: "\n")
        let seqs = lines.compactMap { (try? JSONParser.parse(Array($0.utf8)))?["params"]?["seq"]?.integer }
        #expect(seqs.count >= 1500)
        #expect(seqs == Array(1...max(seqs.count, 1)), "the reading client saw every event of the leg, in order")

        // The stalled client was cut off: after what was buffered, its stream ends. Every line it got whole (with
        // its newline) is a whole message; the bytes the kernel took last may end mid-line (docs/protocol.md,
        // "Delivery"), and the client's reader drops them at the end of the stream rather than read them.
        var sawEnd = false, whole = 0
        for _ in 0..<200_000 {
            guard let line = try? stalled.readLine(timeout: 10) else { sawEnd = true; break }
            #expect(
                (try? JSONParser.parse(line)) != nil,
                "a line with its newline that is not JSON: \(String(decoding: line.prefix(80), as: UTF8.self))")
            whole += 1
        }
        #expect(sawEnd && whole > 0)
        #expect(daemon.log.contains("disconnecting a client that does not read"))
        #expect(try driver.ok("daemon.hello")["name"] == "animd")
    }
}

extension DaemonProcess {
    static let defaultConfigText: String = {
        (try? String(contentsOf: Binaries.repo.appendingPathComponent("config/animd.toml"), encoding: .utf8)) ?? ""
    }()
}
