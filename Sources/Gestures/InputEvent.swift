/// Where an input event came from. Recognizers are switched on per source.
public enum InputSource: String, Hashable, Sendable, CaseIterable, Codable {
    case touch, pointer, touchpad
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
        case .swipeBegin, .swipeUpdate, .swipeEnd: .touchpad
        }
    }
}
