/// UIPercentDrivenInteractiveTransition over an `Animator` (MOTION.md §3).
///
/// The leg starts paused at 0; `update` scrubs linearly; `finish` runs the
/// remaining (1 − p)·D / completionSpeed and `cancel` reverses and runs
/// p·D / completionSpeed. A spring completion takes the release velocity.
public struct InteractiveLeg: Hashable, Sendable {
    public private(set) var animator: Animator
    public var completionSpeed: Double
    /// The completion curve; nil keeps the animator's own timing.
    public var completionTiming: TimingSpec?

    public init(duration: Double, timing: TimingSpec, completionSpeed: Double = 1, completionTiming: TimingSpec? = nil, at time: Double) {
        animator = Animator(duration: duration, timing: timing)
        self.completionSpeed = completionSpeed
        self.completionTiming = completionTiming
        // An inactive animator can always be paused.
        try? animator.pauseAnimation(at: time)
    }

    public func percentComplete(at time: Double) -> Double { animator.fractionComplete(at: time) }

    public mutating func update(_ percent: Double, at time: Double) throws(AnimatorError) {
        if animator.isRunning { try animator.pauseAnimation(at: time) }
        try animator.setFractionComplete(percent, at: time)
    }

    /// - velocity: value per second toward the end state.
    public mutating func finish(velocity: Double? = nil, at time: Double) throws(AnimatorError) {
        let percent = animator.fractionComplete(at: time)
        try animator.continueAnimation(timing: completionTiming, durationFactor: factor(for: 1 - percent), velocity: velocity, at: time)
    }

    /// - velocity: value per second toward the end state (negative when moving back).
    public mutating func cancel(velocity: Double? = nil, at time: Double) throws(AnimatorError) {
        let percent = animator.fractionComplete(at: time)
        try animator.setReversed(true, at: time)
        try animator.continueAnimation(timing: completionTiming, durationFactor: factor(for: percent), velocity: velocity, at: time)
    }

    public mutating func advance(to time: Double) -> AnimatingPosition? { animator.advance(to: time) }

    /// A zero remainder would mean "natural remainder" to the animator, so keep it positive.
    private func factor(for remainder: Double) -> Double {
        max(remainder, 1e-9) / completionSpeed
    }
}
