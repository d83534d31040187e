import AnimProtocol
import Gestures
import Motion
import TextWriting
import TransitionModel
import Transitions

extension TransitionSnapshot {
    /// The same snapshot carrying `leg`, where the contract carries it (began, leg, answers).
    func with(leg: LegMotion?) -> TransitionSnapshot {
        var snapshot = self
        snapshot.leg = leg
        return snapshot
    }
}

/// An engine event as it goes out: its event group and transition, and then, only when someone subscribed to
/// it, its coalescing key and its line (`coalesce`, `encode`).
struct OutgoingEvent {
    let event: EngineEvent
    let group: EventGroup
    let transition: String?

    init(_ event: EngineEvent) {
        self.event = event
        group = Self.group(of: event)
        transition = event.transition
    }

    /// The group an event belongs to, known before anything else is worked out (`SubscriberRegistry.anyoneWants`).
    static func group(of event: EngineEvent) -> EventGroup {
        switch event {
        case .began, .leg, .ended: .state
        case .progress: .progress
        case .gesture: .gesture
        }
    }

    /// A progress frame of a running leg: a client with `frames: "driven"` evaluates it from the leg instead.
    var isAnalyticFrame: Bool {
        if case let .progress(snapshot) = event { return snapshot.phase == .animating }
        return false
    }

    /// The key under which a newer frame may replace an unsent one; nil for events that are never dropped.
    var coalesce: CoalescingKey? {
        switch event {
        case .began, .leg, .ended: nil
        case let .progress(snapshot): .progress(transition: snapshot.name)
        // Only the stream of `changed` may be thinned; the other states are never dropped.
        case let .gesture(update, _): update.state == .changed ? .gesture(update.name) : nil
        }
    }

    /// Writes the event's line.
    func encode(into out: inout some TextOutput) {
        switch event {
        case let .began(snapshot, cause, leg):
            EventLine.began(snapshot.with(leg: leg), cause: cause, into: &out)
        case let .progress(snapshot):
            EventLine.progress(snapshot, into: &out)
        case let .leg(snapshot, leg):
            EventLine.leg(snapshot.with(leg: leg), into: &out)
        case let .ended(snapshot, position):
            EventLine.ended(snapshot, position: position, into: &out)
        case let .gesture(update, _):
            EventLine.gesture(
                name: update.name, state: update.state, translation: (update.translation.x, update.translation.y),
                velocity: (update.velocity.x, update.velocity.y), pinch: update.pinch, into: &out)
        }
    }
}
