import AnimProtocol
import ArgumentParser
import JSONText
import Motion
import TransitionModel

/// Every transition command's common part: where animd is, and which transition.
struct TransitionTarget: ParsableArguments {
    @OptionGroup var connection: ConnectionOptions
    @Argument(help: "The transition.", completion: Completions.transitionNames) var name: String

    /// Sends the request built for this transition; returns animd's result.
    @discardableResult
    func send(_ request: (String) -> Request) throws -> JSONValue { try connection.call(request(name)) }
}

/// The commands that take a transition's name and nothing else, one type each (as ArgumentParser wants),
/// told apart by a tag.
protocol NameOnlyTag { static var verb: NameOnlyVerb { get } }

enum NameOnlyVerb: String {
    case toggle, pause, resume, reverse

    var abstract: String {
        switch self {
        case .toggle: "Animate a two-point transition to its other end (mid-flight: turn around)."
        case .pause: "Pause a running leg where it is."
        case .resume: "Resume a paused leg."
        case .reverse: "Flip the leg's direction without a jump."
        }
    }

    func request(_ name: String) -> Request {
        switch self {
        case .toggle: .transition(.toggle(name))
        case .pause: .transition(.pause(name))
        case .resume: .transition(.resume(name))
        case .reverse: .transition(.reverse(name))
        }
    }
}

struct NameOnlyCommand<Tag: NameOnlyTag>: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: Tag.verb.rawValue, abstract: Tag.verb.abstract)
    }
    @OptionGroup var target: TransitionTarget
    func run() throws { try target.send(Tag.verb.request) }
}

enum ToggleTag: NameOnlyTag { static let verb = NameOnlyVerb.toggle }
enum PauseTag: NameOnlyTag { static let verb = NameOnlyVerb.pause }
enum ResumeTag: NameOnlyTag { static let verb = NameOnlyVerb.resume }
enum ReverseTag: NameOnlyTag { static let verb = NameOnlyVerb.reverse }

/// The commands that take a transition's name and one value: begin (a snap), scrub (a fraction), finish (a position).
protocol NameAndValueTag: SendableMetatype {
    associatedtype Value
    static var commandName: String { get }
    static var abstract: String { get }
    static var valueName: String { get }
    static var valueHelp: String { get }
    static func value(_ text: String) throws -> Value
    static func request(_ name: String, _ value: Value) -> Request
}

struct NameAndValueCommand<Tag: NameAndValueTag>: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: Tag.commandName, abstract: Tag.abstract)
    }
    @OptionGroup var target: TransitionTarget
    @Argument(help: ArgumentHelp(Tag.valueHelp, valueName: Tag.valueName), transform: { try Tag.value($0) }) var value:
        Tag.Value
    func run() throws { try target.send { Tag.request($0, value) } }
}

enum BeginTag: NameAndValueTag {
    static let commandName = "begin", valueName = "to", valueHelp = "The snap index the leg goes to."
    static let abstract = "Start a paused, client-driven leg toward a snap (then scrub, release or continue)."
    static func value(_ text: String) throws -> Int { try NegativeNumbers.signed(text) }
    static func request(_ name: String, _ value: Int) -> Request { .transition(.begin(name, to: value)) }
}

enum ScrubTag: NameAndValueTag {
    static let commandName = "scrub", valueName = "fraction", valueHelp = "fractionComplete, 0 to 1."
    static let abstract = "Pause if needed and set the leg's fraction complete."
    static func value(_ text: String) throws -> Double { try NegativeNumbers.signed(text) }
    static func request(_ name: String, _ value: Double) -> Request { .transition(.scrub(name, fraction: value)) }
}

enum FinishTag: NameAndValueTag {
    static let commandName = "finish", valueName = "at", valueHelp = "start, end or current."
    static let abstract = "Finish a stopped leg at start, end or current."
    static func value(_ text: String) throws -> AnimatingPosition {
        guard let position = AnimatingPosition(rawValue: text) else {
            throw ValidationError("at must be start, end or current")
        }
        return position
    }
    static func request(_ name: String, _ value: AnimatingPosition) -> Request { .transition(.finish(name, at: value)) }
}

/// The transition.* commands with options of their own: each sends one request and prints nothing on success.
extension AnimCtl {
    struct Animate: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Animate to a snap index.")
        @OptionGroup var target: TransitionTarget
        @Argument(help: "The snap index to go to.", transform: NegativeNumbers.signed) var to: Int
        @Option(help: "A timing spec (see animctl curve).", transform: TimingSpec.argument) var timing: TimingSpec?
        @Option(parsing: .unconditional, help: "Seconds, for cubic timing.") var duration: Double?
        @Option(parsing: .unconditional, help: "Initial velocity, progress per second.") var velocity: Double?

        func run() throws {
            try target.send {
                .transition(.animate($0, to: to, timing: timing, duration: duration, velocity: velocity))
            }
        }
    }

    struct Continue: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Continue the leg, optionally with new timing.")
        @OptionGroup var target: TransitionTarget
        @Option(help: "A timing spec.", transform: TimingSpec.argument) var timing: TimingSpec?
        @Option(
            parsing: .unconditional,
            help: "The remaining time as a fraction of the duration (0: the natural remainder).") var durationFactor:
            Double?
        @Option(parsing: .unconditional, help: "Velocity handed to a spring, progress per second.") var velocity:
            Double?

        func run() throws {
            try target.send {
                .transition(.continue($0, timing: timing, durationFactor: durationFactor, velocity: velocity))
            }
        }
    }

    struct Release: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Release the leg as a finger lift would; prints the chosen snap.")
        @OptionGroup var target: TransitionTarget
        @Option(parsing: .unconditional, help: "Release velocity, progress per second.") var velocity: Double?

        func run() throws {
            emit("\(try target.send { .transition(.release($0, velocity: velocity)) }["to"]?.integer ?? -1)")
        }
    }

    struct Stop: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Stop the leg; without --without-finishing it waits for animctl finish.")
        @OptionGroup var target: TransitionTarget
        @Flag(help: "End the leg at once where it is.") var withoutFinishing = false
        func run() throws { try target.send { .transition(.stop($0, withoutFinishing: withoutFinishing)) } }
    }
}

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
