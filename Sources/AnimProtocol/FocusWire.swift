public import Gestures
public import JSONText

/// The focus on the wire: `daemon.hello`'s `focus` and the `daemon.focus` event (issue 31). Every member is always
/// there, so that a client reads one shape: `app` and `source` are null where no source tells the focus, and
/// `reason` says why; `app` is null with a `source` while no window has the focus.
extension SessionFocus {
    public var json: JSONValue {
        let window = self.window
        let source: JSONValue, reason: JSONValue
        switch self {
        case let .known(window, name):
            source = .string(name.rawValue)
            reason = window == nil ? .string("no window has the focus") : .null
        case let .unknown(why):
            source = .null
            reason = .string(why)
        }
        return .object([
            ("app", window.map { .string($0.app) } ?? .null),
            ("names", .array((window?.names ?? []).map(JSONValue.string))),
            ("fullscreen", .bool(window?.fullscreen ?? false)), ("source", source), ("reason", reason),
        ])
    }

    /// Reads what `json` writes; nil for anything else.
    public init?(json: JSONValue) {
        guard let names = json["names"]?.array?.compactMap(\.string), let fullscreen = json["fullscreen"]?.bool,
            let app = json["app"], let source = json["source"], let reason = json["reason"]
        else { return nil }
        if let source = source.string.flatMap(FocusSource.init(rawValue:)) {
            self = .known(app == .null ? nil : FocusedWindow(names: names, fullscreen: fullscreen), source: source)
        } else if let reason = reason.string {
            self = .unknown(reason: reason)
        } else {
            return nil
        }
    }
}
