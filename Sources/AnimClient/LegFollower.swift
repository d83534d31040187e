import AnimProtocol
public import JSONText
public import Motion
public import TransitionModel

/// A leg's motion as `transition.began` and `transition.leg` announce it: `progress(at:)` and
/// `velocity(at:)` give the daemon's own frames at any instant of the frames' clock (`monotonicSeconds()`, UnixSupport).
public typealias Leg = LegMotion

/// What a client with `frames: "driven"` knows of each transition: the last snapshot it was sent, and the
/// leg that moves it since. Feed it every notification; ask it for the progress at the instant you draw.
public struct LegFollower: Sendable {
    public private(set) var snapshots: [String: TransitionSnapshot] = [:]

    public init() {}

    /// Starts from a `subscribe` or `transition.list` answer (`{"transitions":[…]}`).
    public init(answer: JSONValue) {
        for item in answer["transitions"]?.array ?? [] {
            if let snapshot = TransitionSnapshot(json: item) { snapshots[snapshot.name] = snapshot }
        }
    }

    /// Takes one notification; returns the transition it was about, nil for anything else.
    @discardableResult
    public mutating func follow(method: String, params: JSONValue) -> String? {
        guard let kind = NotificationMethod(rawValue: method), kind.isTransitionEvent,
            var snapshot = TransitionSnapshot(json: params)
        else { return nil }
        switch kind {
        case .began, .leg:
            break
        case .ended:
            snapshot.leg = nil
        default:
            // A frame keeps the leg it belongs to: a driven leg's frames say where the finger is.
            snapshot.leg = snapshots[snapshot.name]?.leg
        }
        snapshots[snapshot.name] = snapshot
        return snapshot.name
    }

    /// The progress to draw at `time`: the running leg evaluated there, or the last frame while driven or at rest.
    public func progress(of name: String, at time: Double) -> Double? {
        guard let snapshot = snapshots[name] else { return nil }
        return snapshot.leg?.progress(at: time) ?? snapshot.progress
    }

    /// Progress units per second at `time`, as `progress(of:at:)`.
    public func velocity(of name: String, at time: Double) -> Double? {
        guard let snapshot = snapshots[name] else { return nil }
        return snapshot.leg?.velocity(at: time) ?? snapshot.velocity
    }

    /// Whether any transition's leg is running, so that the client must keep drawing.
    public func isAnimating(at time: Double) -> Bool {
        snapshots.values.contains { snapshot in (snapshot.leg?.endTime).map { time < $0 } ?? false }
    }
}
