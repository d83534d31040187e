import AnimProtocol
import Foundation
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
        let root = try #require(IncomingMessage.parseValue(Array(data))?["command"])
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
        for name in subcommands { #expect(page.contains(".It Em \(name)\n"), "docs/man/\(tool).1 lacks \(name): run make man") }
        for name in options { #expect(page.contains("Fl -\(name)"), "docs/man/\(tool).1 lacks --\(name): run make man") }
    }
}
