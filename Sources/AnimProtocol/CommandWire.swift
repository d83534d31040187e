public import TransitionModel
import Motion
public import JSONText

/// A transition command on the wire: its method, and its params as `Request(method:params:)` reads them back.
extension Command {
    public var method: Method {
        switch self {
        case .toggle: .toggle
        case .animate: .animate
        case .begin: .begin
        case .scrub: .scrub
        case .pause: .pause
        case .resume: .resume
        case .reverse: .reverse
        case .continue: .continue
        case .release: .release
        case .stop: .stop
        case .finish: .finish
        }
    }

    public var params: JSONValue {
        func object(_ members: [(String, JSONValue?)]) -> JSONValue { .object(members.compactMap { key, value in value.map { (key, $0) } }) }
        func number(_ value: Double?) -> JSONValue? { value.map(JSONValue.number) }
        func timing(_ spec: TimingSpec?) -> JSONValue? { spec.map { .string($0.description) } }
        switch self {
        case let .toggle(name), let .pause(name), let .resume(name), let .reverse(name):
            return object([("name", .string(name))])
        case let .animate(name, to, spec, duration, velocity):
            return object([("name", .string(name)), ("to", .number(Double(to))), ("timing", timing(spec)),
                           ("duration", number(duration)), ("velocity", number(velocity))])
        case let .begin(name, to): return object([("name", .string(name)), ("to", .number(Double(to)))])
        case let .scrub(name, fraction): return object([("name", .string(name)), ("fraction", .number(fraction))])
        case let .continue(name, spec, durationFactor, velocity):
            return object([("name", .string(name)), ("timing", timing(spec)), ("durationFactor", number(durationFactor)),
                           ("velocity", number(velocity))])
        case let .release(name, velocity): return object([("name", .string(name)), ("velocity", number(velocity))])
        case let .stop(name, withoutFinishing): return object([("name", .string(name)), ("withoutFinishing", .bool(withoutFinishing))])
        case let .finish(name, at): return object([("name", .string(name)), ("at", .string(at.rawValue))])
        }
    }
}
