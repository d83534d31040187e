public import JSONText
import Motion
public import TransitionModel

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
        func object(_ members: [(String, JSONValue?)]) -> JSONValue {
            .object(members.compactMap { key, value in value.map { (key, $0) } })
        }
        func number(_ value: Double?) -> JSONValue? { value.map(JSONValue.number) }
        func timing(_ spec: TimingSpec?) -> JSONValue? { spec.map { .string($0.description) } }
        let named = (Param.name.key, JSONValue?.some(.string(transition)))
        switch self {
        case .toggle, .pause, .resume, .reverse:
            return object([named])
        case let .animate(_, to, spec, duration, velocity):
            return object([
                named, (Param.to.key, .number(Double(to))), (Param.timing.key, timing(spec)),
                (Param.duration.key, number(duration)), (Param.velocity.key, number(velocity)),
            ])
        case let .begin(_, to): return object([named, (Param.to.key, .number(Double(to)))])
        case let .scrub(_, fraction): return object([named, (Param.fraction.key, .number(fraction))])
        case let .continue(_, spec, durationFactor, velocity):
            return object([
                named, (Param.timing.key, timing(spec)), (Param.durationFactor.key, number(durationFactor)),
                (Param.velocity.key, number(velocity)),
            ])
        case let .release(_, velocity): return object([named, (Param.velocity.key, number(velocity))])
        case let .stop(_, withoutFinishing):
            return object([named, (Param.withoutFinishing.key, .bool(withoutFinishing))])
        case let .finish(_, at): return object([named, (Param.at.key, .string(at.rawValue))])
        }
    }
}
