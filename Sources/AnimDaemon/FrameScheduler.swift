import AnimCore

/// When the daemon's one frame timer should fire: at the engine's next frame while anything animates (held frames
/// then go out with fresh ones, so their times keep the rate); otherwise when a frame that a subscriber's
/// `maxRate` held back falls due; otherwise never, so that an idle daemon sleeps. Pure: the core carries out the
/// decision, and the rules are tested with plain numbers.
enum FrameScheduler {
    enum Decision: Hashable {
        /// Leave the timer as it is (armed early enough, or none wanted and none armed).
        case keep
        /// Cancel the armed timer; nothing is wanted.
        case cancel
        /// Cancel any armed timer, and arm one for `wanted`, to fire at `fireAt`.
        case arm(wanted: Double, fireAt: Double)
    }

    /// When to wake for the engine: at its next frame while someone takes the frames of running legs; else only
    /// when the first leg ends (its last frame and `ended`), or sooner for a held frame, for clients with
    /// `frames: "driven"` evaluate running legs themselves, and a frame nobody reads is work for nothing. And
    /// whenever a recognizer's deadline comes (a finger resting for a long press or a `hold`). Nil while nothing
    /// animates and no recognizer waits.
    static func engineWake(
        nextFrame: Double?, nextLegEnd: Double?, framesWanted: Bool, heldDue: Double?,
        recognizerDeadline: Double? = nil
    ) -> Double? {
        let frames = nextFrame.map { nextFrame in
            if framesWanted { return nextFrame }
            let legEnd = max(nextLegEnd ?? nextFrame, nextFrame)
            return min(legEnd, heldDue ?? legEnd)
        }
        guard let recognizerDeadline else { return frames }
        return min(frames ?? recognizerDeadline, recognizerDeadline)
    }

    /// The latest time a timer is ever armed for, in seconds of uptime: a finite count of nanoseconds.
    static let latest = 1e9

    /// - Parameters:
    ///   - engineDeadline: the engine's next frame, while something animates.
    ///   - heldDue: when the earliest held frame falls due.
    ///   - armed: what the armed timer was armed for, if one is.
    static func decide(engineDeadline: Double?, heldDue: Double?, armed: Double?, now: Double) -> Decision {
        let wanted = engineDeadline ?? heldDue
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
