public import BackendThread
import CX11
public import Gestures
import Glibc
public import Logging
import UnixSupport

/// The X11 input backend, as the backend runtime runs it: a connection to the display (`X11Session`), opened on
/// the runtime's own thread, since Xlib is not thread-safe. When the server goes away the runtime reports it and
/// reconnects with backoff; X errors are logged, never fatal.
public struct X11SessionOpener: BackendSessionOpener {
    /// `DISPLAY`; nil or empty when none is set.
    public let display: String?
    /// `XAUTHORITY` and `HOME`, as the session gives them: the file the display's cookie is read from.
    let xauthority: String?
    let home: String?
    /// Makes each session's reader of the tablet-mode switch (the daemon's is libinput's); none without it.
    let tabletMode: TabletModeReaderMaker?

    public init(display: String?, xauthority: String?, home: String?, tabletMode: TabletModeReaderMaker? = nil) {
        self.display = display.flatMap { $0.isEmpty ? nil : $0 }
        self.xauthority = xauthority
        self.home = home
        self.tabletMode = tabletMode
    }

    public var kind: InputBackendKind { .x11 }
    public var threadName: String { "animd-x11" }

    /// One X connection is made at a time in animd: Xlib holds its process-wide lock while it connects.
    private static let connecting = OneAtATime()

    /// Points Xlib's own reading of an authority file at an empty one, once, before any thread runs: animd hands it
    /// the cookie it found for each connection (`XSetAuthorization`), and where it found none, Xlib must send none
    /// rather than read a file of the environment animd started with. So the process environment never changes
    /// while threads run (issue 57); commands animd runs get the session's own `XAUTHORITY`.
    public static func prepareProcess() { setenv("XAUTHORITY", "/dev/null", 1) }

    public func open(plan: InputPlan, logger: Logger, isStopping: @escaping @Sendable () -> Bool) -> Result<
        any BackendSession, OpenFailure
    > {
        guard let display else { return .failure(OpenFailure(reason: "no DISPLAY is set", isFinal: true)) }
        if let failure = animd_x11_load() {
            return .failure(
                OpenFailure(reason: "the X libraries cannot be loaded: \(String(cString: failure))", isFinal: true))
        }
        let cookie: XAuthorityEntry?
        switch XAuthorityFile.cookie(
            forDisplay: XDisplayEndpoints.localNumber(of: display) ?? -1, hostname: XAuthorityFile.hostname,
            xauthority: xauthority, home: home)
        {
        case let .success(found): cookie = found
        case let .failure(problem): return .failure(OpenFailure(reason: "cannot open display \(display): \(problem)"))
        }
        let opened = Self.connecting.run(isStopping: isStopping) {
            Self.installHandlers
            Self.hand(cookie)
            return connect(to: display, plan: plan, logger: logger, isStopping: isStopping)
        }
        return opened ?? .failure(OpenFailure(reason: "cannot open display \(display): animd is stopping this backend"))
    }

    /// Xlib's error handlers, process-wide, set once: X errors are collected, never fatal, and the server's death
    /// never exits the daemon (report, return, reconnect).
    private static let installHandlers: Void = {
        XErrorTrap.install()
        XSetIOErrorHandler { _ in 0 }
    }()

    /// The cookie for the next connection; without one, Xlib reads the empty file `prepareProcess` named.
    private static func hand(_ cookie: XAuthorityEntry?) {
        guard var cookie else { return XSetAuthorization(nil, 0, nil, 0) }
        cookie.name.withUnsafeMutableBytes { name in
            cookie.data.withUnsafeMutableBytes { data in
                XSetAuthorization(
                    name.baseAddress?.assumingMemoryBound(to: CChar.self), Int32(name.count),
                    data.baseAddress?.assumingMemoryBound(to: CChar.self), Int32(data.count))
            }
        }
    }

    /// The server is asked first, for Xlib would wait on a silent one for good; the display is opened while the probe
    /// still holds it, for an X server resets when its last client leaves, and an `XOpenDisplay` during the reset
    /// failed (the README tour's fresh Xvfb, one time in three). A server can answer the probe and not Xlib's own
    /// connection: the session is then made against a deadline (`ConnectDeadline`). A name xcb cannot parse, or a
    /// server that cannot be reached, is Xlib's to refuse, at once.
    private func connect(
        to display: String, plan: InputPlan, logger: Logger,
        isStopping: () -> Bool
    ) -> Result<any BackendSession, OpenFailure> {
        let endpoints = XDisplayEndpoints.of(display) ?? []
        var session: X11Session?
        var silent = false
        let openDisplay = {
            let made = ConnectDeadline.run(within: SocketProbe.answerBound, toward: endpoints) {
                X11Session(name: display, plan: plan, logger: logger, tabletMode: tabletMode)
            }
            if made.expired {
                made.result?.close()
                silent = true
            } else {
                session = made.result
            }
        }
        if !endpoints.isEmpty {
            let outcome = SocketProbe.ask(
                endpoints, greeting: Self.setupRequest, isStopping: isStopping, whileConnected: openDisplay)
            if let problem = outcome.problem(of: "the X server") {
                return .failure(OpenFailure(reason: "cannot open display \(display): \(problem)"))
            }
            if outcome == .unreachable { openDisplay() }
        } else {
            openDisplay()
        }
        if silent {
            return .failure(
                OpenFailure(
                    reason: "cannot open display \(display): the X server answered animd's probe but did not set up "
                        + "its connection within \(SocketProbe.answerBound) s"))
        }
        guard let session else { return .failure(OpenFailure(reason: "cannot open display \(display)")) }
        return .success(session)
    }

    /// The X connection's setup request (X11 protocol, "Connection Setup"): little-endian byte order, protocol 11.0,
    /// no authorization; the server answers it with Success, Failed or Authenticate, and any answer will do.
    static let setupRequest: [UInt8] = [0x6C, 0, 11, 0, 0, 0, 0, 0, 0, 0, 0, 0]

    /// Only touch sequences have an ownership to answer; the others do not wake the X thread.
    public func relevant(_ decisions: [ArenaOutput]) -> [ArenaOutput] {
        decisions.filter { decision in
            switch decision {
            case .claimed(_, .touch, _), .released(_, .touch, _): true
            default: false
            }
        }
    }
}
