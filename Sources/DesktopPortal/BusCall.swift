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
        let message: OpaquePointer
        switch newCall(bus, destination, path, interface, member, arguments, autoStart: autoStart) {
        case let .success(made): message = made
        case let .failure(failure): return .failure(failure)
        }
        defer { sd_bus_message_unref(message) }
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

    /// Sends the call without waiting for it: its reply, the error that stands for it, or sd-bus's timeout error after
    /// `timeout` µs, comes to `handler` (with `user`) from `sd_bus_process`. The call's cookie, which its reply
    /// carries (`replyCookie`); nil when it could not be sent.
    static func send(
        _ bus: OpaquePointer, _ destination: String, _ path: String, _ interface: String, _ member: String,
        _ arguments: [String], autoStart: Bool, timeout: UInt64, handler: sd_bus_message_handler_t,
        user: UnsafeMutableRawPointer
    ) -> UInt64? {
        guard
            case let .success(message) = newCall(
                bus, destination, path, interface, member, arguments, autoStart: autoStart)
        else { return nil }
        defer { sd_bus_message_unref(message) }
        // No slot: the call belongs to the connection, which frees it with itself.
        var cookie: UInt64 = 0
        guard sd_bus_call_async(bus, nil, message, handler, user, timeout) >= 0,
            sd_bus_message_get_cookie(message, &cookie) >= 0
        else { return nil }
        return cookie
    }

    /// The cookie of the call a reply answers; nil for a message that is no reply.
    static func replyCookie(of message: OpaquePointer) -> UInt64? {
        var cookie: UInt64 = 0
        return sd_bus_message_get_reply_cookie(message, &cookie) >= 0 ? cookie : nil
    }

    /// Whether the message is an error (a refused call, or sd-bus's timeout) rather than a method's return.
    static func isError(_ message: OpaquePointer) -> Bool { sd_bus_message_is_method_error(message, nil) > 0 }

    private static func newCall(
        _ bus: OpaquePointer, _ destination: String, _ path: String, _ interface: String, _ member: String,
        _ arguments: [String], autoStart: Bool
    ) -> Result<OpaquePointer, Failure> {
        var message: OpaquePointer?
        guard sd_bus_message_new_method_call(bus, &message, destination, path, interface, member) >= 0, let message
        else {
            return .failure(Failure(name: "the call could not be made"))
        }
        if !autoStart { _ = sd_bus_message_set_auto_start(message, 0) }
        for argument in arguments {
            guard argument.withCString({ sd_bus_message_append_basic(message, CChar(UInt8(ascii: "s")), $0) }) >= 0
            else {
                sd_bus_message_unref(message)
                return .failure(Failure(name: "an argument could not be added"))
            }
        }
        return .success(message)
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
