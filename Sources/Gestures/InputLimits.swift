/// The ranges every input value must be in, wherever it enters: an injected event (`InputEvent(fields:)`), X's
/// structs (`XInputConverter`), libinput's records (`LibinputConverter`). Outside them an injected event is an
/// error that names the field; a device's event is dropped, except a pinch's scale and angle, which read as no
/// change (a pinch is not lost for one bad reading).
public enum InputLimits {
    /// Coordinates and deltas beyond this many px are refused: no screen is that large.
    public static let coordinate = 1_000_000.0
    public static let coordinates = -coordinate...coordinate
    public static let touchIDs = 0...Int(Int32.max)
    public static let buttons = 1...255
    public static let fingers = 1...10
    /// Fingers down at once in a touch sequence: two hands, or ten on each of two touchscreens. A touch beyond them
    /// is released to the applications at once; without a bound, each touch-down cost time in proportion to those
    /// already down, and one client could open tens of thousands.
    public static let openTouches = 20
    /// Events in one `input.inject`: more than a request line (64 KiB) could hold of the smallest events anyway,
    /// said outright so that the error names it. `animctl inject` splits larger batches.
    public static let eventsPerInjection = 1000
    /// A pinch's scale, relative to its begin.
    public static let pinchScale = 0.0...1000.0
    /// A pinch's rotation since its begin, in degrees: a hundred turns either way.
    public static let pinchRotation = -36_000.0...36_000.0

    /// A device's position or delta, or nil (drop the event).
    @inlinable
    public static func point(_ x: Double, _ y: Double) -> Point? {
        coordinates.contains(x) && coordinates.contains(y) ? Point(x: x, y: y) : nil
    }

    /// A device's finger count or button number, or nil (drop the event).
    @inlinable
    public static func whole<Integer: BinaryInteger>(_ value: Integer, in range: ClosedRange<Int>) -> Int? {
        guard let value = Int(exactly: value), range.contains(value) else { return nil }
        return value
    }

    /// A device's pinch scale: 1 (unchanged) when it is not a number in range.
    @inlinable
    public static func pinchScale(_ scale: Double) -> Double { pinchScale.contains(scale) ? scale : 1 }

    /// A pinch's rotation after turning `delta` more degrees: a bad delta is no turn, and the sum stays in range.
    @inlinable
    public static func pinchRotation(_ rotation: Double, turnedBy delta: Double) -> Double {
        min(max(rotation + (delta.isFinite ? delta : 0), pinchRotation.lowerBound), pinchRotation.upperBound)
    }
}
