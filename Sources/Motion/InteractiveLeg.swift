/// UIPercentDrivenInteractiveTransition over an `Animator` (MOTION.md §3):
/// the one implementation of percent-driven completion, which the engine's
/// released and commanded legs use too.
///
/// The leg starts paused at `value` (0 unless given); `update` scrubs
/// linearly; `finish` runs the remaining (1 − p)·D / completionSpeed and
/// `cancel` reverses and runs p·D / completionSpeed. A spring completion takes
/// the release velocity.
public struct InteractiveLeg: Hashable, Sendable {
    /// The shortest completion, as a share of the duration: a leg released at
    /// (or, rubber-banded, beyond) its end still animates visibly instead of
    /// jumping there in one frame.
    public static let minimumRemainder = 0.05

    public private(set) var animator: Animator
    public var completionSpeed: Double
    /// The completion curve; nil keeps the animator's own timing.
    public var completionTiming: TimingSpec?

    /// - value: where the leg starts, 0 = start state, 1 = end state. Values
    ///   outside [0, 1] (after rubber-banding) are kept; `update` clamps.
    public init(
        duration: Double, timing: TimingSpec, completionSpeed: Double = 1, completionTiming: TimingSpec? = nil,
        value: Double = 0, at time: Double
    ) {
        animator = Animator(duration: duration, timing: timing, value: value)
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

    /// Points the paused leg back at its start without running it, so that it
    /// reports its heading (a client's `begin` toward the snap it rests at).
    public mutating func pauseHeadingBack(at time: Double) throws(AnimatorError) {
        try animator.setReversed(true, at: time)
    }

    /// - velocity: value per second toward the end state.
    public mutating func finish(velocity: Double? = nil, at time: Double) throws(AnimatorError) {
        let value = animator.value(at: time)
        try animator.setReversed(false, at: time)
        try animator.continueAnimation(
            timing: completionTiming, durationFactor: factor(forDistance: abs(1 - value)),
            velocity: velocity, at: time)
    }

    /// - velocity: value per second toward the end state (negative when moving back).
    public mutating func cancel(velocity: Double? = nil, at time: Double) throws(AnimatorError) {
        let value = animator.value(at: time)
        try animator.setReversed(true, at: time)
        try animator.continueAnimation(
            timing: completionTiming, durationFactor: factor(forDistance: abs(value)),
            velocity: velocity, at: time)
    }

    public mutating func advance(to time: Double) -> AnimatingPosition? { animator.advance(to: time) }

    /// The remaining way over the speed; never zero, which the animator would take as "the natural remainder".
    private func factor(forDistance distance: Double) -> Double {
        max(distance, Self.minimumRemainder) / completionSpeed
    }
}
