public import Gestures

/// The notification lines animd sends (PROTOCOL.md "Events").
public enum EventLine {
    public static func progress(_ snapshot: TransitionSnapshot) -> String {
        var out = "{\"jsonrpc\":\"2.0\",\"method\":\"transition.progress\",\"params\":{"
        out.reserveCapacity(320)
        snapshot.writeMembers(into: &out)
        out += "}}\n"
        return out
    }

    public static func began(_ snapshot: TransitionSnapshot, cause: String, gesture: String?) -> String {
        var out = "{\"jsonrpc\":\"2.0\",\"method\":\"transition.began\",\"params\":{"
        snapshot.writeMembers(into: &out)
        out += ",\"cause\":"
        JSONWriter.writeString(cause, into: &out)
        if let gesture {
            out += ",\"gesture\":"
            JSONWriter.writeString(gesture, into: &out)
        }
        out += "}}\n"
        return out
    }

    /// `transition.leg`: the running leg's motion changed; the snapshot carries the new `leg`.
    public static func leg(_ snapshot: TransitionSnapshot) -> String {
        var out = "{\"jsonrpc\":\"2.0\",\"method\":\"transition.leg\",\"params\":{"
        snapshot.writeMembers(into: &out)
        out += "}}\n"
        return out
    }

    public static func ended(_ snapshot: TransitionSnapshot, position: String) -> String {
        var out = "{\"jsonrpc\":\"2.0\",\"method\":\"transition.ended\",\"params\":{"
        snapshot.writeMembers(into: &out)
        out += ",\"position\":"
        JSONWriter.writeString(position, into: &out)
        out += "}}\n"
        return out
    }

    public static func inputStatus(_ status: InputStatus) -> String {
        RPCLine.notification("input.status", status.json)
    }

    /// `pinch` adds `scale` and `rotation` (degrees) for touchpad pinches.
    public static func gesture(name: String, state: String, translation: (Double, Double), velocity: (Double, Double),
                               pinch: (scale: Double, rotation: Double)? = nil) -> String {
        var members: [(String, JSONValue)] = [
            ("name", .string(name)), ("state", .string(state)),
            ("translation", .array([.number(translation.0), .number(translation.1)])),
            ("velocity", .array([.number(velocity.0), .number(velocity.1)])),
        ]
        if let pinch { members += [("scale", .number(pinch.scale)), ("rotation", .number(pinch.rotation))] }
        return RPCLine.notification("gesture.changed", .object(members))
    }

    /// One input event as the recognizers received it, in the trace format
    /// (`animctl record`); `origin` is "x11", "libinput" or "inject".
    public static func inputEvent(_ event: InputEvent, origin: String) -> String {
        var out = "{\"jsonrpc\":\"2.0\",\"method\":\"input.event\",\"params\":{\"origin\":"
        JSONWriter.writeString(origin, into: &out)
        out += ",\"event\":"
        event.writeJSON(into: &out)
        out += "}}\n"
        return out
    }

    public static func shutdown(reason: String) -> String {
        RPCLine.notification("daemon.shutdown", .object([("reason", .string(reason))]))
    }
}
