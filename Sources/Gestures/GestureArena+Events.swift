/// How an event changes the sequence of its source that is under way, before any recognizer looks at it: a finger
/// landing, moving or lifting, a pointer drag, a touchpad swipe's or pinch's update, an edge push. Each event goes
/// only to the sequence of its own kind (a pinch's update never moves a swipe), and one that means nothing there is
/// answered at once.
extension GestureArena {
    /// What an event did to its source's sequence: answered at once (ignored, or a finger joining a decided
    /// sequence), or changed it, perhaps ending it.
    enum Applied {
        case answered([ArenaOutput])
        case changed(ending: Ending?)
    }

    /// How a sequence ended: its input finished as it should (the last finger up, the swipe's end), or vanished.
    enum Ending { case ended, cancelled }

    /// An event of the source whose sequence is under way.
    static func apply(_ event: InputEvent, to sequence: inout TouchSequence) -> Applied {
        switch event.kind {
        case let .touchDown(id):
            return land(id, at: event.location, on: &sequence)
        case let .touchMove(id):
            guard sequence.hasTouch(id) else { return .answered([]) }
            sequence.moveTouch(id, to: event.location, at: event.time)
            return .changed(ending: nil)
        case let .touchUp(id):
            guard sequence.hasTouch(id) else { return .answered([]) }
            sequence.removeTouch(id)
            return .changed(ending: sequence.isFinished ? .ended : nil)
        case let .touchCancel(id):
            return sequence.hasTouch(id) ? .changed(ending: .cancelled) : .answered([])
        case .pointerMove:
            sequence.movePointer(to: event.location, at: event.time)
            return .changed(ending: nil)
        case let .buttonUp(button):
            return button == 1 ? .changed(ending: .ended) : .answered([])
        case .swipeUpdate, .swipeEnd, .pinchUpdate, .pinchEnd, .pressureUpdate, .pressureEnd:
            return applyMotion(event, to: &sequence)
        case .buttonDown, .swipeBegin, .pressureBegin, .pinchBegin:
            // Its source already has a sequence under way.
            return .answered([])
        case .holdBegin, .holdEnd:
            // Holds drive no recognizer: the engine publishes them as they come.
            return .answered([])
        }
    }

    /// A finger landing on the sequence under way. A touch already down is not added twice; one beyond the bound is
    /// handed back at once; one landing on a decided sequence shares its decision, so that X can accept or reject
    /// it too.
    private static func land(_ id: Int, at location: Point, on sequence: inout TouchSequence) -> Applied {
        if sequence.hasTouch(id) { return .answered([]) }
        if sequence.touches.count >= InputLimits.openTouches {
            return .answered([.released(sequence: sequence.id, source: .touch, touches: [id])])
        }
        sequence.addTouch(id, at: location)
        guard sequence.isResolved else { return .changed(ending: nil) }
        return .answered([
            sequence.winner == nil
                ? .released(sequence: sequence.id, source: .touch, touches: [id])
                : .claimed(sequence: sequence.id, source: .touch, touches: [id])
        ])
    }

    /// A touchpad swipe's or pinch's, or an edge push's, update or end, for the sequence of its kind only.
    private static func applyMotion(_ event: InputEvent, to sequence: inout TouchSequence) -> Applied {
        switch event.kind {
        case let .swipeUpdate(_, delta):
            guard !sequence.isPinch else { return .answered([]) }
            sequence.addDelta(delta, at: event.time)
            return .changed(ending: nil)
        case let .swipeEnd(_, cancelled):
            guard !sequence.isPinch else { return .answered([]) }
            return .changed(ending: cancelled ? .cancelled : .ended)
        case let .pinchUpdate(_, delta, scale, rotation):
            guard sequence.isPinch else { return .answered([]) }
            sequence.pinch(delta, scale: scale, rotation: rotation, at: event.time)
            return .changed(ending: nil)
        case let .pinchEnd(_, cancelled):
            guard sequence.isPinch else { return .answered([]) }
            return .changed(ending: cancelled ? .cancelled : .ended)
        case let .pressureUpdate(edge, push):
            guard sequence.pressureEdge == edge else { return .answered([]) }
            sequence.addDelta(edge.inward * push, at: event.time)
            return .changed(ending: nil)
        case let .pressureEnd(edge, cancelled):
            guard sequence.pressureEdge == edge else { return .answered([]) }
            return .changed(ending: cancelled ? .cancelled : .ended)
        default:
            return .answered([])
        }
    }
}
