import AnimConfig
import AnimProtocol
import DesktopPortal
import Gestures
import JSONText
import Testing
import TransitionModel
import Transitions

@testable import AnimCore
@testable import AnimDaemon
@testable import DesktopMotion

/// The daemon's core as a state machine, over values (issue 46): events in at times given, effects and answers out.
/// The cases the issue names: a reload mid-gesture, a declaration mid-reload, a focus change mid-swipe and a client
/// stalled at shutdown; and the motion, input status and frames the machine decides. Expected values come from the
/// default config (an edge pan of 400 px on the left edge for `sidebar-open`) and the rules in docs/config.md.
@Suite struct CoreMachineTests {
    /// The embedded default with `user` laid over it, as the user's file is.
    static func loaded(_ user: String? = nil) throws -> LoadedConfig {
        try ConfigParser.load(user: user.map { ConfigLayer(name: "/home/u/.config/animd/animd.toml", text: $0) })
    }

    static func machine(_ user: String? = nil) throws -> CoreMachine {
        CoreMachine(config: ConfigInForce(try loaded(user)))
    }

    static func touch(_ kind: InputEvent.Kind, x: Double, at time: Double) -> CoreEvent {
        .input([InputEvent(time: time, kind: kind, location: Point(x: x, y: 500))], from: .backend(.x11))
    }

    /// A finger lands on the left edge at 0 s and crosses the slop at 0.01 s: `sidebar-open` has begun, at 0.
    static func swipeBegun(on machine: inout CoreMachine) {
        _ = machine.take(touch(.touchDown(id: 1), x: 4, at: 0), at: 0)
        let began = machine.take(touch(.touchMove(id: 1), x: 20, at: 0.01), at: 0.01)
        #expect(
            events(began).contains {
                if case .began(let s, .gesture("sidebar-open"), _) = $0 { s.name == "sidebar" } else { false }
            })
    }

    /// The engine's events the step publishes, in order.
    static func events<Answer>(_ step: CoreStep<Answer>) -> [EngineEvent] {
        step.effects.flatMap { effect -> [EngineEvent] in
            if case let .publish(output) = effect { output.events } else { [] }
        }
    }

    static func lines<Answer>(_ step: CoreStep<Answer>) -> [CoreLine] {
        step.effects.compactMap { if case let .line(line) = $0 { line } else { nil } }
    }

    /// The sidebar's progress events in the step.
    static func sidebarProgress<Answer>(_ step: CoreStep<Answer>) -> [Double] {
        events(step).compactMap { if case let .progress(s) = $0, s.name == "sidebar" { s.progress } else { nil } }
    }

    static func isConfigureBackend(_ effect: CoreEffect) -> Bool {
        if case .configureBackend = effect { true } else { false }
    }

    // MARK: - A reload mid-gesture

    /// A reload that leaves the gesture's binding as it was: the finger goes on driving, 40 px more is +0.1 of the
    /// 400 px distance, and the new limits, the backend's plan and the status go out after the engine's step.
    @Test func aReloadThatKeepsTheBindingLeavesTheSwipeGoing() throws {
        var machine = try Self.machine()
        Self.swipeBegun(on: &machine)
        #expect(
            Self.sidebarProgress(machine.take(Self.touch(.touchMove(id: 1), x: 60, at: 0.02), at: 0.02)).last.map {
                abs($0 - 0.1) < 1e-9
            } == true)
        let reload = machine.take(.reload(.success(try Self.loaded("[daemon]\nmax-clients = 7\n"))), at: 0.03)
        guard case .success = reload.answer else { Issue.record("reload answered \(reload.answer)"); return }
        #expect(
            !Self.events(reload).contains { if case .ended = $0 { true } else { false } },
            "nothing ends: \(Self.events(reload))")
        #expect(
            reload.effects.contains {
                if case let .clientsChanged(book) = $0 { book.limits.clients == 7 } else { false }
            })
        let kinds = reload.effects.map { effect -> String in
            switch effect {
            case .publish: "publish"
            case .clientsChanged: "limits"
            case .configureBackend: "backend"
            case .announceStatus(soon: false): "status"
            default: ""
            }
        }.filter { !$0.isEmpty }
        #expect(kinds == ["publish", "limits", "backend", "status"])
        let after = machine.take(Self.touch(.touchMove(id: 1), x: 100, at: 0.04), at: 0.04)
        #expect(
            Self.sidebarProgress(after).last.map { abs($0 - 0.2) < 1e-9 } == true,
            "still 1:1 after the reload: \(Self.events(after))")
    }

    /// A reload that changes the gesture's own binding cancels it under the old config (docs/config.md), and the
    /// finger drives nothing after.
    @Test func aReloadThatChangesTheBindingCancelsTheSwipe() throws {
        var machine = try Self.machine()
        Self.swipeBegun(on: &machine)
        let reload = machine.take(
            .reload(.success(try Self.loaded("[bindings.sidebar-open]\ndistance = 200\n"))), at: 0.02)
        #expect(
            Self.events(reload).contains {
                if case let .gesture(update, _) = $0 {
                    update.name == "sidebar-open" && update.state == .cancelled
                } else {
                    false
                }
            })
        #expect(Self.sidebarProgress(machine.take(Self.touch(.touchMove(id: 1), x: 100, at: 0.03), at: 0.03)).isEmpty)
    }

    /// A reload that cannot be read is refused with the config's error; the running config and the swipe go on.
    @Test func aFailedReloadKeepsTheConfigAndTheSwipe() throws {
        var machine = try Self.machine()
        Self.swipeBegun(on: &machine)
        let reload = machine.take(
            .reload(.failure(.unreadable("/home/u/.config/animd/animd.toml", "Permission denied"))), at: 0.02)
        guard case let .failure(error) = reload.answer else { Issue.record("answered \(reload.answer)"); return }
        #expect(error.code == RPCErrorCode.configInvalid.rawValue)
        #expect(reload.effects.count == 1, "only the log line: \(reload.effects)")
        #expect(
            Self.sidebarProgress(machine.take(Self.touch(.touchMove(id: 1), x: 60, at: 0.03), at: 0.03)).last.map {
                abs($0 - 0.1) < 1e-9
            } == true)
    }

    // MARK: - A declaration mid-reload

    /// A transition with one edge pan, as `examples/` declare; binding names are the daemon's own namespace, so
    /// each declaration names its binding after itself.
    static func body(binding: String, edge: String) -> JSONValue {
        .object([
            ("transition", .object([("snap-points", .array([0, 1]))])),
            (
                "bindings",
                .object([
                    (
                        binding,
                        .object([
                            ("gesture", "edge-pan"), ("edge", .string(edge)), ("distance", 64),
                            ("increases", edge == "bottom" ? "up" : "down"),
                        ])
                    )
                ])
            ),
        ])
    }

    static let dock = body(binding: "dock-swipe", edge: "bottom")
    /// On another edge: two declared edge pans may not share one (docs/config.md).
    static let shelf = body(binding: "shelf-swipe", edge: "top")

    /// A client's declaration, then a reload whose file takes its name: the declaration ends with reason `config`,
    /// after the engine's step, and the name is the file's from then on (declaring it again is refused). Another
    /// client's declaration the reload does not touch stays.
    @Test func aReloadThatTakesADeclaredNameEndsTheDeclaration() throws {
        var machine = try Self.machine()
        let owner = TransitionOwner(connection: 5, client: "waybar-dock", pid: 4242)
        let declared = machine.take(.declare("dock", body: Self.dock, owner: owner), at: 0).answer
        guard case .success = declared else { Issue.record("refused: \(declared)"); return }
        guard
            case .success = machine.take(
                .declare("shelf", body: Self.shelf, owner: TransitionOwner(connection: 6)), at: 0
            )
            .answer
        else {
            Issue.record("refused: \(machine.config.declarations.declarations.map(\.name))"); return
        }
        #expect(machine.engine.transitionNames.contains("dock"))
        let reload = machine.take(
            .reload(.success(try Self.loaded("[transitions.dock]\nsnap-points = [0, 1, 2]\n"))), at: 1)
        let removed = Self.lines(reload).compactMap {
            if case let .removed(name, who, reason, _) = $0 { (name, who, reason) } else { nil }
        }
        #expect(
            removed.count == 1 && removed.first?.0 == "dock" && removed.first?.1 == owner && removed.first?.2 == .config
        )
        let publish = reload.effects.firstIndex { if case .publish = $0 { true } else { false } }
        let line = reload.effects.firstIndex { if case .line(.removed) = $0 { true } else { false } }
        #expect(publish != nil && line != nil && publish! < line!, "the engine's step first, then the removal")
        #expect(machine.config.declarations.declarations.map(\.name) == ["shelf"])
        #expect(machine.engine.transition(named: "dock")?.snapPoints.count == 3, "the file's dock")
        guard case let .failure(error) = machine.take(.declare("dock", body: Self.dock, owner: owner), at: 2).answer
        else {
            Issue.record("the file's name was declared again"); return
        }
        #expect(error.message.contains("dock"), "\(error.message)")
    }

    /// A retracted declaration's names are given to the shell to forget (issue 57), after the `transition.removed`
    /// line that still names it: the shell would otherwise remember it again for that line.
    @Test func aRetractedNameIsForgottenAfterItsLastLine() throws {
        var machine = try Self.machine()
        let owner = TransitionOwner(connection: 5)
        guard case .success = machine.take(.declare("dock", body: Self.dock, owner: owner), at: 0).answer else {
            Issue.record("refused"); return
        }
        let declared = machine.take(.declare("shelf", body: Self.shelf, owner: owner), at: 0)
        #expect(
            !declared.effects.contains { if case .forget = $0 { true } else { false } }, "a declaration forgets nothing"
        )
        let retract = machine.take(.retract("dock", client: 5), at: 1)
        let line = retract.effects.firstIndex { if case .line(.removed) = $0 { true } else { false } }
        let forget = retract.effects.firstIndex { effect in
            if case let .forget(transitions, bindings) = effect {
                transitions == ["dock"] && bindings == ["dock-swipe"]
            } else {
                false
            }
        }
        #expect(line != nil && forget != nil && line! < forget!, "\(retract.effects)")
    }

    /// `input.inject` spends the daemon's one budget (issue 57), whichever connection sends: 10,000 events at once
    /// from ten connections are taken, the next request is refused whole with when to retry, and time refills it.
    @Test func injectionsShareTheDaemonsBudget() throws {
        var machine = try Self.machine()
        let events = (0..<1000).map {
            InputEvent(time: 0, kind: .touchMove(id: 1), location: Point(x: 3 + Double($0 % 100), y: 500))
        }
        for client in 1...10 {
            guard case .success = machine.take(.inject(events, tabletModes: [], client: client), at: 0).answer else {
                Issue.record("connection \(client)'s thousand events were refused"); return
            }
        }
        guard
            case let .failure(error) = machine.take(
                .inject(Array(events.prefix(100)), tabletModes: [], client: 11), at: 0
            ).answer
        else {
            Issue.record("an eleventh connection's events were taken past the budget"); return
        }
        #expect(
            error.code == -32004
                && error.message == "limit reached: at most 10000 injected events a second, from all clients together; "
                    + "none of these 100 was injected; retry in 10 ms"
        )
        guard
            case .success = machine.take(.inject(Array(events.prefix(100)), tabletModes: [], client: 11), at: 0.01)
                .answer
        else {
            Issue.record("10 ms did not bring back 100 events"); return
        }
    }

    /// A declaration that arrives while a reload was refused is judged against the config still in force.
    @Test func aDeclarationAfterAFailedReloadMeetsTheRunningConfig() throws {
        var machine = try Self.machine("[transitions.dock]\nsnap-points = [0, 1]\n")
        _ = machine.take(.reload(.failure(.unreadable("/home/u/.config/animd/animd.toml", "gone"))), at: 0)
        guard
            case .failure = machine.take(
                .declare("dock", body: Self.dock, owner: TransitionOwner(connection: 5)), at: 1
            ).answer
        else {
            Issue.record("a name of the running config was declared"); return
        }
        guard
            case .success = machine.take(
                .declare("shelf", body: Self.shelf, owner: TransitionOwner(connection: 5)), at: 1
            )
            .answer
        else {
            Issue.record("refused: \(machine.config.declarations.declarations.map(\.name))"); return
        }
    }

    // MARK: - A focus change mid-swipe

    static let onlyOverFirefox = "[bindings.sidebar-open]\napps = [\"firefox\"]\n"
    static let firefox = SessionFocus.known(FocusedWindow(names: ["firefox"], fullscreen: false), source: .x11)
    static let gimp = SessionFocus.known(FocusedWindow(names: ["gimp"], fullscreen: false), source: .sway)

    /// A swipe that began over Firefox goes on when the compositor says GIMP has the focus (the arena changes from the
    /// next sequence on, docs/config.md); the backend is told to stop taking the edge, and the `focus` group hears of
    /// it. The next touch on the edge starts nothing.
    @Test func aFocusChangeMidSwipeLetsTheSwipeFinish() throws {
        var machine = try Self.machine(Self.onlyOverFirefox)
        let overFirefox = machine.take(.backend([.focus(Self.firefox)]), at: 0)
        #expect(
            overFirefox.effects.contains(where: Self.isConfigureBackend)
                && Self.lines(overFirefox) == [.focus(Self.firefox)])
        let planOverFirefox = machine.inputPlan
        Self.swipeBegun(on: &machine)
        let change = machine.take(.focus(Self.gimp, by: .compositor), at: 0.015)
        #expect(Self.lines(change) == [.focus(Self.gimp)], "the compositor's report wins over the backend's")
        #expect(Self.events(change).isEmpty, "nothing of the swipe ends")
        #expect(
            change.effects.contains {
                if case let .configureBackend(plan) = $0 {
                    plan != planOverFirefox && plan == machine.inputPlan
                } else {
                    false
                }
            })
        #expect(
            Self.sidebarProgress(machine.take(Self.touch(.touchMove(id: 1), x: 60, at: 0.02), at: 0.02)).last.map {
                abs($0 - 0.1) < 1e-9
            } == true)
        _ = machine.take(Self.touch(.touchUp(id: 1), x: 60, at: 0.03), at: 0.03)
        _ = machine.take(.frame, at: 2)
        _ = machine.take(Self.touch(.touchDown(id: 2), x: 4, at: 3), at: 3)
        let next = machine.take(Self.touch(.touchMove(id: 2), x: 60, at: 3.01), at: 3.01)
        #expect(
            !Self.events(next).contains {
                if case let .gesture(update, _) = $0 { update.name == "sidebar-open" } else { false }
            })
        #expect(
            machine.take(.focus(Self.gimp, by: .compositor), at: 4).effects.isEmpty, "the same focus again is nothing")
    }

    // MARK: - A client stalled at shutdown

    /// The shutdown tells every client and arms the deadline; frames stop though a leg runs; at the deadline the
    /// clients still there (one that never read) are closed without it; its declaration then ends as any does.
    @Test func aClientStalledAtShutdownIsClosedAtTheDeadline() throws {
        var machine = try Self.machine()
        _ = machine.take(.declare("dock", body: Self.dock, owner: TransitionOwner(connection: 5)), at: 0)
        #expect(machine.take(.timer(.shutdownDeadline), at: 0).effects.isEmpty, "no deadline before a shutdown")
        _ = machine.take(.command(.toggle("sidebar")), at: 0)
        #expect(machine.deadlines.nextFrame != nil, "the sidebar moves")
        let shutdown = machine.take(.shutdown(reason: "animd is stopping"), at: 0.01)
        guard shutdown.effects.count == 3, case .closeClients("animd is stopping") = shutdown.effects[0],
            case .paceFrames(.idle) = shutdown.effects[1],
            case .setTimer(.shutdownDeadline, CoreMachine.shutdownDeadline) = shutdown.effects[2]
        else {
            Issue.record("\(shutdown.effects)"); return
        }
        #expect(
            machine.deadlines.nextFrame == nil && machine.take(.frame, at: 0.05).effects.isEmpty,
            "no frame after the shutdown")
        #expect(machine.take(.shutdown(reason: "again"), at: 0.1).effects.isEmpty, "one shutdown")
        let deadline = machine.take(.timer(.shutdownDeadline), at: 2.01)
        guard case .closeStragglers? = deadline.effects.last else { Issue.record("\(deadline.effects)"); return }
        let left = machine.take(.clientLeft(5), at: 2.02)
        #expect(
            Self.lines(left).contains { if case .removed("dock", _, .disconnected, _) = $0 { true } else { false } })
    }

    // MARK: - Motion, input status and frames

    /// The portal's reduced motion reaches the `motion` group once, and `daemon.motion full` overrides it.
    @Test func motionChangesAreToldOnce() throws {
        var machine = try Self.machine()
        let portal = PortalSettings(appearanceReducedMotion: 1)
        let first = machine.take(.portal(portal), at: 0)
        guard case let .motion(status)? = Self.lines(first).first else { Issue.record("\(first.effects)"); return }
        #expect(status.reduced && status.setting == .auto)
        #expect(Self.lines(machine.take(.portal(portal), at: 1)).isEmpty)
        let full = machine.take(.motionSetting(.full), at: 2)
        let answer = full.answer
        #expect(!answer.reduced && Self.lines(full) == [.motion(answer)])
        #expect(machine.take(.motionSetting(nil), at: 3).answer == answer, "a question answers the motion in force")
    }

    /// A status from the backend: the frame rate follows the display's refresh, the `input` group hears only of a
    /// change, and systemd's status line follows every report.
    @Test func inputStatusIsToldWhenItChanges() throws {
        var machine = try Self.machine()
        let status = InputStatus(backend: .x11, connected: true, display: ":9", reason: nil)
        let first = machine.take(.backend([.status(status, geometry: nil, refreshRate: 120)]), at: 0)
        #expect(Self.lines(first) == [.inputStatus(status)] && machine.engine.frameRate == 120)
        let again = machine.take(.backend([.status(status, geometry: nil, refreshRate: 0)]), at: 1)
        #expect(
            Self.lines(again).isEmpty
                && again.effects.contains { if case .announceStatus(soon: false) = $0 { true } else { false } })
        #expect(
            machine.engine.frameRate == machine.config.config.daemon.frameRate, "0 Hz is unknown: the config's rate")
    }

    /// Frames come when the engine asked: a frame before its deadline does nothing, one at it publishes the progress.
    @Test func framesComeAtTheEnginesDeadline() throws {
        var machine = try Self.machine()
        _ = machine.take(.command(.toggle("sidebar")), at: 10)
        let deadline = try #require(machine.deadlines.nextFrame)
        #expect(deadline > 10 && deadline <= 10 + 1 / machine.engine.frameRate + 1e-9)
        #expect(machine.take(.frame, at: (10 + deadline) / 2).effects.isEmpty)
        let frame = machine.take(.frame, at: deadline)
        #expect(Self.sidebarProgress(frame).count == 1)
    }

    /// While someone records input, every touch goes to the `input-events` recording first, then to the
    /// recognizers; while no one does, no line is made; a client that leaves mid-touch has its touch cancelled.
    @Test func injectedTouchesAreRecordedAndCancelledWithTheirClient() throws {
        var machine = try Self.machine()
        let down = InputEvent(time: 0, kind: .touchDown(id: 1), location: Point(x: 4, y: 500))
        let first = try machine.take(.admit, at: 0).answer.get()
        #expect(Self.lines(machine.take(.input([down], from: .client(first)), at: 0)).isEmpty, "no one records")
        _ = machine.take(.clientLeft(first), at: 0)
        let recorder = try machine.take(.admit, at: 0).answer.get()
        _ = try machine.take(
            .subscribe(client: recorder, transitions: nil, groups: [.inputEvents], maxRate: nil), at: 0
        )
        .answer.get()
        #expect(machine.subscriptions.recordingInput)
        let step = machine.take(.input([down], from: .client(recorder)), at: 0)
        #expect(Self.lines(step) == [.inputEvent(down, origin: "inject")])
        guard case .line = step.effects.first else { Issue.record("\(step.effects)"); return }
        let left = machine.take(.clientLeft(recorder), at: 0.1)
        #expect(left.effects.contains { if case .publish = $0 { true } else { false } }, "its touch is cancelled")
        #expect(!machine.subscriptions.recordingInput, "its subscription went with it")
        #expect(machine.take(.clientLeft(recorder), at: 0.2).effects.isEmpty, "once")
    }
}
