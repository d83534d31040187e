/// One touch sequence (from the first finger down until the last is up), one
/// pointer drag (button press to release), one touchpad swipe or one touchpad pinch: where its
/// fingers went (`TouchPath`), and the recognizers still deciding about it.
struct TouchSequence: Sendable {
    let id: Int
    let source: InputSource
    private(set) var fingers: TouchPath
    /// Every touch that took part, for accepting or rejecting them.
    private(set) var allTouches: [Int]
    var candidates: [Candidate]
    /// Whether the sequence is still being decided, was claimed by one candidate, or released to everyone else.
    var resolution = Resolution.pending
    /// The edge an edge-pressure sequence pushes into.
    let pressureEdge: Edge?
    /// A touchpad pinch, rather than a swipe.
    let isPinch: Bool

    init(
        id: Int, source: InputSource, touch: Int, at location: Point, time: Double, fingers: Int? = nil,
        pressureEdge: Edge? = nil, isPinch: Bool = false, candidates: [Candidate]
    ) {
        self.id = id
        self.source = source
        self.isPinch = isPinch
        // The spread is measured only where a pinch or a rotation may use it.
        self.fingers = TouchPath(
            touch: touch, at: location, time: time, swipeFingers: fingers,
            measuresSpread: candidates.contains { $0.spec.transform != nil })
        allTouches = source == .touch ? [touch] : []
        self.candidates = candidates
        self.pressureEdge = pressureEdge
    }

    var startLocation: Point { fingers.startLocation }
    var touches: [(id: Int, location: Point)] { fingers.touches }
    var tracker: VelocityTracker { fingers.tracker }
    var touchCount: Int { fingers.touchCount }
    var centroid: Point { fingers.centroid }
    /// Total movement since the sequence began, continuous across finger changes.
    var path: Point { fingers.path }
    /// (ln scale, degrees clockwise) since the sequence began; zero where no pinch or rotation may take it.
    var transform: Point { fingers.spread?.transform ?? .zero }
    /// `transform` at the end of the last whole frame of the fingers' reports: what a pinch's or a rotation's slop is
    /// held to, so that a hand moving rigidly, one finger's report at a time, is never taken for a pinch.
    var settledTransform: Point { fingers.spread?.settled ?? .zero }
    /// How fast `transform` changes, per second.
    func transformVelocity(at time: Double) -> Point { fingers.spread?.tracker.velocity(at: time) ?? .zero }
    var isFinished: Bool { fingers.touches.isEmpty }

    func hasTouch(_ touch: Int) -> Bool { fingers.touches.contains { $0.id == touch } }

    mutating func addTouch(_ touch: Int, at location: Point) {
        fingers.add(touch, at: location)
        if !allTouches.contains(touch) { allTouches.append(touch) }
    }

    mutating func moveTouch(_ touch: Int, to location: Point, at time: Double) {
        fingers.move(touch, to: location, at: time)
    }

    mutating func removeTouch(_ touch: Int) { fingers.remove(touch) }

    mutating func movePointer(to location: Point, at time: Double) { fingers.movePointer(to: location, at: time) }

    /// A touchpad swipe's delta, or an edge push turned inward.
    mutating func addDelta(_ delta: Point, at time: Double) { fingers.addDelta(delta, at: time) }

    mutating func stopMeasuringSpread() { fingers.stopMeasuringSpread() }

    /// A touchpad pinch's update.
    mutating func pinch(_ delta: Point, scale: Double, rotation: Double, at time: Double) {
        fingers.pinch(delta, scale: scale, rotation: rotation, at: time)
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
        /// Waiting; `slopOrigin` is where the touch count came into range: the path, or for a pinch or a rotation
        /// the transform.
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
    /// A pinch or a rotation: the sequence's transform when it began, and when it last reported a change.
    var transformOrigin = Point.zero
    var reportedTransform = Point.zero
    /// A tap or a swipe: the most touches down at once so far, which must be its count when the fingers lift.
    var peak = 0

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
