import Gestures
import Testing
import Transitions

/// Regions `{ edge, depth }` on any number of monitors: a strip along that side of every monitor whose border there
/// is, at least in part, an outer edge, and of every touchscreen's glass (docs/gestures.md). Expected rectangles
/// are written from the layouts by hand.
struct RegionPlacementTests {
    static func strips(_ edge: Edge, _ monitors: [Rect], glass: [Rect] = []) -> [Rect] {
        RegionSpec.strip(edge: edge, depth: 400).resolve(in: ScreenGeometry(monitors: monitors, touchSurfaces: glass))
    }

    let left = Rect(x: 0, y: 0, width: 1280, height: 720), right = Rect(x: 1280, y: 0, width: 1280, height: 720)

    @Test func twoSideBySide() {
        #expect(
            Self.strips(.right, [left, right]) == [Rect(x: 2160, y: 0, width: 400, height: 720)],
            "the outer right edge is the right monitor's")
        #expect(Self.strips(.left, [left, right]) == [Rect(x: 0, y: 0, width: 400, height: 720)])
        #expect(
            Self.strips(.top, [left, right]) == [
                Rect(x: 0, y: 0, width: 1280, height: 400), Rect(x: 1280, y: 0, width: 1280, height: 400),
            ])
        #expect(
            Self.strips(.right, [right, left]) == [Rect(x: 2160, y: 0, width: 400, height: 720)], "whatever the primary"
        )
    }

    @Test func threeSideBySideOfDifferentHeights() {
        let a = Rect(x: 0, y: 0, width: 1920, height: 1080), b = Rect(x: 1920, y: 0, width: 1280, height: 1024)
        let c = Rect(x: 3200, y: 0, width: 800, height: 1280)
        // a is taller than b: the stretch of a's right border below 1024 is an outer edge, so a has a strip; c
        // (1280 high) covers all of b's right border, so b has none.
        #expect(
            Self.strips(.right, [a, b, c]) == [
                Rect(x: 1520, y: 0, width: 400, height: 1080), Rect(x: 3600, y: 0, width: 400, height: 1280),
            ])
        #expect(
            Self.strips(.left, [a, b, c]) == [
                Rect(x: 0, y: 0, width: 400, height: 1080), Rect(x: 3200, y: 0, width: 400, height: 1280),
            ],
            "c is taller than b, so part of c's left border is outer")
        #expect(Self.strips(.bottom, [a, b, c]).count == 3)
    }

    @Test func stacked() {
        let top = Rect(x: 0, y: 0, width: 1920, height: 1080), bottom = Rect(x: 0, y: 1080, width: 1920, height: 1080)
        let third = Rect(x: 0, y: 2160, width: 1920, height: 1080)
        #expect(
            Self.strips(.right, [top, bottom]) == [
                Rect(x: 1520, y: 0, width: 400, height: 1080), Rect(x: 1520, y: 1080, width: 400, height: 1080),
            ])
        #expect(Self.strips(.bottom, [top, bottom, third]) == [Rect(x: 0, y: 2840, width: 1920, height: 400)])
        #expect(Self.strips(.top, [top, bottom, third]) == [Rect(x: 0, y: 0, width: 1920, height: 400)])
        #expect(Self.strips(.left, [top, bottom, third]).count == 3)
    }

    /// A touchscreen on the left monitor: its glass's right border is an edge for touch, so it has a strip there
    /// too, once; a strip never reaches past its monitor.
    @Test func touchscreensGlassHasItsOwnStrips() {
        #expect(
            Self.strips(.right, [left, right], glass: [left]) == [
                Rect(x: 2160, y: 0, width: 400, height: 720), Rect(x: 880, y: 0, width: 400, height: 720),
            ])
        #expect(Self.strips(.right, [left, right], glass: [right]) == [Rect(x: 2160, y: 0, width: 400, height: 720)])
        #expect(RegionSpec.strip(edge: .top, depth: 5000).resolve(in: ScreenGeometry(monitors: [left])) == [left])
    }
}
