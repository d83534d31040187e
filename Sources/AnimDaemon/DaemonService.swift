public import AnimConfig
import AnimCore
import AnimProtocol
import BackendThread
import DesktopPortal
public import Logging
import NIOCore
import NIOPosix
public import ServiceLifecycle
import UnixSignals
import UnixSupport
import X11Input

#if canImport(Glibc)
    import Glibc
#endif

/// The daemon as one swift-service-lifecycle `Service`: bind, announce
/// readiness, serve until a graceful shutdown (SIGTERM/SIGINT), reload on
/// SIGHUP, then tell clients and close everything in one path.
public struct DaemonService: Service {
    let listening: ListeningSocket
    let config: LoadedConfig
    let configSource: ConfigSource
    let environment: [String: String]
    /// Clients the descriptor limit leaves room for (DescriptorLimit.room).
    let clientRoom: Int
    /// `animd --input-backend`, over the config's `[input] backend`.
    let backendSetting: BackendSetting
    let logger: Logger

    public init(
        listening: ListeningSocket, config: LoadedConfig, configSource: ConfigSource, environment: [String: String],
        clientRoom: Int, backendOverride: BackendSetting? = nil, logger: Logger
    ) {
        self.listening = listening; self.config = config; self.configSource = configSource
        self.environment = environment; self.clientRoom = clientRoom; self.logger = logger
        backendSetting = backendOverride ?? config.config.input.backend
    }

    /// What must be set in the process before any thread starts, once: the process environment is never changed
    /// after (X11SessionOpener.prepareProcess says why).
    public static func prepareProcess() { X11SessionOpener.prepareProcess() }

    public func run() async throws {
        // Trap SIGHUP before the socket is bound: once a client can see animd, a reload must never be the
        // default action (termination).
        let hangups = await UnixSignalsSequence(trapping: .sighup)
        // One event loop holds every piece of state: the fan-out is plain synchronous writes. It is NIO's
        // singleton group, which animd's main also installs as Swift concurrency's executor (one thread, 1 loop).
        let loop = MultiThreadedEventLoopGroup.singleton.next()
        let notifier = SystemdNotifier(environment: environment)
        // The session's sources (the input backend's thread, the compositor's IPC, the session bus) report into this
        // stream; the core, made next, takes each on its loop (`DaemonCore.apply`).
        let (reports, reporter) = AsyncStream.makeStream(of: SessionReport.self)
        let core = try await makeCore(on: loop, notifier: notifier, reporter: reporter)
        let logger = self.logger
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask {
                for await report in reports { loop.execute { core.value.apply(report) } }
            }
            try await loop.submit { core.value.startInput() }.get()
            await followDesktopMotion(core, on: loop)
            let portal = watchSessionBus(core, on: loop, reporter: reporter)
            defer { portal.stop() }
            try await loop.flatSubmit { core.value.whenInputKnown(within: 2) }.get()
            let server = try await serve(core, on: loop)
            tasks.addTask {
                for await _ in hangups {
                    logger.notice("SIGHUP: reloading the config")
                    _ = try? await loop.submit { _ = core.value.reload() }.get()
                }
            }
            try? await gracefulShutdown()

            notifier.notify("STOPPING=1")
            logger.notice("animd is stopping")
            try? await loop.submit { core.value.stopInput() }.get()
            try? await loop.flatSubmit { core.value.shutdown(reason: "animd is stopping") }.get()
            try? await server.close()
            reporter.finish()
            tasks.cancelAll()
        }
    }

    /// Follows the session bus: the portal's settings and the desktop shell's focus go into the reports; KDE's
    /// `ConfigChanged` has `kdeglobals` read again, on the loop, as the folder's own watch does.
    private func watchSessionBus(
        _ core: NIOLoopBound<DaemonCore>, on loop: any EventLoop, reporter: AsyncStream<SessionReport>.Continuation
    ) -> PortalWatch {
        let kdeglobals = ConfigSource.configFolder(in: environment).map { $0 + "/" + KDEGlobalsWatch.fileName }
        return PortalWatch.start(environment: environment) { news in
            switch news {
            case let .portal(settings): reporter.yield(.portal(settings))
            case let .focus(focus): reporter.yield(.desktopFocus(focus))
            case .kdeglobalsChanged:
                guard let kdeglobals else { return }
                loop.execute { core.value.apply(.kdeglobals(KDEGlobalsWatch.file(at: kdeglobals))) }
            }
        }
    }

    /// Reads KDE's `kdeglobals` and follows it (docs/motion.md); the portal and XSETTINGS have watches of their own. A
    /// folder that cannot be watched leaves the first reading in force, and the log says why.
    private func followDesktopMotion(_ core: NIOLoopBound<DaemonCore>, on loop: any EventLoop) async {
        guard let folder = ConfigSource.configFolder(in: environment) else { return }
        let path = folder + "/" + KDEGlobalsWatch.fileName
        try? await loop.submit { core.value.apply(.kdeglobals(KDEGlobalsWatch.file(at: path))) }.get()
        do {
            _ = try await KDEGlobalsWatch.start(folder: folder, on: loop) { file in core.value.apply(.kdeglobals(file))
            }.get()
        } catch {
            logger.notice(
                "kdeglobals is read once, not followed", metadata: ["folder": "\(folder)", "error": "\(error)"])
        }
    }

    /// Binds (or adopts) the socket, with every accepted client on `loop` itself, not on the group: handlers reach
    /// the core through NIOLoopBound, which traps on any other thread, so the group's thread count must not matter.
    private func serve(_ core: NIOLoopBound<DaemonCore>, on loop: any EventLoop) async throws -> any Channel {
        let logger = self.logger
        let turns = try await loop.flatSubmit {
            let turns = NIOLoopBound(TurnQueue(loop: loop), eventLoop: loop)
            return turns.value.pollPipe(on: loop).map { turns }
        }.get()
        let reserve = try await loop.submit { NIOLoopBound(DescriptorReserve(logger: logger), eventLoop: loop) }.get()
        let bootstrap = ServerBootstrap(group: loop)
            .serverChannelOption(.backlog, value: 256)
            // NIO's accept back-off, which `bind` does not install by itself; the reserve says how long to wait.
            .serverChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(
                        AcceptBackoffHandler(backoffProvider: { reserve.value.wait(after: $0) }))
                }
            }
            .childChannelOption(.writeBufferWaterMark, value: .init(low: 32 * 1024, high: 64 * 1024))
            // A client that sends its requests and closes its side still gets every answer (ClientHandler).
            .childChannelOption(.allowRemoteHalfClosure, value: true)
            .childChannelInitializer { channel in
                guard !reserve.value.refusesNext else { return Self.refuse(channel, reserve: reserve) }
                return Self.admit(channel, core: core, turns: turns, logger: logger)
            }
        let server = try await Self.listen(bootstrap, on: listening)
        try await announceReady(core, on: loop)
        return server
    }

    /// Makes the core on `loop`, with a backend supervisor whose backends report to `reporter`. The backend is
    /// started, and its first report awaited, before the socket is bound, so that no client ever sees the input
    /// status before it is known.
    private func makeCore(
        on loop: any EventLoop, notifier: SystemdNotifier,
        reporter: AsyncStream<SessionReport>.Continuation
    ) async throws -> NIOLoopBound<DaemonCore> {
        let (config, source, logger, clientRoom) = (
            ConfigInForce(self.config), configSource, self.logger, self.clientRoom
        )
        let launcher = BackendLauncher(setting: backendSetting, logger: logger, home: environment["HOME"]) {
            reporter.yield(.backend(generation: $0, $1))
        }
        let session = SessionEnvironment(environment)
        for message in session.refused { logger.warning("ignoring a session variable: \(message)") }
        return try await loop.submit {
            let compositorFocus = CompositorFocusWatch(loop: loop, logger: logger) {
                reporter.yield(.compositorFocus($0))
            }
            let supervisor = BackendSupervisor(
                loop: loop, logger: logger, launcher: launcher, compositorFocus: compositorFocus, session: session)
            let core = DaemonCore(
                loop: loop, config: config, configSource: source, supervisor: supervisor, notifier: notifier,
                logger: logger)
            core.handle(.descriptorRoom(clientRoom))
            core.warnIfInert()
            return NIOLoopBound(core, eventLoop: loop)
        }.get()
    }

    /// READY=1, the watchdog, and the log line that says where animd listens.
    private func announceReady(_ core: NIOLoopBound<DaemonCore>, on loop: any EventLoop) async throws {
        let watchdog = WatchdogSettings(environment: environment, pid: getpid())
        try await loop.submit {
            core.value.systemd.ready(status: core.value.statusLine)
            if let watchdog { core.value.systemd.startWatchdog(watchdog) }
        }.get()
        let activated: String = if case .inherited = listening { "systemd" } else { "animd" }
        logger.notice(
            "animd is listening",
            metadata: [
                "socket": "\(listening.path)", "bound-by": "\(activated)",
                "config": "\(config.layers.joined(separator: " + "))",
            ])
    }

    /// Binds the claimed path with mode 0600 (a restrictive umask, then chmod to
    /// be sure), or adopts the socket systemd bound.
    private static func listen(_ bootstrap: ServerBootstrap, on listening: ListeningSocket) async throws -> any Channel
    {
        switch listening {
        case let .inherited(descriptor, _):
            return try await bootstrap.withBoundSocket(descriptor).get()
        case let .claimed(claim):
            let oldMask = umask(0o177)
            defer { umask(oldMask) }
            let server = try await bootstrap.bind(unixDomainSocketPath: claim.path).get()
            chmod(claim.path, 0o600)
            return server
        }
    }

    /// Tells a client accepted with the reserved descriptor that animd has none left, and closes it; the reserve is
    /// taken back once it is closed.
    private static func refuse(_ channel: any Channel, reserve: NIOLoopBound<DescriptorReserve>) -> EventLoopFuture<
        Void
    > {
        channel.closeFuture.whenComplete { _ in reserve.value.clientRefused() }
        return channel.eventLoop.makeCompletedFuture {
            try channel.pipeline.syncOperations.addHandler(Refusal(DescriptorReserve.refusal))
        }
    }

    /// Refuses peers of another user (SO_PEERCRED), then installs the handler.
    private static func admit(
        _ channel: any Channel, core: NIOLoopBound<DaemonCore>, turns: NIOLoopBound<TurnQueue>,
        logger: Logger
    ) -> EventLoopFuture<Void> {
        guard let provider = channel as? any SocketOptionProvider else {
            return install(on: channel, core: core, turns: turns)
        }
        let credentials: EventLoopFuture<PeerCredentials> = provider.unsafeGetSocketOption(
            level: NIOBSDSocket.OptionLevel(rawValue: SOL_SOCKET), name: NIOBSDSocket.Option(rawValue: SO_PEERCRED))
        return credentials.flatMap { peer in
            guard peer.uid == getuid() else {
                logger.notice(
                    "refusing a peer of another user", metadata: ["uid": "\(peer.uid)", "pid": "\(peer.pid)"])
                return channel.close()
            }
            return install(on: channel, core: core, turns: turns)
        }
    }

    private static func install(on channel: any Channel, core: NIOLoopBound<DaemonCore>, turns: NIOLoopBound<TurnQueue>)
        -> EventLoopFuture<Void>
    {
        channel.eventLoop.makeCompletedFuture {
            try channel.pipeline.syncOperations.addHandler(ClientHandler(core: core, turns: turns))
        }
    }
}

extension DaemonService: CustomStringConvertible {
    /// ServiceLifecycle logs services by description; the default would print the environment.
    public var description: String { "animd(\(listening.path))" }
}
