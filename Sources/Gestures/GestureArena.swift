import Glibc

/// Runs the recognizers over input events and arbitrates between them.
///
/// - Each source (touch, pointer, pressure, touchpad) has at most one
///   sequence at a time; all fingers down together form one sequence.
/// - Edge pressure is a sequence too: its path is the push, pointing inward,
///   so an edge pan reads it as a drag away from the edge.
/// - A sequence drives at most one recognizer. When several could begin, the
///   most specific wins (edge before pan), and `requireToFail` makes one wait
///   for another. The others fail.
/// - A sequence no recognizer can use is released at once, so the X layer can
///   hand its touches back to applications; a sequence whose recognizer
///   began is claimed.
/// - Touchpad pinches and holds are built-in gestures (`TouchpadGestures`):
///   published as `pinch` and `hold`, beside the touchpad's swipe sequence.
///   Where a pinch or rotation recognizer takes the touchpad, its pinch is a
///   sequence of the touchpad too, which they read by its scale and rotation.
/// - A sequence that starts where recognizers may take it is announced as
///   `landed`, before anything moves, so that the engine can catch a running
///   leg under the finger; a touchpad hold is announced the same way.
/// - Some recognizers wait for time to pass (a long press, a pan's `hold`):
///   `deadline(of:)` says when, and `advance(_:to:)` fires what is due. An
///   event first fires whatever its own time has passed, so a trace gives the
///   same result however fast it arrives.
///
/// Pure and deterministic: time comes only from the events and from `advance`.
public struct GestureArena: Sendable {
    public private(set) var recognizers: [RecognizerSpec]
    /// Where each recognizer may start, so that a start asks only those that could take it.
    private var index: RecognizerIndex
    public var geometry: ScreenGeometry
    private var sequences: [InputSource: TouchSequence] = [:]
    private var touchpadGestures = TouchpadGestures()
    private var nextSequenceID = 1
    /// Whether a pinch or rotation recognizer takes the touchpad: only then is its pinch a sequence as well.
    private var pinchesOnTouchpad: Bool
    /// Double and triple taps between their taps, and what waits for them to fail (issue 61).
    var taps = TapWaits()

    public init(recognizers: [RecognizerSpec], geometry: ScreenGeometry) {
        self.recognizers = recognizers
        self.geometry = geometry
        index = RecognizerIndex(recognizers)
        pinchesOnTouchpad = Self.takesTouchpadPinches(recognizers)
    }

    /// New recognizers apply from the next sequence on; running ones finish as they were. Taps counted between
    /// sequences are forgotten: a double tap across a reload starts again.
    public mutating func setRecognizers(_ specs: [RecognizerSpec]) {
        _ = taps.clear()
        recognizers = specs
        index = RecognizerIndex(specs)
        pinchesOnTouchpad = Self.takesTouchpadPinches(specs)
    }

    private static func takesTouchpadPinches(_ specs: [RecognizerSpec]) -> Bool {
        specs.contains { $0.transform != nil && $0.sources.contains(.touchpad) }
    }

    public mutating func handle(_ event: InputEvent, shouldBegin: (BeginRequest) -> Bool = { _ in true })
        -> [ArenaOutput]
    {
        if let outputs = touchpadGestures.handle(event, nextSequence: &nextSequenceID) {
            guard event.kind.isPinch, pinchesOnTouchpad || sequences[.touchpad]?.isPinch == true else {
                return landedHold(outputs, at: event.location) + outputs
            }
            return outputs + recognize(event, shouldBegin: shouldBegin)
        }
        return recognize(event, shouldBegin: shouldBegin)
    }

    /// An event for the recognizers: it starts its source's sequence, or goes to the one under way.
    private mutating func recognize(_ event: InputEvent, shouldBegin: (BeginRequest) -> Bool) -> [ArenaOutput] {
        let source = event.source
        // Taken out while it is worked on, once: a copy that the dictionary still shared would copy its arrays on
        // write, and each mutation through the dictionary's subscript cost heap allocations of its own.
        guard var sequence = sequences.removeValue(forKey: source) else {
            guard source == .touch, !taps.isEmpty else { return begin(event, shouldBegin: shouldBegin) }
            var outputs: [ArenaOutput] = []
            fireTapDeadlines(upTo: event.time, shouldBegin: shouldBegin, into: &outputs)
            return outputs + begin(event, shouldBegin: shouldBegin)
        }
        var outputs: [ArenaOutput] = []
        fireDeadlines(of: &sequence, upTo: event.time, shouldBegin: shouldBegin, into: &outputs)
        let ending: Ending?
        switch Self.apply(event, to: &sequence) {
        case let .answered(answer):
            sequences[source] = sequence
            return outputs.isEmpty ? answer : outputs + answer
        case let .changed(end):
            ending = end
        }
        if let ending {
            finish(&sequence, ending, time: event.time, shouldBegin: shouldBegin, into: &outputs)
        } else {
            step(&sequence, time: event.time, shouldBegin: shouldBegin, into: &outputs)
            sequences[source] = sequence
        }
        return outputs
    }

    /// An event of a source with no sequence: those that begin one start it; the others mean nothing.
    private mutating func begin(_ event: InputEvent, shouldBegin: (BeginRequest) -> Bool) -> [ArenaOutput] {
        switch event.kind {
        case let .touchDown(id):
            start(.touch, touch: id, at: event.location, time: event.time, shouldBegin: shouldBegin)
        case .buttonDown(1):
            start(.pointer, touch: 0, at: event.location, time: event.time, shouldBegin: shouldBegin)
        case let .swipeBegin(fingers):
            start(.touchpad, touch: 0, at: event.location, time: event.time, fingers: fingers, shouldBegin: shouldBegin)
        case let .pinchBegin(fingers):
            start(
                .touchpad, touch: 0, at: event.location, time: event.time, fingers: fingers, isPinch: true,
                shouldBegin: shouldBegin)
        case let .pressureBegin(edge):
            start(
                .pressure, touch: 0, at: event.location, time: event.time, pressureEdge: edge, shouldBegin: shouldBegin)
        default:
            []
        }
    }

    // MARK: - Time

    /// When the sequence of `source` must be looked at though no event comes (a long press or a `hold` coming due),
    /// in the events' own time; nil when nothing waits.
    public func deadline(of source: InputSource) -> Double? {
        let own = sequences[source]?.nextDeadline
        guard source == .touch, let tapDeadline = taps.nextDeadline else { return own }
        return min(own ?? .infinity, tapDeadline)
    }

    /// Each source's deadline, where one waits: a walk over the sequences under way (none, or one, mostly), with no
    /// lookup, for every engine step asks.
    public func forEachDeadline(_ body: (InputSource, Double) -> Void) {
        for (source, sequence) in sequences {
            if let deadline = sequence.nextDeadline { body(source, deadline) }
        }
        if let tapDeadline = taps.nextDeadline { body(.touch, tapDeadline) }
    }

    /// Fires what is due by `time` in the sequence of `source`: time passed with no event.
    public mutating func advance(
        _ source: InputSource, to time: Double, shouldBegin: (BeginRequest) -> Bool = { _ in true }
    ) -> [ArenaOutput] {
        var outputs: [ArenaOutput] = []
        if source == .touch, !taps.isEmpty { fireTapDeadlines(upTo: time, shouldBegin: shouldBegin, into: &outputs) }
        guard var sequence = sequences.removeValue(forKey: source) else { return outputs }
        fireDeadlines(of: &sequence, upTo: time, shouldBegin: shouldBegin, into: &outputs)
        sequences[source] = sequence
        return outputs
    }

    /// Times closer than this are one instant: deadlines come back from the daemon's clock after a conversion, and
    /// one that came back a hair early would otherwise be armed again for the same moment.
    public static let sameInstant = 1e-6

    /// Steps the sequence at each deadline up to `time`, in order, at the deadline's own time. Each step ends at
    /// least one candidate's wait (it rests, becomes ready or fails), so there are at most as many as candidates.
    private mutating func fireDeadlines(
        of sequence: inout TouchSequence, upTo time: Double, shouldBegin: (BeginRequest) -> Bool,
        into outputs: inout [ArenaOutput]
    ) {
        for _ in 0..<sequence.candidates.count {
            guard let due = sequence.nextDeadline, due <= time + Self.sameInstant else { return }
            step(&sequence, time: due, shouldBegin: shouldBegin, into: &outputs)
        }
    }

    /// Whether a sequence of this source is under way.
    public func isTracking(_ source: InputSource) -> Bool {
        sequences[source] != nil || (source == .touchpad && touchpadGestures.isTracking)
    }

    /// Cancels every sequence that a recognizer named in `names` drives or may
    /// still take (their bindings changed in a reload).
    public mutating func cancel(involving names: Set<String>, at time: Double) -> [ArenaOutput] {
        var outputs: [ArenaOutput] = []
        for source in InputSource.allCases {
            guard let sequence = sequences[source] else { continue }
            let involved = sequence.candidates.contains { candidate in
                guard names.contains(candidate.spec.name) else { return false }
                if case .began = candidate.phase { return true }
                return candidate.isLive
            }
            if involved { outputs += cancel(source, at: time) }
        }
        return outputs
    }

    /// Cancels the sequence of `source`, as if its input had vanished (X went
    /// away, or the client that injected it disconnected): a began recognizer
    /// reports `cancelled`, the others fail, and an undecided sequence is released.
    public mutating func cancel(_ source: InputSource, at time: Double) -> [ArenaOutput] {
        var outputs: [ArenaOutput] = []
        if var sequence = sequences[source] {
            finish(&sequence, .cancelled, time: time, shouldBegin: { _ in false }, into: &outputs)
            sequences[source] = nil
        }
        if source == .touchpad { outputs += touchpadGestures.cancel(at: time) }
        if source == .touch { forgetTaps(at: time, into: &outputs) }
        return outputs
    }

    // MARK: - Sequences

    private mutating func start(
        _ source: InputSource, touch: Int, at location: Point, time: Double, fingers: Int? = nil,
        pressureEdge: Edge? = nil, isPinch: Bool = false, shouldBegin: (BeginRequest) -> Bool
    ) -> [ArenaOutput] {
        let candidates = index.candidates(at: location, source: source, pressureEdge: pressureEdge, in: geometry)
            .map { recognizers[$0] }
            .filter {
                accepts($0, source: source, start: location, pressureEdge: pressureEdge, pinch: isPinch ? fingers : nil)
            }
            .map { Candidate(spec: $0, phase: .possible(slopOrigin: nil), since: Self.startsItsClock($0) ? time : nil) }
        // A touchpad pinch that no pinch or rotation can take stays the built-in gesture alone.
        if isPinch, candidates.isEmpty { return [] }
        var sequence = TouchSequence(
            id: nextSequenceID, source: source, touch: touch, at: location, time: time,
            fingers: fingers, pressureEdge: pressureEdge, isPinch: isPinch, candidates: candidates)
        nextSequenceID += 1
        var outputs: [ArenaOutput] = []
        if source == .touch, !taps.isEmpty {
            continueTaps(into: sequence, at: time, shouldBegin: shouldBegin, outputs: &outputs)
        }
        // Only what lands somewhere: a push into an edge or a touchpad swipe is already moving.
        if !candidates.isEmpty, source == .touch || source == .pointer {
            outputs.append(.landed(sequence: sequence.id, source: source, recognizers: candidates.map(\.spec.name)))
        }
        step(&sequence, time: time, shouldBegin: shouldBegin, into: &outputs)
        sequences[source] = sequence
        return outputs
    }

    /// An edge pan's resting time, and a tap's longest, count from the touch landing; the others' from when their
    /// touch count is met.
    private static func startsItsClock(_ spec: RecognizerSpec) -> Bool {
        switch spec.kind {
        case .edgePan, .tap: true
        case .pan, .longPress, .pinch, .rotate, .swipe: false
        }
    }

    /// A touchpad hold that began is announced as landing where the touchpad's recognizers are, so that it can
    /// catch their running legs as a finger on a touchscreen does.
    private func landedHold(_ outputs: [ArenaOutput], at location: Point) -> [ArenaOutput] {
        guard case let .gesture(update)? = outputs.first, update.name == BuiltInGesture.hold.rawValue,
            update.state == .began
        else { return [] }
        let names = recognizers.filter { spec in
            guard spec.sources.contains(.touchpad), case let .pan(options) = spec.kind else { return false }
            return options.region?.contains { $0.contains(location) } ?? true
        }.map(\.name)
        return names.isEmpty ? [] : [.landed(sequence: update.sequence, source: .touchpad, recognizers: names)]
    }

    private mutating func step(
        _ sequence: inout TouchSequence, time: Double, shouldBegin: (BeginRequest) -> Bool,
        into outputs: inout [ArenaOutput]
    ) {
        if let winner = sequence.winner {
            guard case let .began(origin, lastReported) = sequence.candidates[winner].phase else { return }
            let path = sequence.path, transform = sequence.transform
            if path != lastReported || transform != sequence.candidates[winner].reportedTransform {
                sequence.candidates[winner].phase = .began(origin: origin, lastReported: path)
                sequence.candidates[winner].reportedTransform = transform
                outputs.append(.gesture(update(sequence, winner, .changed, translation: path - origin, time: time)))
            }
            return
        }
        guard !sequence.isResolved else { return }
        for index in sequence.candidates.indices {
            evaluate(&sequence, index, time: time, into: &outputs)
        }
        arbitrate(&sequence, time: time, shouldBegin: shouldBegin, into: &outputs)
        if !taps.isEmpty { settleTaps(in: sequence, at: time, shouldBegin: shouldBegin, into: &outputs) }
        releaseIfUnused(&sequence, into: &outputs)
    }

    /// Lets the best ready candidate that waits for nobody begin; all others fail. (Taps and swipes are never
    /// ready before the lift: `decideAtLift` chooses among them.)
    private mutating func arbitrate(
        _ sequence: inout TouchSequence, time: Double, shouldBegin: (BeginRequest) -> Bool,
        into outputs: inout [ArenaOutput]
    ) {
        while true {
            let ready = sequence.candidates.indices.filter { sequence.candidates[$0].phase == .ready }
                .sorted {
                    (sequence.candidates[$0].spec.specificity ?? 0) > (sequence.candidates[$1].spec.specificity ?? 0)
                }
            guard let chosen = ready.first(where: { !isBlocked(sequence, $0) }) else { return }
            let request = BeginRequest(
                name: sequence.candidates[chosen].spec.name, startLocation: sequence.startLocation,
                translation: sequence.path, source: sequence.source, touchCount: sequence.touchCount,
                sequence: sequence.id)
            guard shouldBegin(request) else {
                fail(&sequence, chosen, time: time, into: &outputs)
                continue
            }
            let path = sequence.path
            sequence.candidates[chosen].phase = .began(origin: path, lastReported: path)
            sequence.candidates[chosen].transformOrigin = sequence.transform
            sequence.candidates[chosen].reportedTransform = sequence.transform
            // A pan won: no pinch or rotation will read the spread again.
            if sequence.candidates[chosen].spec.transform == nil { sequence.stopMeasuringSpread() }
            sequence.resolution = .claimed(winner: chosen)
            for other in sequence.candidates.indices where other != chosen && sequence.candidates[other].isLive {
                fail(&sequence, other, time: time, into: &outputs)
            }
            outputs.append(.claimed(sequence: sequence.id, source: sequence.source, touches: sequence.allTouches))
            outputs.append(.gesture(update(sequence, chosen, .began, translation: .zero, time: time)))
            return
        }
    }

    /// A ready candidate waits while a more specific one is still possible, or
    /// while one it requires to fail has not failed (in its sequence, or a tap counting between sequences).
    func isBlocked(_ sequence: TouchSequence, _ index: Int) -> Bool {
        let candidate = sequence.candidates[index]
        // A double or triple tap still counting, between sequences, has not failed either.
        if !taps.isEmpty, candidate.spec.requireToFail.contains(where: taps.isCounting) { return true }
        return sequence.candidates.indices.contains { other in
            guard other != index else { return false }
            let rival = sequence.candidates[other]
            if candidate.spec.requireToFail.contains(rival.spec.name) && rival.isLive { return true }
            guard case .possible = rival.phase, let mine = candidate.spec.specificity,
                let theirs = rival.spec.specificity
            else { return false }
            return theirs > mine
        }
    }

    private mutating func finish(
        _ sequence: inout TouchSequence, _ ending: Ending, time: Double, shouldBegin: (BeginRequest) -> Bool,
        into outputs: inout [ArenaOutput]
    ) {
        if let winner = sequence.winner, case let .began(origin, _) = sequence.candidates[winner].phase {
            let state: RecognizerState = ending == .ended ? .ended : .cancelled
            sequence.candidates[winner].phase = .ended
            outputs.append(.gesture(update(sequence, winner, state, translation: sequence.path - origin, time: time)))
            return
        }
        if ending == .ended, sequence.winner == nil {
            decideAtLift(&sequence, time: time, shouldBegin: shouldBegin, into: &outputs)
        }
        for index in sequence.candidates.indices where sequence.candidates[index].isLive {
            fail(&sequence, index, time: time, into: &outputs)
        }
        if !taps.isEmpty { settleTaps(in: sequence, at: time, shouldBegin: shouldBegin, into: &outputs) }
        releaseIfUnused(&sequence, into: &outputs)
    }

    private func releaseIfUnused(_ sequence: inout TouchSequence, into outputs: inout [ArenaOutput]) {
        guard !sequence.isResolved, !sequence.candidates.contains(where: \.isLive) else { return }
        sequence.resolution = .released
        outputs.append(.released(sequence: sequence.id, source: sequence.source, touches: sequence.allTouches))
    }

    func fail(_ sequence: inout TouchSequence, _ index: Int, time: Double, into outputs: inout [ArenaOutput]) {
        sequence.candidates[index].phase = .failed
        outputs.append(.gesture(update(sequence, index, .failed, translation: .zero, time: time)))
    }

    func update(
        _ sequence: TouchSequence, _ index: Int, _ state: RecognizerState, translation: Point, time: Double
    ) -> GestureUpdate {
        let candidate = sequence.candidates[index]
        var update = GestureUpdate(
            name: candidate.spec.name, state: state, translation: translation,
            velocity: state == .failed ? .zero : sequence.tracker.velocity(at: time),
            location: sequence.centroid, startLocation: sequence.startLocation, source: sequence.source,
            touchCount: sequence.touchCount, sequence: sequence.id, time: time)
        if candidate.spec.transform != nil, state != .failed {
            update.transform = sequence.transform - candidate.transformOrigin
            update.transformVelocity = sequence.transformVelocity(at: time)
            // Published as a touchpad pinch's are: the scale since it began (within e^±50, so a finite number), and
            // the rotation.
            update.pinch = (exp(min(max(update.transform.x, -50), 50)), update.transform.y)
        }
        return update
    }
}
