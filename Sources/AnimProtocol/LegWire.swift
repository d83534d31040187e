public import JSONText
public import Motion
public import TextWriting

/// The leg object on the wire (docs/protocol.md "The leg object"): one writer and one decoder.
extension LegMotion {
    public var kind: String {
        switch self {
        case .driven: "driven"
        case .cubic: "cubic"
        case .spring: "spring"
        }
    }

    public func writeJSON(into out: inout some TextOutput) {
        out.writeLiteral("{\"kind\":\"")
        out.write(kind)
        out.writeLiteral("\"")
        switch self {
        case .driven:
            break
        case let .cubic(leg):
            out.writeLiteral(",\"controlPoints\":[")
            for (index, value) in [leg.curve.x1, leg.curve.y1, leg.curve.x2, leg.curve.y2].enumerated() {
                if index > 0 { out.writeLiteral(",") }
                JSONWriter.writeNumber(value, into: &out)
            }
            out.writeLiteral("]")
            Self.write(
                [
                    ("from", leg.from), ("to", leg.to), ("startTime", leg.startTime), ("startX", leg.startX),
                    ("endX", leg.endX), ("duration", leg.duration),
                ], into: &out)
        case let .spring(leg):
            Self.write(
                [
                    ("mass", leg.mass), ("stiffness", leg.stiffness), ("damping", leg.damping),
                    ("velocity", leg.velocity),
                    ("from", leg.from), ("to", leg.to), ("startTime", leg.startTime), ("elapsed", leg.elapsed),
                    ("settlingTime", leg.settlingTime),
                ], into: &out)
        }
        out.writeLiteral("}")
    }

    private static func write(_ members: [(String, Double)], into out: inout some TextOutput) {
        for (key, value) in members {
            out.writeLiteral(",\"")
            out.write(key)
            out.writeLiteral("\":")
            JSONWriter.writeNumber(value, into: &out)
        }
    }

    /// Reads a leg back; nil when a field is missing, of the wrong type or out of range, so that a client
    /// never evaluates a curve the daemon could not have sent.
    public init?(json: JSONValue) {
        switch json["kind"]?.string {
        case "driven":
            self = .driven
        case "cubic":
            guard let leg = CubicLegMotion(json: json) else { return nil }
            self = .cubic(leg)
        case "spring":
            guard let leg = SpringLegMotion(json: json) else { return nil }
            self = .spring(leg)
        default:
            return nil
        }
    }
}

/// A finite number under `key`, within `range`.
private func number(
    _ json: JSONValue, _ key: String,
    in range: ClosedRange<Double> = -.greatestFiniteMagnitude ... .greatestFiniteMagnitude
) -> Double? {
    guard let value = json[key]?.number, value.isFinite, range.contains(value) else { return nil }
    return value
}

extension CubicLegMotion {
    init?(json: JSONValue) {
        guard let points = json["controlPoints"]?.array, points.count == 4 else { return nil }
        let values = points.compactMap(\.number)
        guard values.count == 4, values.allSatisfy(\.isFinite), (0...1).contains(values[0]),
            (0...1).contains(values[2]),
            let from = number(json, "from"), let to = number(json, "to"), let startTime = number(json, "startTime"),
            let startX = number(json, "startX", in: 0...1), let endX = number(json, "endX", in: 0...1),
            let duration = number(json, "duration", in: 0 ... .greatestFiniteMagnitude)
        else { return nil }
        self.init(
            curve: CubicBezier(values[0], values[1], values[2], values[3]), from: from, to: to, startTime: startTime,
            startX: startX, endX: endX, duration: duration)
    }
}

extension SpringLegMotion {
    init?(json: JSONValue) {
        let positive = Double.leastNormalMagnitude ... .greatestFiniteMagnitude
        guard let mass = number(json, "mass", in: positive), let stiffness = number(json, "stiffness", in: positive),
            let damping = number(json, "damping", in: positive), let velocity = number(json, "velocity"),
            let from = number(json, "from"), let to = number(json, "to"), let startTime = number(json, "startTime"),
            let elapsed = number(json, "elapsed", in: 0 ... .greatestFiniteMagnitude),
            let settlingTime = number(json, "settlingTime", in: 0 ... .greatestFiniteMagnitude)
        else { return nil }
        self.init(
            mass: mass, stiffness: stiffness, damping: damping, velocity: velocity, from: from, to: to,
            startTime: startTime, elapsed: elapsed, settlingTime: settlingTime)
    }
}
