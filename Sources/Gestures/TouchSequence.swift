/// One touch sequence (from the first finger down until the last is up), one
/// pointer drag (button press to release) or one touchpad swipe.
///
/// Its path is the movement of the touches' centroid since the sequence
/// began, carried across fingers landing and lifting so that it never jumps.
struct TouchSequence: Sendable {
    let id: Int
    let source: InputSource
    let startLocation: Point
    private(set) var touches: [(id: Int, location: Point)]
    /// Every touch that took part, for accepting or rejecting them.
    private(set) var allTouches: [Int]
    /// The centroid when the current set of touches was established.
    private var anchor: Point
    /// Path carried over from earlier sets of touches, and touchpad deltas.
    private var carried: Point = .zero
    private(set) var tracker = VelocityTracker()
    var candidates: [Candidate]
    /// Whether the sequence is still being decided, was claimed by one candidate, or released to everyone else.
    var resolution = Resolution.pending
    /// The finger count of a touchpad swipe (touches holds one virtual point).
    private var swipeFingers: Int?
    /// Where the last finger lifted: the sequence ends where it was, not at the origin.
    private var liftLocation: Point?

    /// The edge an edge-pressure sequence pushes into.
    let pressureEdge: Edge?

    init(id: Int, source: InputSource, touch: Int, at location: Point, time: Double, fingers: Int? = nil,
         pressureEdge: Edge? = nil, candidates: [Candidate]) {
        self.pressureEdge = pressureEdge
        self.id = id
        self.source = source
        startLocation = location
        touches = [(touch, location)]
        allTouches = source == .touch ? [touch] : []
        anchor = location
        swipeFingers = fingers
        self.candidates = candidates
        tracker.add(.zero, at: time)
    }

    var touchCount: Int { swipeFingers ?? touches.count }

    var centroid: Point {
        if touches.isEmpty { return liftLocation ?? startLocation }
        let sum = touches.reduce(Point.zero) { $0 + $1.location }
        return sum * (1 / Double(max(touches.count, 1)))
    }

    /// Total movement since the sequence began, continuous across finger changes.
    var path: Point { carried + (centroid - anchor) }

    mutating func addTouch(_ touch: Int, at location: Point) {
        rebase { $0.touches.append((touch, location)) }
        if !allTouches.contains(touch) { allTouches.append(touch) }
    }

    mutating func moveTouch(_ touch: Int, to location: Point, at time: Double) {
        guard let index = touches.firstIndex(where: { $0.id == touch }) else { return }
        touches[index].location = location
        tracker.add(path, at: time)
    }

    mutating func removeTouch(_ touch: Int) {
        guard touches.contains(where: { $0.id == touch }) else { return }
        if touches.count == 1 {
            liftLocation = touches[0].location
            return touches.removeAll()
        }
        rebase { $0.touches.removeAll { $0.id == touch } }
    }

    func hasTouch(_ touch: Int) -> Bool { touches.contains { $0.id == touch } }

    var isFinished: Bool { touches.isEmpty }

    mutating func movePointer(to location: Point, at time: Double) {
        touches[0].location = location
        tracker.add(path, at: time)
    }

    /// A touchpad swipe's delta, or an edge push turned inward.
    mutating func addDelta(_ delta: Point, at time: Double) {
        carried = carried + delta
        tracker.add(path, at: time)
    }

    /// Folds the path so far into `carried` around a change of the touch set.
    private mutating func rebase(_ change: (inout TouchSequence) -> Void) {
        carried = path
        change(&self)
        anchor = centroid
    }
}

/// One recognizer's view of one sequence.
extension TouchSequence {
    /// The three states of a sequence's decision (a claimed winner may since have ended; the claim stands).
    enum Resolution: Hashable, Sendable {
        case pending
        case claimed(winner: Int)
        case released
    }

    var isResolved: Bool { resolution != .pending }

    /// The earliest deadline of its candidates; nil when none waits. A loop rather than `compactMap(_:).min()`:
    /// every event asks, and that would allocate an array each time.
    var nextDeadline: Double? {
        var earliest: Double?
        for candidate in candidates {
            if let deadline = candidate.deadline, deadline < earliest ?? .infinity { earliest = deadline }
        }
        return earliest
    }

    var winner: Int? {
        if case let .claimed(winner) = resolution { return winner }
        return nil
    }
}

struct Candidate: Sendable {
    enum Phase: Hashable, Sendable {
        /// Waiting; `slopOrigin` is the path where the touch count came into range.
        case possible(slopOrigin: Point?)
        /// Would begin, but waits for another recognizer to fail.
        case ready
        /// Began at this path position; translation is measured from it.
        case began(origin: Point, lastReported: Point)
        /// Began, and its sequence has since ended or been cancelled.
        case ended
        case failed
    }

    let spec: RecognizerSpec
    var phase: Phase
    /// When the touches came to count for it (its start, or the touch count coming into range): where its resting
    /// time (`hold`, a long press's `duration`) is counted from. Nil while they do not count.
    var since: Double?
    /// Its resting time has passed with the touches within its slop.
    var rested = false

    init(spec: RecognizerSpec, phase: Phase, since: Double? = nil) {
        self.spec = spec; self.phase = phase; self.since = since
    }

    /// When it must next be looked at though no event comes: the end of its resting time, while it still waits.
    var deadline: Double? {
        guard case .possible = phase, !rested, let since else { return nil }
        let resting = spec.restingTime
        return resting > 0 ? since + resting : nil
    }

    var isLive: Bool {
        switch phase {
        case .possible, .ready: true
        case .began, .ended, .failed: false
        }
    }
}
