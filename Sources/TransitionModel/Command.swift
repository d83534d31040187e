public import Motion
import TextWriting

/// The `transition.*` methods of the protocol, as the engine sees them.
public enum Command: Hashable, Sendable {
    case toggle(String)
    case animate(String, to: Int, timing: TimingSpec?, duration: Double?, velocity: Double?)
    case begin(String, to: Int)
    case scrub(String, fraction: Double)
    case pause(String)
    case resume(String)
    case reverse(String)
    case `continue`(String, timing: TimingSpec?, durationFactor: Double?, velocity: Double?)
    case release(String, velocity: Double?)
    case stop(String, withoutFinishing: Bool)
    case finish(String, at: AnimatingPosition)

    public var transition: String {
        switch self {
        case let .toggle(n), let .animate(n, _, _, _, _), let .begin(n, _), let .scrub(n, _), let .pause(n),
            let .resume(n),
            let .reverse(n), let .continue(n, _, _, _), let .release(n, _), let .stop(n, _), let .finish(n, _):
            n
        }
    }
}

public enum CommandResult: Hashable, Sendable {
    case done
    /// `transition.release`: the snap the release rule chose.
    case released(to: Int)
}

/// Why the engine refused a command; each maps to one protocol error code.
public enum EngineError: Error, Hashable, Sendable, CustomStringConvertible {
    case unknownTransition(String)
    case notAllowed(String)
    case invalidParams(String)

    public var description: String {
        switch self {
        case let .unknownTransition(name): "unknown transition \(quotedExcerpt(name))"
        case let .notAllowed(reason), let .invalidParams(reason): reason
        }
    }
}
