import Foundation
import Testing

/// The shells' completion of animctl (issue 58), as a user's shell runs it: the script animctl generates, loaded in
/// bash and in fish, offers the running animd's transitions (a declared one among them), else the config's, and the
/// values of `motion` and `watch --events`.
@Suite(.serialized) struct CompletionTests {
    /// What bash completes for the words `line` (the last one being completed), with animctl's script loaded.
    static func bash(_ line: [String], environment: [String: String]) throws -> [String] {
        let words = line.map { "'\($0)'" }.joined(separator: " ")
        let script = """
            source <("\(Binaries.animctl.path)" --generate-completion-script bash)
            COMP_WORDS=(\(words)); COMP_CWORD=\(line.count - 1); COMP_LINE="\(line.joined(separator: " "))"; COMP_POINT=${#COMP_LINE}
            _animctl animctl "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"; printf '%s\\n' "${COMPREPLY[@]}"
            """
        let run = try runTool("/bin/bash", ["-c", script], environment: environment)
        return run.output.split(separator: "\n").map(String.init).filter { !$0.isEmpty }
    }

    /// The line an interactive fish shows after `line` and a Tab (Tests/IntegrationTests/fish-complete.py).
    static func fish(_ line: String, environment: [String: String]) throws -> String {
        let helper = Binaries.repo.appendingPathComponent("Tests/IntegrationTests/fish-complete.py").path
        return try runTool("/usr/bin/python3", [helper, line], environment: environment).output
    }

    static func environment(_ daemon: DaemonProcess) -> [String: String] {
        [
            "ANIMD_SOCKET": daemon.socket, "PATH": Binaries.folder.path + ":/usr/bin:/bin", "HOME": daemon.folder,
            "XDG_CONFIG_HOME": daemon.folder,
            "TERM": "xterm",
        ]
    }

    @Test func bashOffersTransitionsMotionAndEventGroups() throws {
        let daemon = try DaemonProcess(config: "defaults = true\n[transitions.dockbar]\n")
        let widget = try daemon.connect()
        _ = try widget.declare("declared-one", transition: ["snap-points": [0, 1]], bindings: [:]).get()
        let environment = Self.environment(daemon)
        #expect(try Self.bash(["animctl", "toggle", "s"], environment: environment) == ["sidebar"])
        #expect(
            Set(try Self.bash(["animctl", "get", "d"], environment: environment)) == ["dockbar", "declared-one"],
            "a declared one too")
        #expect(try Self.bash(["animctl", "motion", ""], environment: environment) == ["auto", "full", "reduced"])
        #expect(try Self.bash(["animctl", "watch", "--events", "fo"], environment: environment) == ["focus"])
        // Without animd, the config's names (the user's file over the default).
        daemon.terminate()
        try FileManager.default.createDirectory(atPath: daemon.folder + "/animd", withIntermediateDirectories: true)
        try "[transitions.from-the-file]\n".write(
            toFile: daemon.folder + "/animd/animd.toml", atomically: true, encoding: .utf8)
        #expect(try Self.bash(["animctl", "toggle", "f"], environment: environment) == ["from-the-file"])
    }

    @Test(
        .enabled(
            if: FileManager.default.isExecutableFile(atPath: "/usr/bin/fish"), "needs fish (scripts/install-deps.sh)"))
    func fishOffersTheSame() throws {
        let daemon = try DaemonProcess(config: "defaults = true\n")
        let environment = Self.environment(daemon)
        #expect(try Self.fish("animctl toggle si", environment: environment).contains("animctl toggle sidebar"))
        #expect(try Self.fish("animctl motion re", environment: environment).contains("animctl motion reduced"))
        #expect(
            try Self.fish("animctl watch --events dev", environment: environment).contains(
                "animctl watch --events device"))
    }
}
