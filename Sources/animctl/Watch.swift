import AnimClient
import AnimProtocol
import ArgumentParser
import Gestures
import Glibc
import JSONText
import TransitionModel

extension AnimCtl {
    /// Its 11 stored properties are its command-line options: ArgumentParser makes each option a property.
    struct Watch: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Watch transitions live, or print their events one per line.",
            discussion: """
                On a terminal, one line per transition is redrawn in place: a progress bar across its snap points, \
                progress, phase, velocity and snap; Ctrl-C ends it. When stdout is not a terminal, or with --json \
                or --log, each event is one line (--json: the JSON-RPC notification as received). animctl exits \
                when stdout closes.

                With --declare FILE, the file's transitions are declared first (as animctl declare does) and \
                watched, and they live exactly as long as animctl watches: a shell script or an eww deflisten owns \
                its gesture while it listens.
                """
        )
        @OptionGroup var connection: ConnectionOptions
        @Argument(help: "Transitions to watch (default: all).", completion: Completions.transitionNames) var names:
            [String] = []
        @Flag(help: "Print each notification as received.") var json = false
        @Flag(help: "One line per event, even on a terminal.") var log = false
        @Option(parsing: .unconditional, help: "Exit after this many events.") var count: Int?
        @Flag(help: "Exit after the first transition.ended.") var untilEnded = false
        @Option(
            parsing: .upToNextOption,
            help: ArgumentHelp("Event groups: \(EventGroup.names) (default: progress state)."),
            completion: Completions.eventGroups)
        var events: [String] = []
        @Option(parsing: .unconditional, help: "At most this many progress frames per second per transition.")
        var maxRate: Double?
        @Option(
            help:
                "all: every frame; driven: frames only while a finger, scrub or pause drives a leg (running legs come as their curve, in began and leg).",
            completion: Completions.frameDeliveries)
        var frames: String = "all"
        @Option(
            name: .customLong("declare"),
            help: ArgumentHelp(
                "Declare the transitions of this file (TOML) for as long as animctl watches.", valueName: "file"))
        var declarations: String?
        @Option(help: "With --declare: the name animd shows as their owner.") var client = "animctl"

        func validate() throws {
            if let count, count < 1 { throw ValidationError("--count must be at least 1") }
            guard let delivery = FrameDelivery(rawValue: frames) else {
                throw ValidationError("--frames must be all or driven")
            }
            if delivery == .driven, !json, !log, isatty(1) == 1 {
                throw ValidationError(
                    "--frames driven prints events (--json or --log): the live view draws every frame")
            }
            for group in events where EventGroup(rawValue: group) == nil {
                throw ValidationError("unknown event group \"\(group)\" (expected \(EventGroup.names))")
            }
        }

        func run() throws {
            let rpc = try connection.connect()
            let declared = declarations.map { DeclaredFile.declare($0, as: client, on: rpc) } ?? []
            let watched = names.isEmpty ? declared : names
            let groups = events.isEmpty ? EventGroup.defaults : Set(events.compactMap(EventGroup.init(rawValue:)))
            let params = Request.subscribe(
                transitions: watched.isEmpty ? nil : watched, events: groups, maxRate: maxRate,
                frames: FrameDelivery(rawValue: frames) ?? .all)
            var seen = 0
            func counted(_ method: String) -> Bool {
                seen += 1
                if let count, seen >= count { return false }
                return !(untilEnded && method == NotificationMethod.ended.rawValue)
            }
            guard !json, !log, isatty(1) == 1 else {
                return followNotifications(rpc, subscribe: params) { method, params, line in
                    emit(json ? String(decoding: line, as: UTF8.self) : Self.describeEvent(method, params))
                    return counted(method)
                }
            }
            watchLive(rpc, subscribe: params, counted: counted)
        }

        /// On a terminal: a live table of the transitions, redrawn on each event, with other events noted under it.
        private func watchLive(_ rpc: RPCConnection, subscribe params: Request, counted: (String) -> Bool) {
            var view = LiveView([])
            TerminalCursor.hide()
            defer { TerminalCursor.show() }
            followNotifications(
                rpc, subscribe: params,
                subscribed: { result in
                    view = LiveView((result["transitions"]?.array ?? []).compactMap(TransitionSnapshot.init(json:)))
                    emit(raw: view.render(width: terminalWidth()))
                }
            ) { method, params, _ in
                if NotificationMethod(rawValue: method)?.isTransitionEvent == true,
                    let snapshot = TransitionSnapshot(json: params)
                {
                    view.update(snapshot)
                } else {
                    view.note(Self.describeEvent(method, params))
                }
                emit(raw: view.render(width: terminalWidth()))
                return counted(method)
            }
        }

        static func describeEvent(_ method: String, _ params: JSONValue) -> String {
            switch NotificationMethod(rawValue: method) {
            case let kind? where kind.isTransitionEvent:
                guard let s = TransitionSnapshot(json: params) else { return method }
                let kind = method.split(separator: ".").last.map(String.init) ?? method
                var line = "\(padded(kind, 9)) \(describe(s))"
                if let leg = s.leg { line += "  \(describe(leg))" }
                if let cause = params["cause"]?.string {
                    line += "  cause \(cause)" + (params["gesture"]?.string.map { " \($0)" } ?? "")
                }
                if let position = params["position"]?.string { line += "  position \(position)" }
                return line
            case .focus?:
                guard let focus = SessionFocus(json: params) else { return method }
                return "focus     \(Hello.describe(focus))"
            case .tabletMode?:
                guard let on = params["on"] else { return method }
                return "tablet mode \(on.bool.map { $0 ? "on" : "off" } ?? "unknown: the tablet-mode switch went away")"
            default:
                return "\(method) \(JSONWriter.string(params))"
            }
        }
    }
}
