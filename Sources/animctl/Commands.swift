import AnimProtocol
public import ArgumentParser
import Motion

/// The transition.* commands: each sends one request and prints nothing on success.
extension AnimCtl {
    struct Toggle: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Animate a two-point transition to its other end (mid-flight: turn around).")
        @OptionGroup var connection: ConnectionOptions
        @Argument(help: "The transition.") var name: String
        func run() throws { _ = try connection.call(.toggle(name: name)) }
    }

    struct Animate: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Animate to a snap index.")
        @OptionGroup var connection: ConnectionOptions
        @Argument(help: "The transition.") var name: String
        @Argument(help: "The snap index to go to.", transform: NegativeNumbers.signed) var to: Int
        @Option(help: "A timing spec (see animctl curve).", transform: TimingSpec.argument) var timing: TimingSpec?
        @Option(parsing: .unconditional, help: "Seconds, for cubic timing.") var duration: Double?
        @Option(parsing: .unconditional, help: "Initial velocity, progress per second.") var velocity: Double?

        func run() throws {
            _ = try connection.call(.animate(name: name, to: to, timing: timing, duration: duration, velocity: velocity))
        }
    }

    struct Begin: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Start a paused, client-driven leg toward a snap (then scrub, release or continue).")
        @OptionGroup var connection: ConnectionOptions
        @Argument(help: "The transition.") var name: String
        @Argument(help: "The snap index the leg goes to.", transform: NegativeNumbers.signed) var to: Int
        func run() throws { _ = try connection.call(.begin(name: name, to: to)) }
    }

    struct Scrub: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Pause if needed and set the leg's fraction complete.")
        @OptionGroup var connection: ConnectionOptions
        @Argument(help: "The transition.") var name: String
        @Argument(help: "fractionComplete, 0 to 1.", transform: NegativeNumbers.signed) var fraction: Double
        func run() throws { _ = try connection.call(.scrub(name: name, fraction: fraction)) }
    }

    struct Pause: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Pause a running leg where it is.")
        @OptionGroup var connection: ConnectionOptions
        @Argument(help: "The transition.") var name: String
        func run() throws { _ = try connection.call(.pause(name: name)) }
    }

    struct Resume: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Resume a paused leg.")
        @OptionGroup var connection: ConnectionOptions
        @Argument(help: "The transition.") var name: String
        func run() throws { _ = try connection.call(.resume(name: name)) }
    }

    struct Reverse: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Flip the leg's direction without a jump.")
        @OptionGroup var connection: ConnectionOptions
        @Argument(help: "The transition.") var name: String
        func run() throws { _ = try connection.call(.reverse(name: name)) }
    }

    struct Continue: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Continue the leg, optionally with new timing.")
        @OptionGroup var connection: ConnectionOptions
        @Argument(help: "The transition.") var name: String
        @Option(help: "A timing spec.", transform: TimingSpec.argument) var timing: TimingSpec?
        @Option(parsing: .unconditional, help: "The remaining time as a fraction of the duration (0: the natural remainder).") var durationFactor: Double?
        @Option(parsing: .unconditional, help: "Velocity handed to a spring, progress per second.") var velocity: Double?

        func run() throws {
            _ = try connection.call(.continue(name: name, timing: timing, durationFactor: durationFactor, velocity: velocity))
        }
    }

    struct Release: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Release the leg as a finger lift would; prints the chosen snap.")
        @OptionGroup var connection: ConnectionOptions
        @Argument(help: "The transition.") var name: String
        @Option(parsing: .unconditional, help: "Release velocity, progress per second.") var velocity: Double?

        func run() throws {
            emit("\(try connection.call(.release(name: name, velocity: velocity))["to"]?.integer ?? -1)")
        }
    }

    struct Stop: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Stop the leg; without --without-finishing it waits for animctl finish.")
        @OptionGroup var connection: ConnectionOptions
        @Argument(help: "The transition.") var name: String
        @Flag(help: "End the leg at once where it is.") var withoutFinishing = false
        func run() throws { _ = try connection.call(.stop(name: name, withoutFinishing: withoutFinishing)) }
    }

    struct Finish: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Finish a stopped leg at start, end or current.")
        @OptionGroup var connection: ConnectionOptions
        @Argument(help: "The transition.") var name: String
        @Argument(help: "start, end or current.") var at: AnimatingPosition
        func run() throws { _ = try connection.call(.finish(name: name, at: at)) }
    }
}

extension AnimatingPosition: ExpressibleByArgument {}

extension TimingSpec {
    /// A timing spec from the command line; a malformed one is a usage error, with the parser's reason.
    static func argument(_ text: String) throws -> TimingSpec {
        do {
            return try TimingSpec(parsing: text)
        } catch {
            throw ValidationError("bad timing spec \"\(text)\": \(error)")
        }
    }
}
