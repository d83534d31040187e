#if canImport(Glibc)
    import Glibc
    import UnixSupport
#endif

/// sd_notify(3), written by hand: one datagram to $NOTIFY_SOCKET. This is the whole protocol, while libsystemd
/// (which CSDBus loads only once the session bus is used) would be mapped at every start for it.
struct SystemdNotifier: Sendable {
    let socketPath: String?

    init(environment: [String: String]) {
        socketPath = environment["NOTIFY_SOCKET"].flatMap { $0.isEmpty ? nil : $0 }
    }

    var isActive: Bool { socketPath != nil }

    /// Sends e.g. "READY=1"; does nothing outside systemd.
    func notify(_ state: String) {
        guard let socketPath else { return }
        // Non-blocking: it is called on the event loop, and a receiver that does not read must cost a ping, not the loop.
        let descriptor = socket(
            AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        _ = state.utf8CString.withUnsafeBufferPointer { text in
            UnixAddress.with(socketPath) {
                sendto(descriptor, text.baseAddress, text.count - 1, Int32(MSG_NOSIGNAL), $0, $1)
            }
        }
    }
}
