import AnimProtocol
import Gestures
import Testing

/// One set of limits for every way input enters: what a device's converter keeps is exactly what an injected
/// event may carry.
@Suite struct InputLimitsTests {
    static let edgeValues: [Double] = [
        0, -0.0, .leastNonzeroMagnitude, 999_999.5, 1_000_000, 1_000_000.5, -1_000_000, -1_000_001, 1e308, .nan,
        .infinity,
    ]

    static func injected(x: Double) -> Bool {
        (try? InputEvent(wire: .object([("t", 0), ("kind", "pointer-move"), ("x", .number(x)), ("y", 0)]))) != nil
    }

    /// A coordinate a device reports is kept exactly when the same coordinate injected is accepted.
    @Test(arguments: edgeValues)
    func coordinatesAgree(x: Double) {
        // JSON carries no NaN or infinity: an injected one cannot exist, and a device's is dropped.
        let injectable = x.isFinite && Self.injected(x: x)
        #expect((InputLimits.point(x, 0) != nil) == injectable, "x = \(x)")
    }

    /// Finger counts: 1 to 10, from a device as from a client.
    @Test(arguments: [-1, 0, 1, 10, 11, Int(Int32.max)])
    func fingersAgree(count: Int) {
        let injected =
            (try? InputEvent(
                wire: .object([
                    ("t", 0), ("kind", "swipe-begin"), ("x", 0), ("y", 0), ("fingers", .number(Double(count))),
                ])))
        #expect((InputLimits.whole(count, in: InputLimits.fingers) != nil) == (injected != nil), "fingers = \(count)")
        #expect(
            InputLimits.whole(Int32(truncatingIfNeeded: count), in: InputLimits.fingers)
                == ((1...10).contains(count) ? count : nil))
    }

    /// A device's bad pinch reading changes nothing: scale 1, no turn; a good one is kept; the sum stays bounded.
    @Test func pinchReadingsAreBounded() {
        #expect(
            InputLimits.pinchScale(.nan) == 1 && InputLimits.pinchScale(1e308) == 1 && InputLimits.pinchScale(-0.5) == 1
        )
        #expect(InputLimits.pinchScale(2.5) == 2.5)
        #expect(InputLimits.pinchRotation(10, turnedBy: .infinity) == 10)
        #expect(InputLimits.pinchRotation(35_999, turnedBy: 1e308) == 36_000)
        #expect(InputLimits.pinchRotation(-35_999, turnedBy: -5) == -36_000)
    }
}
