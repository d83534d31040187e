public import Gestures
public import JSONText

/// Whether input is available, from which backend, and the screen it reads (`input.status`, and `daemon.hello`'s
/// `input`).
public struct InputStatus: Hashable, Sendable {
    /// nil until a backend has been chosen; the wire says "none" then.
    public var backend: InputBackendKind?
    public var connected: Bool
    public var display: String?
    /// **Extension:** the seat the libinput backend reads.
    public var seat: String?
    /// Why input is off, or its display out of reach; `InputStatus.connecting` while a new backend has not yet reported.
    public var reason: String?
    /// **Extension:** what is amiss while input works (no display at all, so the monitors are the config's).
    public var warning: String?
    /// What each input source can do while connected: `active`, `unavailable`
    /// (with the reason) or `unused` (no binding wants it).
    public var sources: [InputSource: SourceStatus]
    /// **Extension:** the monitors by name (RandR monitors, Wayland outputs), so that a widget can be placed on one.
    public var outputs: [NamedOutput]
    /// **Extension:** how the tablet-mode switch is read, or why none is (issue 45); `tablet-mode` on the wire.
    public var tabletMode: String?

    public init(
        backend: InputBackendKind?, connected: Bool, display: String?, seat: String? = nil, reason: String? = nil,
        warning: String? = nil, sources: [InputSource: SourceStatus] = [:], outputs: [NamedOutput] = [],
        tabletMode: String? = nil
    ) {
        self.backend = backend; self.connected = connected; self.display = display; self.seat = seat;
        self.reason = reason
        self.warning = warning; self.sources = sources; self.outputs = outputs; self.tabletMode = tabletMode
    }

    /// The reason of a backend that has been made and has not reported yet.
    public static let connecting = "connecting"

    /// A backend starting: neither on nor off yet.
    public var isConnecting: Bool { !connected && reason == Self.connecting }

    public var json: JSONValue { .object(members) }

    /// The status's members, in the wire's order.
    public var members: [(String, JSONValue)] {
        var members: [(String, JSONValue)] = [
            ("backend", .string(backend?.rawValue ?? "none")), ("connected", .bool(connected)),
            ("display", display.map(JSONValue.string) ?? .null),
        ]
        if let seat { members.append(("seat", .string(seat))) }
        if let reason { members.append(("reason", .string(reason))) }
        if let warning { members.append(("warning", .string(warning))) }
        if !sources.isEmpty {
            members.append(
                (
                    "sources",
                    .object(
                        InputSource.allCases.compactMap { source in
                            sources[source].map {
                                (
                                    source.rawValue,
                                    .object([("state", .string($0.state.rawValue)), ("detail", .string($0.detail))])
                                )
                            }
                        })
                ))
        }
        members.append(("outputs", .array(outputs.map(\.json))))
        if let tabletMode { members.append(("tablet-mode", .string(tabletMode))) }
        return members
    }
}

extension NamedOutput {
    /// Reads what `json` writes; nil for anything else, numbers past the screen's coordinate limit included.
    public init?(json: JSONValue) {
        let limit = InputLimits.coordinate
        guard let name = json["name"]?.string, let x = json["x"]?.number, let y = json["y"]?.number,
            let width = json["width"]?.number, let height = json["height"]?.number,
            let transform = json["transform"]?.integer, (0...7).contains(transform),
            abs(x) <= limit, abs(y) <= limit, width > 0, width <= limit, height > 0, height <= limit
        else { return nil }
        self.init(name: name, rect: Rect(x: x, y: y, width: width, height: height), transform: transform)
    }

    /// `{name, x, y, width, height, transform}`: the rectangle in the screen's pixels, the transform as wl_output's 0…7.
    public var json: JSONValue {
        .object([
            ("name", .string(name)), ("x", .number(rect.x)), ("y", .number(rect.y)), ("width", .number(rect.width)),
            ("height", .number(rect.height)), ("transform", .number(Double(transform))),
        ])
    }
}
