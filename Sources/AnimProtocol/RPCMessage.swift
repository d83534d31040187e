import Foundation

/// The methods of the contract (PROTOCOL.md "Methods").
public enum Method: String, Sendable, CaseIterable {
    // The daemon.
    case hello = "daemon.hello", reload = "daemon.reload", config = "daemon.config", environment = "daemon.environment"
    // Queries and subscriptions.
    case list = "transition.list", get = "transition.get", subscribe, unsubscribe
    // Driving a transition.
    case toggle = "transition.toggle", animate = "transition.animate", begin = "transition.begin", scrub = "transition.scrub"
    case pause = "transition.pause", resume = "transition.resume", reverse = "transition.reverse", `continue` = "transition.continue"
    case release = "transition.release", stop = "transition.stop", finish = "transition.finish"
    // Input.
    case inject = "input.inject"
}

/// One line a client sent, classified.
public enum IncomingMessage: Sendable {
    /// A request: answer it with the same id.
    case request(id: JSONValue, method: String, params: JSONValue?)
    /// A notification (no id): carry it out, answer nothing.
    case notification(method: String, params: JSONValue?)
    /// Not a request; answer with this error and id (null when unknown).
    case invalid(id: JSONValue, error: RPCError)

    /// Parses one line (without its newline) as JSON-RPC 2.0.
    public static func parse(_ line: some Collection<UInt8>) -> IncomingMessage {
        let value: JSONValue
        do {
            value = try JSONParser.parse(line)
        } catch {
            return .invalid(id: .null, error: RPCError(.parseError, "parse error: the line is not valid JSON"))
        }
        guard value.objectMembers != nil else {
            return .invalid(id: .null, error: RPCError(.invalidRequest, "invalid request: expected a JSON-RPC request object"))
        }
        let id = value["id"]
        let replyID: JSONValue
        switch id {
        case nil, .null?: replyID = .null
        case let .number(n)?: replyID = .number(n)
        case let .string(s)?: replyID = .string(s)
        case _?: return .invalid(id: .null, error: RPCError(.invalidRequest, "invalid request: id must be a number or a string"))
        }
        guard value["jsonrpc"] == .string("2.0") else {
            return .invalid(id: replyID, error: RPCError(.invalidRequest, "invalid request: \"jsonrpc\" must be \"2.0\""))
        }
        guard let method = value["method"]?.string else {
            return .invalid(id: replyID, error: RPCError(.invalidRequest, "invalid request: \"method\" must be a string"))
        }
        let params = value["params"]
        if let params, params.objectMembers == nil, params.array == nil {
            return .invalid(id: replyID, error: RPCError(.invalidRequest, "invalid request: \"params\" must be an object"))
        }
        return id == nil ? .notification(method: method, params: params) : .request(id: replyID, method: method, params: params)
    }
}

/// Builds the lines animd writes, each ending in "\n".
public enum RPCLine {
    public static func result(id: JSONValue, _ result: JSONValue) -> String {
        envelope(id: id, method: nil, member: ("result", result))
    }

    /// A result already written as JSON text (a snapshot, by its one writer).
    public static func result(id: JSONValue, encoded result: String) -> String {
        var out = "{\"jsonrpc\":\"2.0\",\"id\":"
        out.reserveCapacity(result.utf8.count + 48)
        JSONWriter.write(id, into: &out)
        out += ",\"result\":"
        out += result
        out += "}\n"
        return out
    }

    public static func error(id: JSONValue, _ error: RPCError) -> String {
        envelope(id: id, method: nil, member: ("error", error.json))
    }

    public static func notification(_ method: String, _ params: JSONValue) -> String {
        envelope(id: nil, method: method, member: ("params", params))
    }

    public static func request(id: Int, method: String, params: JSONValue? = nil) -> String {
        envelope(id: .number(Double(id)), method: method, member: params.map { ("params", $0) })
    }

    /// `{"jsonrpc":"2.0"[,"id":…][,"method":…][,member]}` and a newline.
    private static func envelope(id: JSONValue?, method: String?, member: (String, JSONValue)?) -> String {
        var out = "{\"jsonrpc\":\"2.0\""
        // Room for a short answer at once, rather than growing the text twice on the way.
        out.reserveCapacity(128)
        if let id {
            out += ",\"id\":"
            JSONWriter.write(id, into: &out)
        }
        if let method {
            out += ",\"method\":"
            JSONWriter.writeString(method, into: &out)
        }
        if let (key, value) = member {
            out += ","
            JSONWriter.writeString(key, into: &out)
            out += ":"
            JSONWriter.write(value, into: &out)
        }
        return out + "}\n"
    }
}

extension IncomingMessage {
    /// Any JSON value from a line, for clients reading what animd sent.
    public static func parseValue(_ line: some Collection<UInt8>) -> JSONValue? {
        try? JSONParser.parse(line)
    }
}
