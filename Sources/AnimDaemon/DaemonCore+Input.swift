import NIOCore

/// The input backend's life, on the shell's side: the machine decides when it starts and stops, the supervisor
/// carries that out, and the machine takes what it brought about.
extension DaemonCore {
    /// The session starts, as animd found it: the machine launches its backend.
    func startInput() { handle(.startInput(supervisor.session, setting: supervisor.setting)) }

    /// animd stops: the machine stops the backend, before the clients are told.
    func stopInput() { handle(.stopInput) }

    /// Succeeds once the backend has reported whether its input is on, or after `seconds`, whichever is first:
    /// animd listens only then, so that its first `hello` never says "connecting" when X is there.
    func whenInputKnown(within seconds: Int64) -> EventLoopFuture<Void> { supervisor.whenInputKnown(within: seconds) }
}
