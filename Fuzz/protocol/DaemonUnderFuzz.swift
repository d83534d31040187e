// The protocol fuzzer's second mode: with ANIMD_FUZZ_DAEMON set to an animd binary (scripts/fuzz.sh gives it the
// debug build, whose exclusivity checks abort on a re-entered handler), every input also goes to that live daemon,
// sent by a client that leaves in the middle of it (issue 47). The input's first byte chooses how the client leaves,
// the next two how much of the rest it sends first; the daemon must answer a fresh connection every 64 inputs.
import AnimClient
import Glibc
import Synchronization
import UnixSupport

final class DaemonUnderFuzz: Sendable {
    /// The daemon for this fuzzing run, started with the first input; nil outside this mode.
    static let shared: DaemonUnderFuzz? = {
        guard let binary = getenv("ANIMD_FUZZ_DAEMON").map({ String(cString: $0) }), !binary.isEmpty else { return nil }
        return DaemonUnderFuzz(binary: binary)
    }()

    private let pid: pid_t
    private let socket: String
    private let log: String
    private let inputs = Mutex(0)
    static let checkEvery = 64

    private init(binary: String) {
        var template = Array("/tmp/animd-fuzz-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { fatalError("mkdtemp failed") }
        let folder = String(cString: made)
        socket = folder + "/s.sock"
        log = folder + "/animd.log"
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, log, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        // No display, no session bus, no config but the embedded one: the socket alone.
        let arguments = [binary, "--socket", socket, "--input-backend", "x11"]
        let environment = ["XDG_RUNTIME_DIR=\(folder)", "XDG_CONFIG_HOME=\(folder)", "PATH=/usr/bin:/bin"]
        var child: pid_t = 0
        let spawned = withCStrings(arguments) { argv in
            withCStrings(environment) { envp in posix_spawn(&child, binary, &actions, nil, argv, envp) }
        }
        posix_spawn_file_actions_destroy(&actions)
        guard spawned == 0 else { fatalError("cannot start \(binary): \(String(cString: strerror(spawned)))") }
        pid = child
        // libFuzzer ends a run with exit(): the daemon goes with it (a crash kills it in `fail`, or scripts/fuzz.sh).
        atexit { if let daemon = DaemonUnderFuzz.shared { kill(daemon.pid, SIGTERM) } }
        for _ in 0..<400 where (try? RPCConnection(path: socket)) == nil { usleep(25_000) }
        checkAlive()
    }

    /// Sends the input as a client that leaves mid-stream, and every `checkEvery` inputs makes sure animd answers.
    func send(_ input: UnsafeBufferPointer<UInt8>) {
        guard input.count >= 3 else { return }
        let payload = UnsafeBufferPointer(rebasing: input[3...])
        let cut = payload.count * (Int(input[1]) << 8 | Int(input[2])) / 0xFFFF
        let descriptor = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0, UnixAddress.with(socket, { connect(descriptor, $0, $1) }) == 0 else {
            close(descriptor)
            fail("refused a connection: \(errnoText())")
        }
        var offset = 0
        while offset < cut {
            let sent = Glibc.send(
                descriptor, payload.baseAddress! + offset, cut - offset, Int32(MSG_DONTWAIT | MSG_NOSIGNAL))
            guard sent > 0 else { break }
            offset += sent
        }
        switch input[0] % 4 {
        case 0: break
        case 1: shutdown(descriptor, Int32(SHUT_WR))
        case 2:
            var answer = [UInt8](repeating: 0, count: 4096)
            _ = answer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
        default:
            var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
            setsockopt(descriptor, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
        }
        close(descriptor)
        let count = inputs.withLock { count in
            count += 1
            return count
        }
        if count % Self.checkEvery == 0 { checkAlive() }
    }

    /// animd is running and answers `daemon.hello` on a fresh connection within ten seconds.
    private func checkAlive() {
        var status: Int32 = 0
        if waitpid(pid, &status, WNOHANG) == pid { fail("exited (wait status \(status))") }
        guard let connection = try? RPCConnection(path: socket) else { fail("does not accept a connection") }
        guard case .success? = try? connection.call("daemon.hello", timeout: 10) else {
            fail("did not answer daemon.hello")
        }
    }

    /// Stops the run with the daemon's log: libFuzzer keeps the input that came before.
    private func fail(_ what: String) -> Never {
        let tail = readFile(log).map { String(decoding: $0.suffix(4000), as: UTF8.self) } ?? ""
        writeToStandardError("animd under fuzz \(what); its log ends:\n\(tail)\n")
        kill(pid, SIGKILL)
        fatalError("animd under fuzz \(what)")
    }
}

/// Runs `body` with `strings` as a NULL-terminated C array, as posix_spawn takes its arguments and environment.
private func withCStrings<Result>(_ strings: [String], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> Result)
    -> Result
{
    let pointers = strings.map { strdup($0) } + [nil]
    defer { for pointer in pointers { free(pointer) } }
    return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
}
