import Glibc
import TouchRelay
import UnixSupport

/// One `animd-touch-relay` for one touchscreen, as animd's libinput thread runs it: spawned with its end of a
/// socket pair as descriptor 3, read line by line, and reaped when it ends. Closing the socket ends it; it also
/// ends with the thread that spawned it (PR_SET_PDEATHSIG), so a killed animd leaves no grab behind.
final class TouchRelayProcess {
    let pid: pid_t
    let socket: Int32
    private var inbox: [UInt8] = []
    private var reaped = false

    /// Where the relay is: beside animd (the build folder, /usr/bin in a tarball install), or in its libexec folder.
    static func executable() -> String? {
        guard let animd = try? realPath("/proc/self/exe") else { return nil }
        let folder = String(animd[..<(animd.lastIndex(of: "/") ?? animd.endIndex)])
        return [folder + "/animd-touch-relay", folder + "/../libexec/animd/animd-touch-relay"].first {
            access($0, X_OK) == 0
        }
    }

    private static func realPath(_ path: String) throws -> String {
        guard let resolved = realpath(path, nil) else { throw RelaySpawnError("cannot resolve \(path)") }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    init(executable: String, device: String, holdLimit: Double) throws(RelaySpawnError) {
        var ends: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else {
            throw RelaySpawnError("socketpair: \(String(cString: strerror(errno)))")
        }
        // Its socket end as descriptor 3; stderr is animd's, for the journal. It stays in animd's process group.
        let words: [String] = [executable, device, "--hold-limit", "\(holdLimit)"]
        let environment = ProcessEnvironment.current.map { "\($0.key)=\($0.value)" }
        let spawned = ChildSpawn.spawn(
            words, environment: environment, descriptors: [.null, .null, .descriptor(2), .descriptor(ends[1])],
            searchPath: false, ownGroup: false)
        Glibc.close(ends[1])
        switch spawned {
        case let .success(child): pid = child
        case let .failure(error):
            Glibc.close(ends[0])
            throw RelaySpawnError("cannot start \(executable): \(String(cString: strerror(error.code)))")
        }
        socket = ends[0]
        _ = fcntl(socket, F_SETFL, fcntl(socket, F_GETFL) | O_NONBLOCK)
    }

    /// The whole lines the relay sent; nil once it has closed its end.
    func read() -> [Substring]? {
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        var closed = false
        while true {
            let count = recv(socket, &buffer, buffer.count, Int32(MSG_DONTWAIT))
            if count > 0 {
                inbox += buffer.prefix(count)
                if inbox.count > 1 << 20 { inbox.removeAll() }
                continue
            }
            closed = count == 0 || (errno != EAGAIN && errno != EINTR)
            break
        }
        var lines: [Substring] = []
        while let end = inbox.firstIndex(of: UInt8(ascii: "\n")) {
            lines.append(Substring(String(decoding: inbox[..<end], as: UTF8.self)))
            inbox.removeSubrange(...end)
        }
        return closed && lines.isEmpty ? nil : lines
    }

    /// Sends one command; a relay that does not read loses it (it lets go of what it holds by itself).
    func send(_ command: RelayCommand) {
        let line = Array((command.line + "\n").utf8)
        _ = line.withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT | MSG_NOSIGNAL)) }
    }

    /// Ends the relay (its socket closed, then SIGKILL after a second) and reaps it.
    func close() {
        guard !reaped else { return }
        Glibc.close(socket)
        var status: Int32 = 0
        for _ in 0..<100 {
            if waitpid(pid, &status, WNOHANG) != 0 {
                reaped = true
                return
            }
            usleep(10_000)
        }
        kill(pid, SIGKILL)
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        reaped = true
    }
}

struct RelaySpawnError: Error {
    var reason: String
    init(_ reason: String) { self.reason = reason }
}
