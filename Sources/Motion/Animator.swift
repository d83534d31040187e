/// Where an animation ended, as UIViewAnimatingPosition.
public enum AnimatingPosition: String, Hashable, Sendable, CaseIterable {
    case end, start, current
}

/// UIViewAnimatingState.
public enum AnimatorState: String, Hashable, Sendable {
    case inactive, active, stopped
}

/// An operation the animator refuses in its current state.
public struct AnimatorError: Error, Hashable, Sendable, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}

/// A pure UIViewPropertyAnimator over one value, 0 at the start state and 1
/// at the end state (MOTION.md §2).
///
/// The animator never reads a clock: every call takes the time as a value, and
/// `advance(to:)` reports a natural completion. `deadline` tells the caller when
/// to call it next.
public struct Animator: Hashable, Sendable {
    public let duration: Double
    public private(set) var timing: TimingSpec
    /// At a natural end, stay active and paused instead of completing.
    public var pausesOnCompletion = false
    public private(set) var isReversed = false
    private var phase: Phase

    private enum Phase: Hashable, Sendable {
        case inactive(value: Double)
        case running(AnimationRun)
        /// `run` is the frozen leg to resume; nil after a scrub or before any start.
        case paused(value: Double, run: AnimationRun?)
        case stopped(value: Double)
    }

    public init(duration: Double, timing: TimingSpec, value: Double = 0) {
        self.duration = duration
        self.timing = timing
        phase = .inactive(value: value)
    }

    public var state: AnimatorState {
        switch phase {
        case .inactive: .inactive
        case .running, .paused: .active
        case .stopped: .stopped
        }
    }

    public var isRunning: Bool {
        if case .running = phase { return true }
        return false
    }

    /// When the running leg reaches its end; nil unless running.
    public var deadline: Double? {
        if case let .running(run) = phase { return run.deadline }
        return nil
    }

    /// The presentation value: 0 = start state, 1 = end state; springs may overshoot.
    public func value(at time: Double) -> Double {
        switch phase {
        case let .inactive(value), let .paused(value, _), let .stopped(value): value
        case let .running(run): run.value(at: time)
        }
    }

    /// d(value)/dt of the presentation value; 0 unless running.
    public func velocity(at time: Double) -> Double {
        if case let .running(run) = phase { return run.velocity(at: time) }
        return 0
    }

    /// How the presentation value moves until the next call that changes it, mapped to progress by
    /// `progress = base + scale · value`: the running leg's curve, or `.driven` while not running.
    public func motion(base: Double, scale: Double) -> LegMotion {
        if case let .running(run) = phase { return run.motion(base: base, scale: scale) }
        return .driven
    }

    /// fractionComplete, measured along the direction of travel.
    public func fractionComplete(at time: Double) -> Double {
        let value = value(at: time)
        return isReversed ? 1 - value : value
    }

    // MARK: - Control

    public mutating func startAnimation(at time: Double) throws(AnimatorError) {
        switch phase {
        case .stopped:
            throw AnimatorError("a stopped animator cannot be started; finish it first")
        case .running:
            return
        case let .paused(_, run?):
            phase = .running(run.resumed(at: time))
        case let .inactive(value), let .paused(value, nil):
            // UIKit applies a spring's initialVelocity when the animator starts.
            phase = .running(makeRun(from: value, velocity: specVelocity(from: value), durationFactor: 0, at: time))
        }
    }

    /// A spring spec's own velocity as a value velocity from `value`; 0 for cubic timing.
    private func specVelocity(from value: Double) -> Double {
        guard case let .spring(spring) = timing else { return 0 }
        return spring.velocity * ((isReversed ? 0.0 : 1.0) - value)
    }

    /// Pausing a running animator freezes it at its presentation value.
    public mutating func pauseAnimation(at time: Double) throws(AnimatorError) {
        switch phase {
        case .stopped:
            throw AnimatorError("a stopped animator cannot be paused")
        case let .inactive(value):
            phase = .paused(value: value, run: nil)
        case let .running(run):
            phase = .paused(value: run.value(at: time), run: run.frozen(at: time))
        case .paused:
            return
        }
    }

    /// Sets fractionComplete (clamped to [0, 1]) as a linear scrub. Only while
    /// paused or inactive; an inactive animator becomes active and paused.
    public mutating func setFractionComplete(_ fraction: Double, at time: Double) throws(AnimatorError) {
        switch phase {
        case .running:
            throw AnimatorError("fractionComplete can only be set while paused or inactive")
        case .stopped:
            throw AnimatorError("a stopped animator cannot be scrubbed")
        case .inactive, .paused:
            let clamped = min(max(fraction, 0), 1)
            phase = .paused(value: isReversed ? 1 - clamped : clamped, run: nil)
        }
    }

    /// Flips the direction of travel without moving the presentation value.
    /// A running cubic leg retraces its own path back to the start.
    public mutating func setReversed(_ reversed: Bool, at time: Double) throws(AnimatorError) {
        if case .stopped = phase { throw AnimatorError("a stopped animator cannot be reversed") }
        guard reversed != isReversed else { return }
        isReversed = reversed
        switch phase {
        case let .running(run):
            phase = .running(reversedRun(run, velocity: run.velocity(at: time), at: time))
        case let .paused(value, run?):
            phase = .paused(
                value: value, run: reversedRun(run.resumed(at: time), velocity: 0, at: time).frozen(at: time))
        case .inactive, .paused, .stopped:
            return
        }
    }

    /// Continues toward the end of travel, optionally with new timing.
    ///
    /// - durationFactor > 0: a cubic leg takes exactly durationFactor·duration;
    ///   0: the natural remainder (1 − fractionComplete)·duration. A spring runs
    ///   to its own settling time.
    /// - velocity (value per second): handed to a spring; defaults to the spec's
    ///   own velocity, else to the current presentation velocity.
    public mutating func continueAnimation(
        timing newTiming: TimingSpec? = nil, durationFactor: Double = 0, velocity: Double? = nil, at time: Double
    ) throws(AnimatorError) {
        if case .stopped = phase { throw AnimatorError("a stopped animator cannot be continued; finish it first") }
        guard durationFactor >= 0, durationFactor.isFinite else { throw AnimatorError("durationFactor must be ≥ 0") }
        if let newTiming { timing = newTiming }
        let value = value(at: time)
        let handedVelocity: Double
        if let velocity {
            handedVelocity = velocity
        } else if case let .spring(spring) = timing, spring.velocity != 0 {
            handedVelocity = specVelocity(from: value)
        } else {
            handedVelocity = self.velocity(at: time)
        }
        phase = .running(makeRun(from: value, velocity: handedVelocity, durationFactor: durationFactor, at: time))
    }

    /// Stops in place. Without finishing, the animator becomes inactive with no
    /// completion; otherwise it waits in `stopped` for `finishAnimation(at:)`.
    public mutating func stopAnimation(withoutFinishing: Bool, at time: Double) throws(AnimatorError) {
        switch phase {
        case .inactive: throw AnimatorError("an inactive animator cannot be stopped")
        case .stopped: throw AnimatorError("the animator is already stopped")
        case .running, .paused:
            let value = value(at: time)
            phase = withoutFinishing ? .inactive(value: value) : .stopped(value: value)
        }
    }

    /// Finishes a stopped animator at a position and reports the completion.
    public mutating func finishAnimation(at position: AnimatingPosition, at time: Double) throws(AnimatorError)
        -> AnimatingPosition
    {
        guard case let .stopped(value) = phase else {
            throw AnimatorError("finish is only allowed after stop(withoutFinishing: false)")
        }
        switch position {
        case .start: phase = .inactive(value: 0)
        case .end: phase = .inactive(value: 1)
        case .current: phase = .inactive(value: value)
        }
        return position
    }

    /// Moves time forward. Returns the completion position when the running
    /// leg ended at or before `time` (nil with pausesOnCompletion).
    public mutating func advance(to time: Double) -> AnimatingPosition? {
        guard case let .running(run) = phase, time >= run.deadline else { return nil }
        let final = run.finalValue
        if pausesOnCompletion {
            phase = .paused(value: final, run: nil)
            return nil
        }
        phase = .inactive(value: final)
        return isReversed ? .start : .end
    }

    // MARK: - Legs

    private func reversedRun(_ run: AnimationRun, velocity: Double, at time: Double) -> AnimationRun {
        if run.isFullCubic {
            var retrace = run.frozen(at: time)
            retrace.rate = -retrace.rate
            return retrace
        }
        // A partial leg or a spring cannot retrace to the far end: start a new
        // leg from the same value and velocity, so nothing jumps.
        return makeRun(from: run.value(at: time), velocity: velocity, durationFactor: 0, at: time)
    }

    /// A new leg from `value` toward the end of travel with the current timing.
    private func makeRun(from value: Double, velocity: Double, durationFactor: Double, at time: Double) -> AnimationRun
    {
        let target = isReversed ? 0.0 : 1.0
        let fraction = isReversed ? 1 - value : value
        switch timing {
        case let .spring(spec):
            guard abs(target - value) > 1e-12 else { return arrived(at: value, time: time) }
            let spring = spec.curve.withInitialVelocity(SpringCurve.relativeVelocity(velocity, from: value, to: target))
            return AnimationRun(
                path: .spring(spring, from: value, to: target, settle: spring.settlingTime()),
                startU: 0, startTime: time, rate: 1)
        default:
            let curve = timing.cubic ?? .linear
            let remaining = durationFactor > 0 ? durationFactor * duration : (1 - fraction) * duration
            guard remaining > 0 else { return arrived(at: target, time: time) }
            // Resume at the point of the curve that shows the same value (no jump).
            if (0...1).contains(value), let x = curve.firstX(showing: value) {
                let span = isReversed ? -x : 1 - x
                guard span != 0 else { return arrived(at: target, time: time) }
                return AnimationRun(
                    path: .cubic(curve, from: 0, to: 1), startU: x, startTime: time, rate: span / remaining)
            }
            return AnimationRun(
                path: .cubic(curve, from: value, to: target), startU: 0, startTime: time, rate: 1 / remaining)
        }
    }

    /// A run that has already reached `value`.
    private func arrived(at value: Double, time: Double) -> AnimationRun {
        AnimationRun(path: .cubic(.linear, from: value, to: value), startU: 1, startTime: time, rate: 1)
    }
}
