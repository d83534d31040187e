import Foundation
import Testing

/// The wire, byte for byte, against what the daemon from before issue 17's new encoders said
/// (`Tests/Fixtures/wire-golden.jsonl`, recorded from 348cb35 by `scripts/wire-differential.py`, which lists the
/// conversation, what it masks because it follows the clock, and the few differences later issues justify).
@Suite struct WireGoldenTests {
    @Test func theWireIsWhatItWasBeforeTheNewEncoders() throws {
        let golden = Binaries.repo.appendingPathComponent("Tests/Fixtures/wire-golden.jsonl").path
        let lines = try String(contentsOfFile: golden, encoding: .utf8).split(separator: "\n")
        #expect(lines.count >= 90, "the golden conversation lost its lines")
        let result = try runTool(
            "/usr/bin/env",
            [
                "python3", Binaries.repo.appendingPathComponent("scripts/wire-differential.py").path,
                "check", Binaries.animd.path, golden,
            ])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("byte for byte the same"), "\(result.output)")
    }
}
