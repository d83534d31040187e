import AnimConfig
import AnimProtocol
import ArgumentParser
import Glibc
import JSONText
import UnixSupport

extension AnimCtl {
    struct Config: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "config",
            abstract: "Print the config in force, each value with the file and line it comes from.",
            discussion: "The output is TOML: your file is laid over the embedded default, key by key (docs/config.md).")
        @OptionGroup var connection: ConnectionOptions
        @Flag(help: "Print the raw JSON result.") var json = false
        @Flag(
            help:
                "List every key the config takes, with its value's type and range, its default and what it does; needs no daemon."
        )
        var keys = false
        @Flag(help: "With --keys: as docs/config.md's tables, in Markdown.") var markdown = false

        func run() throws {
            if keys { return emit(markdown ? ConfigReference.markdown : ConfigReference.text) }
            let result = try connection.call(.config)
            if json { return emit(JSONWriter.string(result)) }
            let layers = result["layers"]?.array?.compactMap(\.string) ?? []
            emit("# layers, lowest first: \(layers.joined(separator: ", "))")
            for warning in result["warnings"]?.array?.compactMap(\.string) ?? [] { emit("# warning: \(warning)") }
            var table: String?
            for entry in result["entries"]?.array ?? [] {
                guard let key = entry["key"]?.string, let value = entry["value"]?.string else { continue }
                let (header, name) = Self.split(key)
                if header != table {
                    emit(header.isEmpty ? "" : "\n[\(header)]")
                    table = header
                }
                let origin =
                    "\(entry["file"]?.string ?? "?"):\(entry["line"]?.integer ?? 0)"
                    + (entry["unused"]?.string.map { ", unused: \($0)" } ?? "")
                let line = "\(name) = \(value)"
                emit(padded(line, 44) + "  # " + origin)
            }
        }

        /// `transitions.sidebar.timing` → (`transitions.sidebar`, `timing`); `daemon.frame-rate` → (`daemon`, `frame-rate`).
        static func split(_ key: String) -> (table: String, key: String) {
            let parts = key.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            let depth = ["transitions", "bindings"].contains(parts[0]) ? 2 : 1
            guard parts.count > depth else { return ("", key) }
            return (parts[..<depth].joined(separator: "."), parts[depth...].joined(separator: "."))
        }
    }

    struct Environment: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Pass the session's display to animd, which restarts its input on it.",
            discussion: """
                Without arguments, passes this shell's DISPLAY, XAUTHORITY, WAYLAND_DISPLAY, XDG_SESSION_TYPE and XDG_SEAT, \
                and the SWAYSOCK or HYPRLAND_INSTANCE_SIGNATURE whose IPC tells animd the focused application \
                (unset ones are unset in animd too), so that an animd started before the display existed uses it without \
                a restart. animctl session-start does this and gives systemd's user manager the same variables \
                (docs/service.md).
                """)
        @OptionGroup var connection: ConnectionOptions
        @Argument(help: "NAME=VALUE to pass only these (an empty VALUE unsets NAME).") var assignments: [String] = []
        @Flag(help: "Print the raw JSON result.") var json = false

        func run() throws {
            var values: [String: String] = [:]
            if assignments.isEmpty {
                let own = ProcessEnvironment.current
                for name in Request.environmentNames { values[name] = own[name] ?? "" }
            }
            for assignment in assignments {
                guard let equals = assignment.firstIndex(of: "="),
                    Request.environmentNames.contains(String(assignment[..<equals]))
                else {
                    fail(
                        "animctl: \"\(assignment)\" is not NAME=VALUE with NAME one of \(Request.environmentNames.joined(separator: ", "))",
                        status: .usage)
                }
                values[String(assignment[..<equals])] = String(assignment[assignment.index(after: equals)...])
            }
            let result = try connection.call(.environment(values))
            if json { return emit(JSONWriter.string(result)) }
            let input = result["input"]
            let place = input?["display"]?.string ?? input?["seat"]?.string ?? "nothing"
            emit(
                result["restarted"]?.bool == true
                    ? "input restarted: \(input?["backend"]?.string ?? "?") on \(place)"
                    : "input unchanged: \(input?["backend"]?.string ?? "?") on \(place)")
        }
    }

    struct SocketPathCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "socket-path",
            abstract: "Print the socket path animctl would use, for other clients (socat, scripts).")
        @OptionGroup var connection: ConnectionOptions

        func run() throws { emit(connection.path) }
    }
}
