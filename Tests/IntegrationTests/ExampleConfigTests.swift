import AnimClient
import Foundation
import JSONText
import Testing

/// The example config that make install and the package ship (issue 58): copied whole into the user's file, as the
/// README used to advise, it changes nothing. The example used to be the default itself: every key became the user's,
/// and a panel's declaration of the left edge was refused (-32005, "the user's config wins").
@Suite struct ExampleConfigTests {
    @Test func copyingTheExampleWholeTakesOverNothing() throws {
        let prefix = try DaemonProcess.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: prefix) }
        let install = try runTool(
            "/bin/bash",
            [Binaries.repo.appendingPathComponent("scripts/install.sh").path, "install", prefix, Binaries.folder.path],
            environment: ["PATH": "/usr/bin:/bin", "HOME": prefix])
        try #require(install.status == 0, "\(install.output)")
        let example = try String(contentsOfFile: prefix + "/share/animd/animd.toml.example", encoding: .utf8)
        let daemon = try DaemonProcess(userConfig: example)
        let rpc = try daemon.connect()
        let config = try rpc.ok("daemon.hello")["config"]
        #expect(
            config?["layers"]?.array?.count == 2 && config?["transitions"] == 6 && config?["bindings"] == 11,
            "\(String(describing: config))")
        #expect(
            try rpc.ok("daemon.config")["entries"]?.array?.allSatisfy { $0["file"] == "(embedded default)" } == true,
            "no key is the file's")
        let panel: JSONValue = ["edge": "left", "gesture": "edge-pan", "increases": "right", "distance": 300]
        _ = try rpc.hello(as: "panel").get()
        let declared = try rpc.declare(
            "my-panel", transition: ["snap-points": [0, 1]], bindings: ["my-panel-open": panel])
        guard case .success = declared else { Issue.record("a panel's left edge was refused: \(declared)"); return }
    }
}
