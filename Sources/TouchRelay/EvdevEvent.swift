/// One evdev event as the kernel's `struct input_event` carries it, without its time: the relay stamps frames with
/// its own monotonic clock, which animd shares (an evdev stamp is CLOCK_REALTIME unless a reader asks otherwise).
public struct EvdevEvent: Hashable, Sendable {
    public var type: UInt16
    public var code: UInt16
    public var value: Int32

    public init(_ type: UInt16, _ code: UInt16, _ value: Int32) {
        self.type = type; self.code = code; self.value = value
    }
}

/// The codes of `linux/input-event-codes.h` the relay reads and writes.
public enum Evdev {
    public static let synType: UInt16 = 0x00, keyType: UInt16 = 0x01, absType: UInt16 = 0x03
    public static let synReport: UInt16 = 0, synDropped: UInt16 = 3
    public static let absX: UInt16 = 0x00, absY: UInt16 = 0x01
    public static let mtSlot: UInt16 = 0x2f, mtPositionX: UInt16 = 0x35, mtPositionY: UInt16 = 0x36
    public static let mtToolType: UInt16 = 0x37, mtTrackingID: UInt16 = 0x39
    public static let btnTouch: UInt16 = 0x14a
    /// BTN_TOOL_FINGER, DOUBLETAP, TRIPLETAP, QUADTAP and QUINTTAP: how many fingers are down, one to five.
    public static let fingerTools: [UInt16] = [0x145, 0x14d, 0x14e, 0x14f, 0x148]
    /// BTN_LEFT: what makes a compositor take a device for a pointer (Mutter, inputtino #36); a twin never has it.
    public static let btnLeft: UInt16 = 0x110
    public static let propDirect: UInt16 = 0x01
    public static let toolFinger: Int32 = 0, toolPalm: Int32 = 2
}
