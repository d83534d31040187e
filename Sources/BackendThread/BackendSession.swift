public import Gestures
public import Logging

/// One session of an input backend: an open X connection, or a libinput context with its compositor. The backend
/// runtime waits on its descriptors (`PolledSession`), lets it read what is ready, and hands it the plan and the
/// touch decisions; the session does the reading and the setting up, and nothing else. A session lives on the
/// runtime's thread.
public protocol BackendSession: PolledSession {
    /// Reads what is ready (`ready[i]` is what poll returned for `descriptors[i]`) and what is due at `now`.
    func dispatch(ready: [Int16], now: Double) -> SessionStep
    /// What to intercept from now on.
    func apply(_ plan: InputPlan)
    /// The arena's claims and releases for touches this session reported.
    func allow(_ decisions: [ArenaOutput])
    var info: BackendInfo { get }
    /// The info when it changed since the last call (monitors, devices, what each source can do); nil otherwise.
    func takeInfoChange() -> BackendInfo?
    /// Ends the session; the server or the kernel drops what it held.
    func close()
}

/// What one dispatch brought: input, or the end of the session.
public enum SessionStep {
    case events([InputEvent])
    /// The session's connection is gone (the X server died); the runtime reports it and opens a new one.
    case ended(reason: String)
}

/// Why a session could not be opened.
public struct OpenFailure: Error, Hashable, Sendable {
    public var reason: String
    /// Trying again cannot help (no display was given at all): the runtime reports it and ends.
    public var isFinal: Bool

    public init(reason: String, isFinal: Bool = false) { self.reason = reason; self.isFinal = isFinal }
}

/// What a backend is, for the runtime: how to open its session, and what it reports about itself.
public protocol BackendSessionOpener: Sendable {
    var kind: InputBackendKind { get }
    /// The display (or socket) the backend reads, for the reports.
    var display: String? { get }
    /// The name of the backend's thread, as `top -H` shows it.
    var threadName: String { get }
    /// The sources whose being unavailable is worth a warning in the log.
    var loggedSources: [InputSource] { get }
    /// Opens a session. What it connects to may not answer: any wait is bounded, and ends early once `isStopping`.
    func open(plan: InputPlan, logger: Logger, isStopping: @escaping @Sendable () -> Bool) -> Result<
        any BackendSession, OpenFailure
    >
    /// The decisions its sessions answer; the others never wake the thread.
    func relevant(_ decisions: [ArenaOutput]) -> [ArenaOutput]
}

extension BackendSessionOpener {
    public var loggedSources: [InputSource] { InputSource.allCases }
    public func relevant(_ decisions: [ArenaOutput]) -> [ArenaOutput] { [] }
}
