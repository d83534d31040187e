import AnimConfig
import Motion
import Testing
import TransitionModel

@testable import Transitions

/// `on-snap` actions: what the config accepts, and which engine events call for one.
@Suite struct SnapActionTests {
    static let config: DaemonConfig = {
        do {
            return try ConfigParser.parse(
                """
                [transitions.launcher]
                on-snap.1 = ["rofi", "-show", "drun"]
                [transitions.pager]
                snap-points = [0, 1, 2]
                on-snap = { 0 = ["notify-send", "first page"], 2 = ["true"] }
                """)
        } catch { fatalError("\(error)") }
    }()

    /// Keys are snap indices; each value is an argv, kept exactly (no shell, no splitting).
    @Test func parsesArgvBySnap() throws {
        #expect(Self.config.transitions[0].onSnap == [1: ["rofi", "-show", "drun"]])
        #expect(Self.config.transitions[1].onSnap == [0: ["notify-send", "first page"], 2: ["true"]])
    }

    /// What exec cannot pass on is refused before it reaches posix_spawn (TOMLKit already cuts strings at a NUL).
    @Test func argvBounds() {
        #expect(SnapAction.problem(with: ["echo", "a\u{0}b"]) == "an argument contains a NUL character")
        #expect(SnapAction.problem(with: ["", "x"]) != nil)
        #expect(
            SnapAction.problem(with: ["echo", String(repeating: "x", count: 70_000)]) == "is longer than 65536 bytes")
        #expect(SnapAction.problem(with: ["echo", "ok"]) == nil)
    }

    static func snapshot(_ name: String, snap: Int) -> TransitionSnapshot {
        TransitionSnapshot(
            name: name, progress: Double(snap), fraction: 1, velocity: 0, phase: .idle, from: snap, to: snap,
            target: snap,
            snap: snap, snapPoints: [0, 1, 2], seq: 1, time: 0)
    }

    /// A leg that completes onto a snap (end or start) runs that snap's action; an interruption (current) or a snap
    /// without an action runs nothing; progress and began events never do.
    @Test func dueOnlyForArrivals() {
        let events: [EngineEvent] = [
            .began(Self.snapshot("launcher", snap: 0), cause: .command, leg: .driven),
            .progress(Self.snapshot("launcher", snap: 1)),
            .ended(Self.snapshot("launcher", snap: 1), position: .end),
            .ended(Self.snapshot("launcher", snap: 1), position: .current),
            .ended(Self.snapshot("pager", snap: 0), position: .start),
            .ended(Self.snapshot("pager", snap: 1), position: .end),
            .ended(Self.snapshot("sidebar", snap: 1), position: .end),
        ]
        #expect(
            SnapAction.due(after: events, in: Engine(config: Self.config, geometry: .fallback)) == [
                SnapAction(transition: "launcher", snap: 1, argv: ["rofi", "-show", "drun"]),
                SnapAction(transition: "pager", snap: 0, argv: ["notify-send", "first page"]),
            ])
    }
}
