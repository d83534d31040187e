import Gestures
import Testing

@testable import LibinputInput

/// Compositor outputs below the Wayland boundary: what wl_output and zxdg_output_v1 say, as values, into the screen
/// animd uses, and touches placed on an output turned by its transform.
struct WaylandOutputTests {
    /// A complete output as a compositor announces one: geometry, the current mode, scale, name, then done.
    static func announce(
        _ table: inout WaylandOutputTable, _ id: UInt32, name: String, at x: Int32, _ y: Int32, mode: (Int32, Int32),
        scale: Int32 = 1, transform: Int32 = 0, logical: (Int32, Int32, Int32, Int32)? = nil
    ) {
        table.add(id)
        table.update(id, .geometry(x: x, y: y, transform: transform))
        table.update(id, .mode(width: 640, height: 480, current: false))
        table.update(id, .mode(width: mode.0, height: mode.1, current: true))
        table.update(id, .scale(scale))
        table.update(id, .name(name))
        if let logical {
            table.update(id, .logicalPosition(x: logical.0, y: logical.1))
            table.update(id, .logicalSize(width: logical.2, height: logical.3))
        }
        table.update(id, .done)
    }

    /// Without xdg-output, an output's logical size is its current mode over its scale, turned for 90° and 270°;
    /// with it, xdg-output's rectangle wins. Outputs come in the compositor's order, and only once done.
    @Test func outputsBecomeTheScreen() {
        var table = WaylandOutputTable()
        Self.announce(&table, 7, name: "DP-1", at: 0, 0, mode: (2560, 1440), scale: 2)
        Self.announce(&table, 9, name: "eDP-1", at: 1280, 0, mode: (1920, 1080), transform: 1)
        Self.announce(&table, 12, name: "HDMI-A-1", at: 0, 0, mode: (1920, 1080), logical: (3360, 0, 1280, 720))
        table.add(15)
        table.update(15, .mode(width: 800, height: 600, current: true))
        #expect(
            table.placed.map(\.rect) == [
                Rect(x: 0, y: 0, width: 1280, height: 720), Rect(x: 1280, y: 0, width: 1080, height: 1920),
                Rect(x: 3360, y: 0, width: 1280, height: 720),
            ], "output 15 has no done yet")
        #expect(table.placed.map(\.name) == ["DP-1", "eDP-1", "HDMI-A-1"])
        table.remove(9)
        #expect(table.placed.map(\.name) == ["DP-1", "HDMI-A-1"])
    }

    /// A touchscreen's output: by name from the config, else by libinput's hint, else the first.
    @Test func aTouchscreenFindsItsOutput() {
        var table = WaylandOutputTable()
        Self.announce(&table, 1, name: "DP-1", at: 0, 0, mode: (1920, 1080))
        Self.announce(&table, 2, name: "eDP-1", at: 1920, 0, mode: (1920, 1200))
        #expect(table.output(pinnedTo: "eDP-1", hint: "DP-1")?.name == "eDP-1")
        #expect(table.output(pinnedTo: "nope", hint: "eDP-1")?.name == "eDP-1")
        #expect(table.output(pinnedTo: nil, hint: nil)?.name == "DP-1")
        #expect(WaylandOutputTable().output(pinnedTo: nil, hint: nil) == nil)
    }

    /// Numbers from the compositor are range-checked where they enter: sizes must be positive and below the
    /// coordinate limit, scales 1…16, transforms 0…7; a bad value keeps the last good one or the default.
    @Test func absurdValuesAreRefused() {
        var table = WaylandOutputTable()
        Self.announce(&table, 1, name: "DP-1", at: 0, 0, mode: (1920, 1080))
        table.update(1, .mode(width: -5, height: 1080, current: true))
        table.update(1, .mode(width: .max, height: .max, current: true))
        table.update(1, .scale(0))
        table.update(1, .geometry(x: .min, y: 0, transform: 99))
        table.update(1, .logicalSize(width: 0, height: 0))
        table.update(1, .done)
        #expect(table.placed.first?.rect == Rect(x: 0, y: 0, width: 1920, height: 1080))
        #expect(table.placed.first?.transform == 0)
        table.update(2, .done)
        #expect(table.outputs[2] == nil, "changes to an output never announced are dropped")
    }

    /// Touches on a turned output: wl_output turns content counter-clockwise by 90° × (transform mod 4), after a
    /// flip about the vertical axis for 4…7; a touch on the turned panel comes back through the inverse. The panel's
    /// top left corner is the content's top right at 90°, its bottom right at 180°, its bottom left at 270°.
    @Test func touchesFollowTheTransform() {
        let rect = Rect(x: 100, y: 0, width: 1000, height: 500)
        let corner = Point(x: 0, y: 0)
        #expect(place(corner, on: rect, transform: 0) == Point(x: 100, y: 0))
        #expect(place(corner, on: rect, transform: 1) == Point(x: Double(1100).nextDown, y: 0))
        #expect(place(corner, on: rect, transform: 2) == Point(x: Double(1100).nextDown, y: Double(500).nextDown))
        #expect(place(corner, on: rect, transform: 3) == Point(x: 100, y: Double(500).nextDown))
        #expect(place(corner, on: rect, transform: 4) == Point(x: Double(1100).nextDown, y: 0), "flipped")
        #expect(place(Point(x: 0.25, y: 0.5), on: rect, transform: 1) == Point(x: 100 + 0.5 * 1000, y: 0.25 * 500))
        #expect(
            place(Point(x: -3, y: 9), on: rect, transform: 0) == Point(x: 100, y: Double(500).nextDown),
            "kept on the output")
    }
}
