import CX11
import Glibc
import UnixSupport
public import BackendThread
public import Gestures
public import Logging

/// The X11 input backend, as the backend runtime runs it: a connection to the display (`X11Session`), opened on
/// the runtime's own thread, since Xlib is not thread-safe. When the server goes away the runtime reports it and
/// reconnects with backoff; X errors are logged, never fatal.
public struct X11SessionOpener: BackendSessionOpener {
    /// `DISPLAY`; nil or empty when none is set.
    public let display: String?
    /// Makes each session's reader of the tablet-mode switch (the daemon's is libinput's); none without it.
    let tabletMode: TabletModeReaderMaker?

    public init(display: String?, tabletMode: TabletModeReaderMaker? = nil) {
        self.display = display.flatMap { $0.isEmpty ? nil : $0 }
        self.tabletMode = tabletMode
    }

    public var kind: InputBackendKind { .x11 }
    public var threadName: String { "animd-x11" }

    /// The X libraries are loaded here, on the X11 backend's thread, and nowhere else (`open` says when they cannot be).
    public func prepareThread() {
        guard animd_x11_load() == nil else { return }
        XErrorTrap.install()
        // Xlib must never exit the daemon when the server dies: report, return, reconnect.
        XSetIOErrorHandler { _ in 0 }
    }

    public func open(plan: InputPlan, logger: Logger, isStopping: @escaping @Sendable () -> Bool) -> Result<any BackendSession, OpenFailure> {
        guard let display else { return .failure(OpenFailure(reason: "no DISPLAY is set", isFinal: true)) }
        if let failure = animd_x11_load() {
            return .failure(OpenFailure(reason: "the X libraries cannot be loaded: \(String(cString: failure))", isFinal: true))
        }
        // Read from the process's environment, as Xlib reads it: `daemon.environment` sets it before the thread starts.
        if let problem = XAuthorityFile.problem(environment: { getenv($0).map { String(cString: $0) } }) {
            return .failure(OpenFailure(reason: "cannot open display \(display): \(problem)"))
        }
        // The server is asked first, for Xlib would wait on a silent one for good; the display is opened while the
        // probe still holds it, for an X server resets when its last client leaves, and an `XOpenDisplay` during the
        // reset failed (the README tour's fresh Xvfb, one time in three). A name xcb cannot parse, or a server that
        // cannot be reached, is Xlib's to refuse, at once.
        var session: X11Session?
        let openDisplay = { session = X11Session(name: display, plan: plan, logger: logger, tabletMode: tabletMode) }
        if let endpoints = XDisplayEndpoints.of(display) {
            let outcome = SocketProbe.ask(endpoints, greeting: Self.setupRequest, isStopping: isStopping, whileConnected: openDisplay)
            if let problem = outcome.problem(of: "the X server") { return .failure(OpenFailure(reason: "cannot open display \(display): \(problem)")) }
            if outcome == .unreachable { openDisplay() }
        } else {
            openDisplay()
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
