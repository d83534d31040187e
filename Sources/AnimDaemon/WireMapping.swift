import AnimProtocol
import Gestures
import Transitions

extension TransitionSnapshot {
    var wire: WireSnapshot {
        WireSnapshot(name: name, progress: progress, fraction: fraction, velocity: velocity, phase: phase.rawValue,
                     from: from, to: to, target: target, snap: snap, snapPoints: snapPoints, seq: seq, time: time)
    }
}

/// An engine event as it goes out: its line, event group, transition and coalescing key.
struct OutgoingEvent {
    let line: String
    let group: String
    let transition: String?
    let coalesce: String?

    init(_ event: EngineEvent, bindingTransition: (String) -> String?) {
        switch event {
        case let .began(snapshot, cause):
            let (causeName, gesture): (String, String?) = switch cause {
            case let .gesture(name): ("gesture", name)
            case .command: ("command", nil)
            }
            line = EventLine.began(snapshot.wire, cause: causeName, gesture: gesture)
            group = "state"; transition = snapshot.name; coalesce = nil
        case let .progress(snapshot):
            line = EventLine.progress(snapshot.wire)
            group = "progress"; transition = snapshot.name; coalesce = snapshot.name
        case let .ended(snapshot, position):
            line = EventLine.ended(snapshot.wire, position: position.rawValue)
            group = "state"; transition = snapshot.name; coalesce = nil
        case let .gesture(update):
            line = EventLine.gesture(name: update.name, state: update.state.rawValue,
                                     translation: (update.translation.x, update.translation.y),
                                     velocity: (update.velocity.x, update.velocity.y), pinch: update.pinch)
            group = "gesture"; transition = bindingTransition(update.name)
            // Only the stream of `changed` may be thinned; the other states are never dropped.
            coalesce = update.state == .changed ? "gesture:\(update.name)" : nil
        }
    }
}
