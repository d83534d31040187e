public import AnimProtocol
public import JSONText

/// Declaring transitions from Swift (issue 29): the requests of docs/protocol.md, "Declared transitions", each
/// answered with its result or animd's refusal. A declaration lives as long as this connection.
extension RPCConnection {
    /// `daemon.hello` with the name this connection's declarations are owned by.
    public func hello(as client: String) throws(ClientError) -> Result<JSONValue, RPCError> {
        try call(Request.hello(client: client))
    }

    /// Declares `name` with the keys of `[transitions.NAME]` (`transition`) and the bindings that drive it
    /// (`bindings`, by name, with the keys of `[bindings.NAME]`); its snapshot, with `owner`, on success.
    public func declare(
        _ name: String, transition: JSONValue = .object([]),
        bindings: JSONValue = .object([])
    ) throws(ClientError) -> Result<JSONValue, RPCError> {
        try call(.declare(name: name, body: .object([("transition", transition), ("bindings", bindings)])))
    }

    /// Lays these keys over what this connection declared as `name`; a swipe or leg under way goes on without a jump.
    public func update(
        _ name: String, transition: JSONValue = .object([]),
        bindings: JSONValue = .object([])
    ) throws(ClientError) -> Result<JSONValue, RPCError> {
        try call(.update(name: name, body: .object([("transition", transition), ("bindings", bindings)])))
    }

    /// Ends what this connection declared as `name`.
    public func retract(_ name: String) throws(ClientError) -> Result<JSONValue, RPCError> {
        try call(.retract(name: name))
    }

    private func call(_ request: Request) throws(ClientError) -> Result<JSONValue, RPCError> {
        try call(request.method.rawValue, request.params)
    }
}
