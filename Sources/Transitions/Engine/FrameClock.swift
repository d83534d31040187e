/// Frame deadlines at absolute times: origin + n·period, never "a period after
/// the last frame" (which drifts, FIELD-NOTES.md). Pure: the engine reports `nextDeadline(after:)` as `EngineOutput.nextFrame`
/// while anything moves, and nothing at all while nothing does.
struct FrameClock: Sendable {
    private(set) var period: Double
    private var origin: Double?

    init(rate: Double) { period = 1 / rate }

    var rate: Double { 1 / period }

    mutating func setRate(_ rate: Double) {
        period = 1 / rate
        origin = nil
    }

    /// The first frame deadline strictly after `now`; starts a new series when idle.
    mutating func nextDeadline(after now: Double) -> Double {
        guard let origin else {
            self.origin = now
            return now + period
        }
        let frames = ((now - origin) / period).rounded(.down) + 1
        let deadline = origin + frames * period
        // `now` on the grid may divide to a hair below its index: then the deadline found is `now` itself, and the
        // next one is meant (a step at a deadline asks for the one after, never for a second frame at once).
        return deadline > now + Self.sameInstant ? deadline : deadline + period
    }

    /// Times closer than this are one instant: a nanosecond, the resolution of the timers that carry out deadlines.
    static let sameInstant = 1e-9

    /// Nothing animates: the next animation starts its own series.
    mutating func stop() { origin = nil }
}
