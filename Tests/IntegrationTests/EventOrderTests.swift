import AnimClient
import AnimProtocol
import Foundation
import JSONText
import Testing

/// The order guarantees of PROTOCOL.md, observed by a subscriber.
@Suite(.serialized) struct EventOrderTests {
    /// Checks: seq strictly increases; began precedes its progress; every began gets exactly one ended.
    static func checkOrder(
        _ events: [(NotificationMethod?, JSONValue)], sourceLocation: SourceLocation = #_sourceLocation
    ) {
        var lastSeq: [String: Int] = [:]
        var open: Set<String> = []
        for (method, params) in events {
            guard let name = params["name"]?.string, let seq = params["seq"]?.integer else { continue }
            #expect(
                seq > lastSeq[name, default: 0], "seq went backwards at \(method) \(seq)",
                sourceLocation: sourceLocation)
            lastSeq[name] = seq
            switch method {
            case .began:
                #expect(!open.contains(name), "began twice", sourceLocation: sourceLocation)
                open.insert(name)
            case .progress:
                #expect(open.contains(name), "progress outside a leg", sourceLocation: sourceLocation)
            case .ended:
                #expect(open.remove(name) != nil, "ended without began", sourceLocation: sourceLocation)
            default: break
            }
        }
    }

    /// toggle: began (cause command), frames, then ended at the end with progress 1.
    @Test func toggleOrder() throws {
        let daemon = try DaemonProcess()
        let rpc = try daemon.connect()
        _ = try rpc.ok("subscribe", ["transitions": ["sidebar"]])
        _ = try rpc.ok("transition.toggle", ["name": "sidebar"])
        let events = try rpc.notifications(until: { method, _ in method == .ended })
        Self.checkOrder(events)
        #expect(events.first?.0 == .began && events.first?.1["cause"] == "command")
        #expect(events.count > 5)
        let ended = try #require(events.last?.1)
        #expect(ended["position"] == "end" && ended["progress"] == 1 && ended["snap"] == 1)
    }

    /// An interrupted leg ends with position current before the new leg begins, at the same progress.
    @Test func interruptOrder() throws {
        let daemon = try DaemonProcess()
        let rpc = try daemon.connect()
        _ = try rpc.ok("subscribe", ["transitions": ["sidebar"]])
        _ = try rpc.ok("transition.toggle", ["name": "sidebar"])
        var events = try rpc.notifications(until: { method, params in
            method == .progress && (params["progress"]?.number ?? 0) > 0.2
        })
        _ = try rpc.ok("transition.animate", ["name": "sidebar", "to": 0])
        events += try rpc.notifications(until: { method, params in method == .ended && params["position"] != "current" }
        )
        Self.checkOrder(events)
        let endedIndex = try #require(events.firstIndex { $0.0 == .ended })
        let interrupted = events[endedIndex].1
        let next = events[endedIndex + 1]
        #expect(interrupted["position"] == "current")
        #expect(next.0 == .began)
        #expect(next.1["progress"] == interrupted["progress"], "the new leg starts where the old one stopped")
        #expect(events.last?.1["position"] == "start" && events.last?.1["snap"] == 0)
    }

    /// begin, scrub, release: one leg from began to ended; release picks the target and the leg finishes there.
    @Test func releaseOrder() throws {
        let daemon = try DaemonProcess()
        let rpc = try daemon.connect()
        _ = try rpc.ok("subscribe", ["transitions": ["launcher"]])
        _ = try rpc.ok("transition.begin", ["name": "launcher", "to": 1])
        _ = try rpc.ok("transition.scrub", ["name": "launcher", "fraction": 0.8])
        #expect(try rpc.ok("transition.release", ["name": "launcher"]) == ["to": 1])
        let events = try rpc.notifications(until: { method, _ in method == .ended })
        Self.checkOrder(events)
        #expect(events.filter { $0.0 == .began }.count == 1)
        #expect(events.first { $0.0 == .progress }?.1["phase"] == "interactive")
        #expect(events.last?.1["position"] == "end")
    }

    /// maxRate: consecutive frames for a transition are at least 1/maxRate apart in daemon time; only a leg's final
    /// frame, delivered just before its ended, may come sooner, so the subscriber ends at the true position.
    @Test func maxRateIsHonoured() throws {
        let daemon = try DaemonProcess()
        let rpc = try daemon.connect()
        _ = try rpc.ok("subscribe", ["transitions": ["pager"], "maxRate": 10])
        _ = try rpc.ok("transition.animate", ["name": "pager", "to": 3, "timing": "linear", "duration": 1])
        let events = try rpc.notifications(until: { method, _ in method == .ended })
        let times = events.filter { $0.0 == .progress }.compactMap { $0.1["time"]?.number }
        #expect(times.count >= 5 && times.count <= 12, "about 10 frames in 1 s, got \(times.count)")
        let beforeFinal = times.dropLast()
        for (a, b) in zip(beforeFinal, beforeFinal.dropFirst()) { #expect(b - a >= 0.1 - 1e-6) }
        #expect(events.last?.0 == .ended)
        #expect(events.dropLast().last?.1["progress"] == 3, "the final frame is delivered")
    }
}
