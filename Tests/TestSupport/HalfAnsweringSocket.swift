import Glibc
import NIOConcurrencyHelpers
import UnixSupport

/// A display server that answers the first connection of each pair and not the second (issue 57): what animd's probe
/// (`SocketProbe`) sees is a server that answers, and the library's own connection after it (Xlib's, libwayland's)
/// waits for an answer that never comes. Connections are accepted on a thread of its own and kept open until it is
/// dropped; an answered one gets `reply` once its client has sent something.
public final class HalfAnsweringSocket: Sendable {
    public let path: String
    private let listener: Int32
    private let stopPipe: (read: Int32, write: Int32)
    private let accepted = NIOLockedValueBox(0)

    /// The connections accepted so far.
    public var connections: Int { accepted.withLockedValue { $0 } }

    public init?(path: String, reply: [UInt8]) {
        self.path = path
        let listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        var ends: [Int32] = [-1, -1]
        let bound = UnixAddress.with(path) { bind(listener, $0, $1) } ?? -1
        guard listener >= 0, bound == 0, listen(listener, 128) == 0, pipe(&ends) == 0 else {
            close(listener)
            return nil
        }
        self.listener = listener
        stopPipe = (ends[0], ends[1])
        let (stop, accepted) = (ends[0], accepted)
        PosixThread.start(named: "half-answering") {
            Self.serve(listener, stop: stop, reply: reply, accepted: accepted)
        }
    }

    deinit {
        var byte: UInt8 = 0
        _ = write(stopPipe.write, &byte, 1)
        close(stopPipe.write)
        if !path.hasPrefix("@") { unlink(path) }
    }

    private static func serve(_ listener: Int32, stop: Int32, reply: [UInt8], accepted: NIOLockedValueBox<Int>) {
        var clients: [(descriptor: Int32, answers: Bool)] = []
        defer {
            for client in clients { close(client.descriptor) }
            close(listener)
            close(stop)
        }
        while true {
            var fds =
                [
                    pollfd(fd: stop, events: Int16(POLLIN), revents: 0),
                    pollfd(fd: listener, events: Int16(POLLIN), revents: 0),
                ]
                + clients.map { pollfd(fd: $0.answers ? $0.descriptor : -1, events: Int16(POLLIN), revents: 0) }
            guard poll(&fds, nfds_t(fds.count), -1) >= 0 || errno == EINTR else { return }
            if fds[0].revents != 0 { return }
            if fds[1].revents & Int16(POLLIN) != 0 {
                let client = accept(listener, nil, nil)
                if client >= 0 {
                    _ = fcntl(client, F_SETFD, FD_CLOEXEC)
                    let count = accepted.withLockedValue { count in
                        count += 1
                        return count
                    }
                    clients.append((client, count % 2 == 1))
                }
            }
            for (index, entry) in fds.dropFirst(2).enumerated() where entry.revents != 0 {
                var buffer = [UInt8](repeating: 0, count: 4096)
                let count = read(clients[index].descriptor, &buffer, buffer.count)
                guard count > 0 else { continue }
                _ = reply.withUnsafeBytes {
                    send(clients[index].descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
                }
                // Answered once; from now on it is only held open.
                clients[index].answers = false
            }
        }
    }
}
