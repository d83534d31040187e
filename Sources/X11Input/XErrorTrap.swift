import CX11
import Synchronization

/// Collects X protocol errors instead of letting Xlib print them and carry on.
/// Xlib reports errors through one process-wide C callback, so the trap is a
/// process-wide list; only the X thread makes requests, so what `catching`
/// collects belongs to the requests it made.
enum XErrorTrap {
    struct Failure: Error, Hashable, Sendable, CustomStringConvertible {
        var code: UInt8
        var request: UInt8
        var minor: UInt8
        var text: String

        var description: String { "\(text) (request \(request).\(minor))" }
        var isBadAccess: Bool { code == UInt8(BadAccess) }
    }

    private static let failures = Mutex<[Failure]>([])

    /// Installs the handler; X errors are never fatal from then on.
    static func install() {
        XSetErrorHandler { display, event in
            guard let display, let event else { return 0 }
            var buffer = [CChar](repeating: 0, count: 160)
            XGetErrorText(display, Int32(event.pointee.error_code), &buffer, Int32(buffer.count))
            let failure = Failure(
                code: event.pointee.error_code, request: event.pointee.request_code,
                minor: event.pointee.minor_code,
                text: String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
            XErrorTrap.failures.withLock { $0.append(failure) }
            return 0
        }
    }

    /// Runs `body`, waits for the server to answer it (XSync), and returns the errors it caused.
    static func catching(_ display: OpaquePointer, _ body: () -> Void) -> [Failure] {
        _ = drain()
        body()
        XSync(display, 0)
        return drain()
    }

    /// The errors collected since the last call.
    static func drain() -> [Failure] {
        failures.withLock { list in
            defer { list.removeAll() }
            return list
        }
    }
}
