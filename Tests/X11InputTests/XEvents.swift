import CX11
import Foundation
import Gestures

/// XI2 event structs built in memory the way Xlib hands them over.
enum XEvents {
    static let master: Int32 = 2
    static let touchscreen: Int32 = 11

    static func touch(_ type: Int32, touch: Int32, x: Double, y: Double, ms: UInt, source: Int32 = touchscreen) -> XIDeviceEvent {
        var e = XIDeviceEvent()
        e.type = GenericEvent
        e.evtype = type
        e.time = ms
        e.deviceid = master
        e.sourceid = source
        e.detail = touch
        e.root_x = x
        e.root_y = y
        return e
    }

    static func barrier(_ type: Int32, barrier: UInt, x: Double, y: Double, dx: Double, dy: Double, ms: UInt,
                        flags: Int32 = 0, eventID: UInt32 = 1) -> XIBarrierEvent {
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

    static func swipe(_ type: Int32, fingers: Int32, dx: Double = 0, dy: Double = 0, ms: UInt, flags: Int32 = 0) -> XIGestureSwipeEvent {
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

    static func pinch(_ type: Int32, fingers: Int32, scale: Double = 1, angle: Double = 0, ms: UInt, flags: Int32 = 0) -> XIGesturePinchEvent {
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

    /// The XI2 form of one trace event, as the server would send it: X has no touch-cancel event, so a cancel is the
    /// device going away.
    static func from(_ event: InputEvent, baseMS: UInt) -> XIDeviceEvent? {
        let ms = baseMS + UInt((event.time * 1000).rounded())
        switch event.kind {
        case let .touchDown(id): return touch(XI_TouchBegin, touch: Int32(1000 + id), x: event.location.x, y: event.location.y, ms: ms)
        case let .touchMove(id): return touch(XI_TouchUpdate, touch: Int32(1000 + id), x: event.location.x, y: event.location.y, ms: ms)
        case let .touchUp(id): return touch(XI_TouchEnd, touch: Int32(1000 + id), x: event.location.x, y: event.location.y, ms: ms)
        default: return nil
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
