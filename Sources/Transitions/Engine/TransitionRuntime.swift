import Gestures
import Motion
import TransitionModel

/// One transition's live state: idle somewhere, or in a leg driven by a
/// finger or by an animator. A leg is one began … ended pair on the wire.
struct TransitionRuntime: Sendable {
    var config: TransitionConfig
    var seq = 0
    /// The snap it rests at or last rested at.
    var snap: Int
    var phase: Phase
    /// What the desktop wants of completions (reduced motion, a duration factor); the engine keeps it current.
    var motionPolicy = MotionPolicy.full
    /// The motion last sent in a `began` or `leg` event, so that a `leg` event goes out only when the motion changes.
    private var announcedMotion: LegMotion?

    enum Phase: Sendable {
        /// At rest; off a snap only after `stop(withoutFinishing: true)` or `finish(at: current)`.
        case idle(progress: Double)
        case leg(Leg)
    }

    init(config: TransitionConfig) {
        self.config = config
        snap = config.initialSnap
        phase = .idle(progress: Double(config.initialSnap))
    }

    var leg: Leg? {
        if case let .leg(leg) = phase { return leg }
        return nil
    }

    /// Whether a leg is under way, without copying it out (`leg != nil` copies the leg, every step).
    var isInLeg: Bool {
        if case .leg = phase { return true }
        return false
    }

    func progress(at time: Double) -> Double {
        switch phase {
        case let .idle(progress): progress
        case let .leg(leg): leg.progress(at: time)
        }
    }

    func velocity(at time: Double) -> Double {
        switch phase {
        case .idle: 0
        case let .leg(leg): leg.velocity(at: time)
        }
    }

    var isFingerDriven: Bool {
        if case .finger = leg?.drive { return true }
        return false
    }

    var isRunning: Bool {
        if case let .animator(animator) = leg?.drive { return animator.isRunning }
        return false
    }

    /// The current leg's motion as clients evaluate it; nil while idle.
    var motion: LegMotion? { leg?.motion }

    /// The `began` of the leg just set up, carrying its motion.
    mutating func began(cause: LegCause, at time: Double) -> EngineEvent {
        let motion = self.motion ?? .driven
        announcedMotion = motion
        return .began(nextSnapshot(at: time), cause: cause, leg: motion)
    }

    /// The frame after a change to the leg (every command and gesture step that keeps a leg publishes one),
    /// preceded by a `leg` event when the motion is no longer the one last announced (resumed, reversed,
    /// continued, paused, scrubbed, released), so that a client evaluating legs has the new motion before the
    /// frame. A change published some other way would leave frames that disagree with the announced leg, which
    /// `EnginePropertyTests` checks on every frame.
    mutating func frameAfterChange(at time: Double, into output: inout EngineOutput) {
        if let motion, motion != announcedMotion {
            announcedMotion = motion
            output.events.append(.leg(nextSnapshot(at: time), motion))
        }
        output.events.append(.progress(nextSnapshot(at: time)))
    }

    /// Takes the next sequence number and describes the transition with it.
    mutating func nextSnapshot(at time: Double) -> TransitionSnapshot {
        seq += 1
        return snapshot(at: time)
    }

    func snapshot(at time: Double) -> TransitionSnapshot {
        let progress = progress(at: time)
        var from = snap, to = snap, target = snap, fraction = 0.0
        var phaseName = TransitionPhase.idle
        if let leg {
            switch leg.drive {
            case let .finger(finger):
                from = finger.origin
                // The snap ahead of the finger; at its origin (as it begins, or pushed past an end) the leg's heading.
                let ahead = snapIndex(
                    progress, in: 0...config.lastSnap, rounding: progress >= Double(from) ? .up : .down)
                to = ahead == from ? leg.to : ahead
                target = to
                fraction = to == from ? 0 : (progress - Double(from)) / Double(to - from)
                phaseName = .interactive
            case let .animator(animator):
                from = leg.from
                to = leg.to
                target = animator.isReversed ? from : to
                fraction = animator.fractionComplete(at: time)
                switch animator.state {
                case .stopped: phaseName = .stopped
                case .active: phaseName = animator.isRunning ? .animating : (leg.clientDriven ? .interactive : .paused)
                case .inactive: phaseName = .animating
                }
            }
        }
        return TransitionSnapshot(
            name: config.name, progress: progress, fraction: fraction, velocity: velocity(at: time),
            phase: phaseName, from: from, to: to, target: target, snap: snap,
            snapPoints: config.snapPoints, seq: seq, time: time)
    }
}

/// One leg: from snap `from` toward snap `to`.
struct Leg: Sendable {
    var from: Int
    var to: Int
    var cause: LegCause
    var drive: Drive
    /// A client began or scrubbed it: while paused it reports `interactive`.
    var clientDriven = false

    enum Drive: Sendable {
        case finger(FingerDrive)
        case animator(Animator)
    }

    func progress(at time: Double) -> Double {
        switch drive {
        case let .finger(finger): finger.progress
        case let .animator(animator): Double(from) + Double(to - from) * animator.value(at: time)
        }
    }

    func velocity(at time: Double) -> Double {
        switch drive {
        case let .finger(finger): finger.velocity
        case let .animator(animator): Double(to - from) * animator.velocity(at: time)
        }
    }

    var animator: Animator? {
        if case let .animator(animator) = drive { return animator }
        return nil
    }

    /// How progress moves until the leg next changes: the animator's run mapped from value to
    /// progress (`from + (to − from) · value`), or `.driven` under a finger.
    var motion: LegMotion {
        switch drive {
        case .finger: .driven
        case let .animator(animator): animator.motion(base: Double(from), scale: Double(to - from))
        }
    }

    /// A leg animating from `progress` to snap `target`, for a gesture or leg
    /// that started at snap `origin`.
    ///
    /// Going back to the origin is a reversed leg toward a neighbour (UIKit's
    /// cancel, completing at `start`); going anywhere else is a forward leg
    /// from the origin (completing at `end`). Values outside [0, 1] — after
    /// rubber-banding — are fine: the animator runs them as partial legs.
    static func animating(
        from progress: Double, velocity rawVelocity: Double, origin: Int, target: Int, config: TransitionConfig,
        motion: MotionPolicy, timing: TimingSpec? = nil, duration: Double? = nil, completionSpeed: Double = 1,
        start: Bool = true, cause: LegCause, at time: Double
    ) -> Leg {
        let velocity =
            rawVelocity.isFinite
            ? min(max(rawVelocity, LegLimits.velocity.lowerBound), LegLimits.velocity.upperBound) : 0
        let from = origin
        var to = target, reversed = false
        if target == origin {
            let preferred = progress >= Double(origin) ? origin + 1 : origin - 1
            to = (0...config.lastSnap).contains(preferred) ? preferred : 2 * origin - preferred
            reversed = true
        }
        let value = (progress - Double(from)) / Double(to - from)
        let shaped = motion.completion(timing: timing ?? config.timing, duration: duration ?? config.duration)
        var completion = InteractiveLeg(
            duration: shaped.duration, timing: shaped.timing, completionSpeed: completionSpeed, value: value, at: time)
        let valueVelocity = velocity / Double(to - from)
        // A fresh, paused leg accepts each of these calls.
        switch (start, reversed) {
        case (true, false): try? completion.finish(velocity: valueVelocity, at: time)
        case (true, true): try? completion.cancel(velocity: valueVelocity, at: time)
        case (false, true): try? completion.pauseHeadingBack(at: time)
        case (false, false): break
        }
        return Leg(from: from, to: to, cause: cause, drive: .animator(completion.animator))
    }
}

/// A finger moving the progress 1:1.
struct FingerDrive: Sendable {
    var binding: String
    var sequence: Int
    /// The snap the gesture started from (for release rules and cancel).
    var origin: Int
    /// The progress when the gesture began.
    var base: Double
    var progress: Double
    /// Progress units per second.
    var velocity: Double = 0
    /// The gesture's travel at its last change (a pan's translation, px; a pinch's or a rotation's transform): what a
    /// new distance or direction is rebased on.
    var travel = Point(x: 0, y: 0)
}
