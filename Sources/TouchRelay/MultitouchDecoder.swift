/// Reads the kernel's multitouch protocol B (`Documentation/input/multi-touch-protocol.rst`) into contact changes,
/// one list per `SYN_REPORT`.
///
/// - Each slot keeps its last position across contacts: the kernel drops a value equal to the slot's last one, so a
///   new contact that lands where the last one lifted sends no position at all.
/// - After `SYN_DROPPED` everything up to the next `SYN_REPORT` is discarded (`needsResync`), and the shell reads the
///   slots again (`EVIOCGMTSLOTS`) and hands them to `resync`.
/// - A slot number outside the device's slots is ignored, with everything sent for it.
public struct MultitouchDecoder: Sendable {
    private struct Slot: Hashable, Sendable {
        var trackingID: Int32 = -1
        var point = DevicePoint(x: 0, y: 0)
    }

    private var slots: [Slot]
    /// The slots as the last frame left them: a frame's changes are the difference.
    private var reported: [Slot]
    private var current = 0
    private var dropping = false
    /// Contacts that ended and began again within one frame (a new tracking id with no -1 between).
    private var replaced: Set<Int> = []

    public init(slotCount: Int) {
        slots = Array(repeating: Slot(), count: max(1, slotCount))
        reported = slots
    }

    /// Whether any contact is down, as of the last frame.
    public var isIdle: Bool { reported.allSatisfy { $0.trackingID < 0 } }

    /// Takes one event; at a `SYN_REPORT`, returns the frame's changes (nil until then, and for a frame being dropped).
    public mutating func decode(_ event: EvdevEvent) -> [ContactChange]? {
        switch (event.type, event.code) {
        case (Evdev.synType, Evdev.synDropped):
            dropping = true
        case (Evdev.synType, Evdev.synReport):
            guard !dropping else {
                dropping = false
                needsResync = true
                return nil
            }
            return report()
        case (Evdev.absType, _) where !dropping:
            takeAxis(event.code, event.value)
        default:
            break
        }
        return nil
    }

    /// Events were lost (a `SYN_DROPPED`, up to the next `SYN_REPORT`): the shell reads the slots and calls `resync`.
    public private(set) var needsResync = false

    /// The slots as the device has them now (`EVIOCGMTSLOTS`: tracking id, x, y per slot), after events were lost:
    /// the changes from what was last reported.
    public mutating func resync(trackingIDs: [Int32], xs: [Int32], ys: [Int32]) -> [ContactChange] {
        for index in slots.indices where index < trackingIDs.count && index < xs.count && index < ys.count {
            slots[index] = Slot(trackingID: trackingIDs[index], point: DevicePoint(x: xs[index], y: ys[index]))
        }
        dropping = false
        needsResync = false
        return report()
    }

    private mutating func takeAxis(_ code: UInt16, _ value: Int32) {
        if code == Evdev.mtSlot {
            current = Int(value)
            return
        }
        guard slots.indices.contains(current) else { return }
        switch code {
        case Evdev.mtTrackingID:
            if value >= 0, reported[current].trackingID >= 0, value != reported[current].trackingID {
                replaced.insert(current)
            }
            slots[current].trackingID = value
        case Evdev.mtPositionX: slots[current].point.x = value
        case Evdev.mtPositionY: slots[current].point.y = value
        default: break
        }
    }

    private mutating func report() -> [ContactChange] {
        var changes: [ContactChange] = []
        for index in slots.indices {
            let before = reported[index], now = slots[index]
            switch (before.trackingID >= 0, now.trackingID >= 0) {
            case (false, true):
                changes.append(.down(slot: index, at: now.point))
            case (true, false):
                changes.append(.up(slot: index))
            case (true, true) where replaced.contains(index) || before.trackingID != now.trackingID:
                changes += [.up(slot: index), .down(slot: index, at: now.point)]
            case (true, true) where before.point != now.point:
                changes.append(.move(slot: index, to: now.point))
            default:
                break
            }
        }
        replaced = []
        reported = slots
        return changes
    }
}
