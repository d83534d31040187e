import CX11
import Foundation
import Gestures
import Testing

@testable import X11Input

/// Touch sequences from the traces, sent as the raw touch events the X server sends the root window, come out as
/// the same InputEvents (with animd's own ids). Where a strip's grab also holds a touch (exclusive touch edges), it
/// gets exactly one allowance, which matches the arena's decision.
struct TouchConversionTests {
    static let touchTraces = [
        "flick-constant", "flick-accelerating", "flick-decelerating", "edge-slow-drag",
        "edge-short-slow-drag", "hold-then-release", "left-edge-vertical", "outside-zone",
        "one-finger-pan", "two-finger-pan", "two-monitor-inner-edge", "two-monitor-outer-edge", "edge-cancel",
    ]
    static let twoMonitors = ScreenGeometry(monitors: [
        Rect(x: 0, y: 0, width: 1920, height: 1080), Rect(x: 1920, y: 0, width: 1920, height: 1080),
    ])
    static let edges = Edge.allCases.map {
        RecognizerSpec(name: "\($0)-edge", kind: .edgePan(EdgePanOptions(edge: $0)), sources: [.touch])
    }

    /// What the X thread would hand the engine for one trace, and the allowances it would send back.
    struct Run {
        var converted: [InputEvent] = []
        var decisions: [[ArenaOutput]] = []
        var allowances: [XInputConverter.TouchAllowance] = []
    }

    static func geometry(_ name: String) -> ScreenGeometry { name.hasPrefix("two-monitor") ? twoMonitors : .fallback }

    /// `held`: every touch also arrives through a strip's grab right after its raw begin, as in an exclusive strip.
    static func run(_ name: String, held: Bool) throws -> (trace: [InputEvent], run: Run) {
        let trace = try Traces.events(name)
        let geometry = geometry(name)
        var converter = XInputConverter()
        let desktop = geometry.monitors.reduce(Rect(x: 0, y: 0, width: 0, height: 0)) {
            Rect(x: 0, y: 0, width: max($0.width, $1.maxX), height: max($0.height, $1.maxY))
        }
        converter.touchscreens[XEvents.touchscreen] = XEvents.mapping(width: desktop.width, height: desktop.height)
        var arena = GestureArena(recognizers: edges, geometry: geometry)
        var run = Run()
        for event in trace {
            for input in XEvents.convert(event, baseMS: 5000, with: &converter) {
                run.converted.append(input)
                if held, case let .touchDown(id) = event.kind {
                    run.allowances += converter.grabbedTouch(XEvents.grabbedBegin(touch: Int32(1000 + id)))
                }
                let outputs = arena.handle(input)
                run.decisions.append(outputs)
                for output in outputs { run.allowances += converter.allowances(for: output) }
            }
        }
        return (trace, run)
    }

    /// Each converted event keeps the trace's kind, position and time (shifted by the X server's 5 s), and touch ids
    /// become animd's own, numbered in order of arrival.
    @Test(arguments: touchTraces) func conversionKeepsTheTrace(name: String) throws {
        let (trace, run) = try Self.run(name, held: false)
        try #require(run.converted.count == trace.count)
        var ids: [Int: Int] = [:]
        for (original, converted) in zip(trace, run.converted) {
            #expect(abs(converted.time - (5 + (original.time * 1000).rounded() / 1000)) < 1e-9)
            func mapped(_ id: Int) -> Int {
                if let known = ids[id] { return known }
                ids[id] = ids.count + 1
                return ids.count
            }
            switch (original.kind, converted.kind) {
            case let (.touchDown(a), .touchDown(b)), let (.touchMove(a), .touchMove(b)), let (.touchUp(a), .touchUp(b)):
                #expect(mapped(a) == b)
                #expect((converted.location - original.location).length < 1e-9)
            case let (.touchCancel(a), .touchCancel(b)):
                #expect(mapped(a) == b)
            default:
                Issue.record("\(original.kind) became \(converted.kind)")
            }
        }
        #expect(run.allowances.isEmpty, "a touch nobody holds for animd needs no answer")
    }

    /// The arena decides the converted sequence as it decides the trace itself, and each held touch gets exactly one
    /// allowance: accept when a recognizer claimed it, reject when none could use it.
    @Test(arguments: touchTraces) func everyHeldTouchIsAnsweredOnce(name: String) throws {
        let (trace, run) = try Self.run(name, held: true)
        var reference = GestureArena(recognizers: Self.edges, geometry: Self.geometry(name))
        let expected = trace.map { reference.handle($0) }
        // Times differ by the server's 5 s, so velocities differ in the last bits: compare what was decided.
        #expect(run.decisions.map { $0.map(Self.summary) } == expected.map { $0.map(Self.summary) })
        let claimed = expected.joined().contains { if case .claimed = $0 { true } else { false } }
        let touches = Set(trace.compactMap { if case let .touchDown(id) = $0.kind { UInt32(1000 + id) } else { nil } })
        if trace.contains(where: { if case .touchCancel = $0.kind { true } else { false } }) {
            #expect(run.allowances.allSatisfy { $0.accept == claimed }, "a removed device's touches need no answer")
        } else {
            #expect(Set(run.allowances.map(\.touchID)) == touches && run.allowances.count == touches.count)
            #expect(
                run.allowances.allSatisfy { $0.accept == claimed && $0.deviceID == XEvents.master && $0.window == 77 })
        }
    }

    static func summary(_ output: ArenaOutput) -> String {
        switch output {
        case let .claimed(sequence, _, touches): "claimed \(sequence) \(touches)"
        case let .released(sequence, _, touches): "released \(sequence) \(touches)"
        case let .landed(sequence, _, recognizers): "landed \(sequence) \(recognizers)"
        // Device units back to pixels differ from the trace in the last bits: a micropixel decides nothing.
        case let .gesture(u):
            "\(u.name) \(u.state) \((u.translation.x * 1e6).rounded()) \((u.translation.y * 1e6).rounded()) \(u.touchCount)"
        }
    }

    /// A flick from the edge is accepted; a touch outside every zone is rejected at its very first event; motion along
    /// the edge is rejected.
    @Test func knownOutcomes() throws {
        #expect(try Self.run("flick-constant", held: true).run.allowances.map(\.accept) == [true])
        let outside = try Self.run("outside-zone", held: true).run
        #expect(outside.allowances.map(\.accept) == [false])
        #expect(outside.decisions.first?.contains { if case .released = $0 { true } else { false } } == true)
        #expect(try Self.run("left-edge-vertical", held: true).run.allowances.map(\.accept) == [false])
        #expect(try Self.run("two-monitor-inner-edge", held: true).run.allowances.map(\.accept) == [false])
        #expect(try Self.run("two-monitor-outer-edge", held: true).run.allowances.map(\.accept) == [true])
    }

    static func converter() -> XInputConverter {
        var converter = XInputConverter()
        converter.touchscreens[XEvents.touchscreen] = XEvents.mapping()
        return converter
    }

    /// A finger landing on a sequence that is already claimed is claimed too, so X hears about every held touch.
    @Test func laterFingerSharesTheDecision() {
        var converter = Self.converter()
        var arena = GestureArena(recognizers: Self.edges, geometry: .fallback)
        var allowances: [XInputConverter.TouchAllowance] = []
        func feed(_ type: Int32, _ touch: Int32, _ x: Double, _ ms: UInt) {
            for input in XEvents.rawTouch(type, touch: touch, x: x, y: 500, ms: ms, { converter.rawTouch($0) }) {
                if type == XI_RawTouchBegin { allowances += converter.grabbedTouch(XEvents.grabbedBegin(touch: touch)) }
                for output in arena.handle(input) { allowances += converter.allowances(for: output) }
            }
        }
        feed(XI_RawTouchBegin, 7, 3, 100)
        for step in 1...5 { feed(XI_RawTouchUpdate, 7, 3 + Double(step) * 10, 100 + UInt(step) * 8) }
        feed(XI_RawTouchBegin, 8, 400, 160)
        #expect(
            allowances == [
                .init(deviceID: XEvents.master, touchID: 7, window: 77, accept: true),
                .init(deviceID: XEvents.master, touchID: 8, window: 77, accept: true),
            ])
    }

    /// The grabbed begin and the arena's decision may come in either order; the answer goes out once both are in.
    /// A grabbed touch animd never saw begin raw (it connected mid-touch, or a rival held it first) is rejected at
    /// once, and so is a second grab of one touch.
    @Test func heldTouchesAreAnsweredOnceBothAreKnown() {
        var converter = Self.converter()
        _ = XEvents.rawTouch(XI_RawTouchBegin, touch: 4, x: 5, y: 5, ms: 1) { converter.rawTouch($0) }
        #expect(converter.allowances(for: .released(sequence: 1, source: .touch, touches: [1])).isEmpty, "not held yet")
        #expect(
            converter.grabbedTouch(XEvents.grabbedBegin(touch: 4, window: 9))
                == [.init(deviceID: XEvents.master, touchID: 4, window: 9, accept: false)])
        #expect(
            converter.grabbedTouch(XEvents.grabbedBegin(touch: 4, window: 9))
                == [.init(deviceID: XEvents.master, touchID: 4, window: 9, accept: false)],
            "a second grab of it is given away")
        #expect(
            converter.grabbedTouch(XEvents.grabbedBegin(touch: 99, window: 9))
                == [.init(deviceID: XEvents.master, touchID: 99, window: 9, accept: false)])
        var update = XIDeviceEvent()
        update.evtype = XI_TouchUpdate
        #expect(converter.grabbedTouch(update).isEmpty, "positions come from raw events only")
    }

    /// Events for touches animd never saw begin are dropped, raw touches from a device that is not a known
    /// touchscreen are ignored, and an id is freed only once the touch has ended and, if held, been answered.
    @Test func unknownTouchesAndBookkeeping() {
        var converter = Self.converter()
        #expect(XEvents.rawTouch(XI_RawTouchUpdate, touch: 9, x: 1, y: 1, ms: 1) { converter.rawTouch($0) }.isEmpty)
        #expect(XEvents.rawTouch(XI_RawTouchEnd, touch: 9, x: 1, y: 1, ms: 2) { converter.rawTouch($0) }.isEmpty)
        #expect(
            XEvents.rawTouch(XI_RawTouchBegin, touch: 9, x: 1, y: 1, ms: 2, source: 12) { converter.rawTouch($0) }
                .isEmpty)
        _ = XEvents.rawTouch(XI_RawTouchBegin, touch: 9, x: 1, y: 1, ms: 3) { converter.rawTouch($0) }
        _ = converter.grabbedTouch(XEvents.grabbedBegin(touch: 9))
        _ = XEvents.rawTouch(XI_RawTouchEnd, touch: 9, x: 1, y: 1, ms: 4) { converter.rawTouch($0) }
        #expect(converter.openTouchCount == 1, "ended, not yet answered")
        #expect(converter.allowances(for: .released(sequence: 1, source: .touch, touches: [1])).count == 1)
        #expect(converter.openTouchCount == 0)
        #expect(
            converter.allowances(for: .released(sequence: 1, source: .touch, touches: [1])).isEmpty, "answered once")
        _ = XEvents.rawTouch(XI_RawTouchBegin, touch: 10, x: 1, y: 1, ms: 5) { converter.rawTouch($0) }
        _ = converter.allowances(for: .released(sequence: 2, source: .touch, touches: [2]))
        _ = XEvents.rawTouch(XI_RawTouchEnd, touch: 10, x: 1, y: 1, ms: 6) { converter.rawTouch($0) }
        #expect(converter.openTouchCount == 0, "a touch nobody held is done once it ended and was decided")
    }

    /// An update that carries one axis keeps the other from the touch's last event.
    @Test func anUpdateWithOneAxisKeepsTheOther() {
        var converter = Self.converter()
        let events =
            XEvents.rawTouch(XI_RawTouchBegin, touch: 1, x: 100, y: 200, ms: 1) { converter.rawTouch($0) }
            + XEvents.rawTouch(XI_RawTouchUpdate, touch: 1, x: 150, y: nil, ms: 2) { converter.rawTouch($0) }
            + XEvents.rawTouch(XI_RawTouchUpdate, touch: 1, x: nil, y: 260, ms: 3) { converter.rawTouch($0) }
            + XEvents.rawTouch(XI_RawTouchEnd, touch: 1, x: nil, y: nil, ms: 4) { converter.rawTouch($0) }
        #expect(
            events.map(\.location) == [
                Point(x: 100, y: 200), Point(x: 150, y: 200), Point(x: 150, y: 260), Point(x: 150, y: 260),
            ])
    }
}
