import AnimProtocol
import Gestures
import Transitions

extension TransitionSnapshot {
    var wire: WireSnapshot {
        WireSnapshot(name: name, progress: progress, fraction: fraction, velocity: velocity, phase: phase.rawValue,
                     from: from, to: to, target: target, snap: snap, snapPoints: snapPoints, seq: seq, time: time)
    }
}

/// An engine event as it goes out: its event group, transition and coalescing key, and its line, which is
/// encoded only when someone subscribed to it (`encode`).
struct OutgoingEvent {
    let event: EngineEvent
    let group: String
    let transition: String?
    let coalesce: String?

    init(_ event: EngineEvent, bindingTransition: (String) -> String?) {
        self.event = event
        switch event {
        case let .began(snapshot, _), let .ended(snapshot, _):
            group = "state"; transition = snapshot.name; coalesce = nil
        case let .progress(snapshot):
            group = "progress"; transition = snapshot.name; coalesce = snapshot.name
        case let .gesture(update):
            group = "gesture"; transition = bindingTransition(update.name)
            // Only the stream of `changed` may be thinned; the other states are never dropped.
            coalesce = update.state == .changed ? "gesture:\(update.name)" : nil
        }
    }

    func encode() -> String {
        switch event {
        case let .began(snapshot, cause):
            let (causeName, gesture): (String, String?) = switch cause {
            case let .gesture(name): ("gesture", name)
            case .command: ("command", nil)
            }
            return EventLine.began(snapshot.wire, cause: causeName, gesture: gesture)
        case let .progress(snapshot):
            return EventLine.progress(snapshot.wire)
        case let .ended(snapshot, position):
            return EventLine.ended(snapshot.wire, position: position.rawValue)
        case let .gesture(update):
            return EventLine.gesture(name: update.name, state: update.state.rawValue,
                                     translation: (update.translation.x, update.translation.y),
                                     velocity: (update.velocity.x, update.velocity.y), pinch: update.pinch)
        }
    }
}
