import AnimClient
import AnimProtocol
import ArgumentParser
import Foundation
import Gestures

extension AnimCtl {
    struct Inject: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Send a trace's input events to animd with their original timing.",
            discussion: "The trace is JSON lines of input events (docs/protocol.md); - reads stdin. Events sharing a time go in one request."
        )
        @OptionGroup var connection: ConnectionOptions
        @Argument(help: "The trace file, or - for stdin.") var file: String
        @Option(parsing: .unconditional, help: "Playback speed: 2 plays twice as fast; 0 sends everything at once.") var speed: Double = 1

        func validate() throws {
            guard speed >= 0, speed.isFinite else { throw ValidationError("--speed must be 0 or more") }
        }

        func run() throws {
            let text: String
            if file == "-" {
                text = String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
            } else {
                // A file that is not there is the command line's fault: a usage error, with the system's reason.
                guard let data = FileManager.default.contents(atPath: file) else {
                    let reason = access(file, R_OK) == 0 ? "it cannot be read" : String(cString: strerror(errno))
                    fail("animctl: cannot read \(file): \(reason)", status: .usage)
                }
                text = String(decoding: data, as: UTF8.self)
            }
            let events: [InputEvent]
            do {
                events = try Trace.decode(text)
            } catch {
                fail("animctl: \(file): \(error)")
            }
            guard let first = events.first else { return }
            let rpc = try connection.connect()
            let start = DispatchTime.now().uptimeNanoseconds
            var index = 0
            var accepted = 0
            while index < events.count {
                let time = events[index].time
                var batch: [InputEvent] = []
                while index < events.count, events[index].time == time {
                    batch.append(events[index])
                    index += 1
                }
                if speed > 0 {
                    let due = start + UInt64(max(0, (time - first.time) / speed) * 1e9)
                    let now = DispatchTime.now().uptimeNanoseconds
                    if due > now { usleep(UInt32(min((due - now) / 1000, UInt64(UInt32.max)))) }
                }
                do {
                    let request = Request.inject(events: batch)
                    switch try rpc.call(request.method.rawValue, request.params) {
                    case let .success(result): accepted += result["accepted"]?.integer ?? 0
                    case let .failure(error): fail("animctl: input.inject: \(error.message) (\(error.code))")
                    }
                } catch {
                    fail("animctl: \(error)")
                }
            }
            emit("injected \(accepted) events")
        }
    }
}
