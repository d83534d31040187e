import Gestures
import JSONText

/// A tablet-mode switch toggled through `input.inject` (`{"kind":"tablet-mode","on":true}`, issue 45), for scripts
/// and tests. It is the session's state, not input for the recognizers, so it travels beside the batch's events:
/// it takes effect before the event at index `before` (the batch's length: after the last one).
public struct InjectedTabletMode: Hashable, Sendable {
    public var before: Int
    public var on: Bool

    public init(before: Int, on: Bool) {
        self.before = before; self.on = on
    }

    /// The item's kind on the wire.
    public static let kindName = "tablet-mode"

    /// `{"kind":"tablet-mode","on":true}`; `t` may be there, as a recording writes it, and is checked as an event's.
    init(reading item: some JSONReadable, before: Int) throws(InputEventError) {
        if let key = item.firstKey(notIn: ["kind", "on", "t"]) {
            throw .invalid(key, "a tablet-mode item takes only \"on\" (and \"t\")")
        }
        guard let on = item["on"] else { throw .missing("on") }
        guard let flag = on.bool else { throw .wrongType("on") }
        if let t = item["t"] {
            guard let seconds = t.number else { throw .wrongType("t") }
            guard (-4e7...4e7).contains(seconds) else { throw .invalid("t", "must be within ±4e7 s") }
        }
        self.init(before: before, on: flag)
    }

    /// The item as it is sent.
    var wire: JSONValue { .object([("kind", .string(Self.kindName)), ("on", .bool(on))]) }
}
