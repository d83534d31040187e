import Testing

@testable import Gestures

/// An edge pan placed on one monitor and one part of its edge (issue 29's `output` and `span`): where a touch, a
/// button-1 press and a push may start it, by the rules written in `EdgePlacement`.
struct EdgePlacementTests {
    /// Two monitors side by side, named as RandR names them: A 1920×1080 at 0,0 and B 1280×1024 at 1920,0.
    static let geometry = ScreenGeometry(
        monitors: [Rect(x: 0, y: 0, width: 1920, height: 1080), Rect(x: 1920, y: 0, width: 1280, height: 1024)],
        outputs: [
            NamedOutput(name: "A", rect: Rect(x: 0, y: 0, width: 1920, height: 1080)),
            NamedOutput(name: "B", rect: Rect(x: 1920, y: 0, width: 1280, height: 1024)),
        ])

    /// The dock of the issue: the bottom of B, from a quarter to three quarters of its width (x 2240 …< 2880).
    static let dock = RecognizerSpec(
        name: "dock",
        kind: .edgePan(EdgePanOptions(edge: .bottom, placement: EdgePlacement(output: "B", span: 0.25...0.75))),
        sources: [.touch, .pointer])

    /// Whether a touch-down at `x`, `y` lands on the dock's recognizer.
    static func lands(
        _ x: Double, _ y: Double, source: InputSource = .touch, geometry: ScreenGeometry = geometry,
        spec: RecognizerSpec = dock
    ) -> Bool {
        var arena = GestureArena(recognizers: [spec], geometry: geometry)
        let kind: InputEvent.Kind = source == .touch ? .touchDown(id: 1) : .buttonDown(button: 1)
        return arena.handle(InputEvent(time: 0, kind: kind, location: Point(x: x, y: y))).contains { output in
            if case let .landed(_, _, recognizers) = output { return recognizers == ["dock"] }
            return false
        }
    }

    @Test func onlyTheSpanOfTheNamedMonitor() {
        #expect(Self.lands(2240, 1020), "a quarter of B's width: the span's first pixel")
        #expect(Self.lands(2560, 1023) && Self.lands(2879, 1010))
        #expect(!Self.lands(2880, 1020), "three quarters: the span ends before it")
        #expect(!Self.lands(2239, 1020) && !Self.lands(2000, 1020), "before the span")
        #expect(!Self.lands(960, 1079), "the bottom of A")
        #expect(!Self.lands(2560, 980), "above the 20 px zone")
        #expect(Self.lands(2560, 1023, source: .pointer), "a press in the strip, within the span")
        #expect(!Self.lands(2100, 1023, source: .pointer))
    }

    /// A name no monitor has places nothing, until one has it; without a name, the span is of the monitor the touch
    /// is on.
    @Test func aMissingMonitorPlacesNothingAndNoNameMeansAny() {
        let alone = ScreenGeometry(
            monitors: [Rect(x: 0, y: 0, width: 1920, height: 1080)],
            outputs: [NamedOutput(name: "A", rect: Rect(x: 0, y: 0, width: 1920, height: 1080))])
        #expect(!Self.lands(960, 1079, geometry: alone))
        let anyMonitor = RecognizerSpec(
            name: "dock", kind: .edgePan(EdgePanOptions(edge: .bottom, placement: EdgePlacement(span: 0.25...0.75))))
        #expect(Self.lands(960, 1079, spec: anyMonitor) && !Self.lands(100, 1079, spec: anyMonitor))
        #expect(Self.lands(2560, 1023, spec: anyMonitor), "the middle of B, measured along B")
    }

    /// Left and right edges measure from the top.
    @Test func sideEdgesMeasureFromTheTop() {
        let upper = RecognizerSpec(
            name: "dock",
            kind: .edgePan(EdgePanOptions(edge: .left, placement: EdgePlacement(output: "A", span: 0...0.5))))
        #expect(Self.lands(3, 100, spec: upper) && Self.lands(3, 539, spec: upper) && !Self.lands(3, 540, spec: upper))
    }

    /// Two placements overlap when they can take one point: same monitor (or either any), and spans that meet.
    @Test func overlapsAreSpansThatMeetOnOneMonitor() {
        #expect(EdgePlacement(span: 0...0.5).overlaps(EdgePlacement(span: 0.4...1)))
        #expect(
            !EdgePlacement(span: 0...0.5).overlaps(EdgePlacement(span: 0.5...1)),
            "half-open: they meet at a line, not a pixel")
        #expect(!EdgePlacement(output: "A").overlaps(EdgePlacement(output: "B")))
        #expect(EdgePlacement(output: "A").overlaps(EdgePlacement()))
        #expect(EdgePlacement().isEverywhere && !EdgePlacement(output: "A").isEverywhere)
    }

    /// What barriers and drag strips cover: the named monitor's outer stretch within the span, or each monitor's
    /// within its own span; the whole edge as soon as one edge pan there has no placement.
    @Test func barriersAndStripsCoverOnlyThePlacedParts() {
        let geometry = Self.geometry
        let bottoms = geometry.outerSegments(of: [.bottom])
        #expect(
            geometry.placed(bottoms, within: [EdgePlacement(output: "B", span: 0.25...0.75)])
                == [EdgeSegment(edge: .bottom, line: 1024, start: 2240, end: 2880)])
        #expect(
            geometry.placed(bottoms, within: [EdgePlacement(span: 0...0.5)])
                == [
                    EdgeSegment(edge: .bottom, line: 1080, start: 0, end: 960),
                    EdgeSegment(edge: .bottom, line: 1024, start: 1920, end: 2560),
                ])
        #expect(
            geometry.placed(
                bottoms,
                within: [EdgePlacement(output: "B", span: 0...0.25), EdgePlacement(output: "B", span: 0.2...0.5)])
                == [EdgeSegment(edge: .bottom, line: 1024, start: 1920, end: 2560)], "overlapping spans are one stretch"
        )
        #expect(geometry.placed(bottoms, within: [EdgePlacement(output: "gone")]).isEmpty)
        #expect(geometry.placed(bottoms, within: [EdgePlacement(output: "B"), EdgePlacement()]) == bottoms)
        // A's right border is shared with B, but for the 56 px of it below B: the span is of A's whole border.
        let rights = geometry.outerSegments(of: [.right])
        #expect(
            geometry.placed(rights, within: [EdgePlacement(output: "A", span: 0.5...1)])
                == [EdgeSegment(edge: .right, line: 1920, start: 1024, end: 1080)])
    }

    /// What exclusive touch strips cover on a glass: a span without an output is of the glass, as a touch measures
    /// it; one with an output is of that monitor's border where it lies on the glass's; anything else, nothing.
    @Test func touchStripsCoverOnlyThePlacedParts() {
        let geometry = Self.geometry
        // A glass over both monitors' bottom at y 1024 (B's height), and one pinned to B.
        let wide = Rect(x: 0, y: 0, width: 3200, height: 1024), pinned = Rect(x: 1920, y: 0, width: 1280, height: 1024)
        #expect(
            geometry.placed(onGlass: wide, edge: .bottom, within: [EdgePlacement(span: 0.25...0.5)])
                == [EdgeSegment(edge: .bottom, line: 1024, start: 800, end: 1600)])
        #expect(
            geometry.placed(onGlass: wide, edge: .bottom, within: [EdgePlacement(output: "B", span: 0.25...0.75)])
                == [EdgeSegment(edge: .bottom, line: 1024, start: 2240, end: 2880)])
        #expect(
            geometry.placed(onGlass: pinned, edge: .bottom, within: [EdgePlacement(output: "B", span: 0.25...0.75)])
                == [EdgeSegment(edge: .bottom, line: 1024, start: 2240, end: 2880)])
        #expect(
            geometry.placed(onGlass: pinned, edge: .bottom, within: [EdgePlacement(output: "A", span: 0...1)]).isEmpty,
            "A's bottom is at 1080, not on this glass's edge")
        #expect(
            geometry.placed(
                onGlass: pinned, edge: .bottom, within: [EdgePlacement(span: 0...0.25), EdgePlacement(span: 0.2...0.5)])
                == [EdgeSegment(edge: .bottom, line: 1024, start: 1920, end: 2560)], "overlapping spans are one strip")
        #expect(
            geometry.placed(onGlass: pinned, edge: .left, within: [EdgePlacement(), EdgePlacement(output: "gone")])
                == [pinned.border(.left)], "an edge pan without placement takes the whole edge")
        #expect(geometry.placed(onGlass: pinned, edge: .left, within: [EdgePlacement(output: "gone")]).isEmpty)
    }
}
