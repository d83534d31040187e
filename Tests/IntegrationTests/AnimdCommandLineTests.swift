import Foundation
import Testing

/// animd's own command line (issue 46), run as a user runs it: every option comes from one table, and a line the
/// table does not allow is a usage error (exit 2, as animctl's) that names the fix, before anything starts.
@Suite struct AnimdCommandLineTests {
    /// Each mistake, and words its error must hold. A value on a flag was taken as the flag before (--check-config=no
    /// checked the config, --verbose=false was verbose), and an empty value was an empty path.
    static let mistakes: [(arguments: [String], says: [String])] = [
        (["--check-config=no"], ["'--check-config' takes no value", "write '--check-config' alone"]),
        (["--verbose=false"], ["'--verbose' takes no value"]),
        (["--socket="], ["The value for '--socket <socket>' is empty"]),
        (["--config", ""], ["The value for '--config <config>' is empty"]),
        (["--socket"], ["Missing value for '--socket <socket>'"]),
        (["--config", "--verbose"], ["Missing value for '--config <config>'"]),
        (["--sockt", "/tmp/s"], ["Unknown option '--sockt'. Did you mean '--socket'?"]),
        (["--frobnicate"], ["Unknown option '--frobnicate'"]),
        (["-x"], ["Unknown option '-x'"]),
        (
            ["--input-backend", "wayland"],
            ["'wayland' is invalid for '--input-backend <input-backend>'", "'auto', 'x11', 'libinput'"]
        ),
        (["stray"], ["Unexpected argument 'stray'"]),
        (["--generate-completion-script", "tcsh"], ["'tcsh' is invalid", "'bash', 'zsh', 'fish'"]),
    ]

    @Test(arguments: mistakes.indices) func aMistakeIsAUsageErrorThatNamesTheFix(index: Int) throws {
        let (arguments, says) = Self.mistakes[index]
        let result = try runTool(Binaries.animd.path, arguments, readingStderr: true)
        #expect(result.status == 2, "animd \(arguments): exit \(result.status)")
        for words in says { #expect(result.output.contains(words), "animd \(arguments) said: \(result.output)") }
        #expect(result.output.contains("Usage: animd [--socket <socket>]"), "the usage follows the error")
    }

    /// The usage line, the help and each completion script name every shown option of the one table, and the man
    /// page's JSON lists the same ones: nothing is spelled in one place and missing in another.
    @Test func everyViewListsTheSameOptions() throws {
        let json = try runTool(Binaries.animd.path, ["--experimental-dump-help"]).output
        let dump = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let command = try #require(dump["command"] as? [String: Any])
        let arguments = try #require(command["arguments"] as? [[String: Any]])
        let longs = arguments.compactMap { ($0["preferredName"] as? [String: Any])?["name"] as? String }
        #expect(longs == ["socket", "config", "verbose", "check-config", "input-backend", "version", "help"])
        let help = try runTool(Binaries.animd.path, ["--help"]).output
        let scripts = try ["bash", "zsh", "fish"].map {
            try runTool(Binaries.animd.path, ["--generate-completion-script", $0]).output
        }
        for long in longs {
            #expect(help.contains("--" + long), "--help lists --\(long)")
            for script in scripts { #expect(script.contains(long), "a completion script completes --\(long)") }
        }
        for long in longs where long != "help" && long != "version" {
            #expect(
                help.contains("USAGE: ")
                    && help.split(separator: "\n").contains { $0.hasPrefix("USAGE:") && $0.contains("[--\(long)") },
                "the usage line names --\(long)")
        }
    }

    /// Well-formed lines still do what they say: `--name=value` as `--name value`, and `-v` as `--verbose`.
    @Test func aValueMayFollowAnEqualsSign() throws {
        let config = FileManager.default.temporaryDirectory.appendingPathComponent(
            "animd-command-line-\(UUID().uuidString).toml")
        try "defaults = true\n".write(to: config, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: config) }
        for arguments in [
            ["--check-config", "--config=\(config.path)"], ["-v", "--check-config", "--config", config.path],
        ] {
            let result = try runTool(Binaries.animd.path, arguments, readingStderr: true)
            #expect(result.status == 0, "animd \(arguments): \(result)")
        }
    }
}
