/// The JSON form of PROTOCOL.md ("Input events"), shared by `input.inject`,
/// trace files and `animctl record`:
/// `{"t":0.0083,"kind":"touch-move","id":1,"x":14.0,"y":541.0}`.
/// Touchpad swipes extend it with `fingers`, `dx`, `dy` and `cancelled`.
extension InputEvent: Codable {
    private enum Key: String, CodingKey {
        case t, kind, id, button, x, y, fingers, dx, dy, cancelled
    }

    public static let kindNames = ["touch-down", "touch-move", "touch-up", "touch-cancel", "pointer-move",
                                   "button-down", "button-up", "swipe-begin", "swipe-update", "swipe-end"]

    public var kindName: String {
        switch kind {
        case .touchDown: "touch-down"
        case .touchMove: "touch-move"
        case .touchUp: "touch-up"
        case .touchCancel: "touch-cancel"
        case .pointerMove: "pointer-move"
        case .buttonDown: "button-down"
        case .buttonUp: "button-up"
        case .swipeBegin: "swipe-begin"
        case .swipeUpdate: "swipe-update"
        case .swipeEnd: "swipe-end"
        }
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        let time = try c.decode(Double.self, forKey: .t)
        let name = try c.decode(String.self, forKey: .kind)
        let location = Point(x: try c.decode(Double.self, forKey: .x), y: try c.decode(Double.self, forKey: .y))
        func touchID() throws -> Int { try c.decode(Int.self, forKey: .id) }
        func fingers() throws -> Int { try c.decodeIfPresent(Int.self, forKey: .fingers) ?? 3 }
        let kind: Kind
        switch name {
        case "touch-down": kind = .touchDown(id: try touchID())
        case "touch-move": kind = .touchMove(id: try touchID())
        case "touch-up": kind = .touchUp(id: try touchID())
        case "touch-cancel": kind = .touchCancel(id: try touchID())
        case "pointer-move": kind = .pointerMove
        case "button-down": kind = .buttonDown(button: try c.decodeIfPresent(Int.self, forKey: .button) ?? 1)
        case "button-up": kind = .buttonUp(button: try c.decodeIfPresent(Int.self, forKey: .button) ?? 1)
        case "swipe-begin": kind = .swipeBegin(fingers: try fingers())
        case "swipe-update":
            kind = .swipeUpdate(fingers: try fingers(), delta: Point(x: try c.decode(Double.self, forKey: .dx), y: try c.decode(Double.self, forKey: .dy)))
        case "swipe-end": kind = .swipeEnd(fingers: try fingers(), cancelled: try c.decodeIfPresent(Bool.self, forKey: .cancelled) ?? false)
        default:
            throw DecodingError.dataCorruptedError(forKey: .kind, in: c, debugDescription:
                "unknown kind \"\(name)\" (expected \(InputEvent.kindNames.joined(separator: ", ")))")
        }
        guard time.isFinite, location.x.isFinite, location.y.isFinite else {
            throw DecodingError.dataCorruptedError(forKey: .t, in: c, debugDescription: "t, x and y must be finite numbers")
        }
        self.init(time: time, kind: kind, location: location)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        try c.encode(time, forKey: .t)
        try c.encode(kindName, forKey: .kind)
        switch kind {
        case let .touchDown(id), let .touchMove(id), let .touchUp(id), let .touchCancel(id): try c.encode(id, forKey: .id)
        case let .buttonDown(button), let .buttonUp(button): try c.encode(button, forKey: .button)
        case .pointerMove: break
        case let .swipeBegin(fingers): try c.encode(fingers, forKey: .fingers)
        case let .swipeUpdate(fingers, delta):
            try c.encode(fingers, forKey: .fingers)
            try c.encode(delta.x, forKey: .dx)
            try c.encode(delta.y, forKey: .dy)
        case let .swipeEnd(fingers, cancelled):
            try c.encode(fingers, forKey: .fingers)
            try c.encode(cancelled, forKey: .cancelled)
        }
        try c.encode(location.x, forKey: .x)
        try c.encode(location.y, forKey: .y)
    }
}
