import AnimCore
import BackendThread
import FocusSources
import Gestures
import Logging
import NIOCore
import NIOPosix

/// Follows the focused window over a Wayland compositor's IPC socket, on the daemon's loop (no thread of its own, no
/// wake-up while nothing changes): sway's (`SWAYSOCK`), or Hyprland's event socket. What each says is read by a pure
/// tracker (`SwayFocusTracker`, `HyprlandFocusTracker`); this only connects, reads and writes. A socket that closes
/// or speaks garbage is reported and tried again, with a backoff, for about a minute; then given up, and the report
/// says so. Loop-confined: every method runs on `loop`.
final class CompositorFocusWatch {
    /// Where the compositor listens.
    enum Endpoint: Hashable {
        case sway(socket: String)
        /// Hyprland's request socket (asked once for the focus at the start) and its event socket.
        case hyprland(requests: String, events: String)

        /// The session's compositor, by the variables it sets: sway's `SWAYSOCK`, Hyprland's instance signature.
        static func of(_ environment: [String: String]) -> Endpoint? {
            if let socket = environment["SWAYSOCK"], !socket.isEmpty { return .sway(socket: socket) }
            // The signature is one file name: SessionEnvironment took only what SessionVariableRules allows.
            if let signature = environment["HYPRLAND_INSTANCE_SIGNATURE"], !signature.isEmpty, !signature.contains("/"),
                let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty
            {
                let folder = runtime + "/hypr/" + signature
                return .hyprland(requests: folder + "/.socket.sock", events: folder + "/.socket2.sock")
            }
            return nil
        }

        var name: String {
            switch self {
            case .sway: "sway's IPC"
            case .hyprland: "Hyprland's event socket"
            }
        }
    }

    private let loop: any EventLoop
    private let logger: Logger
    /// Hands on each new focus, or why none is known; nil once no compositor is followed. The daemon's is a
    /// `SessionReport` into the stream the core takes its sources' reports from.
    private let report: @Sendable (SessionFocus?) -> Void
    private(set) var endpoint: Endpoint?
    private var channel: (any Channel)?
    private var retry: Scheduled<Void>?
    /// The wait before the next try, and the failures in a row (`tries`).
    private var backoff = Backoff(first: 0.25, last: 8)
    /// Counts the connections made; what an older one reports after it was replaced is dropped.
    private var generation = 0

    /// Tries before giving up: about a minute with the backoff above, for a compositor that restarts.
    static let retries = 10

    init(loop: any EventLoop, logger: Logger, report: @escaping @Sendable (SessionFocus?) -> Void) {
        self.loop = loop; self.logger = logger; self.report = report
    }

    /// Follows `endpoint` from now on (nil: none); the same one again changes nothing.
    func follow(_ next: Endpoint?) {
        guard next != endpoint else { return }
        stop()
        endpoint = next
        backoff.reset()
        guard next != nil else { return report(nil) }
        connect()
    }

    func stop() {
        generation += 1
        retry?.cancel()
        retry = nil
        channel?.close(promise: nil)
        channel = nil
        endpoint = nil
    }

    private func connect() {
        guard let endpoint else { return }
        let generation = self.generation
        let bound = NIOLoopBound(self, eventLoop: loop)
        switch endpoint {
        case let .sway(socket):
            var framer = I3IPCFramer(), tracker = SwayFocusTracker()
            open(socket, greeting: tracker.opening(), generation: generation) { bytes in
                let messages = try framer.frames(from: bytes).get()
                var answer: [UInt8] = []
                for message in messages { answer += try tracker.read(message).get() }
                if !messages.isEmpty { bound.value.reported(tracker.focus, generation: generation) }
                return answer
            }
        case let .hyprland(requests, events):
            ask(requests, HyprlandFocusTracker.activeWindowRequest).whenComplete { result in
                let watch = bound.value
                guard watch.generation == generation else { return }
                var tracker = HyprlandFocusTracker()
                switch result.flatMap({ tracker.takeActiveWindow($0).mapError { $0 as any Error } }) {
                case .failure(let error):
                    return watch.lost(FocusSourceError("its request socket: \(error)"), generation: generation)
                case .success: watch.reported(tracker.focus, generation: generation)
                }
                watch.open(events, greeting: [], generation: generation) { bytes in
                    if try tracker.read(bytes).get() { bound.value.reported(tracker.focus, generation: generation) }
                    return []
                }
            }
        }
    }

    /// Connects to a stream socket, writes `greeting`, and hands what comes to `read`, writing what it answers; a
    /// close, or an error `read` throws, is a loss.
    private func open(_ path: String, greeting: [UInt8], generation: Int, read: @escaping ([UInt8]) throws -> [UInt8]) {
        let bound = NIOLoopBound(self, eventLoop: loop)
        let stream = StreamReader(read: read) { error in bound.value.lost(error, generation: generation) }
        let handler = NIOLoopBound(stream, eventLoop: loop)
        ClientBootstrap(group: loop)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture { try channel.pipeline.syncOperations.addHandler(handler.value) }
            }
            .connect(unixDomainSocketPath: path)
            .whenComplete { result in
                let watch = bound.value
                switch result {
                case let .failure(error):
                    watch.lost(FocusSourceError("cannot connect to \(path): \(error)"), generation: generation)
                case let .success(channel):
                    guard watch.generation == generation else { return channel.close(promise: nil) }
                    watch.channel = channel
                    if !greeting.isEmpty { channel.writeAndFlush(ByteBuffer(bytes: greeting), promise: nil) }
                }
            }
    }

    /// How long the request socket has to answer before its connection is closed (and the answer read as it is).
    static let answerTimeout = TimeAmount.seconds(2)

    /// One request on a socket that answers and closes (Hyprland's request socket): the whole answer, bounded in size
    /// and in time.
    private func ask(_ path: String, _ request: [UInt8]) -> EventLoopFuture<[UInt8]> {
        let promise = loop.makePromise(of: [UInt8].self)
        let collector = NIOLoopBound(AnswerCollector(promise: promise), eventLoop: loop)
        ClientBootstrap(group: loop)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(collector.value)
                }
            }
            .connect(unixDomainSocketPath: path)
            .whenComplete { result in
                switch result {
                case let .failure(error): promise.fail(error)
                case let .success(channel):
                    channel.writeAndFlush(ByteBuffer(bytes: request), promise: nil)
                    let timeout = channel.eventLoop.scheduleTask(in: Self.answerTimeout) { channel.close(promise: nil) }
                    channel.closeFuture.whenComplete { _ in timeout.cancel() }
                }
            }
        return promise.futureResult
    }

    private func reported(_ focus: SessionFocus, generation: Int) {
        guard generation == self.generation else { return }
        if case .known = focus { backoff.reset() }
        report(focus)
    }

    /// The connection failed or closed: report why, and try again after the backoff, or give up.
    private func lost(_ error: FocusSourceError, generation: Int) {
        guard generation == self.generation, let endpoint else { return }
        self.generation += 1
        channel?.close(promise: nil)
        channel = nil
        guard backoff.tries < Self.retries else {
            logger.warning("focus: \(endpoint.name) given up", metadata: ["error": "\(error)"])
            // Forgotten, so that the same endpoint named again (`animctl environment`) is tried afresh.
            self.endpoint = nil
            return report(
                .unknown(
                    reason: "\(endpoint.name) failed \(Self.retries) times (\(error)); given up: "
                        + "`animctl environment` or a restart of animd tries again"))
        }
        logger.notice("focus: \(endpoint.name) lost; trying again", metadata: ["error": "\(error)"])
        report(.unknown(reason: "\(endpoint.name) is lost (\(error)); trying again"))
        let bound = NIOLoopBound(self, eventLoop: loop)
        retry = loop.scheduleTask(in: .milliseconds(Int64(backoff.next() * 1000))) { bound.value.connect() }
    }
}

/// Hands each read's bytes to `read` and writes its answer; a close or an error is `lost`, once. NIO's events are
/// taken one at a time (`Inbox`): a write that fails reads the socket and closes it from inside the write.
private final class StreamReader: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private enum Event {
        case bytes(ByteBuffer)
        case failed(FocusSourceError)
    }

    private let read: ([UInt8]) throws -> [UInt8]
    private var lost: ((FocusSourceError) -> Void)?
    private var inbox = Inbox<Event>()

    init(read: @escaping ([UInt8]) throws -> [UInt8], lost: @escaping (FocusSourceError) -> Void) {
        self.read = read; self.lost = lost
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) { post(.bytes(Self.unwrapInboundIn(data)), context) }

    func channelInactive(context: ChannelHandlerContext) {
        post(.failed(FocusSourceError("the socket closed")), context)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        post(.failed(FocusSourceError("\(error)")), context)
    }

    private func post(_ event: Event, _ context: ChannelHandlerContext) {
        inbox.post(event)
        guard inbox.beginTaking() else { return }
        while let event = inbox.next() { handle(event, context) }
    }

    private func handle(_ event: Event, _ context: ChannelHandlerContext) {
        guard lost != nil else { return }
        switch event {
        case let .bytes(buffer):
            do {
                let answer = try read(Array(buffer.readableBytesView))
                if !answer.isEmpty {
                    context.writeAndFlush(Self.wrapOutboundOut(ByteBuffer(bytes: answer)), promise: nil)
                }
            } catch {
                end(error as? FocusSourceError ?? FocusSourceError("\(error)"), context)
            }
        case let .failed(error):
            end(error, context)
        }
    }

    /// Reports the loss once, and closes the socket; nothing it sends afterwards is read.
    private func end(_ error: FocusSourceError, _ context: ChannelHandlerContext) {
        let report = lost
        lost = nil
        context.close(promise: nil)
        report?(error)
    }
}

/// Gathers a whole answer until the other end closes, at most `limit` bytes.
private final class AnswerCollector: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer

    /// Completed once: by the other end's close, or by the first error.
    private var promise: EventLoopPromise<[UInt8]>?
    private var answer: [UInt8] = []
    static let limit = 1 << 20

    init(promise: EventLoopPromise<[UInt8]>) { self.promise = promise }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        answer += Self.unwrapInboundIn(data).readableBytesView
        if answer.count > Self.limit { fail(FocusSourceError("an answer past \(Self.limit >> 20) MiB"), context) }
    }

    func channelInactive(context: ChannelHandlerContext) {
        promise?.succeed(answer)
        promise = nil
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) { fail(error, context) }

    private func fail(_ error: any Error, _ context: ChannelHandlerContext) {
        promise?.fail(error)
        promise = nil
        context.close(promise: nil)
    }
}
