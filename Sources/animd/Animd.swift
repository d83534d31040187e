import AnimDaemon
import AnimProtocol
public import ArgumentParser
import Glibc
import Logging
import NIOCore
import NIOPosix
import ServiceLifecycle
import UnixSupport
import AnimConfig

/// The entry point. Before anything async runs, Swift concurrency's jobs go to NIO's event loop instead of
/// libdispatch's global pool, whose first job would arm a worker-pool monitor that wakes the process every
/// second for ever (docs/performance.md, idle). One loop thread serves both, so animd sleeps when nothing
/// happens. Then ArgumentParser's own `main` parses and runs the command.
@main
enum AnimdMain {
    static func main() async {
        NIOSingletons.groupLoopCountSuggestion = 1
        NIOSingletons.unsafeTryInstallSingletonPosixEventLoopGroupAsConcurrencyGlobalExecutor()
        await Animd.main()
    }
}

struct Animd: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "animd",
        abstract: "Interactive, interruptible transitions for the Linux desktop, as a service.",
        discussion: """
        animd runs edge-swipe and pan recognizers over touch and pointer input and drives named, shared \
        transitions; clients subscribe on a Unix socket and receive every frame. Input comes from X on an X11 \
        session (XInput2 touch, edge pressure through pointer barriers, opt-in edge-strip drags, touchpad \
        gestures), from libinput on a Wayland session or the console ([input] backend, or --input-backend), \
        and from input.inject (animctl inject). Without a display the X backend keeps trying, and everything \
        else works; animctl environment passes in a display that appears later.

        The config is the user's file laid over the embedded default, key by key; SIGHUP reloads it, and \
        SIGTERM stops animd gracefully.
        """,
        version: AnimdVersion.current
    )

    @Option(help: "The Unix socket to listen on.")
    var socket: String?

    @Option(help: "The config file (TOML), laid over the embedded default unless it says defaults = false.")
    var config: String?

    @Flag(name: .shortAndLong, help: "Log what happens (connections, reloads, input); the default logs only notices.")
    var verbose = false

    @Flag(help: "Check the config, print its errors, and exit.")
    var checkConfig = false

    @Option(help: "The input backend, over the config's [input] backend: auto (libinput on a Wayland session or the console, X11 on an X11 session), x11 or libinput.")
    var inputBackend: BackendSetting?

    func run() async throws {
        IgnoredSignals.ignore()
        let environment = ProcessEnvironment.current
        let level: Logger.Level = verbose ? .debug : .notice
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        let logger = Logger(label: "animd")
        let source = ConfigSource(explicitPath: config, environment: environment)
        let loaded: LoadedConfig
        switch source.load() {
        case let .success(config):
            loaded = config
        case let .failure(error):
            writeToStandardError("animd: invalid config\n\(error)\n")
            throw ExitCode(78)  // EX_CONFIG
        }
        if checkConfig {
            let config = loaded.config
            print("\(loaded.layers.joined(separator: " + ")): ok, \(config.transitions.count) transitions, \(config.bindings.count) bindings")
            return
        }
        let listening: ListeningSocket
        if let activated = ListeningSocket.fromSystemd(environment: environment) {
            listening = activated
        } else {
            do {
                listening = .claimed(try SocketClaim(path: socket ?? SocketPath.resolve(environment: environment, uid: getuid())))
            } catch {
                writeToStandardError("animd: \(error)\n")
                throw ExitCode.failure
            }
        }
        defer { listening.release() }
        let descriptors = DescriptorLimit.raise(toHold: loaded.config.daemon.maxClients, logger: logger)
        let service = DaemonService(listening: listening, config: loaded, configSource: source, environment: environment,
                                    clientRoom: DescriptorLimit.room(descriptors), backendOverride: inputBackend, logger: logger)
        let group = ServiceGroup(configuration: .init(services: [.init(service: service)],
                                                      gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
        do {
            try await group.run()
        } catch {
            writeToStandardError("animd: \(error)\n")
            throw ExitCode.failure
        }
    }
}

extension BackendSetting: ExpressibleByArgument {}
