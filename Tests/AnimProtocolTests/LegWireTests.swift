import AnimProtocol
import JSONText
import Motion
import Testing
import TransitionModel

/// The leg object's one writer and one decoder: what is written reads back the same, and anything a daemon could
/// not have sent (a missing field, a non-finite or out-of-range number, an unknown kind) reads as nothing.
struct LegWireTests {
    static let spring = LegMotion.spring(
        SpringLegMotion(
            mass: 1, stiffness: 322.27279677026473, damping: 32.313524436923586, velocity: -0.5,
            from: 1.3, to: 1, startTime: 20489.917917547, elapsed: 0.125, settlingTime: 0.4666344980195093))
    static let cubic = LegMotion.cubic(
        CubicLegMotion(
            curve: CubicBezier(0.34, 1.56, 0.64, 1), from: 0, to: 2, startTime: 5.5,
            startX: 0.75, endX: 0, duration: 0.2625))

    static func written(_ leg: LegMotion) -> String {
        var out = ""
        leg.writeJSON(into: &out)
        return out
    }

    @Test(arguments: [LegWireTests.spring, LegWireTests.cubic, LegMotion.driven])
    func everyKindReadsBackTheSame(_ leg: LegMotion) throws {
        let text = Self.written(leg)
        #expect(LegMotion(json: try JSONParser.parse(Array(text.utf8))) == leg, "\(text)")
    }

    @Test func theMembersAreThoseOfTheContract() {
        #expect(Self.written(.driven) == #"{"kind":"driven"}"#)
        #expect(
            Self.written(Self.cubic)
                == #"{"kind":"cubic","controlPoints":[0.34,1.56,0.64,1],"from":0,"to":2,"startTime":5.5,"startX":0.75,"endX":0,"duration":0.2625}"#
        )
        #expect(
            Self.written(Self.spring).hasPrefix(
                #"{"kind":"spring","mass":1,"stiffness":322.27279677026473,"damping":32.313524436923586,"velocity":-0.5,"from":1.3,"to":1,"#
            ))
    }

    @Test func anythingADaemonCouldNotHaveSentIsRefused() throws {
        let good = Self.written(Self.spring)
        let bad = [
            good.replacingOccurrences(of: #""mass":1,"#, with: ""),
            good.replacingOccurrences(of: #""mass":1,"#, with: #""mass":0,"#),
            good.replacingOccurrences(of: #""damping":32.313524436923586"#, with: #""damping":-1"#),
            good.replacingOccurrences(of: #""stiffness":322.27279677026473"#, with: #""stiffness":null"#),
            good.replacingOccurrences(of: #""elapsed":0.125"#, with: #""elapsed":-0.125"#),
            good.replacingOccurrences(of: #""from":1.3"#, with: #""from":"1.3""#),
            good.replacingOccurrences(of: #""kind":"spring""#, with: #""kind":"bounce""#),
            #"{"kind":"cubic","controlPoints":[1.5,0,0.5,1],"from":0,"to":1,"startTime":0,"startX":0,"endX":1,"duration":1}"#,
            #"{"kind":"cubic","controlPoints":[0,0,1],"from":0,"to":1,"startTime":0,"startX":0,"endX":1,"duration":1}"#,
            #"{"kind":"cubic","controlPoints":[0,0,1,1],"from":0,"to":1,"startTime":0,"startX":1.5,"endX":1,"duration":1}"#,
            #"{"kind":"cubic","controlPoints":[0,0,1,1],"from":0,"to":1,"startTime":0,"startX":0,"endX":1,"duration":-1}"#,
            #"{"kind":"cubic","controlPoints":[0,0,1,1],"from":0,"to":1,"startTime":0,"startX":0,"endX":1}"#,
        ]
        for text in bad {
            let json = try JSONParser.parse(Array(text.utf8))
            #expect(LegMotion(json: json) == nil, "\(text)")
        }
    }

    /// A snapshot carries its leg only when it has one, after `time`; a `leg` that does not read makes the whole
    /// snapshot unreadable rather than silently legless.
    @Test func snapshotsCarryTheLegAfterTheirTime() throws {
        let snapshot = TransitionSnapshot(
            name: "sidebar", progress: 0.5, fraction: 0.5, velocity: 1, phase: .animating, from: 0, to: 1, target: 1,
            snap: 0, snapPoints: [0, 1], seq: 3, time: 7, leg: Self.cubic)
        var out = ""
        snapshot.writeJSON(into: &out)
        #expect(out.contains(#""time":7,"leg":{"kind":"cubic""#))
        #expect(TransitionSnapshot(json: try JSONParser.parse(Array(out.utf8))) == snapshot)
        var legless = snapshot
        legless.leg = nil
        var plain = ""
        legless.writeJSON(into: &plain)
        #expect(!plain.contains("leg"))
        let broken = out.replacingOccurrences(of: #""kind":"cubic""#, with: #""kind":"wobble""#)
        #expect(TransitionSnapshot(json: try JSONParser.parse(Array(broken.utf8))) == nil)
    }
}
