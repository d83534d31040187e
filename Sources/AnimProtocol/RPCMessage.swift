public import JSONText
public import TextWriting

/// The methods of the contract (PROTOCOL.md "Methods").
public enum Method: String, Sendable, CaseIterable {
    // The daemon.
    case hello = "daemon.hello", reload = "daemon.reload", config = "daemon.config", environment = "daemon.environment"
    case motion = "daemon.motion"
    // Queries and subscriptions.
    case list = "transition.list", get = "transition.get", subscribe, unsubscribe
    // Driving a transition.
    case toggle = "transition.toggle", animate = "transition.animate", begin = "transition.begin", scrub =
        "transition.scrub"
    case pause = "transition.pause", resume = "transition.resume", reverse = "transition.reverse", `continue` =
        "transition.continue"
    case release = "transition.release", stop = "transition.stop", finish = "transition.finish"
    // Transitions that clients declare.
    case declare = "transition.declare", update = "transition.update", retract = "transition.retract"
    // Input.
    case inject = "input.inject"
}

/// One line a client sent, read once: its JSON in place, its envelope, and its request typed and checked
/// (`Request(method:params:)`'s rules). The daemon's request path: no tree, no copy of the line. Not `indirect`:
/// a batch's array already holds its members apart, and an indirect enum boxes every value it makes, one heap
/// allocation per request (issue 46, docs/performance.md).
public enum IncomingRequest: Hashable, Sendable {
    /// A request: answer it with the same id, with the error if it is not a valid one.
    case request(id: JSONValue, Result<Request, RPCError>)
    /// A notification (no id): carry it out if it is valid, answer nothing either way.
    case notification(Result<Request, RPCError>)
    /// Not a request; answer with this error and id (null when unknown).
    case invalid(id: JSONValue, error: RPCError)
    /// A batch (JSON-RPC 2.0, section 6): its members in order, each read as a line of its own would be, never a
    /// batch itself. Answered with an array of the answers of its requests and invalid members; with nothing when
    /// all are notifications.
    case batch([IncomingRequest])

    /// Reads one line, without its newline.
    public static func read(_ line: UnsafeBufferPointer<UInt8>) -> IncomingRequest {
        func request(_ method: String, _ params: JSONElement?) -> Result<Request, RPCError> {
            Result { () throws(RPCError) in try Request(method: method, reading: params) }
        }
        func typed(_ envelope: Envelope) -> IncomingRequest {
            switch envelope {
            case let .request(id, method, params): .request(id: id, request(method, params))
            case let .notification(method, params): .notification(request(method, params))
            case let .invalid(id, error): .invalid(id: id, error: error)
            case let .batch(members): .batch(members.map(typed))
            }
        }
        return Envelope.read(line, typed)
    }
}

/// JSON-RPC 2.0's envelope, checked on the line read in place; its params live only inside `read`'s body. Package
/// wide so that the tests' reference reader (`IncomingMessage`, Tests/ProtocolOracle) checks lines by the same rules.
package enum Envelope {
    case request(id: JSONValue, method: String, params: JSONElement?)
    case notification(method: String, params: JSONElement?)
    case invalid(id: JSONValue, error: RPCError)
    /// A top-level array: each member checked as a line of its own.
    case batch([Envelope])

    /// The most members one batch may have: each is answered, and a 64 KiB line of `[]` members would otherwise ask
    /// for 20,000 answers.
    package static let batchLimit = 1024

    package static func read<Result>(_ line: UnsafeBufferPointer<UInt8>, _ body: (Envelope) -> Result) -> Result {
        var result: Result?
        // Taken out, not copied: a request is a large value.
        guard JSONParser.read(line, { result = body(top($0)) }) == nil, let read = result.take() else {
            return body(.invalid(id: .null, error: RPCError(.parseError, "parse error: the line is not valid JSON")))
        }
        return read
    }

    /// A line's value: a request object, or a batch of them. An empty batch, or one past the limit, is one error.
    private static func top(_ value: JSONElement) -> Envelope {
        guard let members = value.array else { return check(value) }
        guard !members.isEmpty else {
            return .invalid(id: .null, error: RPCError(.invalidRequest, "invalid request: an empty batch"))
        }
        guard members.count <= batchLimit else {
            return .invalid(
                id: .null,
                error: RPCError(
                    .invalidRequest,
                    "invalid request: a batch of \(members.count) requests, past the \(batchLimit) allowed"))
        }
        return .batch(members.map(check))
    }

    private static func check(_ value: JSONElement) -> Envelope {
        guard value.isObject else {
            return .invalid(
                id: .null, error: RPCError(.invalidRequest, "invalid request: expected a JSON-RPC request object"))
        }
        let id = value["id"]
        let replyID: JSONValue
        if let id, !id.isNull {
            if let number = id.number {
                replyID = .number(number)
            } else if let text = id.string {
                replyID = .string(text)
            } else {
                return .invalid(
                    id: .null, error: RPCError(.invalidRequest, "invalid request: id must be a number or a string"))
            }
        } else {
            replyID = .null
        }
        guard value["jsonrpc"]?.string == "2.0" else {
            return .invalid(
                id: replyID, error: RPCError(.invalidRequest, "invalid request: \"jsonrpc\" must be \"2.0\""))
        }
        guard let method = value["method"]?.string else {
            return .invalid(
                id: replyID, error: RPCError(.invalidRequest, "invalid request: \"method\" must be a string"))
        }
        let params = value["params"]
        if let params, !params.isObject, params.array == nil {
            return .invalid(
                id: replyID, error: RPCError(.invalidRequest, "invalid request: \"params\" must be an object"))
        }
        return id == nil
            ? .notification(method: method, params: params) : .request(id: replyID, method: method, params: params)
    }
}

/// Builds the lines of JSON-RPC, each ending in "\n": animd's answers and notifications, into any `TextOutput`,
/// and a client's requests.
public enum RPCLine {
    /// `{"jsonrpc":"2.0","id":…,"result":` + what `result` writes + `}` and a newline.
    public static func writeResult<Out: TextOutput>(id: JSONValue, into out: inout Out, _ result: (inout Out) -> Void) {
        writeResultObject(id: id, into: &out, result)
        out.writeLiteral("\n")
    }

    public static func writeError(id: JSONValue, _ error: RPCError, into out: inout some TextOutput) {
        writeErrorObject(id: id, error, into: &out)
        out.writeLiteral("\n")
    }

    /// The response object alone, for a line of its own or a member of a batch's answer.
    public static func writeResultObject<Out: TextOutput>(
        id: JSONValue, into out: inout Out, _ result: (inout Out) -> Void
    ) {
        out.writeLiteral("{\"jsonrpc\":\"2.0\",\"id\":")
        JSONWriter.write(id, into: &out)
        out.writeLiteral(",\"result\":")
        result(&out)
        out.writeLiteral("}")
    }

    public static func writeErrorObject(id: JSONValue, _ error: RPCError, into out: inout some TextOutput) {
        out.writeLiteral("{\"jsonrpc\":\"2.0\",\"id\":")
        JSONWriter.write(id, into: &out)
        out.writeLiteral(",\"error\":")
        JSONWriter.write(error.json, into: &out)
        out.writeLiteral("}")
    }

    /// A notification whose params are `members`.
    public static func writeNotification(
        _ method: NotificationMethod, _ members: [(String, JSONValue)], into out: inout some TextOutput
    ) {
        out.writeLiteral(method.linePrefix)
        JSONWriter.writeMembers(members, into: &out)
        out.writeLiteral("}}\n")
    }

    /// A client's request line.
    public static func request(id: Int, method: String, params: JSONValue? = nil) -> String {
        JSONWriter.string(requestObject(id: id, method: method, params: params)) + "\n"
    }

    /// A client's batch line (JSON-RPC 2.0, section 6): the requests, numbered from `firstID`, in one array.
    public static func batch(firstID: Int, _ calls: [(method: String, params: JSONValue?)]) -> String {
        JSONWriter.string(
            .array(calls.enumerated().map { requestObject(id: firstID + $0, method: $1.method, params: $1.params) }))
            + "\n"
    }

    private static func requestObject(id: Int, method: String, params: JSONValue?) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("jsonrpc", "2.0"), ("id", .number(Double(id))), ("method", .string(method)),
        ]
        if let params { members.append(("params", params)) }
        return .object(members)
    }
}
