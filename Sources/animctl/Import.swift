import ArgumentParser
import GestureImport
import Glibc
import UnixSupport

/// The tools and sessions as command-line words: animctl's own enums, so that GestureImport needs no
/// ArgumentParser, with the same words.
enum ImportToolArgument: String, CaseIterable, ExpressibleByArgument {
    case touchegg, fusuma
    case libinputGestures = "libinput-gestures"
    case lisgd

    var tool: ImportedTool {
        switch self {
        case .touchegg: .touchegg
        case .fusuma: .fusuma
        case .libinputGestures: .libinputGestures
        case .lisgd: .lisgd
        }
    }
}

enum ImportSessionArgument: String, CaseIterable, ExpressibleByArgument {
    case sway, hyprland, x11, other

    var session: ImportSession {
        switch self {
        case .sway: .sway
        case .hyprland: .hyprland
        case .x11: .x11
        case .other: .other
        }
    }
}

extension AnimCtl {
    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract:
                "Print an animd config that does what a touchegg, fusuma, libinput-gestures or lisgd config does.",
            discussion: """
                Each gesture it can translate becomes a binding, under a comment that quotes the line it came from; \
                each entry it cannot is named on stderr and at the end of the output, with its line and why. Window \
                actions become the commands of the running session (swaymsg, hyprctl, or wmctrl and xdotool on X11), \
                said in the output's header. The output passes `animd --check-config` as it is (docs/migrating.md). \
                Exit status: 0 when everything was translated; 1 when some entries were left out; 2 when the file \
                cannot be read as the tool's config.
                """)
        @Argument(help: "The tool: touchegg, fusuma, libinput-gestures or lisgd.") var tool: ImportToolArgument
        @Argument(
            help: "Its config file (for lisgd: a file holding its command line, or its config.def.h); - for stdin.")
        var file: String
        @Option(help: "Write window actions for this session (sway, hyprland, x11, other) rather than the running one.")
        var session: ImportSessionArgument?

        func run() throws {
            let bytes = Self.read(file)
            guard case let .success(bytes) = bytes else {
                let reason = if case .failure(.system(let code)) = bytes { String(cString: strerror(code)) } else { "" }
                fail(
                    "animctl: cannot read \(file): \(reason.isEmpty ? "larger than \(Self.sizeLimit) bytes" : reason)",
                    status: .usage)
            }
            let imported: ImportedConfig
            do {
                imported = try GestureImport.read(
                    tool.tool, String(decoding: bytes, as: UTF8.self),
                    session: session?.session ?? ImportSession.detect(in: ProcessEnvironment.current))
            } catch {
                fail("animctl: \(file), line \(error.line): \(error.message)", status: .usage)
            }
            let name = file == "-" ? "standard input" : String(file.split(separator: "/").last ?? Substring(file))
            emit(raw: imported.toml(from: name))
            for line in imported.leftOutReport { writeToStandardError("animctl import: left out, \(line)\n") }
            if !imported.leftOut.isEmpty { Glibc.exit(ExitStatus.failure.rawValue) }
        }

        /// A gesture tool's config is a few kilobytes: a bound keeps a wrong file (a disk image) from being read whole.
        static let sizeLimit = 1 << 20

        static func read(_ file: String) -> Result<[UInt8], ReadFailure> {
            guard file != "-" else { return readToEnd(STDIN_FILENO, atMost: sizeLimit) }
            let descriptor = open(file, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { return .failure(.system(errno)) }
            defer { close(descriptor) }
            return readToEnd(descriptor, atMost: sizeLimit)
        }
    }
}
