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
        return origin + frames * period
    }

    /// Nothing animates: the next animation starts its own series.
    mutating func stop() { origin = nil }
}
