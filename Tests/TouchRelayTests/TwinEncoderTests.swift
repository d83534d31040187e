import Testing
import TouchRelay

/// The twin's events, as the kernel's protocol B and libinput's touchscreen reading want them.
struct TwinEncoderTests {
    private let device = TouchscreenCapabilities(
        name: "animd test touchscreen", bus: 3, vendor: 0x1234, product: 0x5678, version: 0x111,
        axes: [
            AxisInfo(code: Evdev.absX, minimum: 0, maximum: 4095, resolution: 16),
            AxisInfo(code: Evdev.absY, minimum: 0, maximum: 4095, resolution: 16),
            AxisInfo(code: Evdev.mtSlot, minimum: 0, maximum: 4),
            AxisInfo(code: Evdev.mtPositionX, minimum: 0, maximum: 4095, resolution: 16),
            AxisInfo(code: Evdev.mtPositionY, minimum: 0, maximum: 4095, resolution: 16),
            AxisInfo(code: Evdev.mtTrackingID, minimum: 0, maximum: 65535),
            AxisInfo(code: 0x3a, minimum: 0, maximum: 255),
        ],
        keys: [Evdev.btnTouch, Evdev.btnLeft], properties: [Evdev.propDirect])
    private func abs(_ code: UInt16, _ value: Int32) -> EvdevEvent { EvdevEvent(Evdev.absType, code, value) }
    private let syn = EvdevEvent(Evdev.synType, Evdev.synReport, 0)

    /// The twin has the device's position axes, its slots, a tool type up to palm, BTN_TOUCH, INPUT_PROP_DIRECT,
    /// its ids and a name that says whose twin it is; no pointer button, no pressure it would never send.
    @Test func theTwinIsTheDeviceWithoutAPointerButton() {
        let twin = device.twin
        #expect(twin.name == "animd test touchscreen (animd twin)" && twin.isTwin && twin.refusal != nil)
        #expect(twin.vendor == 0x1234 && twin.product == 0x5678 && twin.bus == 3)
        #expect(
            twin.axes.map(\.code) == [
                Evdev.absX, Evdev.absY, Evdev.mtSlot, Evdev.mtPositionX, Evdev.mtPositionY, Evdev.mtToolType,
                Evdev.mtTrackingID,
            ])
        #expect(twin.axis(Evdev.mtPositionX) == device.axis(Evdev.mtPositionX))
        #expect(twin.axis(Evdev.mtSlot)?.maximum == 4 && twin.axis(Evdev.mtToolType)?.maximum == Evdev.toolPalm)
        #expect(twin.keys == [Evdev.btnTouch] && twin.properties == [Evdev.propDirect])
    }

    /// A device without slots is refused with why.
    @Test func protocolAIsRefused() {
        var old = device
        old.axes.removeAll { $0.code == Evdev.mtSlot }
        #expect(old.refusal?.contains("protocol A") == true)
        #expect(device.refusal == nil)
    }

    /// A touch down, moved and lifted: tracking ids of the twin's own, BTN_TOUCH with the first and last, the
    /// single-touch axes following the slot.
    @Test func aTouchIsWrittenAsProtocolB() {
        var encoder = TwinEncoder(capabilities: device.twin)
        #expect(
            encoder.encode([[.down(slot: 1, at: DevicePoint(x: 10, y: 20))]]) == [
                abs(Evdev.mtSlot, 1), abs(Evdev.mtTrackingID, 0), abs(Evdev.mtToolType, 0), abs(Evdev.mtPositionX, 10),
                abs(Evdev.mtPositionY, 20),
                EvdevEvent(Evdev.keyType, Evdev.btnTouch, 1), abs(Evdev.absX, 10), abs(Evdev.absY, 20), syn,
            ])
        #expect(
            encoder.encode([[.move(slot: 1, to: DevicePoint(x: 11, y: 20))]])
                == [abs(Evdev.mtSlot, 1), abs(Evdev.mtPositionX, 11), abs(Evdev.absX, 11), syn], "only what changed")
        #expect(
            encoder.encode([[.up(slot: 1)]]) == [
                abs(Evdev.mtSlot, 1), abs(Evdev.mtTrackingID, -1), EvdevEvent(Evdev.keyType, Evdev.btnTouch, 0), syn,
            ])
    }

    /// A cancel marks the slot a palm in a frame of its own, then lifts it.
    @Test func aCancelIsAPalmThenALift() {
        var encoder = TwinEncoder(capabilities: device.twin)
        _ = encoder.encode([[.down(slot: 0, at: DevicePoint(x: 10, y: 20))]])
        #expect(
            encoder.encode([[.cancel(slot: 0)]]) == [
                abs(Evdev.mtSlot, 0), abs(Evdev.mtToolType, Evdev.toolPalm), syn,
                abs(Evdev.mtSlot, 0), abs(Evdev.mtTrackingID, -1), EvdevEvent(Evdev.keyType, Evdev.btnTouch, 0), syn,
            ])
    }

    /// A device with finger-count tools gets them on its twin, one at a time, cleared with the last lift.
    @Test func fingerToolsFollowTheCount() {
        var tools = device
        tools.keys = [Evdev.btnTouch, 0x145, 0x14d]
        var encoder = TwinEncoder(capabilities: tools.twin)
        let two = encoder.encode([
            [.down(slot: 0, at: DevicePoint(x: 1, y: 1)), .down(slot: 1, at: DevicePoint(x: 2, y: 2))]
        ])
        #expect(
            two.filter { $0.type == Evdev.keyType } == [
                EvdevEvent(Evdev.keyType, Evdev.btnTouch, 1), EvdevEvent(Evdev.keyType, 0x14d, 1),
            ])
        let none = encoder.liftAll()
        #expect(
            none.filter { $0.type == Evdev.keyType } == [
                EvdevEvent(Evdev.keyType, Evdev.btnTouch, 0), EvdevEvent(Evdev.keyType, 0x14d, 0),
            ])
    }
}
