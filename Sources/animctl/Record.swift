import AnimProtocol
import ArgumentParser
import Gestures
import Glibc
import JSONText

extension AnimCtl {
    struct Record: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print live input events in the trace format that `animctl inject` replays.",
            discussion: """
                Every event the recognizers receive, from X or from input.inject, one JSON object per line. Times start at \
                0 with the first event, so `animctl record > swipe.jsonl` followed by `animctl inject swipe.jsonl` replays \
                the gesture. animctl exits when stdout closes.
                """
        )
        @OptionGroup var connection: ConnectionOptions
        @Flag(help: "Print each input.event notification as received, with its origin (x11 or inject).") var json =
            false
        @Flag(help: "Keep the source's own timestamps (the X server's clock) instead of starting at 0.") var raw = false
        @Option(parsing: .unconditional, help: "Exit after this many events.") var count: Int?

        func validate() throws {
            if let count, count < 1 { throw ValidationError("--count must be at least 1") }
        }

        func run() throws {
            let rpc = try connection.connect()
            var firstTime: Double?
            var seen = 0
            followNotifications(rpc, subscribe: .subscribe(transitions: nil, events: [.inputEvents], maxRate: nil)) {
                method, params, line in
                guard method == NotificationMethod.inputEvent.rawValue else { return true }
                if json {
                    emit(String(decoding: line, as: UTF8.self))
                } else {
                    guard let object = params["event"], var event = try? InputEvent(wire: object) else { return true }
                    if !raw {
                        let start = firstTime ?? event.time
                        firstTime = start
                        // Whole microseconds: the rebased times stay short and exact to what X reports (ms).
                        event.time = ((event.time - start) * 1e6).rounded() / 1e6
                    }
                    var line = Trace.encode([event])
                    while line.last == "\n" { line.removeLast() }
                    emit(line)
                }
                seen += 1
                return count.map { seen < $0 } ?? true
            }
        }
    }
}
