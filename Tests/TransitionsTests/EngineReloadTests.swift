import AnimConfig
import Gestures
import Motion
import Testing

/// Reloading the config while gestures and legs run.
struct EngineReloadTests {
    static func config(_ edit: (inout DaemonConfig) -> Void) -> DaemonConfig {
        var config = EngineTester.defaultConfig
        edit(&config)
        return config
    }

    /// A reload that removes the binding a finger is driving cancels that gesture with a proper ended (back to where
    /// it started); the finger's further motion moves nothing.
    @Test func removedBindingCancelsItsGesture() {
        var tester = EngineTester()
        _ = tester.inputs(
            EngineGestureTests.drag(from: Point(x: 2, y: 500), by: Point(x: 120, y: 0)),
            decisions: [.claimed(sequence: 1, source: .touch, touches: [1])], at: { $0.time })
        #expect(tester.engine.snapshot(of: "sidebar", at: 0.2)?.phase == .interactive)
        let without = Self.config { $0.bindings.removeAll { $0.name == "sidebar-open" } }
        tester.reconfigure(
            without, at: 0.25,
            expect: [.gesture("sidebar-open", .cancelled), .leg("sidebar", .spring), .progress("sidebar", .animating)])
        tester.input(.touch(InputEvent.Kind.touchMove, 200, 500, at: 0.26), at: 0.26, expect: [])
        tester.runToEnd("sidebar", from: 0.26, position: .start, snap: 0)
        tester.input(.touch(InputEvent.Kind.touchUp, 200, 500, at: 0.9), at: 0.9, expect: [])
    }

    /// Renaming a binding counts as removing it; changing another binding cancels nothing.
    @Test func onlyChangedBindingsCancel() {
        var tester = EngineTester()
        _ = tester.inputs(
            EngineGestureTests.drag(from: Point(x: 2, y: 500), by: Point(x: 120, y: 0)),
            decisions: [.claimed(sequence: 1, source: .touch, touches: [1])], at: { $0.time })
        let otherChanged = Self.config { config in
            if let i = config.bindings.firstIndex(where: { $0.name == "panel-open" }) {
                config.bindings[i].distance = 300
            }
        }
        tester.reconfigure(otherChanged, at: 0.25, expect: [])
        #expect(tester.engine.snapshot(of: "sidebar", at: 0.25)?.phase == .interactive)
        let renamed = Self.config { config in
            if let i = config.bindings.firstIndex(where: { $0.name == "sidebar-open" }) {
                config.bindings[i].name = "sidebar-in"
            }
        }
        tester.reconfigure(
            renamed, at: 0.3,
            expect: [.gesture("sidebar-open", .cancelled), .leg("sidebar", .spring), .progress("sidebar", .animating)])
    }

    /// With fewer snap points, a transition resting beyond the new last snap animates back onto it, with its own
    /// began and ended.
    @Test func fewerSnapsBringTheTransitionBack() {
        var tester = EngineTester()
        tester.command(
            .animate("pager", to: 3, timing: nil, duration: nil, velocity: nil), at: 0,
            expect: [.began("pager", .command, from: 0, to: 3, progress: 0)])
        tester.runToEnd("pager", from: 0, position: .end, snap: 3)
        let twoPages = Self.config { config in
            if let i = config.transitions.firstIndex(where: { $0.name == "pager" }) {
                config.transitions[i].snapPoints = [0, 1]
            }
        }
        tester.reconfigure(twoPages, at: 5, expect: [.began("pager", .command, from: 0, to: 1, progress: 3)])
        tester.runToEnd("pager", from: 5, position: .end, snap: 1)
    }

    /// A leg heading for a snap that no longer exists ends where it is, then comes back onto the last snap.
    @Test func legTowardARemovedSnapEnds() {
        var tester = EngineTester()
        tester.command(
            .animate("pager", to: 3, timing: .linear, duration: 1, velocity: nil), at: 0,
            expect: [.began("pager", .command, from: 0, to: 3, progress: 0)])
        let twoPages = Self.config { config in
            if let i = config.transitions.firstIndex(where: { $0.name == "pager" }) {
                config.transitions[i].snapPoints = [0, 1]
            }
        }
        // Linear over 1 s from 0 to 3: at 0.5 s the pager is at 1.5, past the new last snap.
        tester.reconfigure(
            twoPages, at: 0.5,
            expect: [
                .ended("pager", .current, snap: 0, progress: 1.5),
                .began("pager", .command, from: 0, to: 1, progress: 1.5),
            ])
        tester.runToEnd("pager", from: 0.5, position: .end, snap: 1)
    }

    /// Issue 57: a transition removed and made again (a declaration retracted and declared again, a reload that
    /// drops a name and brings it back) carries on from the highest `seq` given so far: its first event comes after
    /// every event of its former self, as docs/protocol.md promises subscribers who follow the name.
    @Test func aTransitionMadeAgainNeverHasItsSeqGoBack() {
        var tester = EngineTester()
        for round in 0..<3 {
            let start = Double(round) * 10
            tester.command(
                .toggle("sidebar"), at: start, expect: [.began("sidebar", .command, from: 0, to: 1, progress: 0)])
            tester.runToEnd("sidebar", from: start, position: .end, snap: 1)
            tester.command(
                .toggle("sidebar"), at: start + 5, expect: [.began("sidebar", .command, from: 1, to: 0, progress: 1)])
            tester.runToEnd("sidebar", from: start + 5, position: .end, snap: 0)
        }
        let before = tester.engine.snapshot(of: "sidebar", at: 30)?.seq ?? 0
        #expect(before > 3)
        let without = Self.config { config in
            config.transitions.removeAll { $0.name == "sidebar" }
            config.bindings.removeAll { $0.transition == "sidebar" }
        }
        tester.reconfigure(without, at: 31, expect: [])
        #expect(tester.engine.snapshot(of: "sidebar", at: 31) == nil)
        tester.reconfigure(EngineTester.defaultConfig, at: 32, expect: [])
        #expect(
            tester.engine.snapshot(of: "sidebar", at: 32)?.seq == before, "its snapshot carries on from where it was")
        // The tester checks that each event's seq is above the last it saw for the name, across its removal.
        tester.command(.toggle("sidebar"), at: 33, expect: [.began("sidebar", .command, from: 0, to: 1, progress: 0)])
        #expect(tester.engine.snapshot(of: "panel", at: 33)?.seq == 0, "a transition never removed keeps its own count")
    }
}
