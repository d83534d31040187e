import AnimProtocol
import ArgumentParser
import Gestures
import Glibc
import JSONText
import Motion
import TransitionModel
import UnixSupport

extension AnimCtl {
    struct Hello: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show the daemon's version, frame rate and input status.")
        @OptionGroup var connection: ConnectionOptions
        @Flag(help: "Print the raw JSON result.") var json = false
        @Option(
            parsing: .unconditional,
            help: "Wait up to this many seconds for animd to answer and its input to be on or off (while it starts).")
        var wait: Double?

        func validate() throws {
            if let wait, !(0...3600).contains(wait) {
                throw ValidationError("--wait must be between 0 and 3600 seconds")
            }
        }

        func run() throws {
            let result = try wait.map(settledHello(within:)) ?? connection.call(.hello)
            if json { return emit(JSONWriter.string(result)) }
            guard let hello = DaemonHello(json: result) else {
                fail("animctl: animd's hello could not be read: \(JSONWriter.string(result))")
            }
            emit("animd \(hello.version) (protocol \(DaemonHello.protocolVersion)), pid \(hello.pid)")
            emit("frame rate  \(formatted(hello.frameRate)) Hz")
            Self.describeInput(hello.input)
            let config = hello.config
            emit(
                "config      \(config.layers.joined(separator: " + ")): \(plural(config.transitions, "transition")), \(plural(config.bindings, "binding"))"
            )
            for warning in config.warnings { emit("  warning: \(warning)") }
            let monitors = hello.monitors.map {
                "\(formatted($0.width))×\(formatted($0.height))+\(formatted($0.x))+\(formatted($0.y))"
            }
            emit("monitors    \(monitors.joined(separator: ", "))")
            if !hello.input.outputs.isEmpty {
                emit("outputs     \(hello.input.outputs.map(\.description).joined(separator: ", "))")
            }
            emit("motion      \(MotionCommand.describe(hello.motion))")
            emit("focus       \(Self.describe(hello.focus))")
            emit(
                "tablet mode \(hello.tabletMode.map { $0 ? "on" : "off" } ?? "unknown")"
                    + (hello.input.tabletMode.map { " (\($0))" } ?? ""))
            for declared in hello.declared {
                emit(
                    "declared    \(declared.name) by \(declared.owner.description)"
                        + (declared.bindings.isEmpty ? "" : ", bindings \(declared.bindings.joined(separator: ", "))"))
            }
            if !config.yielding.isEmpty {
                emit("  yielding to them: \(config.yielding.joined(separator: ", ")) (embedded default)")
            }
        }

        /// The input line, its warning, and each source: active, unavailable (with why) or unused.
        static func describeInput(_ input: InputStatus) {
            var line = "input       \(input.backend?.rawValue ?? "none") \(input.connected ? "connected" : "off")"
            if let place = input.display ?? input.seat { line += " on \(place)" }
            if let reason = input.reason { line += " (\(reason))" }
            emit(line)
            if let warning = input.warning { emit("  warning: \(warning)") }
            for source in InputSource.allCases {
                guard let status = input.sources[source] else { continue }
                emit("  \(padded(source.rawValue, 9)) \(padded(status.state.rawValue, 12)) \(status.detail)")
            }
        }

        /// animd's hello once its input is on or off, asked again every 0.1 s while it says "connecting": a slow X
        /// server or a loaded machine can take longer than the 2 s animd waits before it listens. At the deadline,
        /// whatever animd says.
        func settledHello(within seconds: Double) throws -> JSONValue {
            let deadline = monotonicSeconds() + seconds
            let rpc = try connection.connect(waitingUpTo: seconds)
            while true {
                let result = try connection.call(.hello, on: rpc)
                let connecting = DaemonHello(json: result)?.input.isConnecting ?? false
                if !connecting || monotonicSeconds() >= deadline { return result }
                usleep(100_000)
            }
        }

        /// What a source that could be better would gain: the Focused Window extension cannot tell full screen.
        private static func advice(_ source: FocusSource) -> String {
            guard source == .gnomeFocusedWindow else { return "" }
            return " (it cannot tell full screen; animd's own extension can: "
                + "\(AnimdGNOMEExtension.enableAdvice(shellVersion: nil)))"
        }

        /// "firefox (instance firefox, class Firefox), full screen, from x11", or why no focus is known: the names
        /// are those an `apps` list matches.
        static func describe(_ focus: SessionFocus) -> String {
            switch focus {
            case let .unknown(reason): return "unknown: \(reason)"
            case let .known(nil, source): return "no window, from \(source.rawValue)" + advice(source)
            case let .known(window?, source):
                var text = window.app.isEmpty ? "a window with no name" : window.app
                if window.names.count > 1 { text += " (names: \(window.names.joined(separator: ", ")))" }
                if window.fullscreen { text += ", full screen" }
                return text + ", from \(source.rawValue)" + advice(source)
            }
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the transitions and where they are, and who declared each that a client declared.")

        /// "  declared by "dock" (pid 4242)" for a declared transition's entry; nothing for the config's.
        static func ownership(_ entry: JSONValue) -> String {
            guard let owner = entry["owner"].flatMap(TransitionOwner.init(json:)) else { return "" }
            return "  declared by \(owner.description)"
        }

        @OptionGroup var connection: ConnectionOptions
        @Flag(help: "Print the raw JSON result.") var json = false

        func run() throws {
            let result = try connection.call(.list)
            if json { return emit(JSONWriter.string(result)) }
            guard let items = result["transitions"]?.array else { unreadable(result, of: .list) }
            for item in items {
                guard let snapshot = TransitionSnapshot(json: item) else { unreadable(item, of: .list) }
                emit(describe(snapshot) + Self.ownership(item))
            }
        }
    }

    struct Get: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show one transition.")
        @OptionGroup var connection: ConnectionOptions
        @Argument(help: "The transition.", completion: Completions.transitionNames) var name: String
        @Flag(help: "Print the raw JSON result.") var json = false

        func run() throws {
            let result = try connection.call(.get(name: name))
            if json { return emit(JSONWriter.string(result)) }
            guard let snapshot = TransitionSnapshot(json: result) else { unreadable(result, of: .get) }
            emit(describe(snapshot) + List.ownership(result))
        }
    }

    struct Reload: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Reload the config; on errors the running config stays.")
        @OptionGroup var connection: ConnectionOptions

        func run() throws {
            _ = try connection.call(.reload)
            emit("config reloaded")
        }
    }

    struct Call: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Call any method with JSON params and print the JSON result.",
            discussion: "Example: animctl call transition.animate '{\"name\":\"pager\",\"to\":2}'")
        @OptionGroup var connection: ConnectionOptions
        @Argument(help: "The method, e.g. transition.get.", completion: Completions.methods) var method: String
        @Argument(help: "The params object as JSON.") var params: String?

        func run() throws {
            guard let method = Method(rawValue: method) else {
                fail(
                    "animctl: unknown method \"\(self.method)\" (expected \(Method.allCases.map(\.rawValue).joined(separator: ", ")))",
                    status: .usage)
            }
            var value: JSONValue?
            if let params {
                guard let parsed = (try? JSONParser.parse(Array(params.utf8))) else {
                    fail("animctl: params are not valid JSON", status: .usage)
                }
                value = parsed
            }
            emit(JSONWriter.string(try connection.call(method, value)))
        }
    }
}

/// One line per transition: name, phase, progress, leg and snap.
func describe(_ s: TransitionSnapshot) -> String {
    let leg = s.phase == .idle ? "at snap \(s.snap)" : "leg \(s.from)→\(s.to), heading to \(s.target)"
    return "\(padded(s.name, 14)) \(padded(s.phase.rawValue, 12))"
        + " progress \(cFormatted("%7.4f", s.progress))  velocity \(cFormatted("%8.3f", s.velocity))  \(leg)"
}

/// A leg's motion in one phrase: "spring m=1 k=322.27 c=32.31 v=0 from 0 to 1, settles in 0.467 s".
func describe(_ leg: LegMotion) -> String {
    func number(_ value: Double) -> String { cFormatted("%.4g", value) }
    switch leg {
    case .driven:
        return "driven"
    case let .cubic(c):
        let curve = [c.curve.x1, c.curve.y1, c.curve.x2, c.curve.y2].map(number).joined(separator: ",")
        return
            "cubic-bezier(\(curve)) x \(number(c.startX))→\(number(c.endX)) in \(number(c.duration)) s, from \(number(c.from)) to \(number(c.to))"
    case let .spring(s):
        return "spring m=\(number(s.mass)) k=\(number(s.stiffness)) c=\(number(s.damping)) v=\(number(s.velocity)) "
            + "from \(number(s.from)) to \(number(s.to)), settles in \(number(max(s.settlingTime - s.elapsed, 0))) s"
    }
}

/// "1 transition", "5 transitions".
func plural(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }

func formatted(_ value: Double) -> String { value == value.rounded() ? String(Int(value)) : cFormatted("%.2f", value) }
