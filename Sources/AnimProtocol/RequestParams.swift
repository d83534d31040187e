import Gestures
import JSONText
import Motion
import TextWriting

/// A method's params with typed accessors; every mistake is a -32602 that
/// names the parameter. Used only by `Request(method:params:)`, on a tree
/// or on the line read in place.
struct RequestParams<Value: JSONReadable> {
    let method: String
    let value: Value?

    /// Refuses parameters the method does not take, so that typos do not pass silently.
    func allow(_ keys: [String]) throws(RPCError) {
        guard let value, value.isObject else {
            if value?.array != nil { throw invalid("params must be an object, not an array") }
            return
        }
        if let key = value.firstKey(notIn: keys) {
            throw invalid(
                "unknown parameter \(quotedExcerpt(key))"
                    + (keys.isEmpty ? " (\(method) takes none)" : " (expected \(keys.joined(separator: ", ")))"))
        }
    }

    func invalid(_ message: String) -> RPCError { RPCError(.invalidParams, "invalid params: \(method): \(message)") }

    func optional(_ key: String) -> Value? {
        guard let v = value?[key], !v.isNull else { return nil }
        return v
    }

    func string(_ key: String) throws(RPCError) -> String {
        guard let v = optional(key) else { throw invalid("\"\(key)\" is required") }
        guard let s = v.string else { throw invalid("\"\(key)\" must be a string") }
        return s
    }

    /// A string of at most `maxLength` UTF-8 bytes without NUL, or nil when absent.
    func optionalString(_ key: String, maxLength: Int) throws(RPCError) -> String? {
        guard optional(key) != nil else { return nil }
        let text = try string(key)
        guard text.utf8.count <= maxLength else { throw invalid("\"\(key)\" must be at most \(maxLength) bytes long") }
        guard !text.utf8.contains(0) else { throw invalid("\"\(key)\" must not contain a NUL character") }
        return text
    }

    func number(_ key: String) throws(RPCError) -> Double {
        guard let v = optional(key) else { throw invalid("\"\(key)\" is required") }
        guard let n = v.number, n.isFinite else { throw invalid("\"\(key)\" must be a number") }
        return n
    }

    /// A number within `range`; outside it, an error that names the parameter and the range.
    func number(_ key: String, in range: ClosedRange<Double>) throws(RPCError) -> Double {
        let n = try number(key)
        guard range.contains(n) else {
            throw invalid(
                "\"\(key)\" must be between \(formatNumber(range.lowerBound)) and \(formatNumber(range.upperBound)), got \(formatNumber(n))"
            )
        }
        return n
    }

    func optionalNumber(_ key: String, in range: ClosedRange<Double>) throws(RPCError) -> Double? {
        guard optional(key) != nil else { return nil }
        return try number(key, in: range)
    }

    func integer(_ key: String) throws(RPCError) -> Int {
        guard let v = optional(key) else { throw invalid("\"\(key)\" is required") }
        guard let n = v.integer else { throw invalid("\"\(key)\" must be a whole number") }
        return n
    }

    func optionalBool(_ key: String) throws(RPCError) -> Bool? {
        guard let v = optional(key) else { return nil }
        guard let b = v.bool else { throw invalid("\"\(key)\" must be true or false") }
        return b
    }

    func optionalStrings(_ key: String) throws(RPCError) -> [String]? {
        guard let v = optional(key) else { return nil }
        guard let items = v.array else { throw invalid("\"\(key)\" must be an array of strings") }
        var strings: [String] = []
        for item in items {
            guard let text = item.string else { throw invalid("\"\(key)\" must be an array of strings") }
            strings.append(text)
        }
        return strings
    }

    func optionalTiming(_ key: String) throws(RPCError) -> TimingSpec? {
        guard optional(key) != nil else { return nil }
        let text = try string(key)
        do {
            return try TimingSpec(parsing: text)
        } catch {
            throw invalid("\"\(key)\": bad timing spec \(quotedExcerpt(text)): \(error)")
        }
    }

    /// A declaration's `transition` and `bindings`, each a table when given, as an object of those two.
    func declarationBody() throws(RPCError) -> JSONValue {
        var members: [(String, JSONValue)] = []
        for key in ["transition", "bindings"] {
            guard let v = optional(key) else { continue }
            guard v.isObject else {
                throw invalid(
                    "\"\(key)\" must be an object (the keys of the config's [\(key == "transition" ? "transitions" : key).NAME])"
                )
            }
            members.append((key, v.tree))
        }
        return .object(members)
    }

    /// `input.inject`'s items: input events, and tablet-mode switches (`InjectedTabletMode`) with their place among them.
    func inputEvents(_ key: String) throws(RPCError) -> (events: [InputEvent], tabletModes: [InjectedTabletMode]) {
        guard let v = optional(key) else { throw invalid("\"\(key)\" is required") }
        guard let items = v.array else { throw invalid("\"\(key)\" must be an array of input events") }
        guard items.count <= InputLimits.eventsPerInjection else {
            throw invalid(
                "\"\(key)\" holds \(items.count) events; at most \(InputLimits.eventsPerInjection) in one request")
        }
        var events: [InputEvent] = []
        var tabletModes: [InjectedTabletMode] = []
        events.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            do {
                if item["kind"]?.string == InjectedTabletMode.kindName {
                    tabletModes.append(try InjectedTabletMode(reading: item, before: events.count))
                } else {
                    events.append(try InputEvent(reading: item))
                }
            } catch {
                throw invalid("\(key)[\(index)]: \(error)")
            }
        }
        return (events, tabletModes)
    }
}

/// The accessors by declaration (`Param`): the name, the range and the length come from the method table.
extension RequestParams {
    /// Refuses parameters `spec` does not declare.
    func allow(_ spec: MethodSpec) throws(RPCError) { try allow(spec.keys) }

    func string(_ param: Param) throws(RPCError) -> String { try string(param.key) }

    func optionalString(_ param: Param) throws(RPCError) -> String? {
        guard case let .string(maxLength) = param.kind, let maxLength else {
            return optional(param.key) == nil ? nil : try string(param.key)
        }
        return try optionalString(param.key, maxLength: maxLength)
    }

    func number(_ param: Param) throws(RPCError) -> Double { try number(param.key, in: param.range) }

    func optionalNumber(_ param: Param) throws(RPCError) -> Double? { try optionalNumber(param.key, in: param.range) }

    func integer(_ param: Param) throws(RPCError) -> Int { try integer(param.key) }

    func optionalBool(_ param: Param) throws(RPCError) -> Bool? { try optionalBool(param.key) }

    func optionalStrings(_ param: Param) throws(RPCError) -> [String]? { try optionalStrings(param.key) }

    func optionalTiming(_ param: Param) throws(RPCError) -> TimingSpec? { try optionalTiming(param.key) }

    /// One of a choice's words, as its type; an error that lists the words otherwise.
    func optionalChoice<Choice: RawRepresentable>(_ param: Param, _: Choice.Type) throws(RPCError) -> Choice?
    where Choice.RawValue == String {
        guard let text = try optionalString(param.key, maxLength: 64) else { return nil }
        guard let value = Choice(rawValue: text) else {
            throw invalid("\"\(param.key)\" must be \(param.words), not \(quotedExcerpt(text))")
        }
        return value
    }

    func choice<Choice: RawRepresentable>(_ param: Param, _ type: Choice.Type) throws(RPCError) -> Choice
    where Choice.RawValue == String {
        guard let value = try optionalChoice(param, type) else { throw invalid("\"\(param.key)\" is required") }
        return value
    }
}

extension Param {
    /// A number's range; every finite number for another kind.
    var range: ClosedRange<Double> {
        if case let .number(range) = kind { return range }
        return -Double.greatestFiniteMagnitude...Double.greatestFiniteMagnitude
    }

    /// A choice's words as an error lists them: `"a", "b" or "c"`.
    var words: String {
        guard case let .choice(words) = kind, let last = words.last else { return "" }
        let quoted = words.map { "\"\($0)\"" }
        return words.count == 1 ? quoted[0] : quoted.dropLast().joined(separator: ", ") + " or \"\(last)\""
    }
}

/// The ranges of the protocol's numbers (docs/protocol.md, docs/reliability.md).
enum ParamRange {
    /// Progress units per second: a flick across a whole transition in a millisecond.
    static let velocity = LegLimits.velocity
    /// Seconds, as the config's `duration`.
    static let duration = LegLimits.duration
    static let durationFactor = 0.0...100.0
    static let fraction = 0.0...1.0
    /// Frames per second.
    static let maxRate = 0.01...1000.0
}
