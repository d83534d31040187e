public import Gestures
import JSONText
public import Motion
public import TextWriting
public import TransitionModel

/// The notification lines animd sends (PROTOCOL.md "Events"), each written once into any `TextOutput` (the daemon's
/// is the ByteBuffer that goes to the socket; a String for tests).
public enum EventLine {
    @inlinable
    public static func progress(_ snapshot: TransitionSnapshot, into out: inout some TextOutput) {
        snapshotOnly(.progress, snapshot, into: &out)
    }

    public static func began(_ snapshot: TransitionSnapshot, cause: LegCause, into out: inout some TextOutput) {
        out.writeLiteral(NotificationMethod.began.linePrefix)
        snapshot.writeMembers(into: &out)
        switch cause {
        case .command:
            out.writeLiteral(",\"cause\":\"command\"")
        case let .gesture(name):
            out.writeLiteral(",\"cause\":\"gesture\",\"gesture\":")
            JSONWriter.writeString(name, into: &out)
        }
        out.writeLiteral("}}\n")
    }

    /// `transition.leg`: the running leg's motion changed; the snapshot carries the new `leg`.
    public static func leg(_ snapshot: TransitionSnapshot, into out: inout some TextOutput) {
        snapshotOnly(.leg, snapshot, into: &out)
    }

    /// A notification whose params are the snapshot's members and nothing else.
    @inlinable
    static func snapshotOnly(
        _ method: NotificationMethod, _ snapshot: TransitionSnapshot, into out: inout some TextOutput
    ) {
        out.writeLiteral(method.linePrefix)
        snapshot.writeMembers(into: &out)
        out.writeLiteral("}}\n")
    }

    public static func ended(
        _ snapshot: TransitionSnapshot, position: AnimatingPosition, into out: inout some TextOutput
    ) {
        out.writeLiteral(NotificationMethod.ended.linePrefix)
        snapshot.writeMembers(into: &out)
        out.writeLiteral(",\"position\":")
        JSONWriter.writeString(position.rawValue, into: &out)
        out.writeLiteral("}}\n")
    }

    public static func inputStatus(_ status: InputStatus, into out: inout some TextOutput) {
        RPCLine.writeNotification(.inputStatus, status.members, into: &out)
    }

    /// `pinch` adds `scale` and `rotation` (degrees) for touchpad pinches.
    public static func gesture(
        name: String, state: RecognizerState, translation: (Double, Double), velocity: (Double, Double),
        pinch: (scale: Double, rotation: Double)? = nil, into out: inout some TextOutput
    ) {
        var members: [(String, JSONValue)] = [
            ("name", .string(name)), ("state", .string(state.rawValue)),
            ("translation", .array([.number(translation.0), .number(translation.1)])),
            ("velocity", .array([.number(velocity.0), .number(velocity.1)])),
        ]
        if let pinch { members += [("scale", .number(pinch.scale)), ("rotation", .number(pinch.rotation))] }
        RPCLine.writeNotification(.gesture, members, into: &out)
    }

    /// One input event as the recognizers received it, in the trace format
    /// (`animctl record`); `origin` is "x11", "libinput" or "inject".
    public static func inputEvent(_ event: InputEvent, origin: String, into out: inout some TextOutput) {
        out.writeLiteral(NotificationMethod.inputEvent.linePrefix)
        out.writeLiteral("\"origin\":")
        JSONWriter.writeString(origin, into: &out)
        out.writeLiteral(",\"event\":")
        event.writeJSON(into: &out)
        out.writeLiteral("}}\n")
    }

    /// Full or reduced motion, when it changed (group `motion`).
    public static func motion(_ status: MotionStatus, into out: inout some TextOutput) {
        guard case let .object(members) = status.json else { return }
        RPCLine.writeNotification(.motion, members, into: &out)
    }

    /// The focused application, when it changed (group `focus`).
    public static func focus(_ focus: SessionFocus, into out: inout some TextOutput) {
        guard case let .object(members) = focus.json else { return }
        RPCLine.writeNotification(.focus, members, into: &out)
    }

    /// Tablet mode on or off, or null when the switch went away (group `device`).
    public static func tabletMode(_ on: Bool?, into out: inout some TextOutput) {
        RPCLine.writeNotification(.tabletMode, [("on", on.map(JSONValue.bool) ?? .null)], into: &out)
    }

    /// A declared transition is gone (group `state`): `reason` is `retracted`, `disconnected` or `config`, and
    /// `message` says it in words.
    public static func removed(
        name: String, reason: RemovalReason, message: String, owner: TransitionOwner,
        into out: inout some TextOutput
    ) {
        RPCLine.writeNotification(
            .removed,
            [
                ("name", .string(name)), ("reason", .string(reason.rawValue)), ("message", .string(message)),
                ("owner", owner.json),
            ], into: &out)
    }

    public static func shutdown(reason: String, into out: inout some TextOutput) {
        RPCLine.writeNotification(.shutdown, [("reason", .string(reason))], into: &out)
    }
}
