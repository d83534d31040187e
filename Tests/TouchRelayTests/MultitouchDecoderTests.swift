import Testing
import TouchRelay

/// Protocol B as `Documentation/input/multi-touch-protocol.rst` writes it, decoded into contact changes.
struct MultitouchDecoderTests {
    private func frame(_ decoder: inout MultitouchDecoder, _ events: [(UInt16, Int32)]) -> [ContactChange]? {
        for (code, value) in events { #expect(decoder.decode(EvdevEvent(Evdev.absType, code, value)) == nil) }
        return decoder.decode(EvdevEvent(Evdev.synType, Evdev.synReport, 0))
    }

    /// The document's example: two contacts land, one moves, one lifts, each frame giving its changes in slot order.
    @Test func twoContactsLandMoveAndLift() {
        var decoder = MultitouchDecoder(slotCount: 5)
        #expect(
            frame(
                &decoder,
                [
                    (Evdev.mtSlot, 0), (Evdev.mtTrackingID, 45), (Evdev.mtPositionX, 100), (Evdev.mtPositionY, 200),
                    (Evdev.mtSlot, 1), (Evdev.mtTrackingID, 46), (Evdev.mtPositionX, 300), (Evdev.mtPositionY, 400),
                ])
                == [.down(slot: 0, at: DevicePoint(x: 100, y: 200)), .down(slot: 1, at: DevicePoint(x: 300, y: 400))])
        #expect(
            frame(&decoder, [(Evdev.mtPositionX, 310)]) == [.move(slot: 1, to: DevicePoint(x: 310, y: 400))],
            "slot 1 is still current")
        #expect(frame(&decoder, [(Evdev.mtSlot, 0), (Evdev.mtTrackingID, -1)]) == [.up(slot: 0)])
        #expect(!decoder.isIdle)
        #expect(frame(&decoder, [(Evdev.mtSlot, 1), (Evdev.mtTrackingID, -1)]) == [.up(slot: 1)])
        #expect(decoder.isIdle)
    }

    /// The kernel drops a value equal to the slot's last one: a contact that lands where the last lifted sends no
    /// position, and is still placed there.
    @Test func aContactKeepsTheSlotsLastPosition() {
        var decoder = MultitouchDecoder(slotCount: 2)
        _ = frame(
            &decoder, [(Evdev.mtSlot, 0), (Evdev.mtTrackingID, 1), (Evdev.mtPositionX, 7), (Evdev.mtPositionY, 9)])
        _ = frame(&decoder, [(Evdev.mtTrackingID, -1)])
        #expect(frame(&decoder, [(Evdev.mtTrackingID, 2)]) == [.down(slot: 0, at: DevicePoint(x: 7, y: 9))])
    }

    /// A new tracking id with no lift between is two contacts: the old one ends before the new one begins.
    @Test func aNewTrackingIDInOneFrameIsALiftAndALanding() {
        var decoder = MultitouchDecoder(slotCount: 2)
        _ = frame(
            &decoder, [(Evdev.mtSlot, 0), (Evdev.mtTrackingID, 1), (Evdev.mtPositionX, 7), (Evdev.mtPositionY, 9)])
        #expect(
            frame(&decoder, [(Evdev.mtTrackingID, 2), (Evdev.mtPositionX, 50)]) == [
                .up(slot: 0), .down(slot: 0, at: DevicePoint(x: 50, y: 9)),
            ])
    }

    /// A slot beyond the device's is ignored with what is sent for it.
    @Test func aSlotOutOfRangeIsIgnored() {
        var decoder = MultitouchDecoder(slotCount: 2)
        #expect(
            frame(
                &decoder,
                [
                    (Evdev.mtSlot, 9), (Evdev.mtTrackingID, 1), (Evdev.mtPositionX, 5), (Evdev.mtSlot, -1),
                    (Evdev.mtTrackingID, 3),
                ]) == [])
        #expect(decoder.isIdle)
    }

    /// After SYN_DROPPED nothing is decoded up to the next SYN_REPORT; the slots read again give the difference.
    @Test func droppedEventsAreResynchronizedFromTheSlots() {
        var decoder = MultitouchDecoder(slotCount: 2)
        _ = frame(
            &decoder, [(Evdev.mtSlot, 0), (Evdev.mtTrackingID, 1), (Evdev.mtPositionX, 10), (Evdev.mtPositionY, 10)])
        #expect(decoder.decode(EvdevEvent(Evdev.synType, Evdev.synDropped, 0)) == nil)
        #expect(frame(&decoder, [(Evdev.mtTrackingID, -1)]) == nil)
        #expect(decoder.needsResync)
        #expect(
            decoder.resync(trackingIDs: [1, 8], xs: [20, 30], ys: [10, 40])
                == [.move(slot: 0, to: DevicePoint(x: 20, y: 10)), .down(slot: 1, at: DevicePoint(x: 30, y: 40))])
        #expect(!decoder.needsResync)
    }
}
