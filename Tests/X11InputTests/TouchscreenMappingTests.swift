import Gestures
import Testing

@testable import X11Input

/// The server's placement of absolute touch coordinates (dix `rescaleValuatorAxis`: `(v − min) · size / (max − min +
/// 1)`) and the glass a Coordinate Transformation Matrix leaves on the screen.
struct TouchscreenMappingTests {
    static let desktop = Rect(x: 0, y: 0, width: 1920, height: 1080)
    /// The inputtest driver's touchscreen: both axes 0 … 65535.
    static let inputtest = TouchscreenMapping(xAxis: 0...65535, yAxis: 0...65535, target: desktop)

    /// The values a real Xorg gave an application for the same device units (FIELD-NOTES: x_px = v · width / 65536).
    @Test func placesTouchesAsTheServerDoes() {
        #expect(Self.inputtest.location(x: 100, y: 32768) == Point(x: 100.0 * 1920 / 65536, y: 540))
        #expect(Self.inputtest.location(x: 0, y: 0) == Point(x: 0, y: 0))
        #expect(
            Self.inputtest.location(x: 65535, y: 65535) == Point(x: 65535.0 * 1920 / 65536, y: 65535.0 * 1080 / 65536))
        let offset = TouchscreenMapping(xAxis: 100...4195, yAxis: -50...1997, target: Self.desktop)
        #expect(
            offset.location(x: 100 + 2048, y: -50 + 1024) == Point(x: 960, y: 540), "normalised from the axis minimum")
    }

    /// Pinned to a monitor, the device's range covers that monitor instead of the desktop.
    @Test func pinnedToAMonitor() {
        let pinned = TouchscreenMapping(
            xAxis: 0...4095, yAxis: 0...4095, target: Rect(x: 1920, y: 0, width: 1280, height: 800))
        #expect(pinned.location(x: 0, y: 2048) == Point(x: 1920, y: 400))
        #expect(pinned.location(x: 4095, y: 0) == Point(x: 1920 + 4095.0 * 1280 / 4096, y: 0))
        #expect(pinned.surface == pinned.target)
    }

    /// Beyond the range, a touch lands on the target's border, as the server keeps its sprite on the screen.
    @Test func clampsOntoTheTarget() {
        #expect(Self.inputtest.location(x: -5000, y: 1e308) == Point(x: 0, y: Double(1080).nextDown))
        #expect(Self.inputtest.location(x: .nan, y: 0) == nil)
        #expect(Self.inputtest.location(x: 0, y: -.infinity) == nil)
    }

    /// A matrix that turns the panel (a rotated tablet) keeps the whole screen as its glass; one that maps it onto
    /// the right half (`xinput map-to-output`) leaves that half; one with no image (w = 0) or with non-finite
    /// entries falls back to the whole target.
    @Test func glassThroughTheMatrix() {
        var rotated = Self.inputtest
        rotated.matrix = [0, -1, 1, 1, 0, 0, 0, 0, 1]
        #expect(rotated.surface == Self.desktop)
        #expect(rotated.transformed(Point(x: 0.25, y: 0.5)) == Point(x: 0.5, y: 0.25))
        let rightHalf = TouchscreenMapping(
            xAxis: 0...65535, yAxis: 0...65535, target: Self.desktop, matrix: [0.5, 0, 0.5, 0, 1, 0, 0, 0, 1])
        #expect(rightHalf.surface == Rect(x: 960, y: 0, width: 960, height: 1080))
        let singular = TouchscreenMapping(
            xAxis: 0...65535, yAxis: 0...65535, target: Self.desktop, matrix: [1, 0, 0, 0, 1, 0, 1, 0, -1])
        #expect(singular.surface == Self.desktop)
        let broken = TouchscreenMapping(
            xAxis: 0...65535, yAxis: 0...65535, target: Self.desktop, matrix: [.nan, 0, 0, 0, 1, 0, 0, 0, 1])
        #expect(broken.matrix == TouchscreenMapping.identity)
    }
}
