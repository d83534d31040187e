import AnimProtocol
import CX11
import Foundation
import Gestures

@testable import X11Input

/// XI2 event structs built in memory the way Xlib hands them over.
enum XEvents {
    static let master: Int32 = 2
    static let touchscreen: Int32 = 11

    /// A device event (button, motion) as Xlib hands it over, at root coordinates.
    static func device(_ type: Int32, detail: Int32, x: Double, y: Double, ms: UInt, source: Int32 = master)
        -> XIDeviceEvent
    {
        var e = XIDeviceEvent()
        e.type = GenericEvent
        e.evtype = type
        e.time = ms
        e.deviceid = master
        e.sourceid = source
        e.detail = detail
        e.root_x = x
        e.root_y = y
        return e
    }

    /// A touch as the raw event on the root window carries it: valuators 0 and 1 (either may be left out), in the
    /// device units of `XEvents.mapping`, where one unit is one pixel.
    static func rawTouch<T>(
        _ type: Int32, touch: Int32, x: Double?, y: Double?, ms: UInt, source: Int32 = touchscreen,
        _ body: (XIRawEvent) -> T
    ) -> T {
        var e = XIRawEvent()
        e.type = GenericEvent
        e.evtype = type
        e.time = ms
        e.deviceid = master
        e.sourceid = source
        e.detail = touch
        var mask: [UInt8] = [(x == nil ? 0 : 1) | (y == nil ? 0 : 2)]
        var values = [x, y].compactMap { $0 }
        return mask.withUnsafeMutableBufferPointer { maskBuffer in
            values.withUnsafeMutableBufferPointer { valueBuffer in
                e.valuators = XIValuatorState(
                    mask_len: 1, mask: maskBuffer.baseAddress, values: valueBuffer.baseAddress)
                return body(e)
            }
        }
    }

    /// A touchscreen whose device units are the pixels of `width` × `height` (axes 0 … size − 1, as the server
    /// normalises over max − min + 1).
    static func mapping(width: Double = 1920, height: Double = 1080) -> TouchscreenMapping {
        TouchscreenMapping(
            xAxis: 0...(width - 1), yAxis: 0...(height - 1), target: Rect(x: 0, y: 0, width: width, height: height))
    }

    /// The begin of a touch as a strip's passive grab delivers it.
    static func grabbedBegin(touch: Int32, window: UInt = 77, source: Int32 = touchscreen) -> XIDeviceEvent {
        var e = device(XI_TouchBegin, detail: touch, x: 0, y: 0, ms: 0, source: source)
        e.event = window
        return e
    }

    static func barrier(
        _ type: Int32, barrier: UInt, x: Double, y: Double, dx: Double, dy: Double, ms: UInt,
        flags: Int32 = 0, eventID: UInt32 = 1
    ) -> XIBarrierEvent {
        var e = XIBarrierEvent()
        e.type = GenericEvent
        e.evtype = type
        e.time = ms
        e.deviceid = master
        e.sourceid = master
        e.root_x = x
        e.root_y = y
        e.dx = dx
        e.dy = dy
        e.flags = flags
        e.barrier = barrier
        e.eventid = eventID
        return e
    }

    static func swipe(_ type: Int32, fingers: Int32, dx: Double = 0, dy: Double = 0, ms: UInt, flags: Int32 = 0)
        -> XIGestureSwipeEvent
    {
        var e = XIGestureSwipeEvent()
        e.type = GenericEvent
        e.evtype = type
        e.time = ms
        e.deviceid = master
        e.detail = fingers
        e.root_x = 500
        e.root_y = 300
        e.delta_x = dx
        e.delta_y = dy
        e.flags = flags
        return e
    }

    static func pinch(_ type: Int32, fingers: Int32, scale: Double = 1, angle: Double = 0, ms: UInt, flags: Int32 = 0)
        -> XIGesturePinchEvent
    {
        var e = XIGesturePinchEvent()
        e.type = GenericEvent
        e.evtype = type
        e.time = ms
        e.deviceid = master
        e.detail = fingers
        e.root_x = 500
        e.root_y = 300
        e.scale = scale
        e.delta_angle = angle
        e.flags = flags
        return e
    }

    /// What the X thread converts for one trace event, as the server would send it: a raw touch event, or for a
    /// cancel (X has none) the device going away.
    static func convert(_ event: InputEvent, baseMS: UInt, with converter: inout XInputConverter) -> [InputEvent] {
        let ms = baseMS + UInt((event.time * 1000).rounded())
        let (x, y) = (event.location.x, event.location.y)
        switch event.kind {
        case let .touchDown(id):
            return rawTouch(XI_RawTouchBegin, touch: Int32(1000 + id), x: x, y: y, ms: ms) { converter.rawTouch($0) }
        case let .touchMove(id):
            return rawTouch(XI_RawTouchUpdate, touch: Int32(1000 + id), x: x, y: y, ms: ms) { converter.rawTouch($0) }
        case let .touchUp(id):
            return rawTouch(XI_RawTouchEnd, touch: Int32(1000 + id), x: x, y: y, ms: ms) { converter.rawTouch($0) }
        case .touchCancel: return converter.removeDevice(touchscreen, at: Double(ms) / 1000)
        default: return []
        }
    }
}

enum Traces {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("GesturesTests/Traces")

    static func events(_ name: String) throws -> [InputEvent] {
        try Trace.decode(String(contentsOf: folder.appendingPathComponent(name + ".jsonl"), encoding: .utf8))
    }
}
