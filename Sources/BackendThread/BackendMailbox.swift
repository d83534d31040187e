public import Gestures
import Glibc
import Synchronization
import UnixSupport

/// What the event loop hands an input backend's thread, and the thread's life: the plan to apply, touch decisions
/// to answer, a request to stop, the wake-up pipe that says "look", and the signal that the thread has ended.
/// Every call from the loop returns at once; the thread takes what is new when it wakes (`takeNews`).
public final class BackendMailbox: Sendable {
    /// What arrived since the thread last looked.
    public struct News: Sendable {
        public var stopping: Bool
        /// The new plan, if `configure` gave one.
        public var plan: InputPlan?
        public var decisions: [ArenaOutput]
    }

    private struct Contents {
        var plan: InputPlan
        var planChanged = false
        var decisions: [ArenaOutput] = []
        var stopping = false
    }

    private let contents: Mutex<Contents>
    /// A byte means "look at the mailbox".
    public let wakePipe = WakePipe()
    private let exit = ThreadExit()

    public init(plan: InputPlan) { contents = Mutex(Contents(plan: plan)) }

    /// Runs `body` on a thread of its own named `name`; its end is what `waitUntilStopped` waits for.
    public func startThread(named name: String, _ body: @escaping @Sendable () -> Void) {
        let exit = self.exit
        let started = PosixThread.start(named: name) {
            body()
            exit.markExited()
        }
        // A thread that never started has ended as far as anyone waiting for it is concerned.
        if !started { exit.markExited() }
    }

    public func stop() {
        contents.withLock { $0.stopping = true }
        wakePipe.wake()
    }

    public var isStopping: Bool { contents.withLock { $0.stopping } }

    public func waitUntilStopped(seconds: Double) -> Bool { exit.wait(seconds: seconds) }

    public func configure(_ plan: InputPlan) {
        contents.withLock { $0.plan = plan; $0.planChanged = true }
        wakePipe.wake()
    }

    public func post(_ decisions: [ArenaOutput]) {
        contents.withLock { $0.decisions += decisions }
        wakePipe.wake()
    }

    /// The plan to start a session with; what came before it is done with.
    public func takePlan() -> InputPlan {
        contents.withLock { state in
            state.planChanged = false
            state.decisions = []
            return state.plan
        }
    }

    /// What arrived since the last look (the wake-up pipe drained).
    public func takeNews() -> News {
        wakePipe.drain()
        return contents.withLock { state in
            defer { state.planChanged = false; state.decisions = [] }
            return News(stopping: state.stopping, plan: state.planChanged ? state.plan : nil, decisions: state.decisions)
        }
    }

    /// Waits `seconds`, or less when asked to stop; true when stopping.
    public func sleep(_ seconds: Double) -> Bool { wakePipe.sleep(seconds) { self.isStopping } }
}
