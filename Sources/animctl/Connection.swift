import AnimClient
import AnimProtocol
import ArgumentParser
import Glibc
import JSONText
import TextWriting
import UnixSupport

/// --socket, shared by every command that talks to animd.
struct ConnectionOptions: ParsableArguments {
    @Option(
        help:
            "animd's socket (default: $ANIMD_SOCKET, else $XDG_RUNTIME_DIR/animd.sock, else /tmp/animd-$UID/animd.sock)."
    )
    var socket: String?

    var path: String { socket ?? SocketPath.resolve(environment: ProcessEnvironment.current, uid: getuid()) }

    func connect() throws -> RPCConnection {
        do {
            return try RPCConnection(path: path)
        } catch let .cannotConnect(path, reason) {
            fail(
                """
                animctl: animd is not running at \(path) (\(reason)).
                  Start it with `systemctl --user start animd` (installed as a service) or `animd &`,
                  or point at another socket with --socket or ANIMD_SOCKET.
                """, status: .noDaemon)
        } catch {
            fail("animctl: \(error)")
        }
    }

    /// Connects, retrying until animd answers or `seconds` have passed; then as `connect()`.
    func connect(waitingUpTo seconds: Double) throws -> RPCConnection {
        // On the monotonic clock: a clock set forward or back changes no wait.
        let deadline = monotonicSeconds() + seconds
        while monotonicSeconds() < deadline {
            if let connection = try? RPCConnection(path: path) { return connection }
            usleep(100_000)
        }
        return try connect()
    }

    /// Sends a request; a protocol error goes to stderr with exit status 1.
    func call(_ request: Request, on existing: RPCConnection? = nil) throws -> JSONValue {
        try call(request.method, request.params, on: existing)
    }

    /// Calls a method with raw params (`animctl call`); a protocol error goes to stderr with exit status 1.
    func call(_ method: Method, _ params: JSONValue?, on existing: RPCConnection? = nil) throws -> JSONValue {
        let connection = try existing ?? connect()
        do {
            switch try connection.call(method.rawValue, params) {
            case let .success(result): return result
            case let .failure(error): reportRefusal(error, of: method)
            }
        } catch {
            fail("animctl: \(error)")
        }
    }
}

/// animd's refusal, on stderr with status 1: its message, the names it knows, the config errors it found.
func reportRefusal(_ error: RPCError, of method: Method) -> Never {
    // animd's own message may already name the method ("invalid params: transition.animate: …").
    let named = error.message.contains(method.rawValue) ? error.message : "\(method.rawValue): \(error.message)"
    var message = "animctl: \(named) (\(error.code))"
    if let known = error.data?["transitions"]?.array?.compactMap(\.string) {
        message += "\n  known transitions: " + (known.isEmpty ? "none" : known.joined(separator: ", "))
    }
    for e in error.data?["errors"]?.array ?? [] {
        message += "\n  " + (e["file"]?.string.map { "\($0): " } ?? "")
        // A declaration's errors name keys only: it has no lines.
        if let line = e["line"]?.integer { message += "line \(line), column \(e["column"]?.integer ?? 0): " }
        if let key = e["key"]?.string, !key.isEmpty { message += "\(key): " }
        message += e["message"]?.string ?? ""
    }
    fail(message)
}

/// An answer animctl cannot show (a snapshot it cannot read): said on stderr with status 1, never an empty line with
/// status 0. `--json` prints it as it came.
func unreadable(_ answer: JSONValue, of method: Method) -> Never {
    fail(
        "animctl: \(method.rawValue): animd's answer cannot be shown (see it whole with --json): \(excerpt(JSONWriter.string(answer), bytes: 200))"
    )
}

/// animctl's exit statuses (docs/animctl.md).
enum ExitStatus: Int32 {
    case success = 0
    /// animd refused or failed the request (its message is shown), or another error at run time.
    case failure = 1
    /// The command line is wrong: an unknown option, a bad value, a malformed timing spec or JSON.
    case usage = 2
    /// No animd answers at the socket.
    case noDaemon = 3
}

/// Prints to stderr and exits, by default with status 1.
func fail(_ message: String, status: ExitStatus = .failure) -> Never {
    writeToStandardError((message + "\n"))
    exit(status.rawValue)
}

/// Writes a line to stdout; when the reader has gone (EPIPE), animctl exits quietly.
func emit(_ line: String) { emit(raw: line + "\n") }

/// Writes text to stdout as it is.
func emit(raw text: String) {
    let bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
        let written = bytes[offset...].withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
        if written < 0 {
            if errno == EINTR { continue }
            exit(0)
        }
        offset += written
    }
}

/// Whether whoever reads stdout has gone away (a closed pipe shows POLLERR).
func stdoutClosed() -> Bool {
    var fd = pollfd(fd: 1, events: 0, revents: 0)
    return poll(&fd, 1, 0) > 0 && fd.revents & Int16(POLLERR | POLLHUP) != 0
}
