public import Gestures
import NIOConcurrencyHelpers

/// What the event loop leaves for an input backend's thread: the plan to apply and the touch decisions to answer.
/// Posting never blocks; the thread takes what is new when its `SessionThread` wakes it (`takeNews`).
///
/// Under NIO's lock, a pthread mutex, rather than Synchronization's `Mutex`: ThreadSanitizer sees a pthread mutex
/// whole, but not `Mutex`'s wait in a futex when contended, and reported the loop's post and this thread's take as a
/// race that was none (a CI rehearsal, 2026-11-28; docs/reliability.md).
public final class BackendMailbox: Sendable {
    /// What arrived since the thread last looked.
    public struct News: Sendable {
        /// The new plan, if `configure` gave one.
        public var plan: InputPlan?
        public var decisions: [ArenaOutput]
    }

    private struct Contents {
        var plan: InputPlan
        var planChanged = false
        var decisions: [ArenaOutput] = []
    }

    private let contents: NIOLockedValueBox<Contents>

    public init(plan: InputPlan) { contents = NIOLockedValueBox(Contents(plan: plan)) }

    public func configure(_ plan: InputPlan) {
        contents.withLockedValue {
            $0.plan = plan; $0.planChanged = true
        }
    }

    public func post(_ decisions: [ArenaOutput]) {
        contents.withLockedValue { $0.decisions += decisions }
    }

    /// The plan to start a session with; what came before it is done with.
    public func takePlan() -> InputPlan {
        contents.withLockedValue { state in
            state.planChanged = false
            state.decisions = []
            return state.plan
        }
    }

    /// What arrived since the last look.
    public func takeNews() -> News {
        contents.withLockedValue { state in
            defer { state.planChanged = false; state.decisions = [] }
            return News(plan: state.planChanged ? state.plan : nil, decisions: state.decisions)
        }
    }
}
