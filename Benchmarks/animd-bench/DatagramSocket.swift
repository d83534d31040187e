import AnimClient
import AnimProtocol
import Foundation
import UnixSupport

/// A Unix datagram socket bound to a path: systemd's notification socket, as the start-up measure plays systemd.
final class DatagramSocket {
    private let descriptor: Int32

    init?(boundTo path: String) {
        descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0, path.utf8.count <= SocketPath.maximumLength,
            UnixAddress.with(path, { bind(descriptor, $0, $1) }) == 0
        else {
            if descriptor >= 0 { Glibc.close(descriptor) }
            return nil
        }
    }

    /// One datagram as text, or nil after `timeout` seconds without one.
    func receive(timeout: Double) -> String? {
        var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&waiting, 1, Int32(timeout * 1000)) == 1 else { return nil }
        var bytes = [UInt8](repeating: 0, count: 4096)
        let count = recv(descriptor, &bytes, bytes.count, 0)
        return count > 0 ? String(decoding: bytes.prefix(count), as: UTF8.self) : nil
    }

    func close() { Glibc.close(descriptor) }
}
