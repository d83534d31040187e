/// Taps and swipes (issue 61), which UIKit calls discrete: they are decided when the fingers lift, and a double or
/// triple tap counts its taps across sequences (`TapWaits`). A recognized one publishes `began` and `ended` at once.
extension GestureArena {
    /// The fingers lifted with no recognizer begun: what could only be decided while they moved fails, and taps and
    /// swipes are judged by what the sequence was; the first that may be recognized is.
    mutating func decideAtLift(
        _ sequence: inout TouchSequence, time: Double, shouldBegin: (BeginRequest) -> Bool,
        into outputs: inout [ArenaOutput]
    ) {
        for index in sequence.candidates.indices
        where sequence.candidates[index].isLive && !sequence.candidates[index].spec.isDecidedAtLift {
            fail(&sequence, index, time: time, into: &outputs)
        }
        for index in sequence.candidates.indices where sequence.candidates[index].isLive {
            switch sequence.candidates[index].spec.kind {
            case let .tap(options): liftTap(&sequence, index, options, time: time, into: &outputs)
            case let .swipe(options): liftSwipe(&sequence, index, options, time: time, into: &outputs)
            case .pan, .edgePan, .longPress, .pinch, .rotate: break
            }
        }
        chooseAtLift(&sequence, time: time, shouldBegin: shouldBegin, into: &outputs)
    }

    /// A tap whose fingers all lifted: with its count of fingers, it is one more tap; the last of its taps makes
    /// it ready, an earlier one counts and waits for the next (nothing is published for it until then).
    private mutating func liftTap(
        _ sequence: inout TouchSequence, _ index: Int, _ options: TapOptions, time: Double,
        into outputs: inout [ArenaOutput]
    ) {
        let name = sequence.candidates[index].spec.name
        guard sequence.candidates[index].peak == options.touches else {
            return fail(&sequence, index, time: time, into: &outputs)
        }
        let before = taps.count(of: name)
        let done = (before?.continuing == true ? before?.taps ?? 0 : 0) + 1
        if done >= options.taps {
            _ = taps.stopCounting(name)
            sequence.candidates[index].phase = .ready
            return
        }
        taps.startCounting(
            TapWaits.Counting(
                name: name, taps: done, lastUp: time, location: sequence.startLocation, interval: options.interval,
                sequence: sequence.id))
        // Set aside, not failed: it goes on in the next sequence.
        sequence.candidates[index].phase = .failed
    }

    /// A swipe whose fingers lifted: with its count of fingers, a stroke in one of its directions that went its
    /// distance and still moved that way at its velocity as the fingers lifted.
    private func liftSwipe(
        _ sequence: inout TouchSequence, _ index: Int, _ options: SwipeOptions, time: Double,
        into outputs: inout [ArenaOutput]
    ) {
        let stroke = sequence.path
        let velocity = sequence.tracker.velocity(at: time)
        guard sequence.candidates[index].peak == options.touches, let heading = options.heading(of: stroke),
            stroke.x * heading.unit.x + stroke.y * heading.unit.y >= options.minDistance,
            velocity.x * heading.unit.x + velocity.y * heading.unit.y >= options.minVelocity
        else { return fail(&sequence, index, time: time, into: &outputs) }
        sequence.candidates[index].phase = .ready
    }

    /// Of the ready taps and swipes, in order, the first that waits for nobody and may begin is recognized; the
    /// others fail. One that waits only for a multi-tap still counting waits for it, beyond the sequence. Each turn
    /// of the loop settles at least one, so there are at most as many turns as candidates.
    private mutating func chooseAtLift(
        _ sequence: inout TouchSequence, time: Double, shouldBegin: (BeginRequest) -> Bool,
        into outputs: inout [ArenaOutput]
    ) {
        for _ in 0..<sequence.candidates.count {
            let ready = sequence.candidates.indices.filter { sequence.candidates[$0].phase == .ready }
            guard !ready.isEmpty else { return }
            guard let chosen = ready.first(where: { !isBlocked(sequence, $0) }) else {
                for index in ready { setAsideUntilTapsFail(&sequence, index, time: time, into: &outputs) }
                return
            }
            let request = BeginRequest(
                name: sequence.candidates[chosen].spec.name, startLocation: sequence.startLocation,
                translation: sequence.path, source: sequence.source, touchCount: sequence.candidates[chosen].peak,
                sequence: sequence.id)
            guard shouldBegin(request) else {
                fail(&sequence, chosen, time: time, into: &outputs)
                continue
            }
            let defeated = recognizeAtLift(&sequence, chosen, time: time, into: &outputs)
            for other in ready where other != chosen {
                // One that also waited from an earlier tap has just been told it failed: once is enough.
                if defeated.contains(sequence.candidates[other].spec.name) {
                    sequence.candidates[other].phase = .failed
                } else {
                    fail(&sequence, other, time: time, into: &outputs)
                }
            }
            return
        }
    }

    /// A ready candidate held only by multi-taps still counting waits for them, with the update it will publish;
    /// one held by anything else fails.
    private mutating func setAsideUntilTapsFail(
        _ sequence: inout TouchSequence, _ index: Int, time: Double, into outputs: inout [ArenaOutput]
    ) {
        let blockers = Set(sequence.candidates[index].spec.requireToFail.filter(taps.isCounting))
        guard !blockers.isEmpty else { return fail(&sequence, index, time: time, into: &outputs) }
        var waiting = update(sequence, index, .began, translation: .zero, time: time)
        waiting.touchCount = sequence.candidates[index].peak
        taps.wait(waiting, for: blockers)
        sequence.candidates[index].phase = .failed
    }

    /// Recognized as the fingers lift: the sequence is claimed, and `began` and `ended` are published together, the
    /// ended one with the stroke and the release velocity. What waited for it to fail fails: their names.
    private mutating func recognizeAtLift(
        _ sequence: inout TouchSequence, _ index: Int, time: Double, into outputs: inout [ArenaOutput]
    ) -> Set<String> {
        let peak = sequence.candidates[index].peak
        sequence.candidates[index].phase = .ended
        sequence.resolution = .claimed(winner: index)
        outputs.append(.claimed(sequence: sequence.id, source: sequence.source, touches: sequence.allTouches))
        var began = update(sequence, index, .began, translation: .zero, time: time)
        var ended = update(sequence, index, .ended, translation: sequence.path, time: time)
        began.touchCount = peak
        ended.touchCount = peak
        outputs.append(.gesture(began))
        outputs.append(.gesture(ended))
        return defeat(by: began.name, at: time, into: &outputs)
    }

    // MARK: - Between sequences

    /// A touch sequence starts while multi-taps count: each it may continue (it is a candidate, landed near enough)
    /// stops its clock until the sequence ends; each other one fails now.
    mutating func continueTaps(
        into sequence: TouchSequence, at time: Double, shouldBegin: (BeginRequest) -> Bool,
        outputs: inout [ArenaOutput]
    ) {
        for entry in taps.counting {
            let near = (sequence.startLocation - entry.location).length <= TapOptions.nextTapDistance
            if near, sequence.candidates.contains(where: { $0.spec.name == entry.name }) {
                taps.setContinuing(entry.name)
            } else {
                failCounting(entry.name, at: time, shouldBegin: shouldBegin, into: &outputs)
            }
        }
    }

    /// After a step of the touch sequence: a multi-tap it was continuing whose candidate failed there has failed.
    mutating func settleTaps(
        in sequence: TouchSequence, at time: Double, shouldBegin: (BeginRequest) -> Bool,
        into outputs: inout [ArenaOutput]
    ) {
        guard sequence.source == .touch else { return }
        for entry in taps.counting where entry.continuing {
            let candidate = sequence.candidates.first { $0.spec.name == entry.name }
            if candidate.map({ $0.phase == .failed || $0.phase == .ended }) ?? true {
                failCounting(entry.name, at: time, shouldBegin: shouldBegin, into: &outputs)
            }
        }
    }

    /// Fails each multi-tap whose next tap did not land by its deadline, in order, at its deadline.
    mutating func fireTapDeadlines(
        upTo time: Double, shouldBegin: (BeginRequest) -> Bool, into outputs: inout [ArenaOutput]
    ) {
        for _ in 0..<taps.counting.count {
            guard let name = taps.due(by: time), let deadline = taps.count(of: name)?.deadline else { return }
            failCounting(name, at: deadline, shouldBegin: shouldBegin, into: &outputs)
        }
    }

    /// A multi-tap failed: it says so, and what waited only for it is recognized now, if it may begin.
    private mutating func failCounting(
        _ name: String, at time: Double, shouldBegin: (BeginRequest) -> Bool, into outputs: inout [ArenaOutput]
    ) {
        guard let entry = taps.stopCounting(name) else { return }
        outputs.append(
            .gesture(
                GestureUpdate(
                    name: name, state: .failed, translation: .zero, velocity: .zero, location: entry.location,
                    startLocation: entry.location, source: .touch, touchCount: 0, sequence: entry.sequence,
                    time: time)))
        for var waiting in taps.released(by: name) {
            waiting.time = time
            let request = BeginRequest(
                name: waiting.name, startLocation: waiting.startLocation, translation: .zero, source: waiting.source,
                touchCount: waiting.touchCount, sequence: waiting.sequence)
            guard shouldBegin(request) else {
                waiting.state = .failed
                outputs.append(.gesture(waiting))
                continue
            }
            outputs.append(.gesture(waiting))
            waiting.state = .ended
            outputs.append(.gesture(waiting))
            _ = defeat(by: waiting.name, at: time, into: &outputs)
        }
    }

    /// `name` was recognized: what waited for it to fail fails. Returns their names.
    private mutating func defeat(by name: String, at time: Double, into outputs: inout [ArenaOutput]) -> Set<String> {
        var names = Set<String>()
        for var lost in taps.defeated(by: name) {
            lost.state = .failed
            lost.time = time
            outputs.append(.gesture(lost))
            names.insert(lost.name)
        }
        return names
    }

    /// The touch source vanished: every multi-tap counting and everything waiting fails.
    mutating func forgetTaps(at time: Double, into outputs: inout [ArenaOutput]) {
        let (counting, waiting) = taps.clear()
        for entry in counting {
            outputs.append(
                .gesture(
                    GestureUpdate(
                        name: entry.name, state: .failed, translation: .zero, velocity: .zero,
                        location: entry.location, startLocation: entry.location, source: .touch, touchCount: 0,
                        sequence: entry.sequence, time: time)))
        }
        for var lost in waiting {
            lost.state = .failed
            lost.time = time
            outputs.append(.gesture(lost))
        }
    }
}
