import NIOCore

/// What start-up waits on before it says animd is ready: the input backend's first report, or a time limit,
/// whichever comes first. Once a report arrived, waiting succeeds at once. Confined to the event loop.
final class FirstReportWait {
    private let loop: any EventLoop
    private var state = State.awaited(nil)

    private enum State {
        /// No report yet; the promise start-up waits on, once it asked.
        case awaited(EventLoopPromise<Void>?)
        case arrived
    }

    init(loop: any EventLoop) { self.loop = loop }

    /// Succeeds once a report arrived, or after `seconds`.
    func wait(within seconds: Int64) -> EventLoopFuture<Void> {
        guard case let .awaited(waiting) = state else { return loop.makeSucceededVoidFuture() }
        let promise = waiting ?? loop.makePromise()
        state = .awaited(promise)
        let bound = NIOLoopBound(self, eventLoop: loop)
        loop.scheduleTask(in: .seconds(seconds)) { bound.value.timeIsUp() }
        return promise.futureResult
    }

    /// The backend reported: whoever waits goes on, and no one waits again.
    func arrived() {
        if case let .awaited(promise?) = state { promise.succeed() }
        state = .arrived
    }

    private func timeIsUp() {
        guard case let .awaited(promise?) = state else { return }
        promise.succeed()
        state = .awaited(nil)
    }
}
