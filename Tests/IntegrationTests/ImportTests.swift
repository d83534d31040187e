import Foundation
import Testing

/// `animctl import` as a user runs it (issue 61): the real binary over each tool's upstream config
/// (Tests/GestureImportTests/Fixtures), its output checked by the real `animd --check-config`, and its exit status.
@Suite struct ImportTests {
    static let fixtures = Binaries.repo.appendingPathComponent("Tests/GestureImportTests/Fixtures")

    /// Imports `file` for `session`, checks the output with animd, and returns animctl's result.
    static func imported(_ tool: String, _ file: String, session: String) throws -> CommandResult {
        let result = try animctl(
            ["import", tool, fixtures.appendingPathComponent(file).path, "--session", session], socket: nil)
        let output = FileManager.default.temporaryDirectory.appendingPathComponent(
            "animd-import-\(UUID().uuidString).toml")
        try result.stdout.write(to: output, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: output) }
        let check = try runTool(Binaries.animd.path, ["--check-config", "--config", output.path], readingBoth: true)
        #expect(check.status == 0, "animd --check-config on \(file)'s import: \(check.output)")
        return result
    }

    /// Everything translated: status 0, nothing on stderr. Something left out: status 1, and each named on stderr
    /// with its line, as in the output's last comments.
    @Test func theExitStatusSaysWhatWasLeftOut() throws {
        let whole = try Self.imported("libinput-gestures", "libinput-gestures.conf", session: "x11")
        #expect(whole.status == 0 && whole.stderr.isEmpty, "\(whole.stderr)")
        #expect(whole.stdout.contains("# line 62: gesture swipe up\t_internal ws_up\n[bindings.swipe-up-3]"))

        let partial = try Self.imported("touchegg", "touchegg.conf", session: "x11")
        #expect(partial.status == 1)
        let said = partial.stderr.split(separator: "\n")
        #expect(said.count == 2 && said.allSatisfy { $0.hasPrefix("animctl import: left out, line ") }, "\(said)")
        #expect(partial.stdout.contains("# Left out:\n# line 55: "))
    }

    /// Every tool's file, for a session with window tools and one without, imports to a config animd takes.
    @Test(arguments: [
        ("touchegg", "touchegg-readme.conf"), ("fusuma", "fusuma-readme.yml"), ("fusuma", "fusuma-appmatcher.yml"),
        ("lisgd", "lisgd-config.def.h"), ("lisgd", "lisgd-command-line"),
    ])
    func eachToolsFileChecks(_ tool: String, _ file: String) throws {
        for session in ["sway", "other"] {
            let result = try Self.imported(tool, file, session: session)
            #expect(result.status == 0 || result.status == 1, "\(file) on \(session): \(result.stderr)")
        }
    }

    /// A file that cannot be read, or is not the tool's config, is a usage error (2) that says where.
    @Test func unreadableFilesAreUsageErrors() throws {
        let missing = try animctl(["import", "fusuma", "/nonexistent/config.yml"], socket: nil)
        #expect(missing.status == 2 && missing.stderr.contains("cannot read /nonexistent/config.yml"))
        let broken = try animctl(["import", "fusuma", "-"], socket: nil, stdin: "swipe:\n\t3:\n")
        #expect(broken.status == 2 && broken.stderr.contains("-, line 2: a tab indents"), "\(broken.stderr)")
        let unknown = try animctl(["import", "gebaar", "-"], socket: nil, stdin: "")
        #expect(unknown.status == 2)
    }
}
