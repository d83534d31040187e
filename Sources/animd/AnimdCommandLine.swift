import AnimConfig
import AnimDaemon
import AnimProtocol
import JSONText
import TextWriting

/// animd's command line, read without swift-argument-parser, which would link FoundationEssentials (about 2.5 MiB
/// of pages, with the regex and collection libraries it brings) into a process that runs all session long
/// (docs/performance.md, "Memory"). Five options, help, version, completion scripts, and the JSON of
/// ArgumentParser's `--experimental-dump-help`, from which scripts/make-man.py writes animd.1, as for animctl.
struct AnimdOptions: Equatable {
    var socket: String?
    var config: String?
    var verbose = false
    var checkConfig = false
    var inputBackend: BackendSetting?
}

enum AnimdCommandLine {
    /// What the command line asks for.
    enum Request: Equatable {
        case run(AnimdOptions)
        /// Text for standard output, then exit 0 (help, version, a completion script, the help's JSON).
        case print(String)
        /// A usage error for standard error, then exit 2, as animctl's (docs/animctl.md).
        case usageError(String)
    }

    /// One option, declared once: parsing, `--help`, the usage line, the man page's JSON and the completion scripts
    /// are all read from `options`.
    struct Option: Sendable {
        let long: String
        var short: Character? = nil
        /// The name of its value; nil for a flag, which takes none.
        var value: String? = nil
        var choices: [String] = []
        let help: String
        /// Whether help, usage, the man page and the completions show it.
        var shown = true
        /// Applies the option, given its value (nil for a flag); a request ends the reading (help, version).
        let apply: @Sendable (inout AnimdOptions, String?) -> Request?
    }

    static let abstract = "Interactive, interruptible transitions for the Linux desktop, as a service."
    static let discussion = """
        animd runs edge-swipe and pan recognizers over touch and pointer input and drives named, shared \
        transitions; clients subscribe on a Unix socket and receive every frame. Input comes from X on an X11 \
        session (XInput2 touch, edge pressure through pointer barriers, opt-in edge-strip drags, touchpad \
        gestures), from libinput on a Wayland session or the console ([input] backend, or --input-backend), \
        and from input.inject (animctl inject). Without DISPLAY or WAYLAND_DISPLAY, auto takes the session for the \
        console and reads the seat through libinput; the x11 backend waits for a display. Either way everything \
        else works, and animctl environment passes in a display that appears later. animctl doctor checks a setup.

        The config is the user's file laid over the embedded default, key by key; SIGHUP reloads it, and \
        SIGTERM stops animd gracefully.
        """

    static let options: [Option] = [
        Option(long: "socket", value: "socket", help: "The Unix socket to listen on.") {
            $0.socket = $1; return nil
        },
        Option(
            long: "config", value: "config",
            help: "The config file (TOML), laid over the embedded default unless it says defaults = false."
        ) {
            $0.config = $1; return nil
        },
        Option(
            long: "verbose", short: "v",
            help: "Log what happens (connections, reloads, input); the default logs only notices."
        ) { options, _ in
            options.verbose = true; return nil
        },
        Option(long: "check-config", help: "Check the config, print its errors, and exit.") { options, _ in
            options.checkConfig = true; return nil
        },
        Option(
            long: "input-backend", value: "input-backend", choices: BackendSetting.allCases.map(\.rawValue),
            help:
                "The input backend, over the config's [input] backend: auto (libinput on a Wayland session or the console, X11 on an X11 session), x11 or libinput."
        ) {
            $0.inputBackend = $1.flatMap(BackendSetting.init(rawValue:))
            return nil
        },
        Option(long: "version", help: "Show the version.") { _, _ in .print(AnimdVersion.current + "\n") },
        Option(long: "help", short: "h", help: "Show help information.") { _, _ in .print(help) },
        Option(
            long: "generate-completion-script", value: "shell", choices: CompletionScript.shells,
            help: "Print the completion script for a shell.", shown: false
        ) { _, shell in shell.flatMap(CompletionScript.text(for:)).map(Request.print) },
        Option(long: "experimental-dump-help", help: "Print the help as JSON, for the man page.", shown: false) {
            _, _ in .print(dumpHelp + "\n")
        },
    ]

    static var shownOptions: [Option] { options.filter(\.shown) }

    static func parse(_ arguments: [String]) -> Request {
        var options = AnimdOptions()
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            // --name=value, as ArgumentParser accepts it too.
            var (name, inlineValue) = (argument, String?.none)
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            guard let option = option(named: name) else {
                return usage(argument.hasPrefix("-") ? unknown(name) : "Unexpected argument '\(argument)'")
            }
            var value: String?
            if let valueName = option.value {
                value = inlineValue ?? arguments[safe: index]
                guard let given = value, inlineValue != nil || !given.hasPrefix("-") else {
                    return usage("Missing value for '--\(option.long) <\(valueName)>'")
                }
                if inlineValue == nil { index += 1 }
                if given.isEmpty {
                    return usage(
                        "The value for '--\(option.long) <\(valueName)>' is empty: give one, or leave the option out")
                }
                if !option.choices.isEmpty && !option.choices.contains(given) {
                    return usage(
                        "The value '\(given)' is invalid for '--\(option.long) <\(valueName)>'. Please provide one of "
                            + option.choices.map { "'\($0)'" }.joined(separator: ", ") + ".")
                }
            } else if let inlineValue {
                return usage(
                    "'--\(option.long)' takes no value, but was given '\(inlineValue)': write '--\(option.long)' alone, or leave it out"
                )
            }
            if let request = option.apply(&options, value) { return request }
        }
        return .run(options)
    }

    private static func option(named name: String) -> Option? {
        if name.hasPrefix("--") { return options.first { "--" + $0.long == name } }
        guard name.count == 2, name.hasPrefix("-"), let short = name.last else { return nil }
        return options.first { $0.short == short }
    }

    /// "Unknown option", with the shown option nearest in spelling when one is near (as ArgumentParser suggests).
    private static func unknown(_ name: String) -> String {
        let spelled = name.drop { $0 == "-" }
        let nearest = shownOptions.map { (option: $0, distance: editDistance(spelled, $0.long)) }.min {
            $0.distance < $1.distance
        }
        guard let nearest, nearest.distance <= max(1, nearest.option.long.count / 3) else {
            return "Unknown option '\(name)'"
        }
        return "Unknown option '\(name)'. Did you mean '--\(nearest.option.long)'?"
    }

    private static func usage(_ error: String) -> Request {
        .usageError("Error: \(error)\nUsage: \(usageLine)\n  See 'animd --help' for more information.\n")
    }

    /// Every shown option but help and version, which end the reading, as ArgumentParser writes the usage.
    static var usageLine: String {
        let parts = shownOptions.filter { $0.long != "help" && $0.long != "version" }.map { option in
            "[--" + option.long + (option.value.map { " <\($0)>" } ?? "") + "]"
        }
        return (["animd"] + parts).joined(separator: " ")
    }

    /// `--help`: the overview, the usage and every option, wrapped before the 80th column as ArgumentParser writes it.
    static var help: String {
        var text = wrap("OVERVIEW: " + abstract, width: 79) + "\n\n"
        text += discussion.split(separator: "\n", omittingEmptySubsequences: false).map { wrap(String($0), width: 79) }
            .joined(separator: "\n")
        text += "\n\nUSAGE: \(usageLine)\n\nOPTIONS:\n"
        for option in shownOptions {
            var names = option.short.map { "-\($0), " } ?? ""
            names += "--" + option.long + (option.value.map { " <\($0)>" } ?? "")
            var help = option.help
            if !option.choices.isEmpty { help += " (values: \(option.choices.joined(separator: ", ")))" }
            let lines = wrap(help, width: 79 - 26).split(separator: "\n").map(String.init)
            let first =
                names.count <= 22
                ? "  " + names + String(repeating: " ", count: 24 - names.count) + (lines.first ?? "") : "  " + names
            text += first + "\n"
            for line in lines.dropFirst(names.count <= 22 ? 1 : 0) {
                text += String(repeating: " ", count: 26) + line + "\n"
            }
        }
        return text + "\n"
    }

    /// Words of `text` joined into lines of at most `width` characters (a longer word has a line of its own).
    static func wrap(_ text: String, width: Int) -> String {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty && line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        lines.append(line)
        return lines.joined(separator: "\n")
    }

    /// ArgumentParser's `--experimental-dump-help` (ToolInfo, serialization version 0), with what make-man.py and
    /// the man page test read.
    static var dumpHelp: String {
        func name(_ long: String?, short: Character?) -> [JSONValue] {
            var names: [JSONValue] = []
            if let long { names.append(.object([("kind", "long"), ("name", .string(long))])) }
            if let short { names.append(.object([("kind", "short"), ("name", .string(String(short)))])) }
            return names
        }
        let arguments: [JSONValue] = shownOptions.map { option in
            var fields: [(String, JSONValue)] = [("abstract", .string(option.help))]
            if !option.choices.isEmpty { fields.append(("allValues", .array(option.choices.map(JSONValue.string)))) }
            // ArgumentParser lists -h before --help, and --verbose before -v.
            let names =
                option.long == "help"
                ? name(nil, short: "h") + name("help", short: nil) : name(option.long, short: option.short)
            fields += [
                ("isOptional", true), ("isRepeating", false),
                ("kind", .string(option.value == nil ? "flag" : "option")),
                ("names", .array(names)),
                ("preferredName", .object([("kind", "long"), ("name", .string(option.long))])),
                ("shouldDisplay", true), ("valueName", .string(option.value ?? option.long)),
            ]
            return .object(fields)
        }
        let command = JSONValue.object([
            ("abstract", .string(abstract)), ("arguments", .array(arguments)), ("commandName", "animd"),
            ("discussion", .string(discussion)), ("shouldDisplay", true),
        ])
        return JSONWriter.string(.object([("command", command), ("serializationVersion", 0)]))
    }
}

extension Array {
    fileprivate subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
