import Glibc

/// Runs another program to its end, as `doctor` and `session-start` run `systemctl --user`: its standard output and
/// error together, and how it ended. No Foundation (animctl links only FoundationEssentials, which has no `Process`).
enum Subprocess {
    struct Outcome {
        /// The exit status; 127 when the program could not be started, 128 + N when a signal N ended it.
        var status: Int32
        var output: String
    }

    /// Runs `argv` (found on the PATH) with animctl's environment, stdin from /dev/null.
    static func run(_ argv: [String]) -> Outcome {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return Outcome(status: 127, output: "pipe: \(String(cString: strerror(errno)))") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, ends[1], 1)
        posix_spawn_file_actions_adddup2(&actions, ends[1], 2)
        posix_spawn_file_actions_addclose(&actions, ends[0])
        let arguments = argv.map { strdup($0) } + [nil]
        defer { for pointer in arguments { free(pointer) } }
        var pid = pid_t()
        let spawned = posix_spawnp(&pid, argv[0], &actions, nil, arguments, environ)
        close(ends[1])
        defer { close(ends[0]) }
        guard spawned == 0 else {
            return Outcome(status: 127, output: "\(argv[0]): \(String(cString: strerror(spawned)))")
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(ends[0], &chunk, chunk.count)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            bytes += chunk[..<count]
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        // WIFEXITED / WEXITSTATUS / WTERMSIG, which Swift does not import as macros.
        let signal = status & 0x7f
        return Outcome(
            status: signal == 0 ? (status >> 8) & 0xff : 128 + signal, output: String(decoding: bytes, as: UTF8.self))
    }
}

/// systemd's user manager, as `systemctl --user` answers; nil where none does (no session, no systemd).
struct SystemdUser {
    static func query(_ arguments: [String]) -> Subprocess.Outcome {
        Subprocess.run(["systemctl", "--user", "--no-pager"] + arguments)
    }

    /// Whether a user manager answers at all.
    static var isRunning: Bool { query(["show", "--property=Version"]).status == 0 }

    /// `is-enabled`'s word for `unit` (enabled, disabled, static, not-found…).
    static func enablement(_ unit: String) -> String {
        let word = query(["is-enabled", unit]).output.split(separator: "\n").first.map(String.init) ?? ""
        return word.isEmpty || word.hasPrefix("Failed") ? "not-found" : word
    }

    static func isActive(_ unit: String) -> Bool { query(["is-active", "--quiet", unit]).status == 0 }

    static func mainPID(_ unit: String) -> Int {
        Int(query(["show", "--property=MainPID", "--value", unit]).output.trimmingNewline) ?? 0
    }

    static var environment: [String: String] {
        var variables: [String: String] = [:]
        for line in query(["show-environment"]).output.split(separator: "\n") {
            guard let equals = line.firstIndex(of: "=") else { continue }
            variables[String(line[..<equals])] = String(line[line.index(after: equals)...])
        }
        return variables
    }
}

extension String {
    var trimmingNewline: String { hasSuffix("\n") ? String(dropLast()) : self }
}
