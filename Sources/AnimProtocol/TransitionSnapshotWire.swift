public import JSONText
import Motion
public import TextWriting
public import TransitionModel

/// The snapshot on the wire: one writer and one decoder, for the daemon and its clients alike.
extension TransitionSnapshot {
    /// Writes the members without the braces, so that events can add their own.
    @inlinable
    public func writeMembers(into out: inout some TextOutput) {
        out.writeLiteral("\"name\":")
        JSONWriter.writeString(name, into: &out)
        out.writeLiteral(",\"progress\":"); JSONWriter.writeNumber(progress, into: &out)
        out.writeLiteral(",\"fraction\":"); JSONWriter.writeNumber(fraction, into: &out)
        out.writeLiteral(",\"velocity\":"); JSONWriter.writeNumber(velocity, into: &out)
        out.writeLiteral(",\"phase\":\""); out.write(phase.rawValue)
        out.writeLiteral("\",\"from\":"); writeInteger(Int64(from), to: &out)
        out.writeLiteral(",\"to\":"); writeInteger(Int64(to), to: &out)
        out.writeLiteral(",\"target\":"); writeInteger(Int64(target), to: &out)
        out.writeLiteral(",\"snap\":"); writeInteger(Int64(snap), to: &out)
        out.writeLiteral(",\"snapPoints\":[")
        for (i, point) in snapPoints.enumerated() {
            if i > 0 { out.writeLiteral(",") }
            JSONWriter.writeNumber(point, into: &out)
        }
        out.writeLiteral("],\"seq\":"); writeInteger(Int64(seq), to: &out)
        out.writeLiteral(",\"time\":"); JSONWriter.writeNumber(time, into: &out)
        if let leg {
            out.writeLiteral(",\"leg\":")
            leg.writeJSON(into: &out)
        }
    }

    /// The snapshot as one JSON object, for answers (`transition.get`, `list`, `subscribe`): the same members as
    /// events, from the same writer.
    public func writeJSON(into out: inout some TextOutput) { writeJSON(owner: nil, into: &out) }

    /// The member `"transitions":[snapshot, …]`, without braces, so that an answer can add its own members; each
    /// declared transition with its owner.
    public static func writeList(
        _ snapshots: [TransitionSnapshot], owners: (String) -> TransitionOwner? = { _ in nil },
        into out: inout some TextOutput
    ) {
        out.writeLiteral("\"transitions\":[")
        for (index, snapshot) in snapshots.enumerated() {
            if index > 0 { out.writeLiteral(",") }
            snapshot.writeJSON(owner: owners(snapshot.name), into: &out)
        }
        out.writeLiteral("]")
    }

    /// Reads a snapshot back (clients, animctl, tests); nil if any field is missing or of the wrong type, or the
    /// phase is not one of the contract's.
    public init?(json: JSONValue) {
        guard let name = json["name"]?.string, let progress = json["progress"]?.number,
            let fraction = json["fraction"]?.number,
            let velocity = json["velocity"]?.number,
            let phase = json["phase"]?.string.flatMap(TransitionPhase.init(rawValue:)),
            let from = json["from"]?.integer,
            let to = json["to"]?.integer, let target = json["target"]?.integer, let snap = json["snap"]?.integer,
            let points = json["snapPoints"]?.array, let seq = json["seq"]?.integer, let time = json["time"]?.number
        else { return nil }
        let snapPoints = points.compactMap(\.number)
        guard snapPoints.count == points.count else { return nil }
        var leg: LegMotion?
        if let legJSON = json["leg"] {
            guard let decoded = LegMotion(json: legJSON) else { return nil }
            leg = decoded
        }
        self.init(
            name: name, progress: progress, fraction: fraction, velocity: velocity, phase: phase, from: from, to: to,
            target: target, snap: snap, snapPoints: snapPoints, seq: seq, time: time, leg: leg)
    }
}
