public import Gestures

/// Whether X input is available (`input.status`, and `daemon.hello`'s `input`).
public struct InputStatus: Hashable, Sendable {
    public var backend: String
    public var connected: Bool
    public var display: String?
    /// **Extension:** the seat the libinput backend reads.
    public var seat: String?
    public var reason: String?
    /// What each input source can do while connected: `active`, `unavailable`
    /// (with the reason) or `unused` (no binding wants it).
    public var sources: [InputSource: SourceStatus]

    public init(backend: String, connected: Bool, display: String?, seat: String? = nil, reason: String? = nil,
                sources: [InputSource: SourceStatus] = [:]) {
        self.backend = backend; self.connected = connected; self.display = display; self.seat = seat; self.reason = reason
        self.sources = sources
    }

    public var json: JSONValue {
        var members: [(String, JSONValue)] = [("backend", .string(backend)), ("connected", .bool(connected)),
                                              ("display", display.map(JSONValue.string) ?? .null)]
        if let seat { members.append(("seat", .string(seat))) }
        if let reason { members.append(("reason", .string(reason))) }
        if !sources.isEmpty {
            members.append(("sources", .object(InputSource.allCases.compactMap { source in
                sources[source].map { (source.rawValue, .object([("state", .string($0.state.rawValue)), ("detail", .string($0.detail))])) }
            })))
        }
        return .object(members)
    }
}
