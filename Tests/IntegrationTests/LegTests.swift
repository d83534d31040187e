import AnimClient
import AnimProtocol
import Foundation
import JSONText
import Testing

/// Analytic legs against a live daemon: a client subscribed with `frames: "driven"` evaluates the legs it is
/// sent, and must see at every frame time exactly what a client with every frame sees.
@Suite(.serialized) struct LegTests {
    /// What both clients saw of one scripted run.
    struct Run {
        var all: [(NotificationMethod?, JSONValue)] = []
        var driven: [(NotificationMethod?, JSONValue)] = []
    }

    /// toggle-free script over every way a leg's motion changes: a cubic leg, pause, resume, reverse, continue with
    /// a new curve and a duration factor, continue with a spring (velocity handed over), a finger catching the
    /// spring, and a flick released into a spring with the finger's velocity.
    static func scriptedRun(on daemon: DaemonProcess? = nil) throws -> Run {
        let daemon = try daemon ?? DaemonProcess()
        let everyFrame = try daemon.connect(), legsOnly = try daemon.connect()
        _ = try everyFrame.ok("subscribe", ["transitions": ["sidebar"]])
        _ = try legsOnly.ok("subscribe", ["transitions": ["sidebar"], "frames": "driven"])
        var run = Run()
        func until(_ match: @escaping (NotificationMethod?, JSONValue) -> Bool) throws {
            run.all += try everyFrame.notifications(until: match)
        }
        func frames(_ count: Int) throws {
            for _ in 0..<count { try until { method, _ in method == .progress } }
        }
        func progress(_ test: @escaping (Double) -> Bool) -> (NotificationMethod?, JSONValue) -> Bool {
            { method, params in method == .progress && test(params["progress"]?.number ?? .nan) }
        }
        _ = try everyFrame.ok(
            "transition.animate",
            ["name": "sidebar", "to": 1, "timing": "cubic-bezier(0.3,0.1,0.2,1)", "duration": 1.2])
        try until(progress { $0 > 0.3 })
        _ = try everyFrame.ok("transition.pause", ["name": "sidebar"])
        _ = try everyFrame.ok("transition.resume", ["name": "sidebar"])
        try until(progress { $0 > 0.5 })
        _ = try everyFrame.ok("transition.reverse", ["name": "sidebar"])
        try until(progress { $0 < 0.45 })
        _ = try everyFrame.ok("transition.continue", ["name": "sidebar", "timing": "ease-out", "durationFactor": 1.5])
        try frames(3)
        _ = try everyFrame.ok(
            "transition.continue", ["name": "sidebar", "timing": "spring(damping-ratio=0.5, response=0.5)"])
        try frames(3)
        _ = try everyFrame.ok(
            "input.inject",
            [
                "events": [
                    ["t": 0, "kind": "touch-down", "id": 1, "x": 4, "y": 500],
                    ["t": 0.01, "kind": "touch-move", "id": 1, "x": 24, "y": 500],
                    ["t": 0.02, "kind": "touch-move", "id": 1, "x": 64, "y": 500],
                    ["t": 0.03, "kind": "touch-move", "id": 1, "x": 104, "y": 500],
                    ["t": 0.04, "kind": "touch-move", "id": 1, "x": 154, "y": 500],
                    ["t": 0.05, "kind": "touch-up", "id": 1, "x": 204, "y": 500],
                ]
            ])
        try until { method, params in method == .ended && params["position"] != "current" }
        run.driven = try legsOnly.notifications(until: { method, params in
            method == .ended && params["position"] != "current"
        })
        return run
    }

    /// Each frame of a running leg that the every-frame client got, with the leg object the driven client had been
    /// sent for it by then (by seq: the newest began or leg before the frame; nil after an ended, or before any).
    static func animatingFrames(of run: Run) -> [(frame: JSONValue, leg: JSONValue?)] {
        let changes: [(seq: Int, leg: JSONValue?)] = run.driven.compactMap { method, params in
            guard let seq = params["seq"]?.integer else { return nil }
            switch method {
            case .began, .leg: return (seq, params["leg"])
            case .ended: return (seq, nil)
            default: return nil
            }
        }
        return run.all.filter { $0.0 == .progress && $0.1["phase"] == "animating" }.map { _, frame in
            let seq = frame["seq"]?.integer ?? 0
            return (frame, changes.last { $0.seq < seq }?.leg)
        }
    }

    @Test func drivenClientsEvaluateEveryFrameOfTheScript() throws {
        let run = try Self.scriptedRun()
        EventOrderTests.checkOrder(run.all)
        EventOrderTests.checkOrder(run.driven)
        var kinds: Set<String> = [], compared = 0
        for (frame, announced) in Self.animatingFrames(of: run) {
            let seq = try #require(frame["seq"]?.integer)
            let time = try #require(frame["time"]?.number)
            guard let leg = announced.flatMap(Leg.init(json:)) else {
                Issue.record("frame \(seq) animates, but the driven client has no leg for it"); continue
            }
            kinds.insert(leg.kind)
            let progress = try #require(leg.progress(at: time)), velocity = try #require(leg.velocity(at: time))
            let expected = try #require(frame["progress"]?.number),
                expectedVelocity = try #require(frame["velocity"]?.number)
            #expect(abs(progress - expected) <= 1e-9, "frame \(seq): leg gives \(progress), the frame says \(expected)")
            #expect(
                abs(velocity - expectedVelocity) <= 1e-6 * max(1, abs(expectedVelocity)),
                "frame \(seq): leg gives velocity \(velocity), the frame says \(expectedVelocity)")
            compared += 1
        }
        #expect(kinds == ["cubic", "spring"], "the script runs both curve kinds: \(kinds)")
        #expect(compared > 20, "only \(compared) frames compared")
        // The driven client got no frame of a running leg, but the driven ones (pause, finger), and the same state events.
        let drivenFrames = run.driven.filter { $0.0 == .progress }
        #expect(
            drivenFrames.allSatisfy { $0.1["phase"] != "animating" },
            "a frame of a running leg reached the driven client")
        #expect(
            drivenFrames.contains { $0.1["phase"] == "interactive" }
                && drivenFrames.contains { $0.1["phase"] == "paused" })
        let states = { (events: [(NotificationMethod?, JSONValue)]) in
            events.filter { $0.0 != .progress }.map { "\($0.0?.rawValue ?? "?") \($0.1)" }
        }
        #expect(states(run.all) == states(run.driven), "both clients get the same began, leg and ended events")
        let legEvents = run.driven.filter { $0.0 == .leg }.compactMap { $0.1["leg"]?["kind"]?.string }
        // pause, resume, reverse, continue, continue (spring), the catch (the finger lands on the sidebar's strip,
        // where the default sidebar-close catches: the running leg turns driven), release.
        #expect(legEvents == ["driven", "cubic", "cubic", "cubic", "spring", "driven", "spring"], "\(legEvents)")
    }

    /// Where the motion is handed over (a continue with a spring, a release), the evaluated position and velocity
    /// do not jump: the new leg starts where the old one was, at its velocity, within 1 % of the peak velocity.
    @Test func handOversAreContinuous() throws {
        let run = try Self.scriptedRun()
        let peak = run.all.compactMap { $0.1["velocity"]?.number }.map(abs).max() ?? 0
        var previous: (leg: Leg?, frame: JSONValue?) = (nil, nil)
        var checked = 0
        for (method, params) in run.driven {
            let leg = params["leg"].flatMap(Leg.init(json:))
            if method == .leg, let leg, case .spring = leg, let time = params["time"]?.number {
                let before: (Double, Double)? =
                    switch previous.leg {
                    case let old? where old != .driven: (old.progress(at: time) ?? .nan, old.velocity(at: time) ?? .nan)
                    // Released by a finger: the last driven frame is where and how fast the finger was.
                    default:
                        previous.frame.flatMap { frame in
                            frame["progress"]?.number.flatMap { p in frame["velocity"]?.number.map { (p, $0) } }
                        }
                    }
                if let (position, velocity) = before {
                    #expect(
                        abs((leg.progress(at: time) ?? .nan) - position) <= 1e-6,
                        "position jumps at \(method): \(position) → \(leg.progress(at: time) ?? .nan)")
                    #expect(
                        abs((leg.velocity(at: time) ?? .nan) - velocity) <= 0.01 * peak,
                        "velocity jumps: \(velocity) → \(leg.velocity(at: time) ?? .nan)")
                    checked += 1
                }
            }
            if method == .progress { previous.frame = params }
            if method == .began || method == .leg { previous.leg = leg }
        }
        #expect(checked == 2, "the spring continue and the release are both checked")
    }

    /// Nothing jumps at any boundary of the script: each `transition.leg` starts where the leg before it was at
    /// that instant (pause, resume, reverse, continue, release), and the leg a finger begins starts where the
    /// interrupted one ended. Velocity is not held here: a reverse flips it and a pause stops it, by definition.
    @Test func positionIsContinuousAtEveryBoundary() throws {
        let run = try Self.scriptedRun()
        var previous: (leg: Leg?, ended: Double?) = (nil, nil)
        // Where a driven leg last was: its frames say so.
        var lastFrame: Double?
        var boundaries = 0
        for (method, params) in run.driven {
            guard let progress = params["progress"]?.number, let time = params["time"]?.number else { continue }
            defer { lastFrame = progress }
            switch method {
            case .leg:
                if let old = previous.leg, let expected = old.progress(at: time) ?? lastFrame {
                    #expect(
                        abs(progress - expected) <= 1e-9,
                        "the leg at \(time) starts at \(progress), the one before was at \(expected)")
                    boundaries += 1
                }
                previous.leg = params["leg"].flatMap(Leg.init(json:))
            case .began:
                if let ended = previous.ended {
                    #expect(
                        progress == ended, "a leg begins at \(progress) where the interrupted one ended at \(ended)")
                    boundaries += 1
                }
                previous = (params["leg"].flatMap(Leg.init(json:)), nil)
            case .ended:
                previous = (nil, params["position"] == "current" ? progress : nil)
            default:
                break
            }
        }
        // pause, resume, reverse, two continues, the release, and the catch.
        #expect(boundaries == 7, "\(boundaries) boundaries checked")
    }

    /// With only `frames: "driven"` subscribers a running leg costs no frame: animd's loop sleeps from the leg's
    /// start to its end (a 60 Hz frame timer would wake it ~90 times in 1.5 s), and `ended` still comes. A subscriber
    /// with every frame, added mid-leg, gets frames at once; the same count then shows the timer (the control).
    @Test(.disabled(if: Sanitizer.active, "ThreadSanitizer's runtime has threads of its own that wake"))
    func drivenOnlySubscribersCostNoFrames() throws {
        let daemon = try DaemonProcess()
        let pid = daemon.process.processIdentifier
        let legsOnly = try daemon.connect()
        _ = try legsOnly.ok("subscribe", ["transitions": ["sidebar"], "frames": "driven"])
        _ = try legsOnly.ok("transition.animate", ["name": "sidebar", "to": 1, "timing": "linear", "duration": 1.5])
        let before = IdleAndPeerTests.switches(pid: pid, threadPrefix: "NIO-SGLTN")
        let events = try legsOnly.notifications(until: { method, _ in method == .ended })
        let quiet = IdleAndPeerTests.switches(pid: pid, threadPrefix: "NIO-SGLTN") - before
        #expect(events.map(\.0) == [.began, .ended] || events.map(\.0) == [.ended], "\(events.map(\.0))")
        #expect(quiet <= 10, "the event loop woke \(quiet) times during a 1.5 s leg nobody takes frames of")

        let everyFrame = try daemon.connect()
        _ = try legsOnly.ok("transition.animate", ["name": "sidebar", "to": 0, "timing": "linear", "duration": 1.5])
        _ = try everyFrame.ok("subscribe", ["transitions": ["sidebar"]])
        let start = IdleAndPeerTests.switches(pid: pid, threadPrefix: "NIO-SGLTN")
        let frames = try everyFrame.notifications(until: { method, _ in method == .ended })
        let busy = IdleAndPeerTests.switches(pid: pid, threadPrefix: "NIO-SGLTN") - start
        #expect(frames.filter { $0.0 == .progress }.count > 40, "the late subscriber gets the frames")
        #expect(busy > 40, "with a frame reader, the timer wakes the loop each frame (\(busy))")
    }

    /// A driven subscription's frames keep `maxRate` and coalescing: ten scrubs in a burst reach a subscriber that
    /// takes at most 2 frames a second as fewer frames, the newest last.
    @Test func drivenFramesKeepTheirRate() throws {
        let daemon = try DaemonProcess()
        let rpc = try daemon.connect(), slow = try daemon.connect()
        _ = try slow.ok("subscribe", ["transitions": ["panel"], "frames": "driven", "maxRate": 2])
        _ = try rpc.ok("transition.begin", ["name": "panel", "to": 1])
        for step in 1...10 {
            _ = try rpc.ok("transition.scrub", ["name": "panel", "fraction": .number(Double(step) / 10)])
        }
        _ = try rpc.ok("transition.stop", ["name": "panel", "withoutFinishing": true])
        let events = try slow.notifications(until: { method, _ in method == .ended })
        let frames = events.filter { $0.0 == .progress }
        #expect(frames.count < 10, "\(frames.count) frames for 10 scrubs at maxRate 2")
        #expect(
            frames.last?.1["progress"] == 1, "the newest frame comes last: \(frames.map { $0.1["progress"] ?? .null })")
    }

    /// `frames` takes "all" or "driven" and nothing else; a late subscriber gets the running leg in its answer.
    @Test func subscribeAnswersCarryTheLeg() throws {
        let daemon = try DaemonProcess()
        let rpc = try daemon.connect()
        let refused = try rpc.failing("subscribe", ["frames": "some"])
        #expect(refused.code == -32602 && refused.message.contains("frames must be \"all\" or \"driven\""))
        _ = try rpc.ok("transition.animate", ["name": "sidebar", "to": 1, "timing": "linear", "duration": 5])
        let answer = try rpc.ok("subscribe", ["transitions": ["sidebar"], "frames": "driven"])
        let follower = LegFollower(answer: answer)
        let snapshot = try #require(follower.snapshots["sidebar"])
        guard case let .cubic(leg)? = snapshot.leg else { Issue.record("no cubic leg in \(answer)"); return }
        #expect(
            leg.curve == .linear && leg.from == 0 && leg.to == 1 && leg.startX == 0 && leg.endX == 1
                && leg.duration == 5)
        // Linear over 5 s: at the answer's own time, its own progress.
        #expect(abs((follower.progress(of: "sidebar", at: snapshot.time) ?? .nan) - snapshot.progress) <= 1e-9)
        #expect(abs((follower.progress(of: "sidebar", at: leg.startTime + 2.5) ?? .nan) - 0.5) <= 1e-12)
        let idle = try rpc.ok("transition.get", ["name": "panel"])
        #expect(idle["leg"] == nil, "an idle transition has no leg")
    }
}
