import AnimCore

/// When the daemon's one frame timer should fire: when the engine wants it (`FrameWake`), or sooner when a frame
/// that a subscriber's `maxRate` held back falls due, unless the engine makes frames anyway (held frames then go out
/// with fresh ones, so their times keep the rate); otherwise never, so that an idle daemon sleeps. Pure: the shell
/// carries out the decision, and the rules are tested with plain numbers.
enum FrameScheduler {
    enum Decision: Hashable {
        /// Leave the timer as it is (armed early enough, or none wanted and none armed).
        case keep
        /// Cancel the armed timer; nothing is wanted.
        case cancel
        /// Cancel any armed timer, and arm one for `wanted`, to fire at `fireAt`.
        case arm(wanted: Double, fireAt: Double)
    }

    /// The latest time a timer is ever armed for, in seconds of uptime: a finite count of nanoseconds.
    static let latest = 1e9

    /// - Parameters:
    ///   - wake: when the engine wants the timer (`FrameWake`, from the machine).
    ///   - heldDue: when the earliest held frame falls due.
    ///   - armed: what the armed timer was armed for, if one is.
    static func decide(wake: FrameWake, heldDue: Double?, armed: Double?, now: Double) -> Decision {
        let wanted =
            switch (wake.engine, heldDue) {
            case let (engine?, held?): wake.carriesHeldFrames ? engine : min(engine, held)
            case let (engine, held): engine ?? held
            }
        if let armed {
            // An armed timer that is early enough stays; a later one gives way.
            if let wanted, armed <= wanted { return .keep }
            guard wanted != nil else { return .cancel }
        }
        guard let wanted else { return .keep }
        // Never in the past, and never beyond `latest`.
        return .arm(wanted: wanted, fireAt: min(max(wanted, now), latest))
    }
}
