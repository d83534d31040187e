package import AnimConfig
package import AnimProtocol
import JSONText
import TransitionModel

/// A declaration's refusals on the wire (the body is read into the config's tree by `DeclarationBook` itself).
package enum DeclarationWire {
    /// The error a refusal is on the wire (docs/protocol.md, "Declared transitions").
    package static func rpcError(_ refusal: DeclarationRefusal, method: Method) -> RPCError {
        switch refusal {
        case let .invalid(errors):
            let listed = errors.prefix(32).map {
                JSONValue.object([("key", .string($0.key)), ("message", .string($0.message))])
            }
            return RPCError(
                .invalidParams, "invalid params: \(method.rawValue): \(refusal.message)",
                data: .object([("errors", .array(listed))]))
        case let .conflict(message, owner):
            return RPCError(.conflict, "conflict: \(message)", data: owner.map { .object([("owner", $0.json)]) })
        case let .limit(message):
            return RPCError(.limitReached, "limit reached: \(message)")
        case let .unknown(message):
            return RPCError(.unknownTransition, "unknown transition: \(message)")
        }
    }
}
