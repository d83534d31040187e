/// Tap recognizers between touch sequences (issue 61). A double or triple tap spans sequences, one per tap, so
/// what it has counted outlives the sequence: `counting` holds its taps so far until the next lands in time and
/// near, or it fails. A recognizer decided at a lift that must wait for one of those to fail (a single tap that
/// requires the double tap on its fingers to fail, as UIKit's do) is `waiting`, with the update it will publish.
///
/// Its deadlines are in the touch source's clock, as the sequences' are. It stays small: one entry per tap
/// recognizer at most, each gone when its tap is recognized or fails.
struct TapWaits: Sendable {
    /// A multi-tap's taps so far.
    struct Counting: Sendable {
        var name: String
        var taps: Int
        /// When the last tap's fingers lifted, and where its sequence started.
        var lastUp: Double
        var location: Point
        var interval: Double
        /// The sequence of its last tap, which its failure is reported against.
        var sequence: Int
        /// A sequence under way landed in time and may be its next tap: its clock stops until that one ends.
        var continuing = false

        var deadline: Double? { continuing ? nil : lastUp + interval }
    }

    /// A recognizer that would be recognized but waits for `blockers` to fail.
    struct Waiting: Sendable {
        var update: GestureUpdate
        var blockers: Set<String>
    }

    private(set) var counting: [Counting] = []
    private(set) var waiting: [Waiting] = []

    var isEmpty: Bool { counting.isEmpty && waiting.isEmpty }

    func isCounting(_ name: String) -> Bool { counting.contains { $0.name == name } }

    func count(of name: String) -> Counting? { counting.first { $0.name == name } }

    /// The earliest time a multi-tap gives up waiting for its next tap; nil when none waits on the clock.
    var nextDeadline: Double? {
        var earliest: Double?
        for entry in counting {
            if let deadline = entry.deadline, deadline < earliest ?? .infinity { earliest = deadline }
        }
        return earliest
    }

    /// The multi-tap whose deadline comes first, if it has come by `time`.
    func due(by time: Double) -> String? {
        counting.filter { ($0.deadline ?? .infinity) <= time + GestureArena.sameInstant }
            .min { ($0.deadline ?? 0) < ($1.deadline ?? 0) }?.name
    }

    mutating func startCounting(_ entry: Counting) {
        counting.removeAll { $0.name == entry.name }
        counting.append(entry)
    }

    mutating func setContinuing(_ name: String) {
        if let index = counting.firstIndex(where: { $0.name == name }) { counting[index].continuing = true }
    }

    /// Takes `name`'s count out: its next tap came, or it failed.
    mutating func stopCounting(_ name: String) -> Counting? {
        guard let index = counting.firstIndex(where: { $0.name == name }) else { return nil }
        return counting.remove(at: index)
    }

    mutating func wait(_ update: GestureUpdate, for blockers: Set<String>) {
        waiting.removeAll { $0.update.name == update.name }
        waiting.append(Waiting(update: update, blockers: blockers))
    }

    /// `name` failed: the waiters it held that now wait for nobody, in the order they began to wait.
    mutating func released(by name: String) -> [GestureUpdate] {
        var free: [GestureUpdate] = []
        waiting = waiting.compactMap { entry in
            var entry = entry
            entry.blockers.remove(name)
            guard entry.blockers.isEmpty else { return entry }
            free.append(entry.update)
            return nil
        }
        return free
    }

    /// `name` was recognized: the waiters that required it to fail, which fail.
    mutating func defeated(by name: String) -> [GestureUpdate] {
        let lost = waiting.filter { $0.blockers.contains(name) }.map(\.update)
        waiting.removeAll { $0.blockers.contains(name) }
        return lost
    }

    /// Everything, for a cancel or new recognizers: what was counting and what was waiting.
    mutating func clear() -> (counting: [Counting], waiting: [GestureUpdate]) {
        defer { counting = []; waiting = [] }
        return (counting, waiting.map(\.update))
    }
}
