import CX11
import Gestures

/// Turns XInput2 events, as Xlib hands them over, into `InputEvent`s, and the
/// arena's claim/release decisions into touch allowances. It holds no
/// `Display` and does no I/O: the X thread feeds it and carries out what it
/// returns, and tests feed it structs built in memory.
///
/// - Every touch is read from its raw events (`XI_RawTouch*` on the root
///   window), which no grab delays; positions come from `touchscreens`.
/// - A touch that also starts in one of animd's exclusive edge strips
///   arrives there through the strip's passive grab: that event says where
///   it is held, and the arena's decision for it is answered there.
/// - Touches get small ids of animd's own (X touch ids are per device and
///   32-bit); the map lives until a touch has ended and, if held, been answered.
/// - X timestamps are 32-bit milliseconds; they are unwrapped into seconds.
struct XInputConverter: Sendable {
    /// What the X thread must answer for one held touch: `XIAllowTouchEvents` on the window that holds it.
    struct TouchAllowance: Hashable, Sendable {
        var deviceID: Int32
        var touchID: UInt32
        var window: UInt
        var accept: Bool
    }

    /// Where animd holds a touch: the master device and the strip window of the grab that delivered it.
    private struct Hold: Hashable, Sendable {
        var deviceID: Int32
        var window: UInt
    }

    private struct OpenTouch: Sendable {
        var key: UInt64
        var touchID: UInt32
        var sourceID: Int32
        var location: Point
        /// The last valuators, for an update that carries one axis only.
        var deviceX: Double
        var deviceY: Double
        var ended = false
        /// The arena's answer, once it gave one.
        var accept: Bool?
        var hold: Hold?
        var answered = false

        /// Nothing more can happen to it: it ended, was decided, and a held touch was answered.
        var finished: Bool { ended && accept != nil && (hold == nil || answered) }
    }

    /// Reconfigured in place on reload (`EdgePressure.configure`), never replaced while a push may be open.
    var pressure: EdgePressure
    /// Barrier id → the edge it guards.
    var barriers: [UInt: Edge] = [:]
    /// Touchscreen (source device id) → where its touches go. Raw touches from other devices are dropped.
    var touchscreens: [Int32: TouchscreenMapping] = [:]
    private var touches: [Int: OpenTouch] = [:]
    private var touchIDs: [UInt64: Int] = [:]
    private var nextTouch = 1
    private var clock = ServerClock()
    private var pinchRotation = 0.0

    init(pressure: EdgePressure = EdgePressure()) {
        self.pressure = pressure
    }

    // MARK: - Touch

    /// One raw touch event, from any touchscreen: the touch as the recognizers see it.
    mutating func rawTouch(_ e: XIRawEvent, receivedAt local: Double? = nil) -> [InputEvent] {
        let time = seconds(e.time, receivedAt: local)
        guard let mapping = touchscreens[e.sourceid] else { return [] }
        let key = Self.key(e.sourceid, UInt32(truncatingIfNeeded: e.detail))
        let known = touchIDs[key].flatMap { id in touches[id].map { (id, $0) } }
        let x = Self.valuator(e.valuators, 0), y = Self.valuator(e.valuators, 1)
        switch e.evtype {
        case XI_RawTouchBegin:
            guard known == nil, let x, let y, let location = mapping.location(x: x, y: y) else { return [] }
            let id = nextTouch
            nextTouch = nextTouch >= Int(Int32.max) ? 1 : nextTouch + 1
            touchIDs[key] = id
            touches[id] = OpenTouch(
                key: key, touchID: UInt32(truncatingIfNeeded: e.detail), sourceID: e.sourceid, location: location,
                deviceX: x, deviceY: y)
            return [InputEvent(time: time, kind: .touchDown(id: id), location: location)]
        case XI_RawTouchUpdate, XI_RawTouchEnd:
            guard let (id, found) = known, !found.ended else { return [] }
            var open = found
            open.deviceX = x ?? open.deviceX
            open.deviceY = y ?? open.deviceY
            open.location = mapping.location(x: open.deviceX, y: open.deviceY) ?? open.location
            let ending = e.evtype == XI_RawTouchEnd
            open.ended = ending
            store(open, id: id)
            return [
                InputEvent(time: time, kind: ending ? .touchUp(id: id) : .touchMove(id: id), location: open.location)
            ]
        default:
            return []
        }
    }

    /// A touch delivered through a strip's passive grab (only its begin matters; positions come from raw events).
    /// Returns the answer due now: the arena's, if it already decided, or a rejection for a touch animd never saw
    /// begin (it connected mid-touch, or another client held the touch first), which it must not keep.
    mutating func grabbedTouch(_ e: XIDeviceEvent) -> [TouchAllowance] {
        guard e.evtype == XI_TouchBegin else { return [] }
        let touchID = UInt32(truncatingIfNeeded: e.detail)
        let hold = Hold(deviceID: e.deviceid, window: e.event)
        guard let id = touchIDs[Self.key(e.sourceid, touchID)], var open = touches[id], open.hold == nil else {
            return [TouchAllowance(deviceID: hold.deviceID, touchID: touchID, window: hold.window, accept: false)]
        }
        open.hold = hold
        let due = answer(&open)
        store(open, id: id)
        return due
    }

    /// The allowances for one arena decision: for each touch animd holds, accept or reject; touches it does not
    /// hold (yet) only remember the decision.
    mutating func allowances(for decision: ArenaOutput) -> [TouchAllowance] {
        let (ids, accept): ([Int], Bool)
        switch decision {
        case let .claimed(_, .touch, touches): (ids, accept) = (touches, true)
        case let .released(_, .touch, touches): (ids, accept) = (touches, false)
        default: return []
        }
        var result: [TouchAllowance] = []
        for id in ids {
            guard var open = touches[id], open.accept == nil else { continue }
            open.accept = accept
            result += answer(&open)
            store(open, id: id)
        }
        return result
    }

    /// A device went away: the touches it still has open are cancelled. (Xorg itself ends a disabled or unplugged
    /// device's touches with ordinary TouchEnds just before it announces the removal, to every client alike; those
    /// arrive as lifts, and no field tells them from a finger lifting.)
    mutating func removeDevice(_ sourceID: Int32, at time: Double) -> [InputEvent] {
        let gone = touches.filter { $0.value.sourceID == sourceID }
        var events: [InputEvent] = []
        for (id, open) in gone.sorted(by: { $0.key < $1.key }) {
            if !open.ended {
                events.append(InputEvent(time: time, kind: .touchCancel(id: id), location: open.location))
            }
            touches[id] = nil
            touchIDs[open.key] = nil
        }
        return events
    }

    /// Touches not yet finished (see `OpenTouch.finished`).
    var openTouchCount: Int { touches.count }

    private func answer(_ open: inout OpenTouch) -> [TouchAllowance] {
        guard let hold = open.hold, let accept = open.accept, !open.answered else { return [] }
        open.answered = true
        return [TouchAllowance(deviceID: hold.deviceID, touchID: open.touchID, window: hold.window, accept: accept)]
    }

    private mutating func store(_ open: OpenTouch, id: Int) {
        if open.finished {
            touches[id] = nil
            touchIDs[open.key] = nil
        } else {
            touches[id] = open
        }
    }

    private static func key(_ device: Int32, _ touch: UInt32) -> UInt64 {
        UInt64(UInt32(bitPattern: device)) << 32 | UInt64(touch)
    }

    /// The value of valuator `number`, if the event carries it (values are packed: only set bits have one).
    static func valuator(_ state: XIValuatorState, _ number: Int) -> Double? {
        guard let mask = state.mask, let values = state.values,
            number < Int(state.mask_len) * 8, animd_xi_mask_is_set(mask, Int32(number)) != 0
        else { return nil }
        var index = 0
        for bit in 0..<number where animd_xi_mask_is_set(mask, Int32(bit)) != 0 { index += 1 }
        let value = values[index]
        return value.isFinite ? value : nil
    }

    // MARK: - Pointer drags from the edge strips

    /// Button and motion events on an edge strip (its implicit grab follows the drag off the strip).
    mutating func pointer(_ e: XIDeviceEvent, receivedAt local: Double? = nil) -> [InputEvent] {
        let time = seconds(e.time, receivedAt: local)
        guard let location = InputLimits.point(e.root_x, e.root_y) else { return [] }
        switch e.evtype {
        case XI_ButtonPress:
            guard let button = InputLimits.whole(e.detail, in: InputLimits.buttons) else { return [] }
            return [InputEvent(time: time, kind: .buttonDown(button: button), location: location)]
        case XI_ButtonRelease:
            guard let button = InputLimits.whole(e.detail, in: InputLimits.buttons) else { return [] }
            return [InputEvent(time: time, kind: .buttonUp(button: button), location: location)]
        case XI_Motion: return [InputEvent(time: time, kind: .pointerMove, location: location)]
        default: return []
        }
    }

    // MARK: - Edge pressure

    mutating func barrier(_ e: XIBarrierEvent, receivedAt local: Double? = nil) -> [InputEvent] {
        guard let edge = barriers[e.barrier] else { return [] }
        let time = seconds(e.time, receivedAt: local)
        guard let location = InputLimits.point(e.root_x, e.root_y) else { return [] }
        switch e.evtype {
        case XI_BarrierHit:
            guard let delta = InputLimits.point(e.dx, e.dy) else { return [] }
            return pressure.hit(
                EdgePressure.Hit(
                    edge: edge, location: location, delta: delta, time: time,
                    deviceGrabbed: e.flags & Int32(XIBarrierDeviceIsGrabbed) != 0))
        case XI_BarrierLeave:
            return pressure.leave(edge, at: time, location: location)
        default:
            return []
        }
    }

    /// When the X thread must wake to end a push, on the local monotonic clock.
    var pressureDeadline: Double? {
        guard let deadline = pressure.deadline, let offset = clock.serverToLocal else { return nil }
        return deadline + offset
    }

    /// Ends a push whose release delay has passed, by the local monotonic clock.
    mutating func expirePressure(at local: Double) -> [InputEvent] {
        guard let offset = clock.serverToLocal else { return [] }
        return pressure.expire(at: local - offset)
    }

    // MARK: - Touchpad gestures (XI 2.4)

    mutating func swipe(_ e: XIGestureSwipeEvent, receivedAt local: Double? = nil) -> [InputEvent] {
        let time = seconds(e.time, receivedAt: local)
        guard let location = InputLimits.point(e.root_x, e.root_y),
            let fingers = InputLimits.whole(e.detail, in: InputLimits.fingers)
        else { return [] }
        switch e.evtype {
        case XI_GestureSwipeBegin:
            return [InputEvent(time: time, kind: .swipeBegin(fingers: fingers), location: location)]
        case XI_GestureSwipeUpdate:
            guard let delta = InputLimits.point(e.delta_x, e.delta_y) else { return [] }
            return [InputEvent(time: time, kind: .swipeUpdate(fingers: fingers, delta: delta), location: location)]
        case XI_GestureSwipeEnd:
            let cancelled = e.flags & Int32(XIGestureSwipeEventCancelled) != 0
            return [InputEvent(time: time, kind: .swipeEnd(fingers: fingers, cancelled: cancelled), location: location)]
        default: return []
        }
    }

    mutating func pinch(_ e: XIGesturePinchEvent, receivedAt local: Double? = nil) -> [InputEvent] {
        let time = seconds(e.time, receivedAt: local)
        guard let location = InputLimits.point(e.root_x, e.root_y),
            let fingers = InputLimits.whole(e.detail, in: InputLimits.fingers)
        else { return [] }
        switch e.evtype {
        case XI_GesturePinchBegin:
            pinchRotation = 0
            return [InputEvent(time: time, kind: .pinchBegin(fingers: fingers), location: location)]
        case XI_GesturePinchUpdate:
            guard let delta = InputLimits.point(e.delta_x, e.delta_y) else { return [] }
            // The same ranges as injected pinches: a bad scale reads as unchanged, a bad angle as no turn.
            pinchRotation = InputLimits.pinchRotation(pinchRotation, turnedBy: e.delta_angle)
            return [
                InputEvent(
                    time: time,
                    kind: .pinchUpdate(
                        fingers: fingers, delta: delta, scale: InputLimits.pinchScale(e.scale), rotation: pinchRotation),
                    location: location)
            ]
        case XI_GesturePinchEnd:
            let cancelled = e.flags & Int32(XIGesturePinchEventCancelled) != 0
            return [InputEvent(time: time, kind: .pinchEnd(fingers: fingers, cancelled: cancelled), location: location)]
        default: return []
        }
    }

    // MARK: - Time

    private mutating func seconds(_ time: Time, receivedAt local: Double?) -> Double {
        clock.seconds(UInt32(truncatingIfNeeded: time), receivedAt: local)
    }
}
