import AnimClient
import AnimProtocol
import Foundation
import JSONText
import Testing
import UnixSupport
import XorgInputTest

/// Transitions that widgets declare over the socket (issue 29), against a real animd on its fallback screen
/// (1920×1080), driven by `input.inject` from a connection of its own.
@Suite(.serialized) struct DeclarationTests {
    /// A dock on the bottom edge, between a quarter and three quarters of its width (x 480 …< 1440), 200 px tall.
    static let dock: JSONValue = [
        "name": "dock", "transition": ["snap-points": [0, 1]],
        "bindings": [
            "dock-swipe": [
                "gesture": "edge-pan", "edge": "bottom", "span": [0.25, 0.75], "distance": 200, "increases": "up",
            ]
        ],
    ]

    /// A touch at `x`, 2 px above a bottom edge at `bottom` (the fallback screen's by default), moved up `steps` × 10 px,
    /// one event every 10 ms from `time`; lifted if asked.
    static func swipe(
        x: Double, steps: Int, id: Int = 1, at time: Double = 0, lift: Bool = false, bottom: Double = 1080
    ) -> JSONValue {
        let y = { (step: Int) in bottom - 2 - 10 * Double(step) }
        var events: [JSONValue] = (0...steps).map { step in
            [
                "t": .number(time + 0.01 * Double(step)), "kind": step == 0 ? "touch-down" : "touch-move",
                "id": .number(Double(id)),
                "x": .number(x), "y": .number(y(step)),
            ]
        }
        if lift {
            events.append([
                "t": .number(time + 0.01 * Double(steps + 1)), "kind": "touch-up", "id": .number(Double(id)),
                "x": .number(x),
                "y": .number(y(steps)),
            ])
        }
        return ["events": .array(events)]
    }

    /// Declares through AnimClient's own requests (`hello(as:)`, `declare`).
    static func declare(_ rpc: RPCConnection, as client: String, _ declaration: JSONValue = dock) throws -> JSONValue {
        _ = try rpc.hello(as: client).get()
        return try rpc.declare(
            declaration["name"]?.string ?? "", transition: declaration["transition"] ?? [:],
            bindings: declaration["bindings"] ?? [:]
        ).get()
    }

    static func names(_ rpc: RPCConnection) throws -> [String] {
        try rpc.ok("transition.list")["transitions"]?.array?.compactMap { $0["name"]?.string } ?? []
    }

    /// The declaration lives with its connection: its owner is in every answer; a swipe inside its span drives it
    /// 1:1 in pixels and pushes the default's bottom edge pan aside; when the widget goes mid-swipe, the swipe ends
    /// where it is, subscribers hear `transition.removed`, nothing stays locked, and the default comes back.
    @Test func aDeclarationLivesWithItsConnection() throws {
        let daemon = try DaemonProcess()
        var widget: RPCConnection? = try daemon.connect()
        let declared = try Self.declare(try #require(widget), as: "dock")
        #expect(
            declared["owner"] == ["client": "dock", "pid": .number(Double(getpid()))] && declared["phase"] == "idle")
        let watcher = try daemon.connect()
        _ = try watcher.ok("subscribe", ["transitions": ["dock", "launcher"]])
        let hello = try watcher.ok("daemon.hello")
        #expect(
            hello["declared"] == [
                [
                    "name": "dock", "owner": ["client": "dock", "pid": .number(Double(getpid()))],
                    "bindings": ["dock-swipe"],
                ]
            ])
        #expect(hello["config"]?["yielding"] == ["launcher-open"])
        #expect(try watcher.ok("transition.get", ["name": "dock"])["owner"]?["client"] == "dock")
        #expect(
            try watcher.ok("transition.get", ["name": "launcher"])["owner"] == nil,
            "the config's transitions have no owner")

        let fingers = try daemon.connect()
        _ = try fingers.ok("input.inject", Self.swipe(x: 960, steps: 8))
        let driven = try watcher.notificationsBeforeABarrier()
        #expect(driven.first?["method"] == "transition.began" && driven.first?["params"]?["gesture"] == "dock-swipe")
        let progress = driven.filter { $0["method"] == "transition.progress" }.compactMap {
            $0["params"]?["progress"]?.number
        }
        #expect(
            !progress.isEmpty && progress.allSatisfy { abs($0 * 200 / 10 - ($0 * 200 / 10).rounded()) < 1e-9 },
            "1:1: \(progress)")

        widget = nil
        let gone = try watcher.notifications(until: { method, _ in method == .removed })
        let ended = try #require(gone.first { $0.0 == .ended }?.1)
        #expect(ended["name"] == "dock" && ended["position"] == "current")
        #expect(
            gone.last?.1 == [
                "name": "dock", "reason": "disconnected", "message": "its owner's connection closed",
                "owner": ["client": "dock", "pid": .number(Double(getpid()))],
            ])
        _ = try fingers.ok("input.inject", ["events": [["t": 0.2, "kind": "touch-up", "id": 1, "x": 960, "y": 998]]])
        #expect(try Self.names(watcher) == ["sidebar", "panel", "launcher", "notifications", "pager", "overview"])
        #expect(try watcher.ok("daemon.hello")["config"]?["yielding"] == [])

        _ = try fingers.ok("input.inject", Self.swipe(x: 960, steps: 8, at: 1, lift: true))
        let back = try watcher.notification(where: { method, _ in method == .began }).1
        #expect(back["name"] == "launcher" && back["gesture"] == "launcher-open", "the default's edge pan is back")
    }

    /// Issue 57: a subscriber following `dock` saw seq 22, then 1, 2, 3 after a retract and a new declaration. Each
    /// event it hears of the name, across both declarations, now has a greater `seq` than the one before.
    @Test func seqNeverGoesBackAcrossRetractAndDeclare() throws {
        let daemon = try DaemonProcess()
        let widget = try daemon.connect()
        let watcher = try daemon.connect()
        _ = try Self.declare(widget, as: "dock")
        _ = try watcher.ok("subscribe", ["transitions": ["dock"]])
        var seqs: [Int] = []
        for round in 0..<2 {
            for to in [1, 0] {
                _ = try widget.ok("transition.animate", ["name": "dock", "to": .number(Double(to)), "duration": 0.05])
                let heard = try watcher.notifications(until: { method, _ in method == .ended })
                seqs += heard.compactMap { $0.1["seq"]?.integer }
            }
            _ = try widget.retract("dock").get()
            seqs += try watcher.notifications(until: { method, _ in method == .removed }).compactMap {
                $0.1["seq"]?.integer
            }
            if round == 0 {
                _ = try widget.declare(
                    "dock", transition: ["snap-points": [0, 1]], bindings: Self.dock["bindings"] ?? [:]
                ).get()
            }
        }
        #expect(seqs.count > 10)
        #expect(zip(seqs, seqs.dropFirst()).allSatisfy { $0 < $1 }, "\(seqs)")
    }

    /// Issue 57: what animd keeps per transition name for its clients (when a rate-limited subscriber was last
    /// sent each one's frame, who takes each one's events) was never pruned: 20,000 names declared, scrubbed and
    /// retracted beside a subscriber at 30 frames a second left 6.3 MiB behind. Now it goes with each name: after a
    /// warm-up of 1,000 names, 20,000 more leave resident memory within 2 MiB.
    @Test(.disabled(if: Sanitizer.active, "a sanitizer's shadow memory inflates the resident size this bounds"))
    func twentyThousandNamesLeaveNothingBehind() throws {
        let daemon = try DaemonProcess()
        let pid = daemon.process.processIdentifier
        let subscriber = rawConnect(daemon.socket)
        defer { close(subscriber) }
        #expect(
            LoadTests.send(
                #"{"jsonrpc":"2.0","id":1,"method":"subscribe","params":{"maxRate":30}}"# + "\n", to: subscriber))
        let reading = Thread {
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            while recv(subscriber, &chunk, chunk.count, 0) > 0 {}
        }
        reading.start()
        let driver = try daemon.connect()
        _ = try driver.hello(as: "names").get()
        func cycle(_ names: Range<Int>) throws {
            for batch in stride(from: names.lowerBound, to: names.upperBound, by: 50) {
                let calls = (batch..<min(batch + 50, names.upperBound)).flatMap {
                    index -> [(method: String, params: JSONValue?)] in
                    let name = JSONValue.string("n\(index)")
                    return [
                        ("transition.declare", ["name": name, "transition": ["snap-points": [0, 1]]]),
                        ("transition.scrub", ["name": name, "fraction": 0.5]),
                        ("transition.retract", ["name": name]),
                    ]
                }
                let answers = try driver.callBatch(calls)
                #expect(answers.allSatisfy { if case .success = $0 { true } else { false } }, "batch at \(batch)")
            }
        }
        try cycle(0..<1000)
        let warm = HostileInputTests.rss(pid)
        try cycle(1000..<21_000)
        let grown = HostileInputTests.rss(pid) - warm
        print("20,000 names: resident memory \(grown >> 10) KiB over what 1,000 left")
        #expect(grown < 2 << 20, "resident memory grew by \(grown >> 10) KiB")
        #expect(try driver.ok("daemon.hello")["declared"]?.array?.isEmpty == true)
    }

    /// The default's bottom edge pan yields only where the dock is: a swipe beside its span is still the launcher's.
    @Test func aDefaultYieldsOnlyWhereTheDeclarationIs() throws {
        let daemon = try DaemonProcess()
        let widget = try daemon.connect()
        _ = try Self.declare(widget, as: "dock")
        let watcher = try daemon.connect()
        _ = try watcher.ok("subscribe", ["transitions": ["dock", "launcher"], "events": ["state"]])
        _ = try watcher.ok("input.inject", Self.swipe(x: 200, steps: 8, lift: true))
        #expect(try watcher.notification(where: { method, _ in method == .began }).1["gesture"] == "launcher-open")
        _ = try watcher.ok("input.inject", Self.swipe(x: 1000, steps: 8, id: 2, at: 1, lift: true))
        #expect(
            try watcher.notification(where: { method, params in method == .began && params["name"] == "dock" }).1[
                "gesture"] == "dock-swipe")
    }

    /// Each rule of docs/config.md, over the socket: the user's file wins, naming its binding; the first
    /// declaration wins, naming its owner; names are unique; only the owner changes or retracts.
    @Test func theRulesHoldOverTheSocket() throws {
        let daemon = try DaemonProcess(userConfig: "[bindings.sidebar-open]\ndistance = 300\n")
        let first = try daemon.connect(), second = try daemon.connect()
        let drawer: JSONValue = [
            "name": "drawer",
            "bindings": [
                "drawer-swipe": [
                    "gesture": "edge-pan", "edge": "left", "span": [0.5, 1],
                    "distance": 300, "increases": "right",
                ]
            ],
        ]
        _ = try first.ok("daemon.hello", ["client": "first"])
        let users = try first.failing("transition.declare", drawer)
        #expect(
            users.code == -32005
                && users.message.contains("the user's binding \"sidebar-open\" (\(daemon.folder)/animd/animd.toml)"),
            "\(users)")
        _ = try first.ok("transition.declare", Self.dock)

        _ = try second.ok("daemon.hello", ["client": "second"])
        let tray: JSONValue = [
            "name": "tray",
            "bindings": ["tray-swipe": ["gesture": "edge-pan", "edge": "bottom", "span": [0.5, 1], "distance": 100]],
        ]
        let contended = try second.failing("transition.declare", tray)
        #expect(
            contended.code == -32005
                && contended.data?["owner"] == ["client": "first", "pid": .number(Double(getpid()))])
        #expect(
            contended.message.contains("\"dock-swipe\", which \"first\" (pid \(getpid())) declared"), "\(contended)")
        #expect(
            try second.failing("transition.declare", ["name": "dock"]).message.contains(
                "\"dock\" is declared already, by \"first\""))
        #expect(
            try second.failing("transition.declare", ["name": "sidebar"]).message
                == "conflict: the config has a transition named \"sidebar\" (the embedded default); give the declared one another name"
        )
        #expect(
            try second.failing("transition.update", ["name": "dock", "transition": ["duration": 1]]).code == -32005)
        #expect(try second.failing("transition.retract", ["name": "dock"]).code == -32005)
        #expect(try second.failing("transition.retract", ["name": "launcher"]).message.contains("is the config's"))
        // Another part of the edge is free.
        _ = try second.ok(
            "transition.declare",
            [
                "name": "tray",
                "bindings": [
                    "tray-swipe": [
                        "gesture": "edge-pan", "edge": "bottom", "span": [0.75, 1],
                        "distance": 100,
                    ]
                ],
            ])
        #expect(try second.update("tray", bindings: ["tray-swipe": ["distance": 120]]).get()["name"] == "tray")
        _ = try first.retract("dock").get()
        #expect(try Self.names(second).suffix(1) == ["tray"])
    }

    /// `transition.update` mid-swipe: the progress stays where the finger brought it, and each further pixel counts
    /// by the new distance. Mid-leg: the leg runs on to its end, no new leg and no end in between.
    @Test func anUpdateDoesNotJump() throws {
        let daemon = try DaemonProcess()
        let widget = try daemon.connect()
        _ = try Self.declare(widget, as: "dock")
        let watcher = try daemon.connect()
        _ = try watcher.ok("subscribe", ["transitions": ["dock"]])
        _ = try watcher.ok("input.inject", Self.swipe(x: 960, steps: 6))
        let before = try #require(
            watcher.notificationsBeforeABarrier().last { $0["method"] == "transition.progress" }?["params"]?[
                "progress"]?.number)
        _ = try widget.ok("transition.update", ["name": "dock", "bindings": ["dock-swipe": ["distance": 100]]])
        _ = try watcher.ok(
            "input.inject", ["events": [["t": 0.07, "kind": "touch-move", "id": 1, "x": 960, "y": 1008]]])
        let after = try watcher.notificationsBeforeABarrier()
        #expect(
            !after.contains { $0["method"] == "transition.ended" || $0["method"] == "transition.began" }, "\(after)")
        let next = try #require(after.last { $0["method"] == "transition.progress" }?["params"]?["progress"]?.number)
        #expect(abs(next - (before + 10.0 / 100)) < 1e-9, "\(before) → \(next): 10 px at 100 px per unit")
        _ = try watcher.ok("input.inject", ["events": [["t": 0.08, "kind": "touch-up", "id": 1, "x": 960, "y": 1008]]])
        _ = try watcher.notification(where: { method, _ in method == .ended })

        _ = try widget.ok("transition.animate", ["name": "dock", "to": 0, "timing": "linear", "duration": 1])
        _ = try watcher.notification(where: { method, params in
            method == .progress && (params["progress"]?.number ?? 1) < 0.9
        })
        _ = try widget.ok(
            "transition.update", ["name": "dock", "transition": ["timing": "ease-out", "snap-points": [0, 0.5]]])
        let rest = try watcher.notifications(until: { method, _ in method == .ended })
        #expect(
            rest.filter { $0.0 == .began }.isEmpty && rest.last?.1["position"] == "end" && rest.last?.1["snap"] == 0)
        #expect(rest.last?.1["snapPoints"] == [0, 0.5])
    }

    /// `[daemon] max-declarations` and `max-declarations-per-client`: past either, a client is refused; the others
    /// keep theirs, and theirs still work.
    @Test func limitsRefuseOnlyWhoIsPastThem() throws {
        let daemon = try DaemonProcess(userConfig: "[daemon]\nmax-declarations = 3\nmax-declarations-per-client = 2\n")
        let greedy = try daemon.connect(), modest = try daemon.connect()
        for name in ["a", "b"] { _ = try greedy.ok("transition.declare", ["name": .string(name)]) }
        let past = try greedy.failing("transition.declare", ["name": "c"])
        #expect(
            past.code == -32004
                && past.message
                    == "limit reached: at most 2 declared transitions per connection ([daemon] max-declarations-per-client)"
        )
        _ = try modest.ok("transition.declare", ["name": "c"])
        #expect(
            try modest.failing("transition.declare", ["name": "d"]).message.contains(
                "at most 3 declared transitions in the daemon"))
        _ = try modest.ok("subscribe", ["transitions": ["a"]])
        _ = try greedy.ok("transition.animate", ["name": "a", "to": 1, "duration": 0.05])
        #expect(try modest.notification(where: { method, _ in method == .ended }).1["snap"] == 1)
    }

    /// Well-formed but absurd values in every field are refused where they enter, each with the config's message;
    /// an output no monitor has is taken, and its edge pan waits for it; the daemon answers on.
    @Test func hostileValuesAreRefused() throws {
        let daemon = try DaemonProcess()
        let rpc = try daemon.connect()
        func binding(_ key: String, _ value: JSONValue) -> JSONValue {
            var keys: [(String, JSONValue)] = [("gesture", "edge-pan"), ("edge", "bottom"), ("distance", 200)].filter {
                $0.0 != key
            }
            keys.append((key, value))
            return ["name": "dock", "bindings": ["swipe": .object(keys)]]
        }
        let refused: [(JSONValue, String)] = [
            (binding("distance", 1e308), "bindings.swipe.distance: must be between 1 and 100000, got 1e+308"),
            (binding("distance", -0.0), "bindings.swipe.distance: must be between 1 and 100000, got 0"),
            (
                binding("distance", .number(.leastNonzeroMagnitude)),
                "bindings.swipe.distance: must be between 1 and 100000"
            ),
            (binding("span", [-1e308, 1e308]), "bindings.swipe.span: must be [from, to]"),
            (binding("span", [0.75, 0.25]), "bindings.swipe.span: must be [from, to]"),
            (
                binding("output", .string(String(repeating: "x", count: 300))),
                "bindings.swipe.output: a monitor's name must be 1 to 256 bytes long"
            ),
            (binding("zone", .null), "bindings.swipe.zone: null is not a config value"),
            (
                ["name": "dock", "transition": ["snap-points": .array((0..<3).map { _ in 1e308 })]],
                "transition.snap-points: each must be between -1000000 and 1000000, got 1e+308"
            ),
            (
                ["name": "dock", "transition": ["snap-points": [1, 0]]],
                "transition.snap-points: must be strictly increasing"
            ),
            // Issue 47: 12,000 snap points were accepted, and every snapshot of the transition was 73 KB.
            (
                ["name": "dock", "transition": ["snap-points": .array((0..<12_000).map { .number(Double($0)) })]],
                "transition.snap-points: has 12000 snap points; at most 100"
            ),
            (
                ["name": "dock", "transition": ["duration": .number(.leastNonzeroMagnitude)]],
                "transition.duration: must be between 0.001 and 60"
            ),
            (["name": "dock", "transition": ["reach": 1e308]], "transition.reach: must be a whole number"),
            (
                ["name": "dock", "bindings": .object((0..<17).map { ("b\($0)", ["gesture": "edge-pan"]) })],
                "bindings: has 17 bindings; at most 16"
            ),
            (["name": "has space"], "name: a name is 1 to 64 of A-Z, a-z, 0-9, - and _"),
            (["name": "dock", "transition": [1, 2]], "\"transition\" must be an object"),
            (
                [
                    "name": "dock",
                    "bindings": [
                        "swipe": ["gesture": "edge-pan", "transition": "sidebar", "edge": "left", "distance": 9]
                    ],
                ],
                "bindings.swipe.transition: names \"sidebar\": a declaration's bindings drive its own transition, \"dock\""
            ),
        ]
        for (params, message) in refused {
            let error = try rpc.failing("transition.declare", params)
            #expect(error.code == -32602 && error.message.contains(message), "\(error.message)")
        }
        _ = try rpc.ok("transition.declare", binding("output", "NOWHERE-1"))
        _ = try rpc.ok("subscribe", ["transitions": ["dock", "launcher"]])
        _ = try rpc.ok("input.inject", Self.swipe(x: 960, steps: 8, lift: true))
        let began = try rpc.notification(where: { method, _ in method == .began }).1
        #expect(
            began["name"] == "launcher",
            "an edge pan on a monitor that is not there takes nothing, and pushes nothing aside")
        #expect(try rpc.ok("daemon.hello")["declared"]?.array?.count == 1)
    }

    /// A reload whose file now writes the default binding a declaration stood in front of: the user's config wins,
    /// the declaration ends with reason `config`. A batch that declares, reloads and declares is carried out in order.
    @Test func aReloadTakesBackWhatTheUsersFileWrites() throws {
        let daemon = try DaemonProcess(userConfig: "")
        let widget = try daemon.connect()
        _ = try Self.declare(widget, as: "dock")
        let watcher = try daemon.connect()
        _ = try watcher.ok("subscribe", ["transitions": ["dock"]])
        try "[bindings.launcher-open]\ndistance = 500\n".write(
            toFile: daemon.folder + "/animd/animd.toml", atomically: true, encoding: .utf8)
        let dock2: JSONValue = [
            "name": "dock2", "bindings": ["dock2-swipe": ["gesture": "edge-pan", "edge": "top", "distance": 100]],
        ]
        let dock3: JSONValue = [
            "name": "dock3",
            "bindings": [
                "dock3-swipe": [
                    "gesture": "edge-pan", "edge": "bottom", "span": [0.25, 0.75],
                    "distance": 100,
                ]
            ],
        ]
        let answers = try widget.callBatch([
            ("daemon.reload", nil), ("transition.declare", dock2), ("transition.declare", dock3),
        ])
        #expect(answers.map { if case .success = $0 { true } else { false } } == [true, true, false])
        if case let .failure(error) = answers[2] {
            #expect(error.code == -32005 && error.message.contains("\"launcher-open\""))
        }
        let removed = try watcher.notification(where: { method, _ in method == .removed }).1
        #expect(removed["name"] == "dock" && removed["reason"] == "config")
        #expect(removed["message"]?.string?.contains("the user's binding \"launcher-open\"") == true)
        #expect(try watcher.ok("daemon.hello")["declared"]?.array?.compactMap { $0["name"]?.string } == ["dock2"])
    }

    /// 1,000 connections that declare and go: the daemon's descriptors come back to what they were, and its memory
    /// stays within 2 MiB of where 100 such cycles left it.
    @Test func aThousandDeclareAndDisconnectCyclesLeaveNothing() throws {
        let daemon = try DaemonProcess()
        let pid = daemon.process.processIdentifier
        // One connection asks throughout, so that the counts see the same connections open.
        let probe = try daemon.connect()
        func cycles(_ count: Int) throws {
            for index in 0..<count {
                let rpc = try daemon.connect()
                _ = try Self.declare(rpc, as: "cycle-\(index)")
            }
            // A declaration ends when animd has seen its connection close: then its descriptor is closed too.
            try waitUntil("every cycle's declaration ended") { try probe.ok("daemon.hello")["declared"] == [] }
        }
        try cycles(100)
        let (descriptors, resident) = (try Self.descriptors(pid), try Self.residentKiB(pid))
        try cycles(1000)
        #expect(try Self.descriptors(pid) == descriptors)
        let grown = try Self.residentKiB(pid) - resident
        #expect(grown < 2048, "\(grown) KiB more after 1,000 cycles")
    }

    /// Issue 48's 300 cycles, as a panel that restarts makes them: `animctl declare` of the same name, ended by
    /// SIGTERM and SIGKILL in turn, and the next started once it has ended. Each new declaration is listed with its
    /// own animctl as owner within 3 s (the probe saw one that was not, once in six runs); the times are printed.
    /// The SIGTERM cycles start animctl with SIGTERM blocked, as a parent may leave it (the mask survives exec):
    /// animctl must end all the same. scripts/declare-cycles.py runs the same cycles 20 × 300, under load.
    @Test func aPanelThatRestartsIsListedEveryTime() throws {
        let daemon = try DaemonProcess()
        let file = daemon.folder + "/cycle.toml"
        try
            "[transitions.cycle]\nsnap-points = [0, 1]\n[bindings.cycle-open]\ngesture = \"edge-pan\"\nedge = \"left\"\ndistance = 200\n"
            .write(toFile: file, atomically: true, encoding: .utf8)
        let probe = try daemon.connect()
        let blocking =
            "import os, signal, sys; signal.pthread_sigmask(signal.SIG_BLOCK, [signal.SIGTERM]); os.execv(sys.argv[1], sys.argv[1:])"
        var times: [Double] = []
        for cycle in 0..<300 {
            let terminated = cycle % 2 == 0
            let holder = Process()
            let command = [Binaries.animctl.path, "declare", "--socket", daemon.socket, file]
            holder.executableURL = URL(fileURLWithPath: terminated ? "/usr/bin/python3" : command[0])
            holder.arguments = terminated ? ["-c", blocking] + command : Array(command.dropFirst())
            holder.standardOutput = FileHandle.nullDevice
            let started = monotonicSeconds()
            try holder.run()
            defer { if holder.isRunning { kill(holder.processIdentifier, SIGKILL) } }
            let owner = JSONValue.number(Double(holder.processIdentifier))
            try waitUntil("cycle \(cycle): the new declaration is listed", timeout: 3) {
                try probe.ok("transition.list")["transitions"]?.array?.contains {
                    $0["name"] == "cycle" && $0["owner"]?["pid"] == owner
                } == true
            }
            times.append(monotonicSeconds() - started)
            kill(holder.processIdentifier, terminated ? SIGTERM : SIGKILL)
            try waitUntil("cycle \(cycle): animctl ended by \(terminated ? "SIGTERM" : "SIGKILL")", timeout: 3) {
                !holder.isRunning
            }
        }
        let sorted = times.sorted()
        print(
            "declare → listed over 300 cycles: median \(Int(sorted[150] * 1000)) ms, worst \(Int(sorted[299] * 1000)) ms"
        )
    }

    static func descriptors(_ pid: Int32) throws -> Int {
        try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd").count
    }

    static func residentKiB(_ pid: Int32) throws -> Int {
        let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") })
        return try #require(Int(line.split(separator: " ", omittingEmptySubsequences: true)[1]))
    }
}
