import AnimClient
import DaemonLauncher
import Foundation

/// What the benchmarks that run real processes share: the animd built beside animd-bench, and starting a server
/// and reaching its socket through the launcher the integration tests use (`DaemonLauncher`).
enum BenchProcess {
    /// A new folder for sockets and files (`DaemonLauncher.makeFolder`); the caller removes it. Should mkdtemp fail,
    /// a folder named after the benchmark and this process, never the temporary folder itself (which the caller
    /// would then remove).
    static func scratchFolder(_ benchmark: String) -> String {
        if let folder = try? DaemonLauncher.makeFolder(benchmark) { return folder }
        let folder = NSTemporaryDirectory() + "animd-\(benchmark)-\(getpid())"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    /// The animd binary beside this one, or nil (with a hint) when it was not built.
    static func animd(for benchmark: String) -> String? { sibling("animd", for: benchmark) }

    /// A product built beside this one (animd, animd-bench-floor), or nil (with a hint) when it was not built.
    static func sibling(_ product: String, for benchmark: String) -> String? {
        let path = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(
            product
        ).path
        guard FileManager.default.isExecutableFile(atPath: path) else {
            print("\(benchmark): \(path) is missing; build it with swift build -c release --product \(product)")
            return nil
        }
        return path
    }

    /// Starts a server without the session's display, systemd or the user's config in its environment (unless
    /// `extra` sets them), its stderr discarded. It does not wait: start-up is itself measured.
    static func start(_ executable: String, _ arguments: [String], extra: [String: String] = [:]) -> Process? {
        let folder =
            arguments.first { $0.hasSuffix(".sock") }.map { URL(fileURLWithPath: $0).deletingLastPathComponent().path }
            ?? NSTemporaryDirectory()
        return try? DaemonLauncher.start(
            executable, arguments, environment: DaemonLauncher.environment(folder: folder, extra))
    }

    /// Connects once the server listens (up to 10 s).
    static func connect(_ socket: String) -> RPCConnection? {
        guard (try? DaemonLauncher.waitUntilListening(socket)) != nil else { return nil }
        return try? RPCConnection(path: socket)
    }

    /// 1000 subscribers need more descriptors than the usual soft limit.
    /// A tool the benchmark needs but the tests do not (stress-ng): its path, installed with apt-get when it is
    /// missing and animd-bench runs as root; nil when neither works.
    static func tool(_ name: String, package: String) -> String? {
        let path = "/usr/bin/" + name
        if FileManager.default.isExecutableFile(atPath: path) { return path }
        guard getuid() == 0 else { return nil }
        print("installing \(package) for the benchmark (apt-get)")
        let install = Process()
        install.executableURL = URL(fileURLWithPath: "/usr/bin/apt-get")
        install.arguments = ["install", "-y", "-qq", "--no-install-recommends", package]
        install.environment = ProcessInfo.processInfo.environment.merging(["DEBIAN_FRONTEND": "noninteractive"]) { $1 }
        install.standardOutput = FileHandle.nullDevice
        install.standardError = FileHandle.nullDevice
        guard (try? install.run()) != nil else { return nil }
        install.waitUntilExit()
        return FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }

    static func raiseDescriptorLimit() {
        var limit = rlimit()
        guard getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return }
        limit.rlim_cur = limit.rlim_max
        _ = setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit)
    }

    static func repoFile(_ relative: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
            .appendingPathComponent(relative).path
    }
}
