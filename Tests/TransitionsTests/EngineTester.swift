import AnimConfig
import Gestures
import Motion
import Testing
import TransitionModel

@testable import Transitions

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
        case let (.gesture(n, st), .gesture(update, _)):
            return update.name == n && update.state == st
        case let (.leg(n, kind), .leg(s, motion)):
            let actual: LegKind =
                switch motion {
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

/// Drives an engine step by step, and holds every step to all that it produced (TCA's TestStore discipline):
/// - every event, `leg` events included, must be expected, in order;
/// - every touch decision must be expected (`decisions:`; none unless the test names them);
/// - every step's next frame must be on time: none while nothing animates, else the first deadline after the step,
///   at most one frame period away;
/// - the order guarantees of PROTOCOL.md hold on every event: seq strictly increases, began precedes its leg's
///   progress, and every began is followed by exactly one ended.
struct EngineTester {
    var engine: Engine
    private var lastSeq: [String: Int] = [:]
    private var openLegs: Set<String> = []

    init(config: DaemonConfig = defaultConfig, geometry: ScreenGeometry = .fallback) {
        engine = Engine(config: config, geometry: geometry)
    }

    static let defaultConfig: DaemonConfig = {
        do { return try ConfigParser.parse(DaemonConfig.defaultText) } catch { fatalError("default config: \(error)") }
    }()

    /// The default config with `text` laid over it, as a user's file is.
    static func defaultConfig(adding text: String) throws -> DaemonConfig {
        try ConfigParser.load(user: ConfigLayer(name: "test.toml", text: text)).config
    }

    @discardableResult
    mutating func command(
        _ command: Command, at time: Double, expect expected: [Expected],
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> Result<CommandResult, EngineError> {
        let (result, output) = engine.perform(command, at: time)
        check(output, at: time, expected, decisions: [], sourceLocation)
        return result
    }

    @discardableResult
    mutating func input(
        _ event: InputEvent, at time: Double, expect expected: [Expected], decisions: [ArenaOutput] = [],
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> EngineOutput {
        let output = engine.handle(event, at: time)
        check(output, at: time, expected, decisions: decisions, sourceLocation)
        return output
    }

    @discardableResult
    mutating func cancel(
        _ sources: [InputSource], at time: Double, expect expected: [Expected], decisions: [ArenaOutput] = [],
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> EngineOutput {
        let output = engine.cancelInput(from: sources, at: time)
        check(output, at: time, expected, decisions: decisions, sourceLocation)
        return output
    }

    mutating func reconfigure(
        _ config: DaemonConfig, at time: Double, expect expected: [Expected], decisions: [ArenaOutput] = [],
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        check(engine.reconfigure(config, at: time), at: time, expected, decisions: decisions, sourceLocation)
    }

    /// Feeds events without asserting each one's events (their order and frame deadlines are still checked), and
    /// returns them for summary checks; the touch decisions of them all must be `decisions`.
    mutating func inputs(
        _ events: [InputEvent], decisions: [ArenaOutput] = [], sourceLocation: SourceLocation = #_sourceLocation,
        at time: (InputEvent) -> Double
    ) -> [EngineEvent] {
        var produced: [EngineEvent] = []
        var decided: [ArenaOutput] = []
        for event in events {
            let output = engine.handle(event, at: time(event))
            verifyOrder(output.events, sourceLocation)
            verifyNextFrame(output, at: time(event), sourceLocation)
            produced += output.events
            decided += output.touchDecisions
        }
        #expect(
            decided == decisions, "touch decisions: expected \(decisions), got \(decided)",
            sourceLocation: sourceLocation)
        return produced
    }

    /// Time passing with no event: the recognizers' deadlines that have come fire.
    @discardableResult
    mutating func advance(
        at time: Double, expect expected: [Expected], decisions: [ArenaOutput] = [],
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> EngineOutput {
        let output = engine.advanceRecognizers(at: time)
        check(output, at: time, expected, decisions: decisions, sourceLocation)
        return output
    }

    mutating func tick(at time: Double, expect expected: [Expected], sourceLocation: SourceLocation = #_sourceLocation)
    {
        check(engine.tick(at: time), at: time, expected, decisions: [], sourceLocation)
    }

    /// Ticks at `rate` Hz from `start` until the transition's leg ends; every
    /// frame must be a progress event and the last two progress + ended.
    /// Returns the progress values seen, and the end time.
    @discardableResult
    mutating func runToEnd(
        _ name: String, from start: Double, rate: Double = 60, position: AnimatingPosition, snap: Int,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> (values: [Double], end: Double) {
        var values: [Double] = []
        var time = start
        for _ in 0..<10_000 {
            time += 1 / rate
            let output = engine.tick(at: time)
            let events = output.events
            verifyOrder(events, sourceLocation)
            verifyNextFrame(output, at: time, sourceLocation)
            if let last = events.last, case let .ended(snapshot, ended) = last {
                #expect(
                    ended == position && snapshot.snap == snap, "ended \(ended) at snap \(snapshot.snap)",
                    sourceLocation: sourceLocation)
                #expect(
                    abs(snapshot.progress - Double(snap)) < 1e-9 || position == .current, sourceLocation: sourceLocation
                )
                #expect(events.count == 2, "a final frame, then ended", sourceLocation: sourceLocation)
                return (values, time)
            }
            #expect(events.count == 1, "one frame per tick: \(events)", sourceLocation: sourceLocation)
            if case let .progress(snapshot)? = events.first { values.append(snapshot.progress) }
        }
        Issue.record("\(name) never ended", sourceLocation: sourceLocation)
        return (values, time)
    }

    private mutating func check(
        _ output: EngineOutput, at time: Double, _ expected: [Expected], decisions: [ArenaOutput],
        _ location: SourceLocation
    ) {
        let events = output.events
        verifyOrder(events, location)
        verifyNextFrame(output, at: time, location)
        #expect(events.count == expected.count, "expected \(expected), got \(events)", sourceLocation: location)
        for (event, expectation) in zip(events, expected) {
            #expect(expectation.matches(event), "expected \(expectation), got \(event)", sourceLocation: location)
        }
        #expect(
            output.touchDecisions == decisions, "touch decisions: expected \(decisions), got \(output.touchDecisions)",
            sourceLocation: location)
    }

    /// A step asks for a frame exactly while something animates, and for the first one due after it: later than
    /// the step, and no more than one period away (FrameClock's grid).
    private func verifyNextFrame(_ output: EngineOutput, at time: Double, _ location: SourceLocation) {
        #expect(
            engine.legIndexIsExact, "the engine's index of legs names other transitions than those in a leg",
            sourceLocation: location)
        guard let next = output.nextFrame else {
            #expect(!engine.isAnimating, "a leg runs, but no frame is asked for", sourceLocation: location)
            return
        }
        #expect(engine.isAnimating, "a frame is asked for while nothing animates", sourceLocation: location)
        let period = 1 / engine.frameRate
        #expect(
            next > time && next <= time + period + 1e-9, "next frame \(next) for a step at \(time), period \(period)",
            sourceLocation: location)
    }

    private mutating func verifyOrder(_ events: [EngineEvent], _ location: SourceLocation) {
        for event in events {
            if case .gesture = event { continue }
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
    static func touch(_ kind: (Int) -> InputEvent.Kind, _ x: Double, _ y: Double, at t: Double, id: Int = 1)
        -> InputEvent
    {
        InputEvent(time: t, kind: kind(id), location: Point(x: x, y: y))
    }
}
