public import JSONText

/// The error codes of the contract (PROTOCOL.md "Error codes").
public enum RPCErrorCode: Int, Sendable, CaseIterable {
    case parseError = -32700
    case invalidRequest = -32600
    case methodNotFound = -32601
    case invalidParams = -32602
    case unknownTransition = -32001
    case notAllowed = -32002
    case configInvalid = -32003
    case limitReached = -32004
    /// **Extension:** a declaration's name or place is taken (`data.owner` names a client that holds it).
    case conflict = -32005
}

/// A JSON-RPC error object.
public struct RPCError: Error, Hashable, Sendable, CustomStringConvertible {
    public var code: Int
    public var message: String
    public var data: JSONValue?

    public init(_ code: RPCErrorCode, _ message: String, data: JSONValue? = nil) {
        self.code = code.rawValue; self.message = message; self.data = data
    }

    public init(code: Int, message: String, data: JSONValue? = nil) {
        self.code = code; self.message = message; self.data = data
    }

    public var description: String { "\(message) (\(code))" }

    public var json: JSONValue {
        var members: [(String, JSONValue)] = [("code", .number(Double(code))), ("message", .string(message))]
        if let data { members.append(("data", data)) }
        return .object(members)
    }
}
