/// The touchpad gestures the arena publishes on their own, without a binding (`BuiltInGesture`): a pinch, with
/// its translation, scale and rotation, and a hold, with its finger count. One of each at a time, as X and libinput
/// report them: a second begin while one runs is ignored, and so is an update or an end without one. They take
/// their sequence numbers from the arena's, like every other gesture.
struct TouchpadGestures: Sendable {
    /// The pinch under way: its sequence and the translation so far.
    private var pinch: (sequence: Int, translation: Point)?
    /// The hold under way: its sequence and finger count.
    private var hold: (sequence: Int, fingers: Int)?

    var isTracking: Bool { pinch != nil || hold != nil }

    /// What a pinch or hold event brings about, taking a sequence number from `nextSequence` when one begins; nil
    /// for any other event, which the arena's recognizers take.
    mutating func handle(_ event: InputEvent, nextSequence: inout Int) -> [ArenaOutput]? {
        switch event.kind {
        case .pinchBegin:
            guard pinch == nil else { return [] }
            pinch = (nextSequence, .zero)
            nextSequence += 1
            return [pinchUpdate(.began, translation: .zero, scale: 1, rotation: 0, at: event)]
        case let .pinchUpdate(_, delta, scale, rotation):
            guard var current = pinch else { return [] }
            current.translation = current.translation + delta
            pinch = current
            return [
                pinchUpdate(.changed, translation: current.translation, scale: scale, rotation: rotation, at: event)
            ]
        case let .pinchEnd(_, cancelled):
            guard let current = pinch else { return [] }
            defer { pinch = nil }
            return [
                pinchUpdate(
                    cancelled ? .cancelled : .ended, translation: current.translation, scale: 1, rotation: 0, at: event)
            ]
        case let .holdBegin(fingers):
            guard hold == nil else { return [] }
            hold = (nextSequence, fingers)
            nextSequence += 1
            return [holdUpdate(.began, at: event.location, time: event.time)]
        case let .holdEnd(_, cancelled):
            guard hold != nil else { return [] }
            defer { hold = nil }
            return [holdUpdate(cancelled ? .cancelled : .ended, at: event.location, time: event.time)]
        default:
            return nil
        }
    }

    /// The touchpad's input vanished: whatever runs is cancelled, the pinch first.
    mutating func cancel(at time: Double) -> [ArenaOutput] {
        var outputs: [ArenaOutput] = []
        if let current = pinch {
            outputs.append(
                .gesture(
                    update(
                        .pinch, .cancelled, sequence: current.sequence, translation: current.translation, touchCount: 2,
                        location: .zero, time: time)))
            pinch = nil
        }
        if hold != nil {
            outputs.append(holdUpdate(.cancelled, at: .zero, time: time))
            hold = nil
        }
        return outputs
    }

    private func pinchUpdate(
        _ state: RecognizerState, translation: Point, scale: Double, rotation: Double, at event: InputEvent
    ) -> ArenaOutput {
        var gesture = update(
            .pinch, state, sequence: pinch?.sequence ?? 0, translation: translation, touchCount: 2,
            location: event.location, time: event.time)
        if state == .began || state == .changed { gesture.pinch = (scale, rotation) }
        return .gesture(gesture)
    }

    private func holdUpdate(_ state: RecognizerState, at location: Point, time: Double) -> ArenaOutput {
        .gesture(
            update(
                .hold, state, sequence: hold?.sequence ?? 0, translation: .zero, touchCount: hold?.fingers ?? 0,
                location: location,
                time: time))
    }

    private func update(
        _ gesture: BuiltInGesture, _ state: RecognizerState, sequence: Int, translation: Point, touchCount: Int,
        location: Point, time: Double
    ) -> GestureUpdate {
        GestureUpdate(
            name: gesture.rawValue, state: state, translation: translation, velocity: .zero, location: location,
            startLocation: location, source: .touchpad, touchCount: touchCount, sequence: sequence, time: time)
    }
}
