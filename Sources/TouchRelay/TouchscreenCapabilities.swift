/// One absolute axis as `EVIOCGABS` gives it.
public struct AxisInfo: Hashable, Sendable {
    public var code: UInt16
    public var minimum: Int32
    public var maximum: Int32
    public var fuzz: Int32
    public var flat: Int32
    public var resolution: Int32

    public init(code: UInt16, minimum: Int32, maximum: Int32, fuzz: Int32 = 0, flat: Int32 = 0, resolution: Int32 = 0) {
        self.code = code; self.minimum = minimum; self.maximum = maximum; self.fuzz = fuzz; self.flat = flat;
        self.resolution = resolution
    }
}

/// What a touchscreen is, as its ioctls tell it, and the twin made after it.
public struct TouchscreenCapabilities: Hashable, Sendable {
    public var name: String
    public var bus: UInt16, vendor: UInt16, product: UInt16, version: UInt16
    public var axes: [AxisInfo]
    /// Key codes the device has (BTN_TOUCH, the finger-count tools…).
    public var keys: Set<UInt16>
    public var properties: Set<UInt16>

    public init(
        name: String, bus: UInt16, vendor: UInt16, product: UInt16, version: UInt16, axes: [AxisInfo],
        keys: Set<UInt16>,
        properties: Set<UInt16>
    ) {
        self.name = name; self.bus = bus; self.vendor = vendor; self.product = product; self.version = version
        self.axes = axes; self.keys = keys; self.properties = properties
    }

    /// The most slots a twin gets: the kernel's multitouch core allows more, no touchscreen has them.
    public static let slotLimit = 32
    /// What a twin's name ends with: animd never takes or twins a device so named.
    public static let twinSuffix = " (animd twin)"

    public func axis(_ code: UInt16) -> AxisInfo? { axes.first { $0.code == code } }

    public var slotCount: Int {
        axis(Evdev.mtSlot).map { Int(max(0, min(Int32(Self.slotLimit - 1), $0.maximum))) + 1 } ?? 0
    }

    public var hasSingleTouchAxes: Bool { axis(Evdev.absX) != nil && axis(Evdev.absY) != nil }

    public var isTwin: Bool { name.hasSuffix(Self.twinSuffix) }

    /// Why the relay cannot take this device; nil when it can.
    public var refusal: String? {
        if isTwin { return "it is a twin of animd's own" }
        if axis(Evdev.mtSlot) == nil || axis(Evdev.mtTrackingID) == nil {
            return "it speaks the kernel's multitouch protocol A (no ABS_MT_SLOT), which the relay does not read"
        }
        if axis(Evdev.mtPositionX) == nil || axis(Evdev.mtPositionY) == nil {
            return "it has no ABS_MT_POSITION_X and _Y"
        }
        return nil
    }

    /// The twin: the device's multitouch and single-touch axes with their ranges and resolution, its slots, a tool
    /// type axis (finger to palm: how a touch is cancelled), BTN_TOUCH and its finger-count tools, INPUT_PROP_DIRECT,
    /// the same ids (a compositor maps a touchscreen to its output by vendor and product) and a name that says whose
    /// twin it is. No pointer button.
    public var twin: TouchscreenCapabilities {
        // Positions only: the relay does not forward a contact's size or pressure, so the twin does not claim them.
        let kept: Set<UInt16> = [Evdev.absX, Evdev.absY, Evdev.mtPositionX, Evdev.mtPositionY, Evdev.mtTrackingID]
        var twinAxes = axes.filter { kept.contains($0.code) }
        twinAxes.append(AxisInfo(code: Evdev.mtSlot, minimum: 0, maximum: Int32(slotCount - 1)))
        twinAxes.append(AxisInfo(code: Evdev.mtToolType, minimum: Evdev.toolFinger, maximum: Evdev.toolPalm))
        // uinput takes 80 bytes of name.
        let twinName = String(decoding: name.utf8.prefix(60), as: UTF8.self) + Self.twinSuffix
        return TouchscreenCapabilities(
            name: twinName, bus: bus, vendor: vendor, product: product, version: version,
            axes: twinAxes.sorted { $0.code < $1.code },
            keys: keys.intersection([Evdev.btnTouch] + Evdev.fingerTools).union([Evdev.btnTouch]),
            properties: [Evdev.propDirect])
    }
}
