import CLibinput
import Glibc
import Logging

/// What libinput's C callbacks reach through a context's user data: the log, and the device nodes that could not be
/// opened. Each `LibinputContext` opens its nodes and logs through these. Only the thread that owns the context
/// touches it.
final class LibinputCallbacks {
    let logger: Logger
    /// Device nodes that could not be opened, with errno, in the order they failed.
    var openFailures: [(path: String, errno: Int32)] = []

    init(logger: Logger) { self.logger = logger }

    /// The pointer a context is made with, for the callbacks to find this object.
    var userData: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    /// The interface libinput opens and closes device nodes through: open(2) with O_CLOEXEC, a failure kept.
    /// `LibinputContext` deallocates it after the context is gone.
    static func makeInterface() -> UnsafeMutablePointer<libinput_interface> {
        let interface = UnsafeMutablePointer<libinput_interface>.allocate(capacity: 1)
        interface.initialize(
            to: libinput_interface(
                open_restricted: { path, flags, data in
                    guard let path, let data else { return -EINVAL }
                    let fd = open(path, flags | O_CLOEXEC)
                    guard fd < 0 else { return fd }
                    let failure = errno
                    Unmanaged<LibinputCallbacks>.fromOpaque(data).takeUnretainedValue().openFailures.append(
                        (String(cString: path), failure))
                    return -failure
                },
                close_restricted: { fd, _ in _ = Glibc.close(fd) }))
        return interface
    }

    /// libinput's errors go to the log, never fatal; below that priority it says nothing.
    static func routeLog(of context: OpaquePointer) {
        libinput_log_set_priority(context, LIBINPUT_LOG_PRIORITY_ERROR)
        libinput_log_set_handler(context) { context, priority, format, arguments in
            guard let context, let format, let arguments, let data = libinput_get_user_data(context) else { return }
            var buffer = [UInt8](repeating: 0, count: 512)
            let written = buffer.withUnsafeMutableBufferPointer { bytes in
                bytes.baseAddress.map {
                    Int(
                        vsnprintf(
                            UnsafeMutableRawPointer($0).assumingMemoryBound(to: CChar.self), bytes.count, format,
                            arguments))
                } ?? 0
            }
            // Without the line break libinput ends each message with.
            var bytes = buffer.prefix(min(max(written, 0), buffer.count - 1))
            while let last = bytes.last, last == UInt8(ascii: "\n") || last == UInt8(ascii: " ") { bytes.removeLast() }
            Unmanaged<LibinputCallbacks>.fromOpaque(data).takeUnretainedValue().logger.warning(
                "libinput: \(String(decoding: bytes, as: UTF8.self))")
        }
    }
}
