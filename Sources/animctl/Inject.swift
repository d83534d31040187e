import AnimClient
import AnimProtocol
import ArgumentParser
import Gestures
import Glibc
import UnixSupport

extension AnimCtl {
    struct Inject: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Send a trace's input events to animd with their original timing.",
            discussion:
                "The trace is JSON lines of input events (docs/protocol.md); - reads stdin. Events sharing a time go in one request."
        )
        @OptionGroup var connection: ConnectionOptions
        @Argument(help: "The trace file, or - for stdin.") var file: String
        @Option(
            parsing: .unconditional,
            help: "Playback speed: 2 plays twice as fast, 0.5 half as fast; 0 sends everything at once.")
        var speed: Double = 1

        /// Speeds that play a trace: from a thousandth (a second of trace in about 17 minutes) to a thousand times.
        static let speeds = 0.001...1000.0

        func validate() throws {
            guard speed == 0 || Self.speeds.contains(speed) else {
                throw ValidationError("--speed must be 0, or from 0.001 to 1000")
            }
        }

        func run() throws {
            let events: [InputEvent]
            do {
                events = try Trace.decode(readTrace())
            } catch {
                fail("animctl: \(file): \(error)")
            }
            guard let first = events.first else { return }
            let rpc = try connection.connect()
            let start = monotonicSeconds()
            var index = 0
            var accepted = 0
            while index < events.count {
                let time = events[index].time
                var batch: [InputEvent] = []
                // Events sharing a time, as many as one request may carry (the rest follow at once, in order).
                while index < events.count, events[index].time == time, batch.count < InputLimits.eventsPerInjection {
                    batch.append(events[index])
                    index += 1
                }
                if speed > 0 {
                    // A trace's times span up to 8e7 s (InputEvent's range): the wait is in seconds, never an integer
                    // that could overflow, and slept a minute at most at a time.
                    let due = start + (time - first.time) / speed
                    while case let left = due - monotonicSeconds(), left > 0 { usleep(UInt32(min(left, 60) * 1e6)) }
                }
                accepted += inject(batch, on: rpc)
            }
            emit("injected \(accepted) events")
        }

        /// The trace's text: the file's, or standard input's for `-`. A file that is not there is the command
        /// line's fault: a usage error, with the system's reason.
        private func readTrace() -> String {
            if file == "-" { return String(decoding: (try? readToEnd(STDIN_FILENO).get()) ?? [], as: UTF8.self) }
            guard let data = readFile(file) else {
                let reason = access(file, R_OK) == 0 ? "it cannot be read" : String(cString: strerror(errno))
                fail("animctl: cannot read \(file): \(reason)", status: .usage)
            }
            return String(decoding: data, as: UTF8.self)
        }

        /// One `input.inject`; the events animd accepted.
        private func inject(_ batch: [InputEvent], on rpc: RPCConnection) -> Int {
            do {
                let request = Request.inject(events: batch)
                switch try rpc.call(request.method.rawValue, request.params) {
                case let .success(result): return result["accepted"]?.integer ?? 0
                case let .failure(error): fail("animctl: input.inject: \(error.message) (\(error.code))")
                }
            } catch {
                fail("animctl: \(error)")
            }
        }
    }
}
