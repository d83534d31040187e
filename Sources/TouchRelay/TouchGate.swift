/// A rectangle of the touchscreen in device units, half open: `minX ..< maxX`, `minY ..< maxY`.
public struct DeviceRect: Hashable, Sendable {
    public var minX: Int32, minY: Int32, maxX: Int32, maxY: Int32

    public init(minX: Int32, minY: Int32, maxX: Int32, maxY: Int32) {
        self.minX = minX; self.minY = minY; self.maxX = maxX; self.maxY = maxY
    }

    public func contains(_ point: DevicePoint) -> Bool {
        point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }
}

/// What the gate holds for animd: touches that start in `zones`, and touches that land when `fingers` or more are
/// down (0: none; fingers landing in one frame count together), each for at most `holdLimit` seconds.
public struct GateRules: Hashable, Sendable {
    public var zones: [DeviceRect] = []
    public var fingers = 0
    public var holdLimit = 0.15

    public init(zones: [DeviceRect] = [], fingers: Int = 0, holdLimit: Double = 0.15) {
        self.zones = zones; self.fingers = fingers; self.holdLimit = holdLimit
    }
}

/// One change to the twin, in twin slots (allocated apart from the device's).
public enum TwinChange: Hashable, Sendable {
    case down(slot: Int, at: DevicePoint)
    case move(slot: Int, to: DevicePoint)
    case up(slot: Int)
    /// A touch the twin had that animd took after all: marked a palm, then lifted (libinput cancels it).
    case cancel(slot: Int)
}

/// What the gate tells animd about the device's touches, in the relay's own touch ids.
public enum GateReport: Hashable, Sendable {
    case down(id: UInt32, at: DevicePoint, held: Bool)
    case move(id: UInt32, to: DevicePoint)
    case up(id: UInt32)
    /// The end of one device frame, at the relay's monotonic time.
    case frame(time: Double)
    /// A held touch went to the twin unasked: its hold ran out.
    case expired(id: UInt32)
}

/// What one step of the gate asks the shell to do: the twin's frames to write, in order (each ends with its own
/// `SYN_REPORT`), and the reports for animd.
public struct GateOutput: Hashable, Sendable {
    public var twinFrames: [[TwinChange]] = []
    public var reports: [GateReport] = []

    public init(twinFrames: [[TwinChange]] = [], reports: [GateReport] = []) {
        self.twinFrames = twinFrames; self.reports = reports
    }
}

/// Decides, touch by touch, what of a grabbed touchscreen reaches its twin (issue 59, docs/wayland.md). Pure: time
/// is a value, and nothing is read or written here.
///
/// - A touch no rule holds goes to the twin in the frame it came in.
/// - A held touch waits for animd: `claim` keeps it from the twin for good; `pass` replays it whole (its first
///   position, then its current one, then its lift if it has ended), each in a frame of its own. A touch held longer
///   than `holdLimit` is passed unasked, so that a stopped or hung animd never holds the glass.
/// - A touch the twin already has and animd claims (the first fingers of a multi-finger gesture) is cancelled there.
/// - `stall` passes every held touch and holds none until `resume`: animd stopped reading.
public struct TouchGate: Sendable {
    private enum Fate: Hashable, Sendable {
        case held(since: Double)
        case passed(twinSlot: Int?)
        case claimed
    }

    private struct Touch: Hashable, Sendable {
        var id: UInt32
        var first: DevicePoint
        var current: DevicePoint
        var ended = false
        var fate: Fate
    }

    public var rules: GateRules
    /// Open touches in the order they began: the device's slots plus held touches that ended, so at most a few.
    private var touches: [Touch] = []
    /// Device slot → the touch down in it.
    private var bySlot: [Int: UInt32] = [:]
    private var twinSlotsInUse: [Bool]
    private var nextID: UInt32 = 1
    private var stalled = false

    public init(rules: GateRules, twinSlots: Int) {
        self.rules = rules
        twinSlotsInUse = Array(repeating: false, count: max(1, twinSlots))
    }

    /// When the oldest held touch runs out; nil while none is held.
    public var deadline: Double? {
        touches.compactMap { if case let .held(since) = $0.fate { since + rules.holdLimit } else { nil } }.min()
    }

    /// Whether a touch is open (down, or held after it ended).
    public var isIdle: Bool { touches.isEmpty }

    /// One device frame's changes, read at `now`.
    public mutating func route(_ changes: [ContactChange], at now: Double) -> GateOutput {
        var output = GateOutput()
        var frame: [TwinChange] = []
        // Fingers that land in one frame land together: each counts all of them.
        let landing = changes.filter { if case .down = $0 { true } else { false } }.count
        let lifting = changes.filter { if case let .up(slot) = $0 { bySlot[slot] != nil } else { false } }.count
        let fingers = bySlot.count + landing - lifting
        for change in changes {
            switch change {
            case let .down(slot, point):
                touchDown(slot: slot, at: point, fingers: fingers, now: now, frame: &frame, output: &output)
            case let .move(slot, point): touchMoved(slot: slot, to: point, frame: &frame, output: &output)
            case let .up(slot): touchUp(slot: slot, frame: &frame, output: &output)
            }
        }
        output.reports.append(.frame(time: now))
        if !frame.isEmpty { output.twinFrames.insert(frame, at: 0) }
        return output
    }

    /// animd took the touch: a held one never reaches the twin; one the twin has is cancelled there.
    public mutating func claim(_ id: UInt32) -> GateOutput {
        guard let index = touches.firstIndex(where: { $0.id == id }) else { return GateOutput() }
        var output = GateOutput()
        if case let .passed(twinSlot?) = touches[index].fate {
            output.twinFrames.append([.cancel(slot: twinSlot)])
            twinSlotsInUse[twinSlot] = false
        }
        touches[index].fate = .claimed
        forgetIfDone(index)
        return output
    }

    /// animd has no use for the touch: a held one is replayed whole to the twin.
    public mutating func pass(_ id: UInt32) -> GateOutput {
        guard let index = touches.firstIndex(where: { $0.id == id }), case .held = touches[index].fate else {
            return GateOutput()
        }
        return replay(index)
    }

    /// Passes every touch held longer than the limit.
    public mutating func expire(at now: Double) -> GateOutput {
        var output = GateOutput()
        while let index = touches.firstIndex(where: {
            if case let .held(since) = $0.fate { since + rules.holdLimit <= now } else { false }
        }) {
            output.reports.append(.expired(id: touches[index].id))
            let replayed = replay(index)
            output.twinFrames += replayed.twinFrames
        }
        return output
    }

    /// animd stopped reading: every held touch is passed, and none is held until `resume`.
    public mutating func stall() -> GateOutput {
        stalled = true
        var output = GateOutput()
        while let index = touches.firstIndex(where: { if case .held = $0.fate { true } else { false } }) {
            output.twinFrames += replay(index).twinFrames
        }
        return output
    }

    public mutating func resume() { stalled = false }

    // MARK: - Steps

    private mutating func touchDown(
        slot: Int, at point: DevicePoint, fingers: Int, now: Double, frame: inout [TwinChange], output: inout GateOutput
    ) {
        if bySlot[slot] != nil { touchUp(slot: slot, frame: &frame, output: &output) }
        let id = nextID
        nextID = nextID == UInt32.max ? 1 : nextID + 1
        let held =
            !stalled && (rules.zones.contains { $0.contains(point) } || (rules.fingers > 0 && fingers >= rules.fingers))
        var touch = Touch(id: id, first: point, current: point, fate: .held(since: now))
        if !held {
            let twinSlot = allocateTwinSlot()
            touch.fate = .passed(twinSlot: twinSlot)
            if let twinSlot { frame.append(.down(slot: twinSlot, at: point)) }
        }
        touches.append(touch)
        bySlot[slot] = id
        output.reports.append(.down(id: id, at: point, held: held))
    }

    private mutating func touchMoved(
        slot: Int, to point: DevicePoint, frame: inout [TwinChange], output: inout GateOutput
    ) {
        guard let id = bySlot[slot], let index = touches.firstIndex(where: { $0.id == id }) else { return }
        touches[index].current = point
        if case let .passed(twinSlot?) = touches[index].fate { frame.append(.move(slot: twinSlot, to: point)) }
        output.reports.append(.move(id: id, to: point))
    }

    private mutating func touchUp(slot: Int, frame: inout [TwinChange], output: inout GateOutput) {
        guard let id = bySlot.removeValue(forKey: slot), let index = touches.firstIndex(where: { $0.id == id }) else {
            return
        }
        touches[index].ended = true
        if case let .passed(twinSlot?) = touches[index].fate {
            frame.append(.up(slot: twinSlot))
            twinSlotsInUse[twinSlot] = false
            touches[index].fate = .passed(twinSlot: nil)
        }
        output.reports.append(.up(id: id))
        forgetIfDone(index)
    }

    /// A held touch to the twin: where it began, where it is, and its lift if it has ended, a frame each.
    private mutating func replay(_ index: Int) -> GateOutput {
        var output = GateOutput()
        let touch = touches[index]
        guard let twinSlot = allocateTwinSlot() else {
            // Every twin slot is taken (the device has as many slots as the twin): it cannot be shown.
            touches[index].fate = .passed(twinSlot: nil)
            forgetIfDone(index)
            return output
        }
        output.twinFrames.append([.down(slot: twinSlot, at: touch.first)])
        if touch.current != touch.first { output.twinFrames.append([.move(slot: twinSlot, to: touch.current)]) }
        if touch.ended {
            output.twinFrames.append([.up(slot: twinSlot)])
            twinSlotsInUse[twinSlot] = false
            touches[index].fate = .passed(twinSlot: nil)
        } else {
            touches[index].fate = .passed(twinSlot: twinSlot)
        }
        forgetIfDone(index)
        return output
    }

    private mutating func allocateTwinSlot() -> Int? {
        guard let free = twinSlotsInUse.firstIndex(of: false) else { return nil }
        twinSlotsInUse[free] = true
        return free
    }

    /// An ended touch that is no longer held needs nothing more.
    private mutating func forgetIfDone(_ index: Int) {
        guard touches[index].ended else { return }
        if case .held = touches[index].fate { return }
        touches.remove(at: index)
    }
}
