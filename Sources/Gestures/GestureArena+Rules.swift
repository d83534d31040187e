/// Each recognizer's own rules: when a possible candidate becomes ready, and when it fails. A candidate's
/// `slopOrigin` is where its measure stood when its touch count was met: the path for a pan or a long press, the
/// transform for a pinch or a rotation.
extension GestureArena {
    /// Moves one possible candidate to ready or failed, by its own rules, at `time`.
    func evaluate(_ sequence: inout TouchSequence, _ index: Int, time: Double, into outputs: inout [ArenaOutput]) {
        guard case let .possible(slopOrigin) = sequence.candidates[index].phase else { return }
        switch sequence.candidates[index].spec.kind {
        case let .pan(options):
            evaluatePan(&sequence, index, options, slopOrigin: slopOrigin, time: time, into: &outputs)
        case let .edgePan(options):
            evaluateEdgePan(&sequence, index, options, time: time, into: &outputs)
        case let .longPress(options):
            evaluateLongPress(&sequence, index, options, slopOrigin: slopOrigin, time: time, into: &outputs)
        case let .pinch(options):
            evaluateTransform(
                &sequence, index, options, scale: true, slopOrigin: slopOrigin, time: time, into: &outputs)
        case let .rotate(options):
            evaluateTransform(
                &sequence, index, options, scale: false, slopOrigin: slopOrigin, time: time, into: &outputs)
        case let .tap(options):
            evaluateTap(&sequence, index, options, time: time, into: &outputs)
        case let .swipe(options):
            evaluateSwipe(&sequence, index, options, time: time, into: &outputs)
        }
    }

    /// A tap, while its fingers are down: more fingers than its count, a move past its slop, or its time running out
    /// fail it; what its fingers do as they lift is `decideAtLift`'s.
    private func evaluateTap(
        _ sequence: inout TouchSequence, _ index: Int, _ options: TapOptions, time: Double,
        into outputs: inout [ArenaOutput]
    ) {
        let count = sequence.touchCount
        if count > options.touches || sequence.path.length >= options.slop
            || isDue(sequence.candidates[index], at: time)
        {
            return fail(&sequence, index, time: time, into: &outputs)
        }
        sequence.candidates[index].peak = max(sequence.candidates[index].peak, count)
    }

    /// A swipe, while its fingers are down: more fingers than its count fail it, and so does moving a slop before
    /// all of them are down (that is some other gesture); its stroke is judged at the lift.
    private func evaluateSwipe(
        _ sequence: inout TouchSequence, _ index: Int, _ options: SwipeOptions, time: Double,
        into outputs: inout [ArenaOutput]
    ) {
        let count = sequence.touchCount
        if count > options.touches { return fail(&sequence, index, time: time, into: &outputs) }
        sequence.candidates[index].peak = max(sequence.candidates[index].peak, count)
        if sequence.candidates[index].peak < options.touches, sequence.path.length >= options.slop {
            fail(&sequence, index, time: time, into: &outputs)
        }
    }

    /// A pan: ready once its fingers have moved a slop, in its axis or direction when it has one.
    private func evaluatePan(
        _ sequence: inout TouchSequence, _ index: Int, _ options: PanOptions, slopOrigin: Point?, time: Double,
        into outputs: inout [ArenaOutput]
    ) {
        let (path, count) = (sequence.path, sequence.touchCount)
        if count > options.maxTouches { return fail(&sequence, index, time: time, into: &outputs) }
        if count < options.minTouches {
            // Moving a whole slop with too few fingers means this is some other gesture.
            if path.length >= options.slop { fail(&sequence, index, time: time, into: &outputs) }
            return
        }
        let origin = slopOrigin ?? path
        sequence.candidates[index].phase = .possible(slopOrigin: origin)
        if sequence.candidates[index].since == nil { sequence.candidates[index].since = time }
        let moved = path - origin
        guard hasRested(&sequence, index, moved: moved, slop: options.slop, time: time, into: &outputs),
            moved.length >= options.slop
        else { return }
        let horizontal = abs(moved.x) >= abs(moved.y)
        if let axis = options.direction?.axis ?? options.axis, (axis == .horizontal) != horizontal {
            return fail(&sequence, index, time: time, into: &outputs)
        }
        if let direction = options.direction, moved.x * direction.unit.x + moved.y * direction.unit.y <= 0 {
            return fail(&sequence, index, time: time, into: &outputs)
        }
        sequence.candidates[index].phase = .ready
    }

    /// A screen-edge pan, a one-finger gesture: ready once it has moved a slop more away from its edge than along it.
    private func evaluateEdgePan(
        _ sequence: inout TouchSequence, _ index: Int, _ options: EdgePanOptions, time: Double,
        into outputs: inout [ArenaOutput]
    ) {
        let path = sequence.path
        if sequence.touchCount > 1 { return fail(&sequence, index, time: time, into: &outputs) }
        let slop = sequence.source == .pressure ? options.pressureSlop : options.slop
        guard hasRested(&sequence, index, moved: path, slop: slop, time: time, into: &outputs), path.length >= slop
        else { return }
        let inward = options.edge.inward
        let away = path.x * inward.x + path.y * inward.y
        let along = abs(path.x * inward.y) + abs(path.y * inward.x)
        if away > along {
            sequence.candidates[index].phase = .ready
        } else {
            fail(&sequence, index, time: time, into: &outputs)
        }
    }

    /// The travel with too few fingers after which a pinch or a rotation fails, px: a pan's slop. A finger that
    /// moves that far alone is dragging something, and the sequence should go to what takes a drag.
    static let transformTravelSlop = 10.0

    /// A pinch (`scale`) or a rotation: its finger count met, then its measure (the transform's ln scale, or its
    /// degrees) moved its slop either way from where the count was met (its own way only, when it has a `sign`). More
    /// fingers than its most fail it; so does moving a pan's slop with too few, as it does a pan.
    private func evaluateTransform(
        _ sequence: inout TouchSequence, _ index: Int, _ options: TransformOptions,
        scale: Bool, slopOrigin: Point?, time: Double, into outputs: inout [ArenaOutput]
    ) {
        let count = sequence.touchCount
        if count > options.maxTouches { return fail(&sequence, index, time: time, into: &outputs) }
        if count < options.minTouches {
            if slopOrigin == nil, sequence.path.length >= Self.transformTravelSlop {
                fail(&sequence, index, time: time, into: &outputs)
            }
            return
        }
        let transform = sequence.settledTransform
        let origin = slopOrigin ?? transform
        sequence.candidates[index].phase = .possible(slopOrigin: origin)
        let moved = scale ? transform.x - origin.x : transform.y - origin.y
        guard abs(moved) >= options.slop else { return }
        // The other way from its own: some other gesture's, as a pan's direction fails it.
        if let sign = options.sign, moved * sign < 0 { return fail(&sequence, index, time: time, into: &outputs) }
        sequence.candidates[index].phase = .ready
    }

    /// A long press: its touch count met and held within its slop for its duration. Fewer touches after the count
    /// was met (a finger lifted), one more, or a move beyond the slop fail it.
    private func evaluateLongPress(
        _ sequence: inout TouchSequence, _ index: Int, _ options: LongPressOptions, slopOrigin: Point?,
        time: Double, into outputs: inout [ArenaOutput]
    ) {
        let path = sequence.path
        let count = sequence.touchCount
        if count > options.maxTouches { return fail(&sequence, index, time: time, into: &outputs) }
        if count < options.minTouches {
            if sequence.candidates[index].since != nil || path.length >= options.slop {
                fail(&sequence, index, time: time, into: &outputs)
            }
            return
        }
        let origin = slopOrigin ?? path
        sequence.candidates[index].phase = .possible(slopOrigin: origin)
        if sequence.candidates[index].since == nil { sequence.candidates[index].since = time }
        if (path - origin).length >= options.slop { return fail(&sequence, index, time: time, into: &outputs) }
        if isDue(sequence.candidates[index], at: time) { sequence.candidates[index].phase = .ready }
    }

    /// Whether a candidate that must first rest (a pan's `hold`) has done so; until then, moving a whole slop fails
    /// it. One with no resting time has always rested.
    private func hasRested(
        _ sequence: inout TouchSequence, _ index: Int, moved: Point, slop: Double, time: Double,
        into outputs: inout [ArenaOutput]
    ) -> Bool {
        let candidate = sequence.candidates[index]
        if candidate.rested || candidate.spec.restingTime == 0 { return true }
        if moved.length >= slop {
            fail(&sequence, index, time: time, into: &outputs)
            return false
        }
        guard isDue(candidate, at: time) else { return false }
        sequence.candidates[index].rested = true
        return true
    }

    func isDue(_ candidate: Candidate, at time: Double) -> Bool {
        guard let since = candidate.since else { return false }
        return time + Self.sameInstant >= since + candidate.spec.restingTime
    }
}
