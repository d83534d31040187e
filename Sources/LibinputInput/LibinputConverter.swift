public import Gestures

/// One libinput event as values: what `LibinputSession` reads off a `libinput_event`, with touch positions already
/// on the screen. Tests build these directly, below the libinput boundary.
public enum LibinputRecord: Hashable, Sendable {
    case touchDown(device: Int, slot: Int32, at: Point, time: Double)
    case touchMotion(device: Int, slot: Int32, at: Point, time: Double)
    case touchUp(device: Int, slot: Int32, time: Double)
    case touchCancel(device: Int, slot: Int32, time: Double)
    case swipeBegin(fingers: Int, time: Double)
    case swipeUpdate(fingers: Int, delta: Point, time: Double)
    case swipeEnd(fingers: Int, cancelled: Bool, time: Double)
    case pinchBegin(fingers: Int, time: Double)
    /// `scale` relative to the begin; `angleDelta` in degrees since the last update.
    case pinchUpdate(fingers: Int, delta: Point, scale: Double, angleDelta: Double, time: Double)
    case pinchEnd(fingers: Int, cancelled: Bool, time: Double)
    case holdBegin(fingers: Int, time: Double)
    case holdEnd(fingers: Int, cancelled: Bool, time: Double)
    /// The device went away (unplugged, or its node was removed): its open touches are cancelled.
    case deviceRemoved(device: Int, time: Double)
}

/// Turns libinput's events, as values, into the same `InputEvent`s the X backend and `input.inject` produce. Pure:
/// no libinput, no I/O. Touches get small ids of animd's own per (device, slot); a touch's up and cancel carry its
/// last position (libinput gives none). Every number meets the ranges injected events meet.
public struct LibinputConverter: Sendable {
    private struct Key: Hashable, Sendable {
        var device: Int
        var slot: Int32
    }

    private var touches: [Key: (id: Int, location: Point)] = [:]
    private var nextTouch = 1
    private var pinchRotation = 0.0
    /// Where a touchpad gesture happens: libinput knows no pointer position, so the middle of the screen.
    public var gestureLocation: Point

    public init(gestureLocation: Point) { self.gestureLocation = gestureLocation }

    /// Touches down and not yet up, cancelled or removed.
    public var openTouchCount: Int { touches.count }

    public mutating func convert(_ record: LibinputRecord) -> [InputEvent] {
        switch record {
        case let .touchDown(device, slot, location, time):
            let key = Key(device: device, slot: slot)
            guard touches[key] == nil, let location = InputLimits.point(location.x, location.y) else { return [] }
            let id = nextTouch
            nextTouch = nextTouch >= Int(Int32.max) ? 1 : nextTouch + 1
            touches[key] = (id, location)
            return [InputEvent(time: time, kind: .touchDown(id: id), location: location)]
        case let .touchMotion(device, slot, location, time):
            let key = Key(device: device, slot: slot)
            guard let touch = touches[key], let location = InputLimits.point(location.x, location.y) else { return [] }
            touches[key] = (touch.id, location)
            return [InputEvent(time: time, kind: .touchMove(id: touch.id), location: location)]
        case let .touchUp(device, slot, time):
            guard let touch = touches.removeValue(forKey: Key(device: device, slot: slot)) else { return [] }
            return [InputEvent(time: time, kind: .touchUp(id: touch.id), location: touch.location)]
        case let .touchCancel(device, slot, time):
            guard let touch = touches.removeValue(forKey: Key(device: device, slot: slot)) else { return [] }
            return [InputEvent(time: time, kind: .touchCancel(id: touch.id), location: touch.location)]
        case let .deviceRemoved(device, time):
            let gone = touches.filter { $0.key.device == device }.sorted { $0.value.id < $1.value.id }
            for (key, _) in gone { touches[key] = nil }
            return gone.map { InputEvent(time: time, kind: .touchCancel(id: $0.value.id), location: $0.value.location) }
        default:
            return convertGesture(record)
        }
    }

    /// A touchpad swipe, pinch or hold: placed at `gestureLocation`, with its numbers checked.
    private mutating func convertGesture(_ record: LibinputRecord) -> [InputEvent] {
        guard let (kind, time) = gestureKind(of: record) else { return [] }
        return [InputEvent(time: time, kind: kind, location: gestureLocation)]
    }

    /// A gesture record's event and time; nil for one whose finger count or numbers are out of range.
    private mutating func gestureKind(of record: LibinputRecord) -> (InputEvent.Kind, Double)? {
        let whole = { (fingers: Int) -> Int? in InputLimits.whole(fingers, in: InputLimits.fingers) }
        switch record {
        case let .swipeBegin(fingers, time): return whole(fingers).map { (.swipeBegin(fingers: $0), time) }
        case let .swipeUpdate(fingers, delta, time):
            guard let fingers = whole(fingers), let delta = InputLimits.point(delta.x, delta.y) else { return nil }
            return (.swipeUpdate(fingers: fingers, delta: delta), time)
        case let .swipeEnd(fingers, cancelled, time):
            return whole(fingers).map { (.swipeEnd(fingers: $0, cancelled: cancelled), time) }
        case let .pinchBegin(fingers, time):
            guard let fingers = whole(fingers) else { return nil }
            pinchRotation = 0
            return (.pinchBegin(fingers: fingers), time)
        case let .pinchUpdate(fingers, delta, scale, angleDelta, time):
            guard let fingers = whole(fingers), let delta = InputLimits.point(delta.x, delta.y) else { return nil }
            // The same ranges as injected pinches: a bad scale reads as unchanged, a bad angle as no turn.
            pinchRotation = InputLimits.pinchRotation(pinchRotation, turnedBy: angleDelta)
            let scale = InputLimits.pinchScale(scale)
            return (.pinchUpdate(fingers: fingers, delta: delta, scale: scale, rotation: pinchRotation), time)
        case let .pinchEnd(fingers, cancelled, time):
            return whole(fingers).map { (.pinchEnd(fingers: $0, cancelled: cancelled), time) }
        case let .holdBegin(fingers, time): return whole(fingers).map { (.holdBegin(fingers: $0), time) }
        case let .holdEnd(fingers, cancelled, time):
            return whole(fingers).map { (.holdEnd(fingers: $0, cancelled: cancelled), time) }
        default:
            return nil
        }
    }
}
