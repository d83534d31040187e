public import Gestures
public import Motion
public import TransitionModel

/// What the engine tells subscribers.
public enum EngineEvent: Hashable, Sendable {
    /// A leg began; `leg` is its motion.
    case began(TransitionSnapshot, cause: LegCause, leg: LegMotion)
    case progress(TransitionSnapshot)
    /// The running leg's motion changed (resumed, reversed, continued, paused, scrubbed, released or caught).
    case leg(TransitionSnapshot, LegMotion)
    case ended(TransitionSnapshot, position: AnimatingPosition)
    /// A gesture's update, with the transition its binding drives (nil for a built-in gesture such as `hold`), so
    /// that whoever sends it need not ask the engine.
    case gesture(GestureUpdate, transition: String?)

    /// The transition the event is about: a gesture's is the one its binding drives.
    public var transition: String? {
        switch self {
        case let .began(s, _, _), let .progress(s), let .leg(s, _), let .ended(s, _): s.name
        case let .gesture(_, transition): transition
        }
    }
}

/// Everything one engine step produced.
public struct EngineOutput: Hashable, Sendable {
    public var events: [EngineEvent] = []
    /// Touch ownership decisions (claimed / released) for the X layer.
    public var touchDecisions: [ArenaOutput] = []
    /// When the engine wants its next `tick`: the next deadline of the frame
    /// grid while any leg runs, nil when nothing moves (then no timer is needed).
    public var nextFrame: Double?
    /// When a recognizer waits for time to pass with no event (a long press, a `hold`): when the daemon must call
    /// `advanceRecognizers`. Nil when none waits.
    public var recognizerDeadline: Double?

    public init(events: [EngineEvent] = [], touchDecisions: [ArenaOutput] = []) {
        self.events = events; self.touchDecisions = touchDecisions
    }
}
