/// Where an input event came from. Recognizers are switched on per source.
public enum InputSource: String, Hashable, Sendable, CaseIterable, Codable {
    /// A touchscreen finger.
    case touch
    /// Button 1 held down and dragged (on X: only from the opt-in edge strips).
    case pointer
    /// The pointer pushed against a screen edge (on X: pointer barriers); it never takes a click.
    case pressure
    /// XI 2.4 touchpad swipes and pinches.
    case touchpad

    /// By case, not by name: a String-backed enum hashes its name by default, and a source is hashed several times
    /// per input event (the arena's sequences, the input owners).
    public func hash(into hasher: inout Hasher) { hasher.combine(ordinal) }

    /// Its place in `allCases`: for tables indexed by source, which need no hashing at all.
    public var ordinal: Int {
        switch self {
        case .touch: 0
        case .pointer: 1
        case .pressure: 2
        case .touchpad: 3
        }
    }
}

/// One input event, carrying its own time (seconds; only differences matter)
/// and its position in root-window pixels. The X11 layer and `input.inject`
/// both produce these; recognizers consume nothing else.
public struct InputEvent: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        case touchDown(id: Int)
        case touchMove(id: Int)
        case touchUp(id: Int)
        case touchCancel(id: Int)
        case pointerMove
        case buttonDown(button: Int)
        case buttonUp(button: Int)
        /// XI 2.4 touchpad swipe: position is the pointer; updates carry deltas.
        case swipeBegin(fingers: Int)
        case swipeUpdate(fingers: Int, delta: Point)
        case swipeEnd(fingers: Int, cancelled: Bool)
        /// The pointer started pushing against `edge` (a barrier hit at `location`).
        case pressureBegin(edge: Edge)
        /// `push` more px of pressure into the edge, already capped per event.
        case pressureUpdate(edge: Edge, push: Double)
        /// The pointer left the edge or stopped pushing.
        case pressureEnd(edge: Edge, cancelled: Bool)
        /// XI 2.4 touchpad pinch: `scale` is relative to the begin (1 = unchanged), `rotation` in degrees.
        case pinchBegin(fingers: Int)
        case pinchUpdate(fingers: Int, delta: Point, scale: Double, rotation: Double)
        case pinchEnd(fingers: Int, cancelled: Bool)
        /// libinput touchpad hold: fingers resting on the pad without moving, until they move or lift.
        case holdBegin(fingers: Int)
        case holdEnd(fingers: Int, cancelled: Bool)
    }

    public var time: Double
    public var kind: Kind
    public var location: Point

    public init(time: Double, kind: Kind, location: Point) {
        self.time = time
        self.kind = kind
        self.location = location
    }

    public var source: InputSource {
        switch kind {
        case .touchDown, .touchMove, .touchUp, .touchCancel: .touch
        case .pointerMove, .buttonDown, .buttonUp: .pointer
        case .pressureBegin, .pressureUpdate, .pressureEnd: .pressure
        case .swipeBegin, .swipeUpdate, .swipeEnd, .pinchBegin, .pinchUpdate, .pinchEnd, .holdBegin, .holdEnd: .touchpad
        }
    }
}

extension InputEvent.Kind {
    /// A touchpad pinch's begin, update or end.
    public var isPinch: Bool {
        switch self {
        case .pinchBegin, .pinchUpdate, .pinchEnd: true
        default: false
        }
    }
}
