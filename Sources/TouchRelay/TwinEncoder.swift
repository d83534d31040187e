/// Writes the gate's twin changes as the evdev events of a protocol-B touchscreen, each frame ended by its
/// `SYN_REPORT`: tracking ids of the twin's own, `BTN_TOUCH` and the finger-count tools while any slot is down, and
/// the single-touch axes following the lowest slot down, for the devices that have them.
public struct TwinEncoder: Sendable {
    private var points: [Int: DevicePoint] = [:]
    private var nextTrackingID: Int32 = 0
    private var touching = false
    private var tool: UInt16?
    private var single: DevicePoint?
    private let capabilities: TouchscreenCapabilities

    public init(capabilities: TouchscreenCapabilities) { self.capabilities = capabilities }

    public mutating func encode(_ frames: [[TwinChange]]) -> [EvdevEvent] {
        var events: [EvdevEvent] = []
        for frame in frames {
            for change in frame { encode(change, into: &events) }
            endFrame(&events)
        }
        return events
    }

    /// Lifts every slot down (the relay is letting the device go).
    public mutating func liftAll() -> [EvdevEvent] {
        points.isEmpty ? [] : encode([points.keys.sorted().map { .up(slot: $0) }])
    }

    private mutating func encode(_ change: TwinChange, into events: inout [EvdevEvent]) {
        let abs = Evdev.absType
        switch change {
        case let .down(slot, point):
            points[slot] = point
            events += [
                EvdevEvent(abs, Evdev.mtSlot, Int32(slot)), EvdevEvent(abs, Evdev.mtTrackingID, nextTrackingID),
                EvdevEvent(abs, Evdev.mtToolType, Evdev.toolFinger),
                EvdevEvent(abs, Evdev.mtPositionX, point.x), EvdevEvent(abs, Evdev.mtPositionY, point.y),
            ]
            nextTrackingID = nextTrackingID == Int32.max ? 0 : nextTrackingID + 1
        case let .move(slot, point):
            // Only what changed, as the device itself sends (the kernel drops a value equal to the slot's last).
            guard let last = points[slot], last != point else { return }
            points[slot] = point
            events.append(EvdevEvent(abs, Evdev.mtSlot, Int32(slot)))
            if point.x != last.x { events.append(EvdevEvent(abs, Evdev.mtPositionX, point.x)) }
            if point.y != last.y { events.append(EvdevEvent(abs, Evdev.mtPositionY, point.y)) }
        case let .up(slot):
            guard points.removeValue(forKey: slot) != nil else { return }
            events += [EvdevEvent(abs, Evdev.mtSlot, Int32(slot)), EvdevEvent(abs, Evdev.mtTrackingID, -1)]
        case let .cancel(slot):
            guard points[slot] != nil else { return }
            events += [EvdevEvent(abs, Evdev.mtSlot, Int32(slot)), EvdevEvent(abs, Evdev.mtToolType, Evdev.toolPalm)]
            endFrame(&events)
            encode(.up(slot: slot), into: &events)
        }
    }

    /// The keys and single-touch axes that follow the slots, then `SYN_REPORT`.
    private mutating func endFrame(_ events: inout [EvdevEvent]) {
        let down = !points.isEmpty
        if down != touching {
            touching = down
            events.append(EvdevEvent(Evdev.keyType, Evdev.btnTouch, down ? 1 : 0))
        }
        let tools = Evdev.fingerTools.filter(capabilities.keys.contains)
        let wanted: UInt16? = down ? Evdev.fingerTools[min(points.count, Evdev.fingerTools.count) - 1] : nil
        let newTool = wanted.flatMap { tools.contains($0) ? $0 : nil }
        if newTool != tool {
            if let tool { events.append(EvdevEvent(Evdev.keyType, tool, 0)) }
            if let newTool { events.append(EvdevEvent(Evdev.keyType, newTool, 1)) }
            tool = newTool
        }
        if capabilities.hasSingleTouchAxes, let lowest = points.keys.min(), let point = points[lowest], point != single
        {
            if point.x != single?.x { events.append(EvdevEvent(Evdev.absType, Evdev.absX, point.x)) }
            if point.y != single?.y { events.append(EvdevEvent(Evdev.absType, Evdev.absY, point.y)) }
            single = point
        }
        events.append(EvdevEvent(Evdev.synType, Evdev.synReport, 0))
    }
}
