/// Lets a notice through at most once per `interval`, counting the ones it holds back, so that an event repeated
/// thousands of times a second is one line a second that says how many there were. Time is a value passed in.
struct NoticeThrottle: Sendable {
    let interval: Double
    private var lastLogged: Double?
    private var held = 0

    init(interval: Double) { self.interval = interval }

    /// For an occurrence at `now`: the number to report (this one and those held back since the last notice) when
    /// a notice is due, else nil (it is counted).
    mutating func admit(at now: Double) -> Int? {
        held += 1
        if let lastLogged, now - lastLogged < interval, now >= lastLogged { return nil }
        lastLogged = now
        defer { held = 0 }
        return held
    }
}
