import NIOCore

/// The input backend's life, on the shell's side: the supervisor starts and stops it, and the machine takes what
/// that brought about.
extension DaemonCore {
    func launchBackend() { handle(.backend(supervisor.launch(plan: machine.inputPlan))) }

    func stopBackend() { handle(.backend(supervisor.stop())) }

    /// Succeeds once the backend has reported whether its input is on, or after `seconds`, whichever is first:
    /// animd listens only then, so that its first `hello` never says "connecting" when X is there.
    func whenInputKnown(within seconds: Int64) -> EventLoopFuture<Void> { supervisor.whenInputKnown(within: seconds) }
}
