import AnimConfig
import AnimDaemon
import AnimProtocol
import Glibc
import Logging
import NIOCore
import NIOPosix
import ServiceLifecycle
import UnixSupport

/// The entry point. Before anything async runs, Swift concurrency's jobs go to NIO's event loop instead of
/// libdispatch's global pool (`ConcurrencyOnTheLoop`). One loop thread serves both, so animd sleeps when nothing
/// happens. Then the command line is read (`AnimdCommandLine`) and the daemon runs.
@main
enum AnimdMain {
    static func main() async {
        // The environment as it started, read before the one change animd makes to it, before any thread runs.
        let environment = ProcessEnvironment.current
        DaemonService.prepareProcess()
        NIOSingletons.groupLoopCountSuggestion = 1
        let loopRunsConcurrency = ConcurrencyOnTheLoop.install()
        switch AnimdCommandLine.parse(Array(CommandLine.arguments.dropFirst())) {
        case let .run(options):
            exit(
                await Animd(options: options, environment: environment, loopRunsConcurrency: loopRunsConcurrency).run())
        case let .print(text):
            print(text, terminator: "")
            exit(0)
        case let .usageError(text):
            writeToStandardError(text)
            exit(2)  // as animctl's usage errors (docs/animctl.md), not ArgumentParser's 64
        }
    }
}

/// The daemon's life from its options: the config, the socket, the service group, and the exit status.
struct Animd {
    let options: AnimdOptions
    /// The process environment as animd started.
    let environment: [String: String]
    /// Whether the event loop took over Swift concurrency's global executor. It cannot only when another hook was
    /// installed first: libdispatch's pool would then wake animd every second.
    let loopRunsConcurrency: Bool

    /// Logs to standard error, everything with --verbose, else notices and worse.
    private func startLogging() -> Logger {
        let level: Logger.Level = options.verbose ? .debug : .notice
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        let logger = Logger(label: "animd")
        if !loopRunsConcurrency {
            logger.warning(
                "Swift concurrency runs on libdispatch's pool, not on animd's event loop: the process wakes about once a second (another hook was installed first)"
            )
        }
        return logger
    }

    /// The socket systemd passed, else the one `--socket` or the session names, claimed; nil, having said why,
    /// when it cannot be claimed.
    private func listeningSocket() -> ListeningSocket? {
        if let activated = ListeningSocket.fromSystemd(environment: environment) { return activated }
        do {
            let path = options.socket ?? SocketPath.resolve(environment: environment, uid: getuid())
            return .claimed(try SocketClaim(path: path))
        } catch {
            writeToStandardError("animd: \(error)\n")
            return nil
        }
    }

    /// The exit status: 0, 1 for a failure, 78 (EX_CONFIG) for a config that does not load.
    func run() async -> Int32 {
        IgnoredSignals.ignore()
        let logger = startLogging()
        let source = ConfigSource(explicitPath: options.config, environment: environment)
        let loaded: LoadedConfig
        switch source.load() {
        case let .success(config):
            loaded = config
        case let .failure(error):
            writeToStandardError("animd: invalid config\n\(error)\n")
            return 78  // EX_CONFIG
        }
        if options.checkConfig {
            let config = loaded.config
            print(
                "\(loaded.layers.joined(separator: " + ")): ok, \(config.transitions.count) transitions, \(config.bindings.count) bindings"
            )
            return 0
        }
        guard let listening = listeningSocket() else { return 1 }
        defer { listening.release() }
        let descriptors = DescriptorLimit.raise(toHold: loaded.config.daemon.maxClients, logger: logger)
        let service = DaemonService(
            listening: listening, config: loaded, configSource: source, environment: environment,
            clientRoom: DescriptorLimit.room(descriptors), backendOverride: options.inputBackend, logger: logger)
        let group = ServiceGroup(
            configuration: .init(
                services: [.init(service: service)],
                gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
        do {
            try await group.run()
        } catch {
            writeToStandardError("animd: \(error)\n")
            return 1
        }
        return 0
    }
}
