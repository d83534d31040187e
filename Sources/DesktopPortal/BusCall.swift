import CSDBus

/// One method call on the session bus, with string arguments, and the reading of a message's strings: what the
/// portal's reader and the shells' focus share (`PortalConnection`, `BusFocus`). Runs on the D-Bus thread.
enum BusCall {
    /// Why a call failed: the D-Bus error's name, or what went wrong before it was sent.
    struct Failure: Error {
        let name: String

        /// The peer did not answer in time (sd-bus's timeout, or the bus saying no reply came), as against an answer
        /// that refused the call.
        var isNoAnswer: Bool {
            ["org.freedesktop.DBus.Error.Timeout", "org.freedesktop.DBus.Error.NoReply"].contains(name)
                || name.hasPrefix("no reply")
        }
    }

    /// Calls `member` on `destination` with string arguments, waits at most `timeout` µs, and reads the reply with
    /// `read`. `autoStart`: whether the bus may start a service that is not running (the portal is started so;
    /// a desktop shell never is).
    static func call<T>(
        _ bus: OpaquePointer, _ destination: String, _ path: String, _ interface: String, _ member: String,
        _ arguments: [String], autoStart: Bool, timeout: UInt64, read: (OpaquePointer) -> T?
    ) -> Result<T?, Failure> {
        var message: OpaquePointer?
        guard sd_bus_message_new_method_call(bus, &message, destination, path, interface, member) >= 0, let message
        else {
            return .failure(Failure(name: "the call could not be made"))
        }
        defer { sd_bus_message_unref(message) }
        if !autoStart { _ = sd_bus_message_set_auto_start(message, 0) }
        for argument in arguments {
            guard argument.withCString({ sd_bus_message_append_basic(message, CChar(UInt8(ascii: "s")), $0) }) >= 0
            else {
                return .failure(Failure(name: "an argument could not be added"))
            }
        }
        var error = sd_bus_error()
        var reply: OpaquePointer?
        defer { sd_bus_error_free(&error) }
        // Bounded: a service that hangs delays only the D-Bus thread, for at most this long.
        let result = sd_bus_call(bus, message, timeout, &error, &reply)
        guard result >= 0, let reply else {
            return .failure(
                Failure(
                    name: error.name.map { String(cString: $0) } ?? "no reply: \(String(cString: strerror(-result)))"))
        }
        defer { sd_bus_message_unref(reply) }
        return .success(read(reply))
    }

    /// The string at the message's position, read past it; nil when there is none.
    static func string(in message: OpaquePointer) -> String? {
        var text: UnsafePointer<CChar>?
        guard sd_bus_message_read_basic(message, CChar(UInt8(ascii: "s")), &text) > 0, let text else { return nil }
        return String(cString: text)
    }
}

extension Result {
    /// The error, for a caller that only asks whether and why a call failed.
    var failure: Failure? {
        guard case let .failure(error) = self else { return nil }
        return error
    }
}
