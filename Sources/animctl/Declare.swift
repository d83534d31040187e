import AnimClient
import AnimConfig
import AnimProtocol
import ArgumentParser
import Glibc
import JSONText
import UnixSupport

extension AnimCtl {
    struct Declare: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Declare the transitions of a file and hold them until Ctrl-C.",
            discussion: """
                FILE holds [transitions.NAME] and [bindings.NAME] tables with the keys of animd.toml; a binding \
                may leave out transition when the file has one. Each transition is declared with the bindings that \
                drive it, for as long as animctl runs: Ctrl-C, or animd going away, ends them. To stream their \
                events as well, use animctl watch --declare FILE.
                """
        )
        @OptionGroup var connection: ConnectionOptions
        @Argument(help: "The file of transitions and bindings (TOML).") var file: String
        @Option(help: "The name animd shows as their owner.") var client = "animctl"

        func run() throws {
            let rpc = try connection.connect()
            let names = DeclaredFile.declare(file, as: client, on: rpc)
            writeToStandardError("animctl: declared \(names.joined(separator: ", ")); Ctrl-C ends them\n")
            DeclaredFile.hold(names, on: rpc)
        }
    }
}

/// Declaring a file's transitions on a connection, for `declare` and `watch --declare`.
enum DeclaredFile {
    /// Says `client` in `daemon.hello`, then declares each transition of the file; the names, in file order. A file
    /// that cannot be read, or a refusal, ends animctl with its message.
    static func declare(_ path: String, as client: String, on rpc: RPCConnection) -> [String] {
        guard let bytes = readFile(path) else {
            fail("animctl: cannot read \(path): \(String(cString: strerror(errno)))")
        }
        let declarations: [(name: String, body: JSONValue)]
        do {
            declarations = try DeclarationFile.read(try ConfigLayer(name: path, utf8: bytes))
        } catch {
            fail(
                "animctl: \(path) cannot be declared:\n"
                    + error.errors.map { "  \($0.file): \($0.description)" }.joined(separator: "\n"), status: .usage)
        }
        do {
            if case let .failure(error) = try rpc.hello(as: client) { reportRefusal(error, of: .hello) }
            for (name, body) in declarations {
                let params = JSONValue.object([("name", .string(name))] + (body.objectMembers ?? []))
                if case let .failure(error) = try rpc.call(Method.declare.rawValue, params) {
                    reportRefusal(error, of: .declare)
                }
            }
        } catch {
            fail("animctl: \(error)")
        }
        return declarations.map(\.name)
    }

    /// Keeps the connection, and with it the declarations, until animd closes it or removes them all.
    static func hold(_ names: [String], on rpc: RPCConnection) -> Never {
        var alive = Set(names)
        while true {
            do {
                guard let line = try rpc.readLine() else {
                    fail("animctl: animd closed the connection; the declarations ended")
                }
                guard let message = try? JSONParser.parse(line),
                    message["method"]?.string == NotificationMethod.removed.rawValue,
                    let name = message["params"]?["name"]?.string
                else { continue }
                alive.remove(name)
                writeToStandardError("animctl: \(name) was removed: \(message["params"]?["message"]?.string ?? "")\n")
                if alive.isEmpty { exit(ExitStatus.failure.rawValue) }
            } catch {
                fail("animctl: \(error)")
            }
        }
    }
}
