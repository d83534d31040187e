import CX11
import Foundation
import Gestures
import Testing
@testable import X11Input

/// Touch sequences from the traces, sent as XIDeviceEvents, come out as the same InputEvents (with animd's own ids),
/// and every X touch gets exactly one allowance that matches the arena's decision.
struct TouchConversionTests {
    static let touchTraces = ["flick-constant", "flick-accelerating", "flick-decelerating", "edge-slow-drag",
                              "edge-short-slow-drag", "hold-then-release", "left-edge-vertical", "outside-zone",
                              "one-finger-pan", "two-finger-pan", "two-monitor-inner-edge", "two-monitor-outer-edge", "edge-cancel"]
    static let twoMonitors = ScreenGeometry(monitors: [Rect(x: 0, y: 0, width: 1920, height: 1080), Rect(x: 1920, y: 0, width: 1920, height: 1080)])
    static let edges = Edge.allCases.map { RecognizerSpec(name: "\($0)-edge", kind: .edgePan(EdgePanOptions(edge: $0)), sources: [.touch]) }

    /// What the X thread would hand the engine for one trace, and the allowances it would send back.
    struct Run {
        var converted: [InputEvent] = []
        var decisions: [[ArenaOutput]] = []
        var allowances: [XInputConverter.TouchAllowance] = []
    }

    static func run(_ name: String) throws -> (trace: [InputEvent], run: Run) {
        let trace = try Traces.events(name)
        let geometry = name.hasPrefix("two-monitor") ? twoMonitors : .fallback
        var converter = XInputConverter()
        var arena = GestureArena(recognizers: edges, geometry: geometry)
        var run = Run()
        for event in trace {
            let converted: [InputEvent]
            if case .touchCancel = event.kind {
                converted = converter.removeDevice(XEvents.touchscreen, at: 5 + event.time)
            } else {
                converted = converter.touch(try #require(XEvents.from(event, baseMS: 5000)))
            }
            for input in converted {
                run.converted.append(input)
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
        let (trace, run) = try Self.run(name)
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
                #expect(converted.location == original.location)
            case let (.touchCancel(a), .touchCancel(b)):
                #expect(mapped(a) == b)
            default:
                Issue.record("\(original.kind) became \(converted.kind)")
            }
        }
    }

    /// The arena decides the converted sequence as it decides the trace itself, and each X touch gets exactly one
    /// allowance: accept when a recognizer claimed it, reject when none could use it.
    @Test(arguments: touchTraces) func everyTouchIsAnsweredOnce(name: String) throws {
        let (trace, run) = try Self.run(name)
        var reference = GestureArena(recognizers: Self.edges, geometry: name.hasPrefix("two-monitor") ? Self.twoMonitors : .fallback)
        let expected = trace.map { reference.handle($0) }
        // Times differ by the server's 5 s, so velocities differ in the last bits: compare what was decided.
        #expect(run.decisions.map { $0.map(Self.summary) } == expected.map { $0.map(Self.summary) })
        let claimed = expected.joined().contains { if case .claimed = $0 { true } else { false } }
        let touches = Set(trace.compactMap { if case let .touchDown(id) = $0.kind { UInt32(1000 + id) } else { nil } })
        #expect(Set(run.allowances.map(\.touchID)) == touches && run.allowances.count == touches.count)
        #expect(run.allowances.allSatisfy { $0.accept == claimed && $0.deviceID == XEvents.master })
    }

    static func summary(_ output: ArenaOutput) -> String {
        switch output {
        case let .claimed(sequence, _, touches): "claimed \(sequence) \(touches)"
        case let .released(sequence, _, touches): "released \(sequence) \(touches)"
        case let .gesture(u): "\(u.name) \(u.state) \(u.translation.x) \(u.translation.y) \(u.touchCount)"
        }
    }

    /// A flick from the edge is accepted; a touch outside every zone is rejected at its very first event, so the
    /// application under it gets it without delay; motion along the edge is rejected.
    @Test func knownOutcomes() throws {
        #expect(try Self.run("flick-constant").run.allowances.map(\.accept) == [true])
        let outside = try Self.run("outside-zone").run
        #expect(outside.allowances.map(\.accept) == [false])
        #expect(outside.decisions.first?.contains { if case .released = $0 { true } else { false } } == true)
        #expect(try Self.run("left-edge-vertical").run.allowances.map(\.accept) == [false])
        #expect(try Self.run("two-monitor-inner-edge").run.allowances.map(\.accept) == [false])
        #expect(try Self.run("two-monitor-outer-edge").run.allowances.map(\.accept) == [true])
    }

    /// A finger landing on a sequence that is already claimed is claimed too, so X hears about every touch.
    @Test func laterFingerSharesTheDecision() {
        var converter = XInputConverter()
        var arena = GestureArena(recognizers: Self.edges, geometry: .fallback)
        var allowances: [XInputConverter.TouchAllowance] = []
        func feed(_ e: XIDeviceEvent) {
            for input in converter.touch(e) {
                for output in arena.handle(input) { allowances += converter.allowances(for: output) }
            }
        }
        feed(XEvents.touch(XI_TouchBegin, touch: 7, x: 3, y: 500, ms: 100))
        for step in 1...5 { feed(XEvents.touch(XI_TouchUpdate, touch: 7, x: 3 + Double(step) * 10, y: 500, ms: 100 + UInt(step) * 8)) }
        feed(XEvents.touch(XI_TouchBegin, touch: 8, x: 400, y: 500, ms: 160))
        #expect(allowances == [.init(deviceID: XEvents.master, touchID: 7, accept: true), .init(deviceID: XEvents.master, touchID: 8, accept: true)])
    }

    /// Events for touches animd never saw begin (it connected mid-touch) are dropped, and an id is freed only once the
    /// touch has both ended and been decided.
    @Test func unknownTouchesAndBookkeeping() {
        var converter = XInputConverter()
        #expect(converter.touch(XEvents.touch(XI_TouchUpdate, touch: 9, x: 1, y: 1, ms: 1)).isEmpty)
        #expect(converter.touch(XEvents.touch(XI_TouchEnd, touch: 9, x: 1, y: 1, ms: 2)).isEmpty)
        _ = converter.touch(XEvents.touch(XI_TouchBegin, touch: 9, x: 1, y: 1, ms: 3))
        _ = converter.touch(XEvents.touch(XI_TouchEnd, touch: 9, x: 1, y: 1, ms: 4))
        #expect(converter.openTouchCount == 1, "ended, not yet decided")
        #expect(converter.allowances(for: .released(sequence: 1, source: .touch, touches: [1])).count == 1)
        #expect(converter.openTouchCount == 0)
        #expect(converter.allowances(for: .released(sequence: 1, source: .touch, touches: [1])).isEmpty, "answered once")
    }

    /// A touchscreen named in the config maps onto its monitor from its absolute axes, not the server's root position.
    @Test func mappedTouchscreenUsesItsMonitor() {
        var converter = XInputConverter()
        converter.touchMappings[XEvents.touchscreen] = .init(monitor: Rect(x: 1920, y: 0, width: 1280, height: 800),
                                                             xAxis: 0...4095, yAxis: 0...4095)
        var e = XEvents.touch(XI_TouchBegin, touch: 1, x: 10, y: 10, ms: 1)
        var mask: [UInt8] = [0b0000_0011]
        var values: [Double] = [4095, 2047.5]
        let events = mask.withUnsafeMutableBufferPointer { maskBuffer in
            values.withUnsafeMutableBufferPointer { valueBuffer in
                e.valuators = XIValuatorState(mask_len: 1, mask: maskBuffer.baseAddress, values: valueBuffer.baseAddress)
                return converter.touch(e)
            }
        }
        #expect(events.map(\.location) == [Point(x: 1920 + 1279, y: 399.5)])
        var unmapped = XEvents.touch(XI_TouchBegin, touch: 2, x: 10, y: 20, ms: 2, source: 12)
        unmapped.valuators = XIValuatorState()
        #expect(converter.touch(unmapped).map(\.location) == [Point(x: 10, y: 20)], "other devices keep the server's position")
    }
}
