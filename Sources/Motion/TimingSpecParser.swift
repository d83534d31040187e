import TextWriting

/// A spec that could not be read, with the column (1-based) and the text of the bad part.
public struct TimingSpecError: Error, Hashable, Sendable, CustomStringConvertible {
    public let column: Int
    public let part: String
    public let reason: String

    public var description: String { "column \(column): \(reason)" }
}

extension TimingSpec {
    /// Parses the grammar of MOTION.md §1. Spaces are optional; names are case-insensitive.
    public init(parsing text: String) throws(TimingSpecError) {
        var parser = TimingSpecParser(text)
        self = try parser.parse()
    }
}

struct TimingSpecParser {
    let characters: [Character]
    var index = 0

    init(_ text: String) { characters = Array(text) }

    static let named: [String: TimingSpec] = [
        "linear": .linear, "ease": .ease, "ease-in": .easeIn, "ease-out": .easeOut, "ease-in-out": .easeInOut,
    ]
    static let springKeys = [
        "mass", "stiffness", "damping", "velocity", "damping-ratio", "response", "duration", "bounce",
    ]

    mutating func parse() throws(TimingSpecError) -> TimingSpec {
        skipSpaces()
        let nameStart = index
        let name = readWord().lowercased()
        guard !name.isEmpty else {
            throw error(
                at: nameStart, part: rest(from: nameStart),
                "expected a timing name such as ease-out, cubic-bezier(…) or spring(…)")
        }
        skipSpaces()
        let spec: TimingSpec
        switch name {
        case "cubic-bezier":
            spec = try parseCubic(nameStart: nameStart)
        case "spring":
            spec = .spring(try parseSpring(nameStart: nameStart))
        default:
            guard let named = Self.named[name] else {
                throw error(
                    at: nameStart, part: name,
                    "unknown timing \(quotedExcerpt(name)) (expected linear, ease, ease-in, ease-out, ease-in-out, cubic-bezier(x1,y1,x2,y2) or spring(…))"
                )
            }
            spec = named
        }
        skipSpaces()
        if index < characters.count {
            throw error(
                at: index, part: rest(from: index), "unexpected \(quotedExcerpt(rest(from: index))) after the timing")
        }
        return spec
    }

    mutating func parseCubic(nameStart: Int) throws(TimingSpecError) -> TimingSpec {
        let arguments = try parseArguments(of: "cubic-bezier")
        guard arguments.count == 4 else {
            throw error(
                at: nameStart, part: rest(from: nameStart),
                "cubic-bezier needs 4 numbers (x1, y1, x2, y2), got \(arguments.count)")
        }
        var values: [Double] = []
        for (position, argument) in arguments.enumerated() {
            guard argument.key == nil else {
                throw error(
                    at: argument.column - 1, part: argument.text,
                    "cubic-bezier takes plain numbers, not \(quotedExcerpt(argument.text))")
            }
            let label = ["x1", "y1", "x2", "y2"][position]
            guard let value = Double(argument.value), value.isFinite else {
                throw error(
                    at: argument.valueColumn - 1, part: argument.value,
                    "cubic-bezier \(label) must be a number, got \(quotedExcerpt(argument.value))")
            }
            if position % 2 == 0, !(0...1).contains(value) {
                throw error(
                    at: argument.valueColumn - 1, part: argument.value,
                    "cubic-bezier \(label) must be in [0, 1], got \(argument.value)")
            }
            if position % 2 == 1, !Self.cubicYRange.contains(value) {
                throw error(
                    at: argument.valueColumn - 1, part: argument.value,
                    "cubic-bezier \(label) must be in [\(formatNumber(Self.cubicYRange.lowerBound)), \(formatNumber(Self.cubicYRange.upperBound))], got \(argument.value)"
                )
            }
            values.append(value)
        }
        return .cubicBezier(CubicBezier(values[0], values[1], values[2], values[3]))
    }

    mutating func parseSpring(nameStart: Int) throws(TimingSpecError) -> SpringSpec {
        let arguments = try parseArguments(of: "spring")
        let values = try springValues(arguments, nameStart: nameStart)
        let spring = try springForm(values, arguments, nameStart: nameStart)
        // Whatever the form, the spring itself must be one that settles in a sensible time.
        let curve = spring.curve
        guard SpringSpec.dampingRatioRange.contains(curve.dampingRatio),
            SpringSpec.responseRange.contains(curve.response)
        else {
            throw error(
                at: nameStart, part: rest(from: nameStart),
                "spring has damping ratio \(formatNumber(curve.dampingRatio)) and response \(formatNumber(curve.response)) s; "
                    + "they must be between \(formatNumber(SpringSpec.dampingRatioRange.lowerBound)) and \(formatNumber(SpringSpec.dampingRatioRange.upperBound)), "
                    + "and \(formatNumber(SpringSpec.responseRange.lowerBound)) and \(formatNumber(SpringSpec.responseRange.upperBound)) s"
            )
        }
        return spring
    }

    /// Each `key=value`, known, given once, a finite number within its range.
    func springValues(_ arguments: [Argument], nameStart: Int) throws(TimingSpecError) -> [String: Double] {
        var values: [String: Double] = [:]
        for argument in arguments {
            guard let key = argument.key else {
                throw error(
                    at: argument.column - 1, part: argument.text,
                    "spring parameters are written key=value, got \(quotedExcerpt(argument.text))")
            }
            guard Self.springKeys.contains(key) else {
                throw error(
                    at: argument.column - 1, part: key,
                    "unknown spring parameter \(quotedExcerpt(key)) (expected \(Self.springKeys.joined(separator: ", ")))"
                )
            }
            guard values[key] == nil else {
                throw error(at: argument.column - 1, part: key, "spring parameter \(quotedExcerpt(key)) is given twice")
            }
            guard let value = Double(argument.value), value.isFinite else {
                throw error(
                    at: argument.valueColumn - 1, part: argument.value,
                    "spring \(key) must be a number, got \(quotedExcerpt(argument.value))")
            }
            values[key] = value
        }
        for (key, value) in values {
            guard let range = Self.springRanges[key], !range.contains(value) else { continue }
            let column = arguments.first { $0.key == key }?.column ?? nameStart + 1
            throw error(
                at: column - 1, part: key,
                "spring \(key) must be between \(formatNumber(range.lowerBound)) and \(formatNumber(range.upperBound)), got \(formatNumber(value))"
            )
        }
        return values
    }

    /// A spring's forms: its name, the keys that belong to it, and an example.
    private static let springForms: [(name: String, keys: Set<String>, example: String)] = [
        ("mass/stiffness/damping", ["mass", "stiffness", "damping"], "spring(stiffness=170, damping=26)"),
        ("damping-ratio/response", ["damping-ratio", "response"], "spring(damping-ratio=0.8, response=0.4)"),
        ("duration/bounce", ["duration", "bounce"], "spring(duration=0.5, bounce=0.2)"),
    ]

    /// The one form the values use (mass/stiffness/damping, damping-ratio/response or duration/bounce), built.
    func springForm(_ values: [String: Double], _ arguments: [Argument], nameStart: Int) throws(TimingSpecError)
        -> SpringSpec
    {
        let velocity = values["velocity"] ?? 0
        let forms = Self.springForms
        let used = forms.filter { !$0.keys.isDisjoint(with: values.keys) }
        guard used.count == 1, let form = used.first else {
            let reason =
                used.isEmpty
                ? "spring needs one of its forms: \(forms.map(\.example).joined(separator: ", or "))"
                : "spring mixes the \(used.map(\.name).joined(separator: " and ")) forms; use one"
            throw error(at: nameStart, part: rest(from: nameStart), reason)
        }
        let given = SpringValues(
            values: values, arguments: arguments, form: (form.name, form.example), nameStart: nameStart)
        switch form.name {
        case "mass/stiffness/damping":
            return .physical(
                mass: try positive("mass", default: 1, given), stiffness: try positive("stiffness", given),
                damping: try positive("damping", given), velocity: velocity)
        case "damping-ratio/response":
            return .perceptual(
                dampingRatio: try positive("damping-ratio", default: 1, given),
                response: try positive("response", given),
                velocity: velocity)
        default:
            return .durationBounce(
                duration: try positive("duration", given), bounce: values["bounce"] ?? 0, velocity: velocity)
        }
    }

    /// A spring's values as written, with where they were written and the form they use.
    private struct SpringValues {
        let values: [String: Double]
        let arguments: [Argument]
        let form: (name: String, example: String)
        let nameStart: Int
    }

    /// `key`'s value, or `fallback` when it is not given; an error that shows the form when neither is there, or
    /// when it is not greater than 0.
    private func positive(_ key: String, default fallback: Double? = nil, _ given: SpringValues)
        throws(TimingSpecError) -> Double
    {
        let (values, form) = (given.values, given.form)
        guard let value = values[key] ?? fallback else {
            var reason = "spring needs \(key) in the \(form.name) form, as in \(form.example)"
            // damping alone reads like the perceptual form's ratio, which the default config uses.
            if form.name == "mass/stiffness/damping", values["stiffness"] == nil, let damping = values["damping"] {
                reason +=
                    "; or, for a damping ratio, spring(damping-ratio=\(formatNumber(damping)), response=0.4) as the defaults use"
            }
            throw error(at: given.nameStart, part: rest(from: given.nameStart), reason)
        }
        guard value > 0 else {
            let column = given.arguments.first { $0.key == key }?.column ?? given.nameStart + 1
            throw error(at: column - 1, part: key, "spring \(key) must be greater than 0, got \(formatNumber(value))")
        }
        return value
    }

    /// What each spring parameter may be, so that nothing absurd reaches the solver
    /// (docs/reliability.md). Bounce ±0.99 is damping ratio 0.01…100.
    static let springRanges: [String: ClosedRange<Double>] = [
        "mass": 1e-6...1e6, "stiffness": 1e-6...1e9, "damping": 1e-6...1e9,
        "damping-ratio": SpringSpec.dampingRatioRange, "response": SpringSpec.responseRange,
        "duration": SpringSpec.responseRange,
        "bounce": -0.99...0.99, "velocity": SpringSpec.velocityRange,
    ]
    /// Cubic y values may overshoot, within reason.
    static let cubicYRange = -100.0...100.0

    struct Argument {
        var key: String?
        var value: String
        var text: String
        /// 1-based columns of the argument and of its value.
        var column: Int
        var valueColumn: Int
    }

    /// Reads "( a, b=c, … )" and returns its comma-separated parts.
    mutating func parseArguments(of name: String) throws(TimingSpecError) -> [Argument] {
        guard index < characters.count, characters[index] == "(" else {
            throw error(at: index, part: rest(from: index), "\(name) needs \"(\" after its name")
        }
        index += 1
        guard let close = characters[index...].firstIndex(of: ")") else {
            throw error(at: index, part: rest(from: index), "\(name)( is never closed with \")\"")
        }
        var arguments: [Argument] = []
        var start = index
        for position in index...close where position == close || characters[position] == "," {
            let raw = String(characters[start..<position])
            let leading = raw.prefix { $0 == " " }.count
            let text = raw.trimmingSpaces()
            if text.isEmpty {
                if !(position == close && arguments.isEmpty && start == close) {
                    throw error(at: start, part: text, "\(name) has an empty parameter")
                }
            } else if let equals = text.firstIndex(of: "=") {
                let key = String(text[..<equals]).trimmingSpaces().lowercased()
                let afterEquals = text[text.index(after: equals)...]
                let value = afterEquals.trimmingSpaces()
                let valueOffset =
                    text.distance(from: text.startIndex, to: equals) + 1 + afterEquals.prefix { $0 == " " }.count
                arguments.append(
                    Argument(
                        key: key, value: value, text: text, column: start + leading + 1,
                        valueColumn: start + leading + valueOffset + 1))
            } else {
                let column = start + leading + 1
                arguments.append(Argument(key: nil, value: text, text: text, column: column, valueColumn: column))
            }
            start = position + 1
        }
        index = close + 1
        return arguments
    }

    mutating func readWord() -> String {
        let start = index
        while index < characters.count, characters[index].isLetter || characters[index] == "-" { index += 1 }
        return String(characters[start..<index])
    }

    mutating func skipSpaces() {
        while index < characters.count, characters[index].isWhitespace { index += 1 }
    }

    func rest(from position: Int) -> String { String(characters[min(position, characters.count)...]) }

    func error(at position: Int, part: String, _ reason: String) -> TimingSpecError {
        TimingSpecError(column: position + 1, part: part, reason: reason)
    }
}

extension StringProtocol {
    func trimmingSpaces() -> String {
        var slice = Substring(self)
        while slice.first?.isWhitespace == true { slice = slice.dropFirst() }
        while slice.last?.isWhitespace == true { slice = slice.dropLast() }
        return String(slice)
    }
}

extension TimingSpec {
    /// The grammar in a few lines, with the ranges the parser enforces, for `animctl curve --help`.
    public static var grammarSummary: String {
        let range = { (key: String) -> String in
            guard let r = TimingSpecParser.springRanges[key] else { return "" }
            return "\(formatNumber(r.lowerBound))…\(formatNumber(r.upperBound))"
        }
        let y = TimingSpecParser.cubicYRange
        return """
            A timing spec is one of:
              linear, ease, ease-in, ease-out, ease-in-out
              cubic-bezier(x1, y1, x2, y2)
                  x in 0…1, y in \(formatNumber(y.lowerBound))…\(formatNumber(y.upperBound)); it lasts --duration
              spring(damping-ratio=Z, response=R)
                  Z \(range("damping-ratio")) (1: no overshoot), R \(range("response")) s
              spring(duration=D, bounce=B)
                  D \(range("duration")) s, B \(range("bounce")) (0: no overshoot)
              spring(mass=M, stiffness=K, damping=C)
                  M \(range("mass")), K \(range("stiffness")), C \(range("damping"))
            Any spring may add velocity=V, in progress per second (\(range("velocity"))).
            Names are case-insensitive; spaces are optional.
            """
    }
}
