/// The recognizer a binding names with `gesture`. Its raw value is the config's word.
enum GestureKind: String, CaseIterable, Sendable {
    case edgePan = "edge-pan"
    case pan
    case longPress = "long-press"
    case pinch
    case rotate
    case tap
    case swipe

    /// A pan or an edge pan: the fingers move the progress by distance.
    var isPan: Bool { self == .pan || self == .edgePan }
}

/// How a released finger picks the snap a transition goes to (`release`).
enum ReleaseRule: String, CaseIterable, Sendable {
    /// UIScrollView's deceleration, projected from the release velocity.
    case projection
    /// Past a fraction of the way, or faster than a velocity toward the next snap.
    case threshold
}

/// When a binding's command runs (`fire`).
enum FireMoment: String, CaseIterable, Sendable {
    case end, begin
    case `repeat`
}
