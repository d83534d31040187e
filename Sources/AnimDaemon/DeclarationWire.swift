import AnimConfig
import AnimProtocol
import TransitionModel
import JSONText

/// A declaration's body and refusals between the wire and the config's reader.
enum DeclarationWire {
    /// The JSON a client sent, as the config's plain values: a whole number within Double's exact integers is an
    /// integer (JSON does not tell 2 from 2.0), any other number a float, so each key's range check sees it as the
    /// config would. `null` has no TOML counterpart and is refused, naming where it is.
    static func value(_ json: JSONValue, at path: String = "") throws(DeclarationRefusal) -> ConfigValue {
        switch json {
        case .null:
            throw .invalid([ConfigError(key: path, message: "null is not a config value; leave the key out for its default")])
        case let .bool(flag): return .bool(flag)
        case let .string(text): return .string(text)
        case let .number(number):
            if let whole = json.integer, number == number.rounded() { return .integer(whole) }
            return .float(number)
        case let .array(elements):
            var values: [ConfigValue] = []
            for (index, element) in elements.enumerated() { values.append(try value(element, at: "\(path)[\(index)]")) }
            return .array(values)
        case let .object(members):
            var values: [(key: String, value: ConfigValue)] = []
            for (key, member) in members { values.append((key, try value(member, at: path.isEmpty ? key : "\(path).\(key)"))) }
            return .table(values)
        }
    }

    /// The error a refusal is on the wire (docs/protocol.md, "Declared transitions").
    static func rpcError(_ refusal: DeclarationRefusal, method: Method) -> RPCError {
        switch refusal {
        case let .invalid(errors):
            let listed = errors.prefix(32).map { JSONValue.object([("key", .string($0.key)), ("message", .string($0.message))]) }
            return RPCError(.invalidParams, "invalid params: \(method.rawValue): \(refusal.message)", data: .object([("errors", .array(listed))]))
        case let .conflict(message, owner):
            return RPCError(.conflict, "conflict: \(message)", data: owner.map { .object([("owner", $0.json)]) })
        case let .limit(message):
            return RPCError(.limitReached, "limit reached: \(message)")
        case let .unknown(message):
            return RPCError(.unknownTransition, "unknown transition: \(message)")
        }
    }
}
