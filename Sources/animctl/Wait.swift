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
            var rests = Rests()
            // On the monotonic clock: a clock set forward or back changes no wait.
            let deadline = monotonicSeconds() + timeout
            do {
                switch try rpc.call(subscribe.method.rawValue, subscribe.params) {
                case let .failure(error): reportRefusal(error, of: .subscribe)
                case let .success(result): for snapshot in result["transitions"]?.array ?? [] { rests.list(snapshot) }
                }
                try follow(&rests, on: rpc, until: deadline)
            } catch {
                fail("animctl: \(error)")
            }
            for name in rests.order { emit("\(name) at snap \(rests.resting[name] ?? 0)") }
        }

        /// The next notification, or nil at the end of the stream; nil itself when `seconds` pass first.
        private static func notification(on rpc: RPCConnection, within seconds: Double) throws -> JSONValue?? {
            do {
                return .some(try rpc.nextNotification(timeout: seconds))
            } catch ClientError.timedOut {
                return .none
            }
        }

        /// Reads state events until nothing moves; fails past `deadline`, or when animd goes.
        private func follow(_ rests: inout Rests, on rpc: RPCConnection, until deadline: Double) throws {
            while !rests.moving.isEmpty {
                let left = deadline - monotonicSeconds()
                guard left > 0 else {
                    fail("animctl: still not at rest after \(formatted(timeout)) s: \(rests.stillMoving)")
                }
                guard let next = try Self.notification(on: rpc, within: left) else { continue }
                // End of stream: animd went away (a crash; a clean stop says daemon.shutdown first).
                guard let message = next else { fail("animctl: animd closed the connection") }
                let method = message["method"]?.string
                if method == NotificationMethod.shutdown.rawValue { fail("animctl: animd is stopping") }
                rests.follow(method: method, event: message["params"] ?? .null)
            }
        }
    }

    /// What `wait` knows of each transition, in the order animd listed them: those moving, with their phase, and
    /// those at rest, with their snap.
    struct Rests {
        var order: [String] = []
        var moving: [String: String] = [:]
        var resting: [String: Int] = [:]

        /// A transition as `subscribe` listed it.
        mutating func list(_ snapshot: JSONValue) {
            guard let name = snapshot["name"]?.string else { return }
            order.append(name)
            if snapshot["phase"]?.string == "idle" {
                resting[name] = snapshot["snap"]?.integer ?? 0
            } else {
                moving[name] = snapshot["phase"]?.string ?? "moving"
            }
        }

        /// A state event: a moving transition that ended rests at its snap; one that changed phase has that phase.
        mutating func follow(method: String?, event: JSONValue) {
            guard let name = event["name"]?.string, moving[name] != nil else { return }
            if method == NotificationMethod.ended.rawValue {
                moving[name] = nil
                resting[name] = event["snap"]?.integer ?? 0
            } else if let phase = event["phase"]?.string {
                moving[name] = phase
            }
        }

        /// "sidebar (animating), pager (paused)".
        var stillMoving: String {
            order.filter { moving[$0] != nil }.map { "\($0) (\(moving[$0] ?? ""))" }.joined(separator: ", ")
        }
    }
}
