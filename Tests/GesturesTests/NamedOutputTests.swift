import AnimProtocol
import Gestures
import JSONText
import Testing

/// A monitor by name, as `animctl hello` writes it and as `input.outputs` carries it. wl_output's transforms are
/// 0 normal, 1…3 turned by 90°, 180°, 270°, and 4…7 the same after a flip (wayland.xml, `wl_output.transform`).
struct NamedOutputTests {
    let rect = Rect(x: 1600, y: 0, width: 800, height: 1280)

    @Test func transformsReadAsRotationsInDegrees() {
        let expected = [
            "", " rotated 90°", " rotated 180°", " rotated 270°", " flipped", " flipped and rotated 90°",
            " flipped and rotated 180°", " flipped and rotated 270°",
        ]
        for (transform, suffix) in expected.enumerated() {
            #expect(
                NamedOutput(name: "HEADLESS-2", rect: rect, transform: transform).description
                    == "HEADLESS-2 800×1280+1600+0" + suffix)
        }
        #expect(NamedOutput(name: "X", rect: rect, transform: 8).transform == 0, "past wl_output's transforms: normal")
        #expect(NamedOutput(name: "X", rect: rect, transform: -1).transform == 0)
    }

    /// The wire form reads back as itself; a rectangle past the coordinate limit, an empty one or a transform the
    /// protocol does not have is refused, so that a client never computes with it.
    @Test func theWireFormReadsBackAndRefusesAbsurdValues() {
        let output = NamedOutput(name: "eDP-1", rect: rect, transform: 3)
        #expect(NamedOutput(json: output.json) == output)
        func with(_ key: String, _ value: JSONValue) -> JSONValue {
            guard case let .object(members) = output.json else { return .null }
            return .object(members.map { $0.0 == key ? (key, value) : $0 })
        }
        for (key, value) in [
            ("x", JSONValue.number(1e308)), ("y", .number(-1e7)), ("width", .number(0)), ("width", .number(-0.0)),
            ("height", .number(-Double.leastNonzeroMagnitude)), ("transform", .number(8)), ("transform", .number(2.5)),
            ("name", .number(1)),
        ] {
            #expect(NamedOutput(json: with(key, value)) == nil, "\(key) = \(value)")
        }
    }
}
