import AnimConfig
import Gestures
import Testing
import TransitionModel
import Transitions

/// Bindings by the focused application (issue 31) and by tablet mode (issue 45): the rule of each key, and the engine
/// leaving a binding that is off out of the arena, so that its touch goes to the next binding, or to no one.
@Suite struct BindingConditionTests {
    static let firefox = SessionFocus.known(
        FocusedWindow(names: ["Navigator", "firefox"], fullscreen: false), source: .x11)
    static let game = SessionFocus.known(FocusedWindow(names: ["steam_app_1"], fullscreen: true), source: .sway)
    static let desktop = SessionFocus.known(nil, source: .x11)
    static let unknown = SessionFocus.unknown(reason: "no window manager")

    /// Each key against each kind of focus, as the issue states the rules: `apps` works only over one of its
    /// applications (matched by any name, ignoring case) and so never without a source; `except-apps` the reverse,
    /// and on without a source; `when-fullscreen = false` is off over a full-screen window only.
    @Test func eachKeyFollowsItsRule() {
        let apps = BindingCondition(apps: ["FIREFOX"]), except = BindingCondition(exceptApps: ["navigator"])
        let windowed = BindingCondition(whenFullscreen: false)
        let expected: [(BindingCondition, SessionFocus, Bool)] = [
            (apps, Self.firefox, true), (apps, Self.game, false), (apps, Self.desktop, false),
            (apps, Self.unknown, false),
            (except, Self.firefox, false), (except, Self.game, true), (except, Self.desktop, true),
            (except, Self.unknown, true),
            (windowed, Self.firefox, true), (windowed, Self.game, false), (windowed, Self.desktop, true),
            (windowed, Self.unknown, true),
            (BindingCondition(), Self.game, true), (BindingCondition(), Self.unknown, true),
        ]
        for (condition, focus, allowed) in expected {
            #expect(condition.allows(SessionState(focus: focus)) == allowed, "\(condition) with \(focus)")
        }
        #expect(
            BindingCondition(apps: ["steam_app_1"], whenFullscreen: false).allows(SessionState(focus: Self.game))
                == false, "both must hold")
    }

    /// Case is ignored letter by letter, beyond ASCII too; a name is never matched by a part of it.
    @Test func namesMatchWholeIgnoringCase() {
        let window = FocusedWindow(names: ["ÉDITEUR", "org.gnome.Nautilus"], fullscreen: false)
        #expect(window.isOne(of: ["éditeur"]) && window.isOne(of: ["ORG.GNOME.NAUTILUS"]))
        #expect(!window.isOne(of: ["nautilus"]) && !window.isOne(of: ["org.gnome.Nautilus2"]) && !window.isOne(of: []))
    }

    /// Names are bounded where they enter: four at most, each cut at 256 bytes on a character's edge.
    @Test func namesAreBounded() {
        let window = FocusedWindow(
            names: ["a", "b", "c", "d", "e"] + [String(repeating: "é", count: 300)], fullscreen: false)
        #expect(window.names == ["a", "b", "c", "d"])
        let long = FocusedWindow(names: [String(repeating: "x", count: 1 << 20)], fullscreen: false)
        #expect(long.names[0].utf8.count == FocusedWindow.nameLimit)
        let odd = FocusedWindow(names: ["x" + String(repeating: "é", count: 300)], fullscreen: false)
        #expect(
            odd.names[0] == "x" + String(repeating: "é", count: 127),
            "255 bytes: the character the limit falls in is left out whole")
    }

    /// Two conditions that no focus turns on together: a deliberate split of one edge between applications.
    @Test func exclusionIsASplitOnPurpose() {
        #expect(BindingCondition(apps: ["gimp"]).excludes(BindingCondition(exceptApps: ["GIMP"])))
        #expect(BindingCondition(apps: ["gimp"]).excludes(BindingCondition(apps: ["krita"])))
        #expect(
            !BindingCondition(apps: ["gimp", "krita"]).excludes(BindingCondition(exceptApps: ["gimp"])),
            "both work over krita")
        #expect(!BindingCondition(apps: ["gimp"]).excludes(BindingCondition(apps: ["Gimp"])))
        #expect(!BindingCondition(exceptApps: ["gimp"]).excludes(BindingCondition(exceptApps: ["krita"])))
        #expect(!BindingCondition().excludes(BindingCondition(whenFullscreen: false)))
    }

    /// Two transitions share the left edge: `drawing` only over Krita, `sidebar` everywhere else. The focus decides
    /// which one a left-edge swipe drives; without a source, only `sidebar` works.
    static let split = """
        [transitions.drawing]
        [bindings.drawing-open]
        transition = "drawing"
        gesture = "edge-pan"
        edge = "left"
        distance = 400
        apps = ["krita"]
        [bindings.sidebar-open]
        transition = "sidebar"
        gesture = "edge-pan"
        edge = "left"
        distance = 400
        at-snap = 0
        except-apps = ["Krita"]
        when-fullscreen = false
        """

    static let krita = SessionFocus.known(FocusedWindow(names: ["krita"], fullscreen: false), source: .x11)

    /// The transition a left-edge swipe begins, at `start`, and the touch decisions it brought.
    static func swipe(_ tester: inout EngineTester, at start: Double) -> (began: String?, decisions: [ArenaOutput]) {
        var events = EngineGestureTests.drag(from: Point(x: 2, y: 400), by: Point(x: 300, y: 0), startTime: start)
        events.append(EngineGestureTests.lift(at: Point(x: 302, y: 400), time: start + 0.25))
        var decisions: [ArenaOutput] = []
        var began: String?
        for event in events {
            let output = tester.engine.handle(event, at: event.time)
            decisions += output.touchDecisions
            for case let .began(snapshot, _, _) in output.events where began == nil { began = snapshot.name }
        }
        _ = tester.engine.tick(at: start + 10)
        return (began, decisions)
    }

    @Test func theFocusChoosesTheBinding() throws {
        var tester = EngineTester(config: try EngineTester.defaultConfig(adding: Self.split))
        #expect(Self.swipe(&tester, at: 0).began == "sidebar", "no source: except-apps works, apps does not")
        _ = tester.engine.perform(.toggle("sidebar"), at: 20)
        _ = tester.engine.tick(at: 30)
        tester.engine.setFocus(Self.krita)
        #expect(tester.engine.focus == Self.krita)
        #expect(Self.swipe(&tester, at: 40).began == "drawing")
        tester.engine.setFocus(Self.game)
        let (began, decisions) = Self.swipe(&tester, at: 60)
        #expect(began == nil, "over a full-screen game neither works")
        #expect(
            decisions.allSatisfy { if case .released = $0 { true } else { false } } && !decisions.isEmpty,
            "the touch is handed back to the application: \(decisions)")
    }

    /// A focus change while a finger drives a transition does not cut the gesture short: the swipe that moved the
    /// focus (or happened as it moved) finishes as it began; the next one follows the new focus.
    @Test func aGestureUnderWayFinishesAsItBegan() throws {
        var tester = EngineTester(config: try EngineTester.defaultConfig(adding: Self.split))
        tester.engine.setFocus(Self.krita)
        let events = EngineGestureTests.drag(from: Point(x: 2, y: 400), by: Point(x: 300, y: 0))
        var began: [String] = []
        for (index, event) in events.enumerated() {
            if index == 5 { tester.engine.setFocus(Self.desktop) }
            for case let .began(snapshot, _, _) in tester.engine.handle(event, at: event.time).events {
                began.append(snapshot.name)
            }
        }
        let lift = tester.engine.handle(EngineGestureTests.lift(at: Point(x: 302, y: 400), time: 0.25), at: 0.25)
        #expect(began == ["drawing"])
        #expect(
            tester.engine.snapshot(of: "drawing", at: 0.25)?.phase == .animating,
            "released into its completion: \(lift.events)")
        _ = tester.engine.tick(at: 5)
        #expect(Self.swipe(&tester, at: 10).began == "sidebar")
    }

    /// A reload keeps the focus: the new bindings are matched against it at once.
    @Test func aReloadKeepsTheFocus() throws {
        var tester = EngineTester(config: try EngineTester.defaultConfig(adding: Self.split))
        tester.engine.setFocus(Self.krita)
        _ = tester.engine.reconfigure(try EngineTester.defaultConfig(adding: Self.split), at: 1)
        #expect(tester.engine.focus == Self.krita)
        #expect(Self.swipe(&tester, at: 2).began == "drawing")
    }

    /// `when-tablet-mode` against each state of the switch, as the issue states it: true works only in tablet mode,
    /// false only out of it, and a machine with no switch (nil) counts as out of it; absent, the binding works in
    /// all three. It holds beside the app keys, not instead of them.
    @Test func tabletModeFollowsItsRule() {
        let tablet = BindingCondition(whenTabletMode: true), laptop = BindingCondition(whenTabletMode: false)
        let expected: [(BindingCondition, Bool?, Bool)] = [
            (tablet, true, true), (tablet, false, false), (tablet, nil, false),
            (laptop, true, false), (laptop, false, true), (laptop, nil, true),
            (BindingCondition(), true, true), (BindingCondition(), false, true), (BindingCondition(), nil, true),
        ]
        for (condition, mode, allowed) in expected {
            #expect(
                condition.allows(SessionState(focus: Self.firefox, tabletMode: mode)) == allowed,
                "\(condition) with \(String(describing: mode))")
        }
        #expect(!tablet.isAlways && !laptop.isAlways)
        let both = BindingCondition(apps: ["firefox"], whenTabletMode: true)
        #expect(both.allows(SessionState(focus: Self.firefox, tabletMode: true)))
        #expect(!both.allows(SessionState(focus: Self.game, tabletMode: true)), "both must hold")
        #expect(tablet.excludes(laptop) && laptop.excludes(tablet), "no session turns both on")
        #expect(!tablet.excludes(BindingCondition()) && !tablet.excludes(tablet))
    }

    /// The left edge split between tablet mode and the laptop: the switch decides which transition a swipe drives,
    /// a reload keeps the mode, and a switch that goes away leaves the laptop's binding.
    static let byTabletMode = """
        [transitions.keyboard]
        [bindings.keyboard-open]
        transition = "keyboard"
        gesture = "edge-pan"
        edge = "left"
        distance = 400
        when-tablet-mode = true
        [bindings.sidebar-open]
        transition = "sidebar"
        gesture = "edge-pan"
        edge = "left"
        distance = 400
        at-snap = 0
        when-tablet-mode = false
        """

    @Test func theTabletModeChoosesTheBinding() throws {
        var tester = EngineTester(config: try EngineTester.defaultConfig(adding: Self.byTabletMode))
        #expect(Self.swipe(&tester, at: 0).began == "sidebar", "no switch: out of tablet mode")
        _ = tester.engine.perform(.toggle("sidebar"), at: 20)
        _ = tester.engine.tick(at: 30)
        let turned = tester.engine.setTabletMode(true)
        #expect(turned, "two bindings turned")
        #expect(tester.engine.session.tabletMode == true)
        #expect(Self.swipe(&tester, at: 40).began == "keyboard")
        _ = tester.engine.reconfigure(try EngineTester.defaultConfig(adding: Self.byTabletMode), at: 50)
        #expect(tester.engine.session.tabletMode == true, "a reload keeps the mode")
        _ = tester.engine.perform(.toggle("keyboard"), at: 55)
        _ = tester.engine.tick(at: 65)
        #expect(Self.swipe(&tester, at: 70).began == "keyboard")
        let again = tester.engine.setTabletMode(true)
        #expect(!again, "the same mode again turns nothing")
        tester.engine.setFocus(Self.krita)
        #expect(tester.engine.session.tabletMode == true, "a focus change keeps the mode")
        let gone = tester.engine.setTabletMode(nil)
        #expect(gone, "the switch went away")
        #expect(Self.swipe(&tester, at: 100).began == "sidebar")
    }

    /// A table with no `when-tablet-mode` binding turns nothing when the mode changes, so the backend is not set up
    /// again for it.
    @Test func modeChangesWithoutTabletBindingsTurnNothing() throws {
        var tester = EngineTester(config: try EngineTester.defaultConfig(adding: ""))
        let on = tester.engine.setTabletMode(true)
        #expect(!on)
        #expect(tester.engine.session.tabletMode == true, "still known, for hello")
        let off = tester.engine.setTabletMode(false)
        #expect(!off)
    }
}
