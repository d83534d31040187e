import AnimClient
import AnimProtocol
import Foundation
import JSONText
import Testing

/// What reaches a subscriber that limits its rate or does not read.
@Suite(.serialized) struct DeliveryTests {
    /// With maxRate and a progress-only subscription, the leg's final frame still arrives once nothing animates
    /// (a rate-held frame keeps a timer of its own); at 2 Hz a 0.2 s leg's last frame is held back by the rate.
    @Test func finalFrameArrivesWithoutStateEvents() throws {
        let daemon = try DaemonProcess()
        let rpc = try daemon.connect()
        _ = try rpc.ok("subscribe", ["transitions": ["pager"], "events": ["progress"], "maxRate": 2])
        _ = try rpc.ok("transition.animate", ["name": "pager", "to": 2, "timing": "linear", "duration": 0.2])
        let (_, final) = try rpc.notification { method, params in method == .progress && params["progress"] == 2 }
        #expect(final["to"] == 2)
    }

    /// Gesture frames held back by a rate arrive before their gesture's ended and their transition's ended, never after.
    @Test func gestureFramesPrecedeEnded() throws {
        let daemon = try DaemonProcess()
        let rpc = try daemon.connect()
        _ = try rpc.ok("subscribe", ["transitions": ["sidebar"], "events": ["state", "gesture"], "maxRate": 5])
        #expect(
            try animctl(["inject", Binaries.trace("flick-constant"), "--speed", "0"], socket: daemon.socket).status == 0
        )
        let events = try rpc.notifications(until: { method, _ in method == .ended })
        #expect(events.contains { $0.0 == .gesture && $0.1["state"] == "changed" })
        // A rate-held `changed` frame must not trail its gesture's own `ended`.
        let gestureEnd = try #require(events.firstIndex { $0.0 == .gesture && $0.1["state"] == "ended" })
        #expect(
            !events[gestureEnd...].contains { $0.0 == .gesture && $0.1["state"] == "changed" },
            "\(events.map { "\($0.0?.rawValue ?? "?") \($0.1["state"]?.string ?? "")" })")
        // A sentinel after ended: the daemon answers a request only after everything it queued before it.
        _ = try rpc.ok("transition.toggle", ["name": "sidebar"])
        let after = try rpc.notifications(until: { method, _ in method == .began })
        #expect(!after.contains { $0.0 == .gesture }, "a gesture frame arrived after its leg ended: \(after.map(\.0))")
    }

    /// A client that pipelines requests and never reads its answers is stopped being read once its socket is full:
    /// the daemon's memory stays bounded and every other client is answered.
    @Test func pipeliningWithoutReadingIsBounded() throws {
        let daemon = try DaemonProcess()
        let pid = daemon.process.processIdentifier
        let before = HostileInputTests.rss(pid)
        let fd = rawConnect(daemon.socket)
        defer { close(fd) }
        #expect(fd >= 0)
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        let request = Array(
            String(repeating: "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"transition.list\"}\n", count: 100).utf8)
        var sent = 0
        var dropped = false
        let deadline = Date().addingTimeInterval(3)
        while Date() < deadline && !dropped {
            let n = request.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n > 0 {
                sent += n
            } else if errno == EPIPE || errno == ECONNRESET {
                dropped = true
            } else {
                usleep(10_000)
            }
        }
        #expect(!dropped, "the client is stalled, not disconnected: its answers never passed max-backlog")
        // Each 5.2 KiB of requests asks for ~140 KiB of answers: an animd that kept reading would take tens of MiB in
        // 3 s (seen: 11 MiB with the back-pressure removed); one that stops reading takes a few hundred KiB.
        #expect(sent < 4 << 20, "the daemon kept reading a client that never reads: \(sent) bytes")
        #expect(sent > 4096, "the daemon read and answered some first")
        let other = try daemon.connect()
        #expect(try other.ok("daemon.hello")["name"] == "animd")
        let grown = HostileInputTests.rss(pid) - before
        #expect(grown < 64 << 20, "RSS grew by \(grown >> 20) MiB")
    }

    /// A config as large as the limits allow: 256 transitions and 1024 bindings, as TOML; `extra` goes first.
    static func largestConfig(_ extra: String = "") -> String {
        extra
            + (0..<256).map { "[transitions.t\($0)]\ntiming = \"spring(damping-ratio=0.9, response=0.35)\"\n" }.joined()
            + (0..<1024).map {
                "[bindings.b\($0)]\ntransition = \"t\($0 % 256)\"\ngesture = \"pan\"\ndistance = 100\nincreases = \"right\"\n"
            }.joined()
    }

    /// Reads from a raw socket until `lines` lines arrived or nothing came for `seconds`.
    static func readLines(_ fd: Int32, _ lines: Int, seconds: Int32 = 20) -> [String] {
        var received: [UInt8] = []
        var newlines = 0
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        while newlines < lines, poll(&pfd, 1, seconds * 1000) > 0 {
            let n = recv(fd, &chunk, chunk.count, 0)
            if n <= 0 { break }
            newlines += chunk[..<n].count { $0 == UInt8(ascii: "\n") }
            received += chunk[..<n]
        }
        return String(decoding: received, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    /// Answers far larger than `max-backlog` (`daemon.config` of the largest config, about 450 KiB, against 4 KiB),
    /// asked for many times before the client reads any: the client gets every one whole, and is not dropped. The
    /// backlog bounds the events a client did not ask for; its answers it takes at its own pace.
    @Test func answersLargerThanTheBacklogReachTheAsker() throws {
        let daemon = try DaemonProcess(config: Self.largestConfig("[daemon]\nmax-backlog = 4096\n"))
        let fd = rawConnect(daemon.socket)
        defer { close(fd) }
        #expect(
            LoadTests.send(
                String(repeating: "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"daemon.config\"}\n", count: 10)
                    + "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"transition.list\"}\n", to: fd))
        usleep(500_000)  // not reading: the answers wait in animd
        let lines = Self.readLines(fd, 11)
        #expect(lines.count == 11, "\(lines.count) answers arrived")
        #expect(
            lines.prefix(10).allSatisfy {
                $0.hasPrefix(#"{"jsonrpc":"2.0","id":1,"result":{"#) && $0.hasSuffix("}}") && $0.utf8.count > 100_000
            })
        #expect(lines.last?.hasPrefix(#"{"jsonrpc":"2.0","id":2,"result":{"transitions":["#) == true)
        #expect(!daemon.log.contains("disconnecting a client that does not read"), "dropped for its own answers")
    }

    /// A subscriber whose answers fill its socket has its frames held, for NIO still writes for it; once it reads,
    /// the held frames go, the leg's last one included, though nothing animates any more to send another. Two
    /// `daemon.config` answers of the largest config (about 450 KiB each) are more than the socket holds, so both
    /// of the handler's ways to send held frames come into play: the channel writable again, and NIO done with
    /// every write (`ClientConnection.WritesDrained`). With neither, no frame arrives; either alone suffices here.
    @Test func framesHeldBehindAFullSocketGoOnceItDrains() throws {
        let daemon = try DaemonProcess(config: Self.largestConfig())
        let fd = rawConnect(daemon.socket)
        defer { close(fd) }
        #expect(
            LoadTests.send(
                #"{"jsonrpc":"2.0","id":1,"method":"subscribe","params":{"transitions":["t0"],"events":["progress"]}}"#
                    + "\n", to: fd))
        #expect(Self.readLines(fd, 1).first?.contains(#""subscription""#) == true)
        #expect(
            LoadTests.send(
                String(repeating: "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"daemon.config\"}\n", count: 2), to: fd))
        usleep(300_000)  // not reading: the answers fill the socket, and NIO holds the rest
        let other = try daemon.connect()
        _ = try other.ok("subscribe", ["transitions": ["t0"], "events": ["state"]])
        _ = try other.ok("transition.animate", ["name": "t0", "to": 1, "timing": "linear", "duration": 0.1])
        _ = try other.notification(where: { method, _ in method == .ended })
        usleep(200_000)  // nothing animates any more: no frame tick will come
        // Read until both answers and the leg's last frame are in, or nothing comes for 20 s (a sanitizer's build
        // takes seconds to write the answers): no silence of the daemon's decides the outcome.
        var lines: [String] = [], pending: [UInt8] = [], chunk = [UInt8](repeating: 0, count: 1 << 16)
        func answers() -> Int { lines.count { $0.hasPrefix(#"{"jsonrpc":"2.0","id":2,"result":"#) } }
        func frames() -> [String] { lines.filter { $0.contains(#""method":"transition.progress""#) } }
        var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        while answers() < 2 || frames().last?.contains(#""progress":1,"#) != true, poll(&pfd, 1, 20_000) > 0 {
            let n = recv(fd, &chunk, chunk.count, 0)
            if n <= 0 { break }
            pending += chunk[..<n]
            // Whole lines only: the rest waits for the next read.
            while let end = pending.firstIndex(of: UInt8(ascii: "\n")) {
                lines.append(String(decoding: pending[..<end], as: UTF8.self))
                pending.removeSubrange(...end)
            }
        }
        #expect(answers() == 2, "both answers arrived")
        #expect(
            frames().last?.contains(#""progress":1,"#) == true, "the last frame arrived: \(frames().last ?? "none")")
    }

    /// A client that pipelines reloads of the largest config (notifications: no answer stalls it) cannot keep
    /// another client waiting: the other's `daemon.hello` is answered while most of the reloads are still to come,
    /// proven by the pipelining client's own request after them, which has no answer yet.
    @Test func pipelinedReloadsCannotStarveAnotherClient() throws {
        let daemon = try DaemonProcess(config: Self.largestConfig())
        let fd = rawConnect(daemon.socket)
        defer { close(fd) }
        #expect(
            LoadTests.send(
                String(repeating: "{\"jsonrpc\":\"2.0\",\"method\":\"daemon.reload\"}\n", count: 50)
                    + "{\"jsonrpc\":\"2.0\",\"id\":99,\"method\":\"daemon.hello\"}\n", to: fd))
        let other = try daemon.connect()
        #expect(try other.ok("daemon.hello")["name"] == "animd")
        var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        #expect(poll(&pfd, 1, 0) == 0, "the other client waited for all 50 reloads")
    }

    /// The fan-out index follows subscriptions as they change mid-animation: a client that subscribes while frames
    /// flow gets the following ones, one that subscribed to another transition gets none, and one that unsubscribed
    /// gets no more.
    @Test func subscriptionsChangedMidAnimationAreHonoured() throws {
        let daemon = try DaemonProcess(
            config: """
                [transitions.sidebar]
                timing = "linear"
                duration = 1.5
                [transitions.panel]
                """)
        let early = try daemon.connect(), late = try daemon.connect(), other = try daemon.connect()
        let earlyID = try #require(try early.ok("subscribe", ["transitions": ["sidebar"]])["subscription"])
        _ = try other.ok("subscribe", ["transitions": ["panel"]])
        _ = try early.ok("transition.toggle", ["name": "sidebar"])
        // Frames are flowing: the late subscriber joins, the early one leaves.
        _ = try early.notification(where: { method, _ in method == .progress })
        _ = try late.ok("subscribe", ["transitions": ["sidebar"]])
        // Before anything else changes: the late subscriber's frames come (the leg has more than a second to run).
        _ = try late.notification(where: { method, _ in method == .progress }, timeout: 1)
        _ = try early.ok("unsubscribe", ["subscription": earlyID])
        let lateEvents = try late.notifications(until: { method, _ in method == .ended })
        #expect(lateEvents.filter { $0.0 == .progress }.count >= 5, "the late subscriber gets the following frames")
        // The early one's stream stops at its unsubscribe answer: nothing of sidebar's arrives after it. The leg has
        // ended (the late subscriber saw it), so a request answered after that is a barrier for both connections.
        let afterUnsubscribe = try early.notificationsBeforeABarrier().filter { $0.notificationMethod == .ended }
        #expect(afterUnsubscribe.isEmpty, "no ended after unsubscribe: \(afterUnsubscribe)")
        #expect(try other.notificationsBeforeABarrier().isEmpty, "the panel subscriber heard nothing of the sidebar")
    }

    /// The one write path keeps order across a full socket. Each `transition.get` answer carries the seq of the newest
    /// event produced before it, so no event may arrive before an answer with a smaller seq (nothing produced later
    /// overtakes an answer), and every state event (began, ended: never held or dropped) produced before an answer
    /// arrives before it. Progress frames produced before an answer may come after it only because the socket was
    /// full and they were held (and coalesced), never written. The client pipelines 30 bursts of a stop, an animate
    /// and 100 gets while frames flow and reads nothing for half a second, so the socket fills, writes fall back to
    /// NIO, and later go direct again.
    @Test func answersAndEventsKeepTheirOrderAcrossAFullSocket() throws {
        // The ordering is under test, not the backlog limit: a daemon starved of CPU (a build beside it, seen once)
        // may read many queued bursts at once, and 3000 answers with their legs are more than the default 1 MiB.
        let daemon = try DaemonProcess(
            config: """
                [daemon]
                max-backlog = 16777216
                [transitions.sidebar]
                timing = "linear"
                duration = 3
                """)
        let rpc = try daemon.connect()
        _ = try rpc.ok("subscribe", ["transitions": ["sidebar"]])
        // From another thread, on a duplicate of the socket (the daemon stops reading while it cannot write to us),
        // 10 ms apart, so that frames come between the answers.
        let bursts = (0..<30).map { burst in
            RPCLine.request(
                id: 2 * burst + 1, method: "transition.stop", params: ["name": "sidebar", "withoutFinishing": true])
                + RPCLine.request(
                    id: 2 * burst + 2, method: "transition.animate",
                    params: ["name": "sidebar", "to": .number(Double(1 - burst % 2))])
                + (1...100).map {
                    RPCLine.request(
                        id: 10_000 + burst * 100 + $0, method: "transition.get", params: ["name": "sidebar"])
                }.joined()
        }
        let descriptor = dup(rpc.descriptor)
        Thread {
            for burst in bursts {
                let bytes = Array(burst.utf8)
                var offset = 0
                while offset < bytes.count {
                    let written = bytes[offset...].withUnsafeBytes {
                        send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
                    }
                    if written <= 0 { break }
                    offset += written
                }
                usleep(10_000)
            }
            close(descriptor)
        }.start()
        usleep(500_000)
        var answered = 0, newestEvent = 0, newestAnswer = 0, stateEvents = 0, frames = 0
        var violations: [String] = []
        // A slow reader, 4 KiB at a time: the kernel buffer has room again while NIO still holds bytes for us, which
        // is when a write that skipped NIO would overtake them.
        var pending: [UInt8] = [], chunk = [UInt8](repeating: 0, count: 4096)
        func nextLine() -> [UInt8]? {
            while true {
                if let newline = pending.firstIndex(of: 10) {
                    defer { pending.removeSubrange(...newline) }
                    return Array(pending[..<newline])
                }
                var ready = pollfd(fd: rpc.descriptor, events: Int16(POLLIN), revents: 0)
                guard poll(&ready, 1, 20_000) > 0 else { return nil }
                let count = read(rpc.descriptor, &chunk, chunk.count)
                guard count > 0 else { return nil }
                pending += chunk[..<count]
                usleep(500)
            }
        }
        while answered < 3000 {
            guard let line = nextLine(), let message = (try? JSONParser.parse(line)) else { break }
            if let id = message["id"]?.integer, id > 10_000, let seq = message["result"]?["seq"]?.integer {
                if seq < newestEvent {
                    violations.append("answer \(id) (seq \(seq)) came after event seq \(newestEvent)")
                }
                newestAnswer = max(newestAnswer, seq)
                answered += 1
            } else if let method = message.notificationMethod, let seq = message["params"]?["seq"]?.integer {
                if method != .progress {
                    stateEvents += 1
                    if seq <= newestAnswer {
                        violations.append("\(method) seq \(seq) came after an answer with seq \(newestAnswer)")
                    }
                } else {
                    frames += 1
                }
                newestEvent = max(newestEvent, seq)
            }
        }
        #expect(answered == 3000)
        #expect(violations.isEmpty, "\(violations.prefix(5))")
        // Frames may all be held and coalesced on a loaded machine; state events never are.
        #expect(stateEvents >= 40, "\(stateEvents) state events, \(frames) frames")
    }
}
