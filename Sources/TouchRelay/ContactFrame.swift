/// A touchscreen point in the device's own units.
public struct DevicePoint: Hashable, Sendable {
    public var x: Int32
    public var y: Int32

    public init(x: Int32, y: Int32) { self.x = x; self.y = y }
}

/// What one evdev frame (up to its `SYN_REPORT`) did to the device's slots, slot by slot in order: a contact that
/// ended comes before one that began in the same slot.
public enum ContactChange: Hashable, Sendable {
    case down(slot: Int, at: DevicePoint)
    case move(slot: Int, to: DevicePoint)
    case up(slot: Int)
}
