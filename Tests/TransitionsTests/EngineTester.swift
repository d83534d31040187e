import Gestures
import Motion
import Testing
import AnimConfig
@testable import Transitions
import TransitionModel

/// What a test expects one engine event to be.
enum Expected: CustomStringConvertible {
    case began(String, LegCause, from: Int, to: Int, progress: Double)
    case progress(String, TransitionPhase, progress: Double? = nil)
    case ended(String, AnimatingPosition, snap: Int, progress: Double)
    case gesture(String, RecognizerState)
    /// A `leg` event whose motion is of this kind.
    case leg(String, LegKind)

    enum LegKind: String { case driven, cubic, spring }

    var description: String {
        switch self {
        case let .began(n, c, f, t, p): "began(\(n), \(c), \(f)→\(t), p=\(p))"
        case let .progress(n, ph, p): "progress(\(n), \(ph), p=\(p.map { "\($0)" } ?? "any"))"
        case let .ended(n, pos, s, p): "ended(\(n), \(pos), snap \(s), p=\(p))"
        case let .gesture(n, st): "gesture(\(n), \(st))"
        case let .leg(n, kind): "leg(\(n), \(kind.rawValue))"
        }
    }

    func matches(_ event: EngineEvent) -> Bool {
        func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-9 }
        switch (self, event) {
        case let (.began(n, c, f, t, p), .began(s, cause, _)):
            return s.name == n && cause == c && s.from == f && s.to == t && close(s.progress, p)
        case let (.progress(n, ph, p), .progress(s)):
            return s.name == n && s.phase == ph && (p.map { close(s.progress, $0) } ?? true)
        case let (.ended(n, pos, snap, p), .ended(s, position)):
            return s.name == n && position == pos && s.snap == snap && close(s.progress, p) && s.phase == .idle
        case let (.gesture(n, st), .gesture(update)):
            return update.name == n && update.state == st
        case let (.leg(n, kind), .leg(s, motion)):
            let actual: LegKind = switch motion {
            case .driven: .driven
            case .cubic: .cubic
            case .spring: .spring
            }
            return s.name == n && actual == kind
        default:
            return false
        }
    }
}

/// Drives an engine step by step; every event of every step must be expected
/// (TCA's TestStore discipline), and the order guarantees of PROTOCOL.md are
/// checked on every event: seq strictly increases, began precedes its leg's
/// progress, and every began is followed by exactly one ended.
///
/// `leg` events are checked for order, and compared only when `expectsLegs` is
/// set: most tests are about progress, and `LegEventTests` pin the legs.
struct EngineTester {
    var engine: Engine
    var expectsLegs = false
    private var lastSeq: [String: Int] = [:]
    private var openLegs: Set<String> = []

    init(config: DaemonConfig = defaultConfig, geometry: ScreenGeometry = .fallback) {
        engine = Engine(config: config, geometry: geometry)
    }

    static let defaultConfig: DaemonConfig = {
        do { return try ConfigParser.parse(DaemonConfig.defaultText) } catch { fatalError("default config: \(error)") }
    }()

    @discardableResult
    mutating func command(_ command: Command, at time: Double, expect expected: [Expected],
                          sourceLocation: SourceLocation = #_sourceLocation) -> Result<CommandResult, EngineError> {
        let (result, output) = engine.perform(command, at: time)
        check(output.events, expected, sourceLocation)
        return result
    }

    @discardableResult
    mutating func input(_ event: InputEvent, at time: Double, expect expected: [Expected],
                        sourceLocation: SourceLocation = #_sourceLocation) -> EngineOutput {
        let output = engine.handle(event, at: time)
        check(output.events, expected, sourceLocation)
        return output
    }

    @discardableResult
    mutating func cancel(_ sources: [InputSource], at time: Double, expect expected: [Expected],
                         sourceLocation: SourceLocation = #_sourceLocation) -> EngineOutput {
        let output = engine.cancelInput(from: sources, at: time)
        check(output.events, expected, sourceLocation)
        return output
    }

    mutating func reconfigure(_ config: DaemonConfig, at time: Double, expect expected: [Expected],
                              sourceLocation: SourceLocation = #_sourceLocation) {
        check(engine.reconfigure(config, at: time).events, expected, sourceLocation)
    }

    /// Feeds events without asserting each one; returns them for summary checks.
    mutating func inputs(_ events: [InputEvent], at time: (InputEvent) -> Double) -> [EngineEvent] {
        events.flatMap { event in
            let produced = engine.handle(event, at: time(event)).events
            verifyOrder(produced, SourceLocation(fileID: #fileID, filePath: #filePath, line: #line, column: #column))
            return shown(produced)
        }
    }

    mutating func tick(at time: Double, expect expected: [Expected], sourceLocation: SourceLocation = #_sourceLocation) {
        check(engine.tick(at: time).events, expected, sourceLocation)
    }

    /// Ticks at `rate` Hz from `start` until the transition's leg ends; every
    /// frame must be a progress event and the last two progress + ended.
    /// Returns the progress values seen, and the end time.
    @discardableResult
    mutating func runToEnd(_ name: String, from start: Double, rate: Double = 60, position: AnimatingPosition, snap: Int,
                           sourceLocation: SourceLocation = #_sourceLocation) -> (values: [Double], end: Double) {
        var values: [Double] = []
        var time = start
        for _ in 0..<10_000 {
            time += 1 / rate
            let events = engine.tick(at: time).events
            verifyOrder(events, sourceLocation)
            if let last = events.last, case let .ended(snapshot, ended) = last {
                #expect(ended == position && snapshot.snap == snap, "ended \(ended) at snap \(snapshot.snap)", sourceLocation: sourceLocation)
                #expect(abs(snapshot.progress - Double(snap)) < 1e-9 || position == .current, sourceLocation: sourceLocation)
                #expect(events.count == 2, "a final frame, then ended", sourceLocation: sourceLocation)
                return (values, time)
            }
            #expect(events.count == 1, "one frame per tick: \(events)", sourceLocation: sourceLocation)
            if case let .progress(snapshot)? = events.first { values.append(snapshot.progress) }
        }
        Issue.record("\(name) never ended", sourceLocation: sourceLocation)
        return (values, time)
    }

    private mutating func check(_ events: [EngineEvent], _ expected: [Expected], _ location: SourceLocation) {
        verifyOrder(events, location)
        let events = shown(events)
        #expect(events.count == expected.count, "expected \(expected), got \(events)", sourceLocation: location)
        for (event, expectation) in zip(events, expected) {
            #expect(expectation.matches(event), "expected \(expectation), got \(event)", sourceLocation: location)
        }
    }

    /// The events a test compares: all of them, or all but `leg` events unless `expectsLegs`.
    private func shown(_ events: [EngineEvent]) -> [EngineEvent] {
        expectsLegs ? events : events.filter { if case .leg = $0 { false } else { true } }
    }

    private mutating func verifyOrder(_ events: [EngineEvent], _ location: SourceLocation) {
        for event in events {
            guard let name = event.transition else { continue }
            let snapshot: TransitionSnapshot
            switch event {
            case let .began(s, _, _):
                #expect(!openLegs.contains(name), "began before the previous leg ended", sourceLocation: location)
                openLegs.insert(name)
                snapshot = s
            case let .progress(s):
                snapshot = s
            case let .leg(s, _):
                #expect(openLegs.contains(name), "leg outside a leg", sourceLocation: location)
                snapshot = s
            case let .ended(s, _):
                #expect(openLegs.contains(name), "ended without began", sourceLocation: location)
                openLegs.remove(name)
                snapshot = s
            case .gesture:
                continue
            }
            #expect(snapshot.seq > lastSeq[name, default: 0], "seq must increase", sourceLocation: location)
            lastSeq[name] = snapshot.seq
        }
    }
}

extension InputEvent {
    static func touch(_ kind: (Int) -> InputEvent.Kind, _ x: Double, _ y: Double, at t: Double, id: Int = 1) -> InputEvent {
        InputEvent(time: t, kind: kind(id), location: Point(x: x, y: y))
    }
}
