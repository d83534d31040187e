public import Gestures

/// What a binding runs (issue 61, `run` and `fire`): a command, and when its gesture fires it. A binding may run one
/// instead of driving a transition, or besides.
public struct BindingCommand: Hashable, Sendable {
    /// When the command runs.
    public enum Fire: Hashable, Sendable {
        /// When the gesture ends, recognized and not cancelled (libinput-gestures' and touchegg's default): a swipe
        /// that changes the workspace once.
        case end
        /// When the gesture is recognized: a long press that opens a menu while the finger is still down.
        case begin
        /// Each time the gesture's travel passes another `step` (px for a pan, ln of the scale for a pinch,
        /// degrees for a rotation), as fusuma's continuous gestures do: volume up while the fingers move.
        case `repeat`(step: Double)

        /// The word the config and the command's environment use.
        public var word: String {
            switch self {
            case .end: "end"
            case .begin: "begin"
            case .repeat: "repeat"
            }
        }
    }

    /// The way that counts (the binding's `increases`, or a pan's `direction`): a command fired at the end runs only
    /// when the gesture ended gone that way, and repeats count steps that way. Nil: any way.
    public enum Way: Hashable, Sendable {
        case direction(Direction)
        /// A pinch: closing (`in`) or opening (`out`).
        case scale(closing: Bool)
        /// A rotation, on the screen (y down).
        case turn(clockwise: Bool)
    }

    /// Program and arguments, run without a shell.
    public var argv: [String]
    public var fire: Fire
    public var way: Way?

    public init(argv: [String], fire: Fire = .end, way: Way? = nil) {
        self.argv = argv; self.fire = fire; self.way = way
    }

    /// The defaults of `repeat-distance`, `repeat-factor` and `repeat-angle` (docs/config.md says why): a step a
    /// hand makes on purpose, some ten times a pan's slop, a pinch's slop and a half, and a rotation's three.
    public static let repeatDistance = 100.0
    public static let repeatFactor = 1.25
    public static let repeatAngle = 30.0

    /// The most runs one update of a repeating gesture makes: a fling that passes more steps in one update runs
    /// this many, and the steps beyond are counted as passed, so that a command cannot be started without bound.
    public static let repeatsPerUpdate = 32
}
