/// The states of a continuous recognizer (UIGestureRecognizer.State).
public enum RecognizerState: String, Hashable, Sendable, Codable {
    case possible, began, changed, ended, cancelled, failed
}

/// What a recognizer reports: its state, translation since it began, and velocity.
public struct GestureUpdate: Hashable, Sendable {
    public var name: String
    public var state: RecognizerState
    /// Movement since the recognizer began (zero in `began`), px.
    public var translation: Point
    /// px/s; on `ended` it is the release velocity.
    public var velocity: Point
    /// The centroid of the sequence's touches now.
    public var location: Point
    /// Where the sequence started.
    public var startLocation: Point
    public var source: InputSource
    public var touchCount: Int
    public var sequence: Int
    public var time: Double
    /// Touchpad pinches only: the scale since the pinch began (1 = unchanged) and the rotation in degrees.
    public var pinch: (scale: Double, rotation: Double)? {
        get { pinchScale.map { ($0, pinchRotation) } }
        set { pinchScale = newValue?.scale; pinchRotation = newValue?.rotation ?? 0 }
    }
    private var pinchScale: Double?
    private var pinchRotation: Double = 0
    /// Pinch and rotation recognizers: (ln scale, degrees clockwise) since the recognizer began, and how fast they
    /// change (per second; on `ended`, at the release). Zero for the others.
    public var transform: Point = .zero
    public var transformVelocity: Point = .zero

    public init(
        name: String, state: RecognizerState, translation: Point, velocity: Point, location: Point,
        startLocation: Point, source: InputSource, touchCount: Int, sequence: Int, time: Double
    ) {
        self.name = name; self.state = state; self.translation = translation; self.velocity = velocity
        self.location = location; self.startLocation = startLocation; self.source = source
        self.touchCount = touchCount; self.sequence = sequence; self.time = time
    }
}

/// What the arena decides for the X layer and the engine.
public enum ArenaOutput: Hashable, Sendable {
    case gesture(GestureUpdate)
    /// A recognizer began: the sequence's touches belong to animd (XIAcceptTouch).
    case claimed(sequence: Int, source: InputSource, touches: [Int])
    /// No recognizer can use the sequence: its touches go back to applications (XIRejectTouch).
    case released(sequence: Int, source: InputSource, touches: [Int])
    /// A sequence started where these recognizers may take it (a touch landed in their place, a touchpad hold
    /// began), before any of them decided: what lets a finger catch a running leg as it lands.
    case landed(sequence: Int, source: InputSource, recognizers: [String])
}

/// Asked when a recognizer is about to begin (`gestureRecognizerShouldBegin`).
public struct BeginRequest: Hashable, Sendable {
    public var name: String
    public var startLocation: Point
    public var translation: Point
    public var source: InputSource
    public var touchCount: Int
    /// The sequence that would begin it.
    public var sequence: Int
}
