/// How long to wait before each new try at something that failed: `first`, doubling up to `last`, and `first`
/// again once it worked. Both input backends retry their session with it.
public struct Backoff: Hashable, Sendable {
    public let first: Double
    public let last: Double
    private var upcoming: Double
    /// The waits handed out since it last worked: the failures in a row.
    public private(set) var tries = 0

    public init(first: Double, last: Double) {
        self.first = first
        self.last = max(first, last)
        upcoming = first
    }

    /// The input backends' policy: a quarter of a second, doubling to 4 s, so that a display that comes back is
    /// found at once and one that stays away costs a try every 4 s.
    public static let sessions = Backoff(first: 0.25, last: 4)

    /// The wait before the next try; each call doubles the one after, up to `last`.
    public mutating func next() -> Double {
        let wait = upcoming
        upcoming = min(upcoming * 2, last)
        tries += 1
        return wait
    }

    /// It worked: the next failure waits `first` again.
    public mutating func reset() {
        upcoming = first
        tries = 0
    }
}
