public import Gestures
public import Motion

/// A transition snapshot as it travels (PROTOCOL.md "A transition snapshot"),
/// plus `target`: the snap the leg is heading to now.
///
/// It mirrors the engine's `TransitionSnapshot` on purpose: clients such as
/// animctl link only this contract, never the engine, so the daemon maps one
/// to the other at the edge.
public struct WireSnapshot: Hashable, Sendable {
    public var name: String
    public var progress: Double
    public var fraction: Double
    public var velocity: Double
    public var phase: String
    public var from: Int
    public var to: Int
    public var target: Int
    public var snap: Int
    public var snapPoints: [Double]
    public var seq: Int
    public var time: Double
    /// **Extension:** the leg's motion, in `transition.began`, `transition.leg` and answers while a leg runs;
    /// never in `transition.progress` or `transition.ended`.
    public var leg: LegMotion?

    public init(name: String, progress: Double, fraction: Double, velocity: Double, phase: String, from: Int, to: Int,
                target: Int, snap: Int, snapPoints: [Double], seq: Int, time: Double, leg: LegMotion? = nil) {
        self.name = name; self.progress = progress; self.fraction = fraction; self.velocity = velocity
        self.phase = phase; self.from = from; self.to = to; self.target = target; self.snap = snap
        self.snapPoints = snapPoints; self.seq = seq; self.time = time; self.leg = leg
    }

    /// Writes the members without the braces, so that events can add their own.
    public func writeMembers(into out: inout String) {
        out += "\"name\":"
        JSONWriter.writeString(name, into: &out)
        out += ",\"progress\":"; JSONWriter.writeNumber(progress, into: &out)
        out += ",\"fraction\":"; JSONWriter.writeNumber(fraction, into: &out)
        out += ",\"velocity\":"; JSONWriter.writeNumber(velocity, into: &out)
        out += ",\"phase\":\""; out += phase
        out += "\",\"from\":"; out += String(from)
        out += ",\"to\":"; out += String(to)
        out += ",\"target\":"; out += String(target)
        out += ",\"snap\":"; out += String(snap)
        out += ",\"snapPoints\":["
        for (i, point) in snapPoints.enumerated() {
            if i > 0 { out += "," }
            JSONWriter.writeNumber(point, into: &out)
        }
        out += "],\"seq\":"; out += String(seq)
        out += ",\"time\":"; JSONWriter.writeNumber(time, into: &out)
        if let leg {
            out += ",\"leg\":"
            leg.writeJSON(into: &out)
        }
    }

    /// The snapshot as one JSON object, for answers (`transition.get`, `list`, `subscribe`): the same members as
    /// events, from the same writer.
    public func writeJSON(into out: inout String) {
        out += "{"
        writeMembers(into: &out)
        out += "}"
    }

    /// The member `"transitions":[snapshot, …]`, without braces, so that an answer can add its own members.
    public static func writeList(_ snapshots: [WireSnapshot], into out: inout String) {
        out += "\"transitions\":["
        for (index, snapshot) in snapshots.enumerated() {
            if index > 0 { out += "," }
            snapshot.writeJSON(into: &out)
        }
        out += "]"
    }

    /// Reads a snapshot back (clients, animctl, tests); nil if any field is missing or of the wrong type.
    public init?(json: JSONValue) {
        guard let name = json["name"]?.string, let progress = json["progress"]?.number, let fraction = json["fraction"]?.number,
              let velocity = json["velocity"]?.number, let phase = json["phase"]?.string, let from = json["from"]?.integer,
              let to = json["to"]?.integer, let target = json["target"]?.integer, let snap = json["snap"]?.integer,
              let points = json["snapPoints"]?.array, let seq = json["seq"]?.integer, let time = json["time"]?.number else { return nil }
        let snapPoints = points.compactMap(\.number)
        guard snapPoints.count == points.count else { return nil }
        var leg: LegMotion?
        if let legJSON = json["leg"] {
            guard let decoded = LegMotion(json: legJSON) else { return nil }
            leg = decoded
        }
        self.init(name: name, progress: progress, fraction: fraction, velocity: velocity, phase: phase, from: from, to: to,
                  target: target, snap: snap, snapPoints: snapPoints, seq: seq, time: time, leg: leg)
    }
}

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

/// The event groups a subscriber chooses from (PROTOCOL.md "subscribe").
public enum EventGroup: String, Hashable, Sendable, CaseIterable {
    case progress, state, input, gesture
    case inputEvents = "input-events"

    /// What `subscribe` sends without `events`.
    public static let defaults: Set<EventGroup> = [.progress, .state]

    /// The names, for messages: "progress, state, input, gesture, input-events".
    public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }
}

/// Which progress frames a subscription receives (`subscribe`'s `frames`, an extension of the contract).
public enum FrameDelivery: String, Hashable, Sendable {
    /// Every frame, as the contract always did.
    case all
    /// Frames only while a leg is driven (a finger, a scrub, a pause): the client evaluates running legs itself
    /// from `transition.began` and `transition.leg`.
    case driven
}

/// The notification lines animd sends (PROTOCOL.md "Events").
public enum EventLine {
    public static func progress(_ snapshot: WireSnapshot) -> String {
        var out = "{\"jsonrpc\":\"2.0\",\"method\":\"transition.progress\",\"params\":{"
        out.reserveCapacity(320)
        snapshot.writeMembers(into: &out)
        out += "}}\n"
        return out
    }

    public static func began(_ snapshot: WireSnapshot, cause: String, gesture: String?) -> String {
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
    public static func leg(_ snapshot: WireSnapshot) -> String {
        var out = "{\"jsonrpc\":\"2.0\",\"method\":\"transition.leg\",\"params\":{"
        snapshot.writeMembers(into: &out)
        out += "}}\n"
        return out
    }

    public static func ended(_ snapshot: WireSnapshot, position: String) -> String {
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
