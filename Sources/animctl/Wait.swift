import AnimClient
import AnimProtocol
import ArgumentParser
import Glibc
import JSONText
import UnixSupport

extension AnimCtl {
    struct Wait: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Wait until transitions come to rest, and print where.",
            discussion: """
                Returns at once for a transition already at rest. Race-free after a command: `animctl toggle sidebar && \
                animctl wait sidebar` subscribes, sees the leg the toggle began, and waits for its end. A paused or \
                scrubbed transition is not at rest: wait fails after --timeout.
                """)
        @OptionGroup var connection: ConnectionOptions
        @Argument(help: "The transitions (default: all).", completion: Completions.transitionNames) var names:
            [String] = []
        @Option(parsing: .unconditional, help: "Give up after this many seconds, with status 1.") var timeout: Double =
            30

        func validate() throws {
            guard timeout.isFinite, timeout > 0, timeout <= 86_400 else {
                throw ValidationError("--timeout must be between 0 and 86400 seconds")
            }
        }

        func run() throws {
            let rpc = try connection.connect()
            let subscribe = Request.subscribe(transitions: names.isEmpty ? nil : names, events: [.state], maxRate: nil)
            var moving: [String: String] = [:]
            var order: [String] = []
            var resting: [String: Int] = [:]
            // On the monotonic clock: a clock set forward or back changes no wait.
            let deadline = monotonicSeconds() + timeout
            do {
                switch try rpc.call(subscribe.method.rawValue, subscribe.params) {
                case let .failure(error): reportRefusal(error, of: .subscribe)
                case let .success(result):
                    for snapshot in result["transitions"]?.array ?? [] {
                        guard let name = snapshot["name"]?.string else { continue }
                        order.append(name)
                        if snapshot["phase"]?.string == "idle" {
                            resting[name] = snapshot["snap"]?.integer ?? 0
                        } else {
                            moving[name] = snapshot["phase"]?.string ?? "moving"
                        }
                    }
                }
                while !moving.isEmpty {
                    let left = deadline - monotonicSeconds()
                    guard left > 0 else {
                        fail(
                            "animctl: still not at rest after \(formatted(timeout)) s: "
                                + order.filter { moving[$0] != nil }.map { "\($0) (\(moving[$0] ?? ""))" }.joined(
                                    separator: ", "))
                    }
                    let next: JSONValue?
                    do {
                        next = try rpc.nextNotification(timeout: left)
                    } catch ClientError.timedOut {
                        continue
                    }
                    // End of stream: animd went away (a crash; a clean stop says daemon.shutdown first).
                    guard let message = next else { fail("animctl: animd closed the connection") }
                    let method = message["method"]?.string, event = message["params"] ?? .null
                    if method == NotificationMethod.shutdown.rawValue { fail("animctl: animd is stopping") }
                    guard let name = event["name"]?.string, moving[name] != nil else { continue }
                    if method == NotificationMethod.ended.rawValue {
                        moving[name] = nil
                        resting[name] = event["snap"]?.integer ?? 0
                    } else if let phase = event["phase"]?.string {
                        moving[name] = phase
                    }
                }
            } catch {
                fail("animctl: \(error)")
            }
            for name in order { emit("\(name) at snap \(resting[name] ?? 0)") }
        }
    }
}
