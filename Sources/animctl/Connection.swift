import AnimClient
import AnimProtocol
import ArgumentParser
import Foundation

/// --socket, shared by every command that talks to animd.
struct ConnectionOptions: ParsableArguments {
    @Option(help: "animd's socket (default: $ANIMD_SOCKET, else $XDG_RUNTIME_DIR/animd.sock, else /tmp/animd-$UID/animd.sock).")
    var socket: String?

    var path: String { socket ?? SocketPath.resolve(environment: ProcessInfo.processInfo.environment, uid: getuid()) }

    func connect() throws -> RPCConnection {
        do {
            return try RPCConnection(path: path)
        } catch {
            fail("animctl: \(error)")
        }
    }

    /// Calls a method; a protocol error goes to stderr with exit status 1.
    func call(_ method: Method, _ params: JSONValue? = nil) throws -> JSONValue {
        let connection = try connect()
        do {
            switch try connection.call(method.rawValue, params) {
            case let .success(result): return result
            case let .failure(error):
                var message = "animctl: \(method.rawValue): \(error.message) (\(error.code))"
                if let errors = error.data?["errors"]?.array {
                    for e in errors {
                        message += "\n  line \(e["line"]?.integer ?? 0), column \(e["column"]?.integer ?? 0): "
                        if let key = e["key"]?.string, !key.isEmpty { message += "\(key): " }
                        message += e["message"]?.string ?? ""
                    }
                }
                fail(message)
            }
        } catch {
            fail("animctl: \(error)")
        }
    }
}

/// Prints to stderr and exits 1.
func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(1)
}

/// Writes a line to stdout; when the reader has gone (EPIPE), animctl exits quietly.
func emit(_ line: String) {
    let bytes = Array((line + "\n").utf8)
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
