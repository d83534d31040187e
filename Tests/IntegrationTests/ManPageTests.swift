import AnimProtocol
import Foundation
import JSONText
import Testing

/// docs/man/*.1 are generated from the commands' ArgumentParser definitions by `make man`; they must still
/// describe every subcommand and option the commands have.
@Suite struct ManPageTests {
    /// Each command's subcommands and long options, from its own `--experimental-dump-help`.
    static func names(of tool: URL) throws -> (subcommands: [String], options: [String]) {
        let process = Process()
        process.executableURL = tool
        process.arguments = ["--experimental-dump-help"]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let root = try #require((try? JSONParser.parse(Array(data)))?["command"])
        var subcommands: [String] = [], options: Set<String> = []
        func walk(_ command: JSONValue) {
            for argument in command["arguments"]?.array ?? [] where argument["shouldDisplay"] != false {
                for name in argument["names"]?.array ?? [] where name["kind"] == "long" {
                    if let long = name["name"]?.string { options.insert(long) }
                }
            }
            for sub in command["subcommands"]?.array ?? [] where sub["shouldDisplay"] != false {
                if let name = sub["commandName"]?.string { subcommands.append(name) }
                walk(sub)
            }
        }
        walk(root)
        return (subcommands, options.sorted())
    }

    @Test(arguments: ["animctl", "animd"])
    func manPageMatchesTheCommand(tool: String) throws {
        let page = try String(contentsOf: Binaries.repo.appendingPathComponent("docs/man/\(tool).1"), encoding: .utf8)
        let (subcommands, options) = try Self.names(of: Binaries.folder.appendingPathComponent(tool))
        #expect(!options.isEmpty)
        for name in subcommands where name != "help" {
            #expect(page.contains(".It Cm \(name)"), "docs/man/\(tool).1 lacks \(name): run make man")
        }
        for name in options {
            #expect(page.contains("Fl -\(name)"), "docs/man/\(tool).1 lacks --\(name): run make man")
        }
    }

    /// The sections a Unix user looks for are there, and an option shared by many commands is described once.
    @Test(arguments: ["animctl", "animd"])
    func manPageHasTheUsualSections(tool: String) throws {
        let page = try String(contentsOf: Binaries.repo.appendingPathComponent("docs/man/\(tool).1"), encoding: .utf8)
        let sections = page.split(separator: "\n").filter { $0.hasPrefix(".Sh ") }.map { String($0.dropFirst(4)) }
        #expect(
            sections == ["NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS"] + (tool == "animctl" ? ["COMMANDS"] : [])
                + ["ENVIRONMENT", "FILES", "EXIT STATUS", "EXAMPLES", "SEE ALSO"], "\(sections)")
        #expect(page.components(separatedBy: "animd's socket (default").count <= 2, "--socket is described once")
    }

    /// `man -l` renders each page without a word of warning, also where the locale is not UTF-8 (then "…" must be
    /// roff's glyph, not a raw character) and mdoc's (no empty input lines).
    @Test(
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/man"), "needs man (man-db)"),
        arguments: ["animctl", "animd", "animd-demo"])
    func manPageRendersWithoutWarnings(tool: String) throws {
        let page = Binaries.repo.appendingPathComponent("docs/man/\(tool).1").path
        for locale in ["C", "C.UTF-8"] {
            let rendered = try runTool(
                "/usr/bin/man", ["-l", page],
                environment: [
                    "PATH": "/usr/bin:/bin", "LANG": locale, "LC_ALL": locale,
                    "MANPAGER": "cat", "MANWIDTH": "100",
                ], readingStderr: true)
            #expect(
                rendered.status == 0 && rendered.output.isEmpty, "\(tool).1 with LANG=\(locale): \(rendered.output)")
        }
    }

    /// animd-demo's page is written by hand (it reads its options without ArgumentParser): it names every option of
    /// the demo's own usage line, and only those.
    @Test func theDemosPageNamesItsOptions() throws {
        let page = try String(
            contentsOf: Binaries.repo.appendingPathComponent("docs/man/animd-demo.1"), encoding: .utf8)
        let usage = try runTool(Binaries.folder.appendingPathComponent("animd-demo").path, ["--help"]).output
        let options = usage.split(separator: " ").filter { $0.hasPrefix("[--") }.map {
            $0.dropFirst(3).prefix { $0 != "]" }
        }
        #expect(options.count == 4, "\(usage)")
        let described = page.split(separator: "\n").filter { $0.hasPrefix(".It Fl -") }.map {
            $0.dropFirst(8).prefix { $0 != " " }
        }
        #expect(described == options, "the page describes \(described), the usage names \(options)")
    }

    /// `--version` prints the release that `daemon.hello` reports, and exits 0, for both commands.
    @Test(arguments: ["animctl", "animd"])
    func versionIsPrinted(tool: String) throws {
        let result = try runTool(Binaries.folder.appendingPathComponent(tool).path, ["--version"])
        #expect(result.status == 0 && result.output == AnimdVersion.current + "\n", "\(tool) --version: \(result)")
    }

    /// The committed pages are exactly what `make man` writes from today's commands.
    @Test func manPagesAreCurrent() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", Binaries.repo.appendingPathComponent("scripts/make-man.py").path, "--check",
            Binaries.folder.path, "animctl", "animd",
        ]
        let err = Pipe()
        process.standardError = err
        try process.run()
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(message)")
    }
}
