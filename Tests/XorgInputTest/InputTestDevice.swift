import CInputTest
import Foundation

/// One fake device of `HeadlessXorg`, fed through the inputtest driver's socket: fixed-size structs of its protocol
/// (`xf86-input-inputtest-protocol.h`). The connection is kept while the device is enabled: the driver does not
/// answer a second one, and closes this one when the device is disabled (`reconnect` after enabling it again).
public final class InputTestDevice {
    public enum Phase: Sendable {
        case begin, update, end

        /// XI2 numbers each kind's begin, update and end in a row: XI_TouchBegin 18, XI_GesturePinchBegin 27,
        /// XI_GestureSwipeBegin 30.
        func code(begin: UInt16) -> UInt16 {
            switch self {
            case .begin: begin
            case .update: begin + 1
            case .end: begin + 2
            }
        }
    }

    private var fd: Int32 = -1
    private let path: String
    private let width: Double
    private let height: Double
    /// The touchscreen's axes run 0 … 65535 (the driver's fixed range).
    public static let axisMax = 65535.0

    init(socket path: String, width: Double, height: Double) throws {
        self.width = width
        self.height = height
        self.path = path
        try connectAndGreet()
    }

    deinit { close(fd) }

    /// A new connection, for a device enabled again after `xinput disable` closed the old one.
    public func reconnect() throws {
        close(fd)
        // The driver opens its socket again once the device is back on; wait for it briefly.
        var lastError: (any Error)?
        for _ in 0..<200 {
            do { return try connectAndGreet() } catch { lastError = error }
            usleep(25_000)
        }
        throw lastError ?? InputTestError("\(path): cannot reconnect")
    }

    private func connectAndGreet() throws {
        fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { bytes in
            for (index, byte) in path.utf8.prefix(bytes.count - 1).enumerated() { bytes[index] = byte }
        }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard connected == 0 else { close(fd); throw InputTestError("cannot connect to \(path): errno \(errno)") }
        var version = xf86ITEventClientVersion()
        version.header.type = XF86IT_EVENT_CLIENT_VERSION
        version.major = UInt16(XF86IT_PROTOCOL_VERSION_MAJOR)
        version.minor = UInt16(XF86IT_PROTOCOL_VERSION_MINOR)
        try send(&version)
        var reply = xf86ITResponseServerVersion()
        try receive(&reply)
        guard reply.header.type == XF86IT_RESPONSE_SERVER_VERSION else {
            throw InputTestError("\(path): no version reply")
        }
    }

    /// A touch at screen pixels: the valuators the server maps back to exactly (x, y) (x_px = v · width / 65536).
    public func touch(_ phase: Phase, id: UInt32, x: Double, y: Double) throws {
        try touch(phase, id: id, valuatorX: x * (Self.axisMax + 1) / width, valuatorY: y * (Self.axisMax + 1) / height)
    }

    /// A touch in device units, before the server's Coordinate Transformation Matrix.
    public func touch(_ phase: Phase, id: UInt32, valuatorX: Double, valuatorY: Double) throws {
        var event = xf86ITEventTouch()
        event.header.type = XF86IT_EVENT_TOUCH
        event.touchid = id
        event.touch_type = UInt32(phase.code(begin: 18))  // XI_TouchBegin
        event.valuators.mask.0 = 0b11
        withUnsafeMutableBytes(of: &event.valuators.valuators) { bytes in
            bytes.storeBytes(of: valuatorX, toByteOffset: 0, as: Double.self)
            bytes.storeBytes(of: valuatorY, toByteOffset: MemoryLayout<Double>.stride, as: Double.self)
        }
        try send(&event)
    }

    /// An XI 2.4 touchpad swipe event with `fingers` and a delta in px; `cancelled` on an end, as libinput cancels a
    /// swipe when a finger more lands.
    public func swipe(_ phase: Phase, fingers: UInt16, dx: Double = 0, dy: Double = 0, cancelled: Bool = false) throws {
        var event = xf86ITEventGestureSwipe()
        event.header.type = XF86IT_EVENT_GESTURE_SWIPE
        event.gesture_type = phase.code(begin: 30)  // XI_GestureSwipeBegin
        event.num_touches = fingers
        event.flags = cancelled ? 1 : 0  // XIGestureSwipeEventCancelled, 1 << 0 in XI2.h
        event.delta_x = dx
        event.delta_y = dy
        event.delta_unaccel_x = dx
        event.delta_unaccel_y = dy
        try send(&event)
    }

    /// An XI 2.4 touchpad pinch event: `scale` relative to the begin, `angle` in degrees turned since the last one.
    public func pinch(_ phase: Phase, fingers: UInt16, scale: Double = 1, angle: Double = 0) throws {
        var event = xf86ITEventGesturePinch()
        event.header.type = XF86IT_EVENT_GESTURE_PINCH
        event.gesture_type = phase.code(begin: 27)  // XI_GesturePinchBegin
        event.num_touches = fingers
        event.scale = scale
        event.delta_angle = angle
        try send(&event)
    }

    /// Returns once the server has processed everything sent before.
    public func sync() throws {
        var wait = xf86ITEventWaitForSync()
        wait.header.type = XF86IT_EVENT_WAIT_FOR_SYNC
        try send(&wait)
        var finished = xf86ITResponseSyncFinished()
        try receive(&finished)
        guard finished.header.type == XF86IT_RESPONSE_SYNC_FINISHED else { throw InputTestError("no sync reply") }
    }

    /// Every event starts with its own length in its header's first four bytes.
    private func send<Event>(_ event: inout Event) throws {
        let size = MemoryLayout<Event>.size
        try withUnsafeMutableBytes(of: &event) { bytes in
            bytes.storeBytes(of: UInt32(size), toByteOffset: 0, as: UInt32.self)
            var sent = 0
            while sent < size {
                let count = write(fd, bytes.baseAddress! + sent, size - sent)
                guard count > 0 else { throw InputTestError("the inputtest socket refused a write: errno \(errno)") }
                sent += count
            }
        }
    }

    private func receive<Reply>(_ reply: inout Reply) throws {
        let size = MemoryLayout<Reply>.size
        try withUnsafeMutableBytes(of: &reply) { bytes in
            var got = 0
            while got < size {
                var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                guard poll(&pfd, 1, 10_000) > 0 else {
                    throw InputTestError("the inputtest socket did not answer within 10 s")
                }
                let count = read(fd, bytes.baseAddress! + got, size - got)
                guard count > 0 else { throw InputTestError("the inputtest socket closed") }
                got += count
            }
        }
    }
}
