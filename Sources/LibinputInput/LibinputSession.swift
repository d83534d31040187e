import BackendThread
import CLibinput
import Gestures
import Glibc
import Logging
import TouchRelay
import UnixSupport

/// One libinput context on a seat, confined to the libinput thread: it opens the seat's devices through udev (as
/// the compositor does, beside it: libinput never grabs, so the compositor keeps all its input), reads each event
/// into a `LibinputRecord` for the converter, and says what each source can do. With `touch-edges = "exclusive"`
/// each touchscreen is read through a relay that grabs it instead (`ExclusiveTouch`).
///
final class LibinputSession {
    /// What one `libinput_device` is, while it is added.
    private struct Device: Equatable {
        var id: Int
        var name: String
        var touch: Bool
        var gestures: Bool
        /// libinput's output hint (udev `WL_OUTPUT`).
        var outputHint: String?
        /// A tablet-mode switch's state (issue 45); nil for a device that is none.
        var tabletMode: Bool?
    }

    let seat: String
    private let context: LibinputContext
    private var devices: [Int: Device] = [:]
    private let exclusive: ExclusiveTouch
    private var plan: InputPlan
    /// The screen as the compositor gives it.
    private var screen = CompositorScreen()
    var converter: LibinputConverter
    /// Set when devices or source states changed; the backend reports it once.
    var infoChanged = false

    init?(seat: String, plan: InputPlan, logger: Logger) {
        guard let udev = udev_new() else { return nil }
        // libinput keeps its own reference to udev.
        defer { udev_unref(udev) }
        guard let context = LibinputContext(logger: logger, make: { libinput_udev_create_context($0, $1, udev) })
        else { return nil }
        self.context = context
        exclusive = ExclusiveTouch(logger: logger)
        self.seat = seat
        self.plan = plan
        converter = LibinputConverter(
            gestureLocation: Point(x: plan.screen.x + plan.screen.width / 2, y: plan.screen.y + plan.screen.height / 2))
        guard libinput_udev_assign_seat(context.pointer, seat) == 0 else {
            close()
            return nil
        }
    }

    var fileDescriptor: Int32 { libinput_get_fd(context.pointer) }

    /// `WAYLAND_DISPLAY`, for the status.
    var waylandDisplay: String? {
        get { screen.waylandDisplay }
        set { screen.waylandDisplay = newValue }
    }

    func close() {
        exclusive.close()
        context.close()
    }

    func apply(_ newPlan: InputPlan) {
        let wasExclusive = wantsExclusive
        guard change(\.plan, to: newPlan) else { return }
        placeGestures()
        if wantsExclusive != wasExclusive {
            if wantsExclusive { exclusive.claimAll(plan: plan) } else { exclusive.releaseAll() }
        }
        placeRelays()
    }

    /// Whether touchscreens go through relays: exclusive edge zones, or a multi-finger binding, on the glass.
    private var wantsExclusive: Bool { plan.touch && (!plan.touchStrips.isEmpty || plan.touchFingers > 0) }

    /// The relays' descriptors, after the seat's and the compositor's.
    var relayDescriptors: [Int32] { exclusive.descriptors }

    /// Where each relayed touchscreen's touches land, and its zones.
    private func placeRelays() {
        let targets = relayTargets
        exclusive.place(
            targets, plan: plan, outputs: namedOutputs,
            monitors: screen.outputs.placed.isEmpty ? [plan.screen] : screen.outputs.placed.map(\.rect))
        exclusive.needsPlacing = false
    }

    private var relayTargets: [Int: (rect: Rect, transform: Int)] {
        devices.values.filter { $0.touch && exclusive.isRelayed($0.id) }.reduce(into: [:]) {
            $0[$1.id] = target(of: $1)
        }
    }

    /// Reads the relays that are ready (`ready[i]` for `relayDescriptors[i]`): their touches, as animd's events.
    func dispatchRelays(ready: [Int16]) -> [InputEvent] {
        var events: [InputEvent] = []
        for (record, relayID, held) in exclusive.read(ready: ready, targets: relayTargets) where plan.touch {
            let converted = converter.convert(record)
            if let relayID, case let .touchDown(device, _, _, _) = record,
                case let .touchDown(id)? = converted.first?.kind
            {
                exclusive.remember(touch: id, device: device, relay: relayID, held: held)
            }
            events += converted
        }
        if exclusive.needsPlacing { placeRelays() }
        if exclusive.changed {
            exclusive.changed = false
            infoChanged = true
        }
        return events
    }

    /// The arena's claims and releases of relayed touches.
    func decide(_ decisions: [ArenaOutput]) { exclusive.decide(decisions, fingers: plan.touchFingers) }

    /// The compositor was lost (with why) or reached again (nil): the status follows.
    func setCompositorLost(_ reason: String?) {
        change(\.screen.lost, to: reason)
    }

    /// The compositor's outputs changed: touches go where they are now.
    func setOutputs(_ table: WaylandOutputTable) {
        guard change(\.screen.outputs, to: table) else { return }
        placeGestures()
        placeRelays()
    }

    /// The compositor's focused window, or nil where it tells none (or is out of reach).
    func setFocus(_ focus: SessionFocus?) {
        change(\.screen.focus, to: focus)
    }

    /// Sets something the session's info shows; a change is reported once (`infoChanged`). Whether it changed.
    @discardableResult
    private func change<Value: Equatable>(_ field: ReferenceWritableKeyPath<LibinputSession, Value>, to value: Value)
        -> Bool
    {
        guard self[keyPath: field] != value else { return false }
        self[keyPath: field] = value
        infoChanged = true
        return true
    }

    /// Touchpad gestures have no position of their own: the middle of the first output, or of the screen.
    private func placeGestures() {
        let first = screen.outputs.placed.first?.rect ?? plan.screen
        converter.gestureLocation = Point(x: first.x + first.width / 2, y: first.y + first.height / 2)
    }

    /// Where a touchscreen's touches land: its output (pinned by name in `[input] touchscreens`, else libinput's
    /// hint, else the first) turned by that output's transform; without outputs, the config's screen.
    private func target(of device: Device) -> (rect: Rect, transform: Int) {
        guard let output = screen.outputs.output(pinnedTo: plan.touchscreens[device.name], hint: device.outputHint)
        else { return (plan.screen, 0) }
        return (output.rect, output.transform)
    }

    // MARK: - Events

    /// Reads everything libinput has; the input for the recognizers, in order.
    func dispatch() -> [InputEvent] {
        guard libinput_dispatch(context.pointer) == 0 else { return [] }
        var events: [InputEvent] = []
        while let event = libinput_get_event(context.pointer) {
            defer { libinput_event_destroy(event) }
            for record in records(event) { events += converter.convert(record) }
        }
        return events
    }

    private func records(_ event: OpaquePointer) -> [LibinputRecord] {
        let type = libinput_event_get_type(event)
        guard let device = libinput_event_get_device(event) else { return [] }
        let id = Int(bitPattern: UnsafeRawPointer(device))
        switch type {
        case LIBINPUT_EVENT_DEVICE_ADDED:
            deviceAdded(device, id: id)
            return []
        case LIBINPUT_EVENT_DEVICE_REMOVED:
            exclusive.forget(device: id)
            guard devices.removeValue(forKey: id) != nil else { return [] }
            infoChanged = true
            return [.deviceRemoved(device: id, time: monotonicSeconds())]
        case LIBINPUT_EVENT_SWITCH_TOGGLE:
            guard var sensor = devices[id], sensor.tabletMode != nil,
                let toggle = libinput_event_get_switch_event(event),
                libinput_event_switch_get_switch(toggle) == LIBINPUT_SWITCH_TABLET_MODE
            else { return [] }
            sensor.tabletMode = libinput_event_switch_get_switch_state(toggle) == LIBINPUT_SWITCH_STATE_ON
            change(\.devices[id], to: sensor)
            return []
        case LIBINPUT_EVENT_TOUCH_DOWN, LIBINPUT_EVENT_TOUCH_MOTION, LIBINPUT_EVENT_TOUCH_UP,
            LIBINPUT_EVENT_TOUCH_CANCEL:
            guard plan.touch, let touch = libinput_event_get_touch_event(event) else { return [] }
            return [touchRecord(touch, type: type, device: id)]
        case LIBINPUT_EVENT_GESTURE_SWIPE_BEGIN, LIBINPUT_EVENT_GESTURE_SWIPE_UPDATE, LIBINPUT_EVENT_GESTURE_SWIPE_END,
            LIBINPUT_EVENT_GESTURE_PINCH_BEGIN, LIBINPUT_EVENT_GESTURE_PINCH_UPDATE, LIBINPUT_EVENT_GESTURE_PINCH_END,
            LIBINPUT_EVENT_GESTURE_HOLD_BEGIN, LIBINPUT_EVENT_GESTURE_HOLD_END:
            guard plan.touchpad, let gesture = libinput_event_get_gesture_event(event) else { return [] }
            return [gestureRecord(gesture, type: type)]
        default:
            return []
        }
    }

    /// A device libinput added: kept when it is a touchscreen, a touchpad or a tablet-mode switch; a touchscreen
    /// goes to a relay while touch is exclusive; a relay's twin is not read at all.
    private func deviceAdded(_ device: OpaquePointer, id: Int) {
        let name = libinput_device_get_name(device).map { String(cString: $0) } ?? ""
        if name.hasSuffix(TouchscreenCapabilities.twinSuffix) {
            // A relay's twin (this animd's or another's): its touches reach animd from the relay already.
            _ = libinput_device_config_send_events_set_mode(
                device, UInt32(LIBINPUT_CONFIG_SEND_EVENTS_DISABLED.rawValue))
            return
        }
        let touch = libinput_device_has_capability(device, LIBINPUT_DEVICE_CAP_TOUCH) != 0
        let gestures = libinput_device_has_capability(device, LIBINPUT_DEVICE_CAP_GESTURE) != 0
        // Off until libinput says otherwise: for a switch that is on, its toggle follows the device at once.
        let tabletMode: Bool? =
            libinput_device_has_capability(device, LIBINPUT_DEVICE_CAP_SWITCH) != 0
                && libinput_device_switch_has_switch(device, LIBINPUT_SWITCH_TABLET_MODE) > 0 ? false : nil
        guard touch || gestures || tabletMode != nil else { return }
        devices[id] = Device(
            id: id, name: name, touch: touch, gestures: gestures,
            outputHint: libinput_device_get_output_name(device).map { String(cString: $0) }, tabletMode: tabletMode)
        infoChanged = true
        guard touch else { return }
        exclusive.add(device: id, handle: device, name: name)
        if wantsExclusive, exclusive.claim(device: id, plan: plan) { placeRelays() }
    }

    /// Touch positions on the screen: libinput's transformed coordinates (its calibration matrix applied) as a
    /// fraction of the panel, placed on the touchscreen's output.
    private func touchRecord(_ touch: OpaquePointer, type: libinput_event_type, device: Int) -> LibinputRecord {
        let slot = libinput_event_touch_get_seat_slot(touch)
        let time = Double(libinput_event_touch_get_time_usec(touch)) / 1e6
        let (rect, transform) = devices[device].map(target) ?? (plan.screen, 0)
        func location() -> Point {
            let unit = 65_536.0
            return place(
                Point(
                    x: libinput_event_touch_get_x_transformed(touch, UInt32(unit)) / unit,
                    y: libinput_event_touch_get_y_transformed(touch, UInt32(unit)) / unit), on: rect,
                transform: transform)
        }
        return switch type {
        case LIBINPUT_EVENT_TOUCH_DOWN: .touchDown(device: device, slot: slot, at: location(), time: time)
        case LIBINPUT_EVENT_TOUCH_MOTION: .touchMotion(device: device, slot: slot, at: location(), time: time)
        case LIBINPUT_EVENT_TOUCH_UP: .touchUp(device: device, slot: slot, time: time)
        default: .touchCancel(device: device, slot: slot, time: time)
        }
    }

    private func gestureRecord(_ gesture: OpaquePointer, type: libinput_event_type) -> LibinputRecord {
        let fingers = Int(libinput_event_gesture_get_finger_count(gesture))
        let time = Double(libinput_event_gesture_get_time_usec(gesture)) / 1e6
        let delta = Point(x: libinput_event_gesture_get_dx(gesture), y: libinput_event_gesture_get_dy(gesture))
        // libinput logs a client bug for a field asked of an event type that lacks it: cancelled is the ends' only.
        var cancelled: Bool { libinput_event_gesture_get_cancelled(gesture) != 0 }
        return switch type {
        case LIBINPUT_EVENT_GESTURE_SWIPE_BEGIN: .swipeBegin(fingers: fingers, time: time)
        case LIBINPUT_EVENT_GESTURE_SWIPE_UPDATE: .swipeUpdate(fingers: fingers, delta: delta, time: time)
        case LIBINPUT_EVENT_GESTURE_SWIPE_END: .swipeEnd(fingers: fingers, cancelled: cancelled, time: time)
        case LIBINPUT_EVENT_GESTURE_PINCH_BEGIN: .pinchBegin(fingers: fingers, time: time)
        case LIBINPUT_EVENT_GESTURE_PINCH_UPDATE:
            .pinchUpdate(
                fingers: fingers, delta: delta, scale: libinput_event_gesture_get_scale(gesture),
                angleDelta: libinput_event_gesture_get_angle_delta(gesture), time: time)
        case LIBINPUT_EVENT_GESTURE_HOLD_BEGIN: .holdBegin(fingers: fingers, time: time)
        case LIBINPUT_EVENT_GESTURE_HOLD_END: .holdEnd(fingers: fingers, cancelled: cancelled, time: time)
        default: .pinchEnd(fingers: fingers, cancelled: cancelled, time: time)
        }
    }

    // MARK: - Status

    /// The outputs as the screen, each touchscreen's output as its glass; nil without outputs (the config's screen).
    var info: BackendInfo {
        let placed = screen.outputs.placed
        let geometry =
            placed.isEmpty
            ? nil
            : ScreenGeometry(
                monitors: placed.map(\.rect),
                touchSurfaces: devices.values.filter(\.touch).sorted { $0.id < $1.id }.map { target(of: $0).rect })
        // On the console there is no display to lose, but from a user service that lacks the session's variables
        // this is the usual mistake, and nothing else would show it.
        let noDisplay =
            screen.waylandDisplay == nil
            ? "no WAYLAND_DISPLAY (nor DISPLAY): no compositor gives the monitors, so the screen is [daemon] screen; a user service needs "
                + "the session's environment (animctl session-start from the session, or "
                + "systemctl --user import-environment DISPLAY XAUTHORITY WAYLAND_DISPLAY XDG_SESSION_TYPE && animctl environment; docs/service.md)"
            : nil
        return BackendInfo(
            backend: .libinput, display: screen.waylandDisplay, seat: seat, geometry: geometry, sources: sources,
            outputs: namedOutputs, displayLost: screen.lost, warning: noDisplay, focus: screen.focus,
            tabletMode: tabletMode, tabletModeDetail: tabletModeDetail)
    }

    /// On while any tablet-mode switch is on; nil without one.
    private var tabletMode: Bool? {
        let switches = devices.values.compactMap(\.tabletMode)
        return switches.isEmpty ? nil : switches.contains(true)
    }

    /// The switches read, or that there is none.
    private var tabletModeDetail: String {
        let switches = devices.values.filter { $0.tabletMode != nil }.map(\.name).sorted()
        return switches.isEmpty
            ? "no tablet-mode switch on \(seat)" : "reading \(switches.joined(separator: ", ")) on \(seat)"
    }

    /// The compositor's outputs; one it has not named is called by its place in the list.
    private var namedOutputs: [NamedOutput] {
        screen.outputs.placed.enumerated().map { index, output in
            NamedOutput(name: output.name ?? "output-\(index + 1)", rect: output.rect, transform: output.transform)
        }
    }

    private var sources: [InputSource: SourceStatus] {
        let touchscreens = devices.values.filter(\.touch).map(\.name).sorted()
        let touchpads = devices.values.filter(\.gestures).map(\.name).sorted()
        let pointer =
            "libinput reports only relative pointer motion: a Wayland compositor keeps the pointer's position to itself, and the console has none"
        var touch = status(wanted: plan.touch, kind: "touchscreen", found: touchscreens)
        let named = namedOutputs
        if touch.state == .active, !named.isEmpty {
            touch.detail +=
                "; outputs of \(screen.waylandDisplay ?? "the compositor"): \(named.map(\.description).joined(separator: ", "))"
        }
        if touch.state == .active, let exclusive = exclusive.detail { touch.detail += "; " + exclusive }
        return [
            .touch: touch,
            .touchpad: status(wanted: plan.touchpad, kind: "touchpad", found: touchpads),
            .pressure: plan.pressureEdges.isEmpty
                ? SourceStatus(.unused, "no binding uses edge pressure") : SourceStatus(.unavailable, pointer),
            .pointer: plan.dragStrips.isEmpty
                ? SourceStatus(.unused, "no binding opts in to pointer drags") : SourceStatus(.unavailable, pointer),
        ]
    }

    private func status(wanted: Bool, kind: String, found: [String]) -> SourceStatus {
        LibinputSourceStatus.make(
            seat: seat, wanted: wanted, kind: kind, found: found, failures: context.openFailures)
    }
}

/// The screen as the compositor gives it: its outputs (none on the console), its socket, and why it is out of
/// reach while it is (`BackendInfo.displayLost`).
struct CompositorScreen {
    var outputs = WaylandOutputTable()
    var waylandDisplay: String?
    var lost: String?
    /// The focused window, where the compositor tells it (wlr-foreign-toplevel-management).
    var focus: SessionFocus?
}
