public import Motion

/// How a lifted finger (or `transition.release`) picks the target snap (MOTION.md §5).
public enum ReleaseRule: Hashable, Sendable {
    /// The snap nearest the position projected with deceleration rate `rate`.
    case projection(rate: Double)
    /// Finish past `fraction` unless flung back faster than `velocity` px/s,
    /// or when flung forward faster than it.
    case threshold(fraction: Double, velocity: Double)
}

public struct TransitionConfig: Hashable, Sendable {
    public var name: String
    public var snapPoints: [Double] = [0, 1]
    /// Timing of completions, toggles and animations.
    public var timing: TimingSpec = .spring(.perceptual(dampingRatio: 0.9, response: 0.35, velocity: 0))
    /// Duration of cubic legs, in seconds (springs settle in their own time).
    public var duration: Double = 0.35
    public var release: ReleaseRule = .projection(rate: 0.998)
    /// How many snaps one release may move from where the gesture started (GNOME's rule is 1).
    public var reach = 1
    /// iOS scroll-view rubber band past the ends; 0 stops hard.
    public var rubberBand = 0.55
    public var completionSpeed = 1.0
    public var initialSnap = 0
    /// A command (argv, no shell) to run each time the transition comes to rest at a snap, by snap index.
    public var onSnap: [Int: [String]] = [:]

    public init(name: String) { self.name = name }

    /// How many snap points a transition may have (issue 47): a pager of a hundred pages, and every snapshot, on
    /// every `get`, `list` and `subscribe`, stays a line of a few kilobytes.
    public static let maximumSnapPoints = 100
    /// What a snap point may be: a position in whatever unit the transition's clients draw in (a fraction, pixels,
    /// degrees), finite and far from where differences between them lose their meaning.
    public static let snapPointRange = -1_000_000.0...1_000_000.0

    public var lastSnap: Int { snapPoints.count - 1 }
}
