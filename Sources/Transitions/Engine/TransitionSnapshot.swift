public import Gestures
public import Motion

/// What a transition is doing (PROTOCOL.md `phase`).
public enum TransitionPhase: String, Hashable, Sendable {
    /// At rest.
    case idle
    /// A finger or a client drives it.
    case interactive
    /// A timing curve or spring carries it.
    case animating
    /// A client paused a running leg.
    case paused
    /// Stopped, waiting for `finish`.
    case stopped
}

/// The state of one transition at one moment (PROTOCOL.md "A transition snapshot").
public struct TransitionSnapshot: Hashable, Sendable {
    public var name: String
    /// Position in snap-point space; may overshoot with springs or rubber-banding.
    public var progress: Double
    /// fractionComplete of the current leg, along its direction of travel.
    public var fraction: Double
    /// Progress units per second.
    public var velocity: Double
    public var phase: TransitionPhase
    /// Snap indices of the current leg; equal when idle.
    public var from: Int
    public var to: Int
    /// Where the leg is heading now: `to`, or `from` once reversed (an extension of the contract).
    public var target: Int
    /// The snap it rests at or last rested at.
    public var snap: Int
    public var snapPoints: [Double]
    /// Strictly increasing across every event about this transition.
    public var seq: Int
    /// CLOCK_MONOTONIC seconds.
    public var time: Double
}

/// Why a leg began.
public enum LegCause: Hashable, Sendable {
    case gesture(String)
    case command
}

/// What the engine tells subscribers.
public enum EngineEvent: Hashable, Sendable {
    /// A leg began; `leg` is its motion.
    case began(TransitionSnapshot, cause: LegCause, leg: LegMotion)
    case progress(TransitionSnapshot)
    /// The running leg's motion changed (resumed, reversed, continued, paused, scrubbed, released or caught).
    case leg(TransitionSnapshot, LegMotion)
    case ended(TransitionSnapshot, position: AnimatingPosition)
    case gesture(GestureUpdate)

    /// The transition the event is about; nil for gesture events.
    public var transition: String? {
        switch self {
        case let .began(s, _, _), let .progress(s), let .leg(s, _), let .ended(s, _): s.name
        case .gesture: nil
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

    public init(events: [EngineEvent] = [], touchDecisions: [ArenaOutput] = []) {
        self.events = events; self.touchDecisions = touchDecisions
    }
}
