import AnimClient
import AnimProtocol
import Foundation
import JSONText
import TestSupport
import Testing

/// animctl as a user runs it: output on stdout, errors on stderr with a non-zero exit.
@Suite(.serialized) struct AnimctlTests {
    /// hello, list, get and toggle print what they say; errors go to stderr with status 1.
    @Test func queriesAndErrors() throws {
        let daemon = try DaemonProcess()
        let hello = try animctl(["hello"], socket: daemon.socket)
        #expect(
            hello.status == 0 && hello.stdout.contains("animd 0.1.0 (protocol 1)")
                && hello.stdout.contains("input       x11 off"))
        let list = try animctl(["list"], socket: daemon.socket)
        #expect(
            list.stdout.split(separator: "\n").map { $0.split(separator: " ").first.map(String.init) ?? "" }
                == ["sidebar", "panel", "launcher", "notifications", "pager", "overview"])
        #expect(try animctl(["toggle", "sidebar"], socket: daemon.socket).status == 0)
        let get = try animctl(["get", "sidebar", "--json"], socket: daemon.socket)
        #expect((try? JSONParser.parse(Array(get.stdout.utf8)))?["name"] == "sidebar")
        let bad = try animctl(["toggle", "nope"], socket: daemon.socket)
        #expect(bad.status == 1 && bad.stdout.isEmpty && bad.stderr.contains("unknown transition \"nope\" (-32001)"))
        #expect(
            bad.stderr.contains("known transitions: sidebar, panel, launcher, notifications, pager, overview"),
            "\(bad.stderr)")
        // watch and record subscribe; a name animd does not know is answered as every other command answers it.
        for command in [["watch", "nope"], ["watch", "--json", "nope"]] {
            let watch = try animctl(command, socket: daemon.socket)
            #expect(
                watch.status == 1 && watch.stderr.contains("unknown transition \"nope\" (-32001)"),
                "\(command): \(watch.stderr)")
            #expect(
                watch.stderr.contains("known transitions: sidebar, panel, launcher, notifications, pager, overview"),
                "\(command): \(watch.stderr)")
        }
    }

    /// Two edge pans on one edge and source: the config loads, and the log and `animctl hello` say which two and
    /// what to do.
    @Test func overlappingBindingsAreWarnedOf() throws {
        let daemon = try DaemonProcess(userConfig: "[bindings.sidebar-open]\nedge = \"right\"\n")
        let hello = try animctl(["hello"], socket: daemon.socket)
        let warning =
            "bindings sidebar-open and panel-open both start with an edge pan from the right edge (touch, pressure)"
        #expect(hello.stdout.contains("  warning: " + warning), "\(hello.stdout)")
        #expect(daemon.log.contains("config: " + warning), "\(daemon.log)")
    }

    /// A negative number is a value, as a positional or an option's: it reaches animd's range checks, or works.
    @Test func negativeNumbersAreValues() throws {
        let daemon = try DaemonProcess()
        let below = try animctl(["animate", "sidebar", "-1"], socket: daemon.socket)
        #expect(
            below.status == 1 && below.stderr.contains("to must be a snap index from 0 to 1, got -1"), "\(below.stderr)"
        )
        #expect(try animctl(["begin", "sidebar", "1"], socket: daemon.socket).status == 0)
        #expect(try animctl(["scrub", "sidebar", "-0"], socket: daemon.socket).status == 0, "-0 is a fraction of 0")
        let scrub = try animctl(["scrub", "sidebar", "-0.5"], socket: daemon.socket)
        #expect(
            scrub.status == 1 && scrub.stderr.contains("\"fraction\" must be between 0 and 1, got -0.5"),
            "\(scrub.stderr)")
        // Released at 0 with a velocity back toward 0: it comes to rest at snap 0.
        let release = try animctl(["release", "sidebar", "--velocity", "-2"], socket: daemon.socket)
        #expect(release.status == 0, "\(release.stderr)")
        let thrown = try animctl(["animate", "sidebar", "1", "--velocity", "-3"], socket: daemon.socket)
        #expect(thrown.status == 0, "\(thrown.stderr)")
        let word = try animctl(["animate", "sidebar", "x"], socket: daemon.socket)
        #expect(word.status == 2 && word.stderr.contains("\"x\" is not a number"))
    }

    /// `wait` returns once each transition rests, and says where; a held transition never rests, and wait says so.
    /// `watch --frames driven --log`: a running leg prints as its curve, and no frame of it comes.
    @Test func watchDrivenPrintsLegs() throws {
        let daemon = try DaemonProcess()
        let (watcher, stdout, _) = try startAnimctl(
            ["watch", "--frames", "driven", "--log", "--until-ended", "sidebar"], socket: daemon.socket)
        let rpc = try daemon.connect()
        try waitUntil("the watcher subscribed") { (try rpc.ok("daemon.hello")["clients"]?.integer ?? 0) >= 2 }
        _ = try rpc.ok("transition.animate", ["name": "sidebar", "to": 1, "timing": "ease-out", "duration": 0.3])
        watcher.waitUntilExit()
        let lines = String(decoding: stdout.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).split(
            separator: "\n")
        #expect(lines.count == 2 && lines[0].hasPrefix("began ") && lines[1].hasPrefix("ended "), "\(lines)")
        #expect(lines.first?.contains("cubic-bezier(0,0,0.58,1) x 0→1 in 0.3 s, from 0 to 1") == true, "\(lines)")
        let refused = try animctl(["watch", "--frames", "some"], socket: daemon.socket)
        #expect(refused.status != 0 && refused.stderr.contains("--frames must be all or driven"))
    }

    @Test func waitUntilAtRest() throws {
        let daemon = try DaemonProcess()
        #expect(try animctl(["toggle", "sidebar"], socket: daemon.socket).status == 0)
        let rested = try animctl(["wait", "sidebar"], socket: daemon.socket)
        #expect(rested.status == 0 && rested.stdout == "sidebar at snap 1\n", "\(rested.stdout) \(rested.stderr)")
        #expect(
            try animctl(["wait", "sidebar", "pager"], socket: daemon.socket).stdout
                == "sidebar at snap 1\npager at snap 0\n")
        _ = try animctl(["begin", "panel", "1"], socket: daemon.socket)
        let held = try animctl(["wait", "panel", "--timeout", "0.3"], socket: daemon.socket)
        #expect(
            held.status == 1 && held.stderr.contains("still not at rest after 0.30 s: panel (interactive)"),
            "\(held.stderr)")
        // animd dying while wait waits (no daemon.shutdown): wait says so, rather than waiting out its timeout.
        let waiting = try startAnimctl(["wait", "panel", "--timeout", "60"], socket: daemon.socket)
        try waitUntil("wait subscribed") { try daemon.connect().ok("daemon.hello")["subscriptions"] == 1 }
        daemon.signal(SIGKILL)
        waiting.process.waitUntilExit()
        let said = String(decoding: waiting.stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(waiting.process.terminationStatus == 1 && said.contains("animd closed the connection"), "\(said)")
        let restarted = try DaemonProcess()
        let unknown = try animctl(["wait", "nope"], socket: restarted.socket)
        #expect(unknown.status == 1 && unknown.stderr.contains("known transitions: sidebar"), "\(unknown.stderr)")
    }

    /// `hello --wait` started before animd answers once animd is up.
    @Test func helloWaitsForAStartingDaemon() throws {
        let folder = try DaemonProcess.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let socket = folder + "/s.sock"
        let early = try startAnimctl(["hello", "--wait", "20"], socket: socket)
        usleep(300_000)  // not a timing assumption: hello must still be waiting whenever animd comes up
        let daemon = try DaemonProcess(socket: socket)
        early.process.waitUntilExit()
        let output = String(decoding: early.stdout.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(early.process.terminationStatus == 0 && output.contains("animd 0.1.0"), "\(output)")
        _ = daemon
        #expect(
            try animctl(["hello", "--wait", "0.2"], socket: folder + "/none.sock").status == 3, "nobody came: no daemon"
        )
    }

    /// `hello --wait` also waits out input that is still connecting (a CI run once printed "x11 off (connecting)"
    /// under load). Right after animd is pointed at an X server that answers animd's probe and not Xlib's
    /// connection, its X backend is connecting for Xlib's 2 s deadline: hello prints the backend's verdict after it,
    /// not "connecting".
    @Test func helloWaitsForInputToBeOnOrOff() throws {
        let number = 900 + Int(getpid() % 90)
        let half = try #require(
            HalfAnsweringSocket(path: "@/tmp/.X11-unix/X\(number)", reply: SessionTests.failedSetup))
        let daemon = try DaemonProcess(display: ":\(number + 1)")
        _ = try daemon.connect().ok("daemon.environment", ["DISPLAY": .string(":\(number)")])
        let hello = try animctl(["hello", "--wait", "30"], socket: daemon.socket)
        #expect(
            hello.status == 0
                && hello.stdout.contains("input       x11 off on :\(number) (cannot open display :\(number): "),
            "\(hello.stdout)")
        #expect(!hello.stdout.contains("(connecting)"), "\(hello.stdout)")
        withExtendedLifetime(half) {}
    }

    /// `curve --help` lists the timing grammar and its ranges itself, from the parser's own limits.
    @Test func curveHelpListsTheGrammar() throws {
        let help = try animctl(["curve", "--help"], socket: nil)
        for form in [
            "ease-in-out", "cubic-bezier(x1, y1, x2, y2)", "spring(damping-ratio=Z, response=R)",
            "spring(duration=D, bounce=B)",
            "spring(mass=M, stiffness=K, damping=C)", "velocity=V", "Z 0.01…100",
        ] {
            #expect(help.stdout.contains(form), "curve --help lacks \(form)")
        }
        #expect(!help.stdout.contains("docs/motion.md"), "the grammar is listed, not pointed to")
    }

    /// The documented exit statuses: 0 done, 1 animd said no (its message shown), 2 usage, 3 no daemon (with a hint).
    @Test func exitStatuses() throws {
        let daemon = try DaemonProcess()
        #expect(try animctl(["toggle", "sidebar"], socket: daemon.socket).status == 0)
        let refused = try animctl(["animate", "sidebar", "7"], socket: daemon.socket)
        #expect(refused.status == 1 && refused.stderr.contains("to must be a snap index from 0 to 1, got 7"))
        #expect(
            refused.stderr.components(separatedBy: "transition.animate").count == 2,
            "the method is named once: \(refused.stderr)")
        let nothing = try animctl([], socket: nil)
        #expect(
            nothing.status == 2 && nothing.stderr.contains("SUBCOMMANDS"),
            "no subcommand is a usage error: \(nothing.status)")
        let missing = try animctl(["inject", daemon.folder + "/absent.jsonl"], socket: daemon.socket)
        #expect(
            missing.status == 2
                && missing.stderr.contains("cannot read \(daemon.folder)/absent.jsonl: No such file or directory"),
            "\(missing.status) \(missing.stderr)")
        for usage in [
            ["animate", "sidebar"], ["toggle", "sidebar", "--bogus"], ["frobnicate"], ["animate", "sidebar", "one"],
            ["watch", "--count", "0"], ["call", "no.such.method"], ["call", "daemon.hello", "{not json"],
        ] {
            let result = try animctl(usage, socket: daemon.socket)
            #expect(result.status == 2 && !result.stderr.isEmpty, "\(usage): \(result.status) \(result.stderr)")
        }
        #expect(try animctl(["curve", "springy"], socket: nil).status == 2)
        let absent = try animctl(["hello"], socket: daemon.folder + "/absent.sock")
        #expect(absent.status == 3 && absent.stderr.contains("animd is not running at \(daemon.folder)/absent.sock"))
        #expect(absent.stderr.contains("systemctl --user start animd"))
    }

    /// A daemon at max-clients refuses with its own error, and animctl shows it (not "closed the connection").
    @Test func fullDaemonShowsItsError() throws {
        let daemon = try DaemonProcess(config: "[daemon]\nmax-clients = 1\n[transitions.sidebar]\n")
        // The harness's own probe connection may not have been let go yet: hold the one place once it is free.
        var holder: RPCConnection?
        try waitUntil("the one place free") {
            let candidate = try daemon.connect()
            if case .success = try candidate.call("daemon.hello") { holder = candidate }
            return holder != nil
        }
        #expect(holder != nil)
        let refused = try animctl(["hello"], socket: daemon.socket)
        #expect(
            refused.status == 1 && refused.stderr.contains("limit reached: at most 1 clients (max-clients) (-32004)"),
            "\(refused.stderr)")
        let watch = try animctl(["watch", "--count", "1"], socket: daemon.socket)
        #expect(watch.status == 1 && watch.stderr.contains("limit reached: at most 1 clients"), "\(watch.stderr)")
    }

    /// watch --json prints each notification as received, and --until-ended stops at the first ended.
    @Test func watchJSONUntilEnded() throws {
        let daemon = try DaemonProcess()
        let watcher = Process()
        watcher.executableURL = Binaries.animctl
        watcher.arguments = ["watch", "panel", "--json", "--until-ended", "--socket", daemon.socket]
        let out = Pipe()
        watcher.standardOutput = out
        try watcher.run()
        let rpc = try daemon.connect()
        try waitUntil(#"rpc.ok("daemon.hello")["subscriptions"] == 1"#) {
            try rpc.ok("daemon.hello")["subscriptions"] == 1
        }
        _ = try rpc.ok("transition.toggle", ["name": "panel"])
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        watcher.waitUntilExit()
        let methods = text.split(separator: "\n").compactMap {
            (try? JSONParser.parse(Array($0.utf8)))?.notificationMethod
        }
        #expect(watcher.terminationStatus == 0)
        #expect(methods.first == .began && methods.last == .ended)
        #expect(methods.dropFirst().dropLast().allSatisfy { $0 == .progress })
    }

    /// watch on a real pseudo-terminal (`script`): one line per transition, redrawn in place as frames arrive; Ctrl-C
    /// (a real ^C through the terminal) ends it with status 0 and the cursor shown again.
    @Test func watchRedrawsLiveOnATerminal() throws {
        let daemon = try DaemonProcess()
        let rpc = try daemon.connect()
        let script = Process()
        script.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        // `script` runs its command with $SHELL -c. dash (Debian's /bin/sh) waits for the command instead of exec'ing it,
        // so the ^C would kill the shell too and `script` would report 130. `exec` makes animctl the terminal's only
        // process whatever $SHELL is, and the test pins $SHELL so it behaves the same on every machine.
        script.arguments = ["-qfec", "exec \(Binaries.animctl.path) watch --socket \(daemon.socket)", "/dev/null"]
        script.environment = ProcessInfo.processInfo.environment.merging(["SHELL": "/bin/sh"]) { $1 }
        let keyboard = Pipe(), screen = Pipe()
        script.standardInput = keyboard
        script.standardOutput = screen
        script.standardError = FileHandle.nullDevice
        let output = PipeOutput(screen)
        try script.run()
        try waitUntil(#"rpc.ok("daemon.hello")["subscriptions"] == 1"#) {
            try rpc.ok("daemon.hello")["subscriptions"] == 1
        }
        _ = try rpc.ok("subscribe", ["transitions": ["sidebar"]])
        _ = try rpc.ok("transition.toggle", ["name": "sidebar"])
        _ = try rpc.notification(where: { method, _ in method == .ended })
        func text() -> String { output.text }
        try waitUntil(#"text().contains("snap 1")"#) { text().contains("snap 1") }
        try? keyboard.fileHandleForWriting.write(contentsOf: Data([0x03]))
        try waitUntil(#"!script.isRunning"#) { !script.isRunning }
        guard !script.isRunning else {
            script.terminate()
            Issue.record("Ctrl-C did not end animctl watch: \(text().suffix(300))")
            return
        }
        #expect(script.terminationStatus == 0)
        let screenText = text()
        let lines = try SystemdTests.defaultTransitionCount() + 1
        // Every redraw moves up over the transitions' lines and the footer, then clears each line it rewrites.
        let redraws = screenText.components(separatedBy: "\u{1B}[\(lines)A").count - 1
        #expect(redraws >= 3, "redrawn \(redraws) times")
        #expect(screenText.contains("sidebar") && screenText.contains("animating") && screenText.contains("snap 0→1"))
        #expect(
            screenText.contains("\u{1B}[?25l") && screenText.hasSuffix("\u{1B}[?25h"),
            "the cursor is hidden, then shown again")
    }

    /// watch --count stops after that many events.
    @Test func watchCount() throws {
        let daemon = try DaemonProcess()
        let rpc = try daemon.connect()
        let watcher = Process()
        watcher.executableURL = Binaries.animctl
        watcher.arguments = ["watch", "--count", "3", "--socket", daemon.socket]
        let out = Pipe()
        watcher.standardOutput = out
        try watcher.run()
        try waitUntil(#"rpc.ok("daemon.hello")["subscriptions"] == 1"#) {
            try rpc.ok("daemon.hello")["subscriptions"] == 1
        }
        _ = try rpc.ok("transition.toggle", ["name": "launcher"])
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        watcher.waitUntilExit()
        #expect(text.split(separator: "\n").count == 3)
        #expect(text.hasPrefix("began     launcher"))
    }

    /// watch exits when its reader goes away, like `animctl watch | head -1`.
    @Test func watchExitsWhenStdoutCloses() throws {
        let daemon = try DaemonProcess()
        let rpc = try daemon.connect()
        let watcher = Process()
        watcher.executableURL = Binaries.animctl
        watcher.arguments = ["watch", "--json", "--socket", daemon.socket]
        let out = Pipe()
        watcher.standardOutput = out
        try watcher.run()
        try waitUntil(#"rpc.ok("daemon.hello")["subscriptions"] == 1"#) {
            try rpc.ok("daemon.hello")["subscriptions"] == 1
        }
        _ = try rpc.ok("transition.toggle", ["name": "sidebar"])
        _ = out.fileHandleForReading.availableData
        try out.fileHandleForReading.close()
        try waitUntil(#"!watcher.isRunning"#) { !watcher.isRunning }
        #expect(!watcher.isRunning)
        try waitUntil(#"rpc.ok("daemon.hello")["clients"] == 1"#) { try rpc.ok("daemon.hello")["clients"] == 1 }
        #expect(try rpc.ok("daemon.hello")["clients"] == 1)
    }

    /// inject reads a trace from stdin; a bad trace names its line.
    @Test func injectFromStdinAndBadTrace() throws {
        let daemon = try DaemonProcess()
        let trace = try String(contentsOfFile: Binaries.trace("flick-constant"), encoding: .utf8)
        let ok = try animctl(["inject", "-", "--speed", "0"], socket: daemon.socket, stdin: trace)
        #expect(ok.status == 0 && ok.stdout.contains("injected 20 events"))
        let bad = try animctl(
            ["inject", "-"], socket: daemon.socket, stdin: "{\"t\":0,\"kind\":\"touch-down\",\"x\":1,\"y\":1}\n")
        #expect(bad.status == 1 && bad.stderr.contains("line 1: missing field \"id\""))
    }

    /// inject's --speed is range-checked like the daemon's numbers, and a slow speed over a trace that spans days
    /// waits instead of crashing (the wait was once converted to an integer that overflowed).
    @Test func injectSpeedIsCheckedAndNeverOverflows() throws {
        let daemon = try DaemonProcess()
        for bad in ["1e-300", "-1", "nan", "1e308", "0.0009"] {
            let refused = try animctl(["inject", "-", "--speed", bad], socket: daemon.socket, stdin: "")
            #expect(
                refused.status == 2 && refused.stderr.contains("--speed must be 0, or from 0.001 to 1000"),
                "\(bad): \(refused.stderr)")
        }
        let rpc = try daemon.connect()
        _ = try rpc.ok("subscribe", ["events": ["input-events"]])
        let trace =
            #"{"t":0,"kind":"pointer-move","x":1,"y":1}"# + "\n" + #"{"t":30000000,"kind":"pointer-move","x":2,"y":2}"#
            + "\n"
        let file = daemon.folder + "/wide.jsonl"
        try trace.write(toFile: file, atomically: true, encoding: .utf8)
        let slow = try startAnimctl(["inject", file, "--speed", "0.001"], socket: daemon.socket)
        _ = try rpc.notification(where: { method, _ in method == .inputEvent })
        _ = try rpc.ok("daemon.hello")
        #expect(slow.process.isRunning, "waiting for the next event, 3e10 s away, not crashed")
        // SIGKILL: the test runner blocks SIGTERM, and its children inherit the mask.
        kill(slow.process.processIdentifier, SIGKILL)
        slow.process.waitUntilExit()
        #expect(slow.process.terminationReason == .uncaughtSignal && slow.process.terminationStatus == SIGKILL)
    }

    /// A server of another user at the socket path is not animd for us: animctl refuses it before trusting an
    /// answer. The server here runs as nobody (setpriv), in a folder open to it, and answers anything with a
    /// well-formed hello.
    @Test(.enabled(if: getuid() == 0, "runs a server as another user, which needs root"))
    func aServerOfAnotherUserIsRefused() throws {
        let folder = try DaemonProcess.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(chmod(folder, 0o777) == 0)
        let socket = folder + "/fake.sock"
        let server = """
            import socket
            s = socket.socket(socket.AF_UNIX); s.bind("\(socket)"); s.listen(4)
            while True:
                c, _ = s.accept()
                try:
                    c.recv(4096); c.sendall(b'{"jsonrpc":"2.0","id":1,"result":{"version":"fake","pid":1}}\\n')
                except OSError:
                    pass
                c.close()
            """
        let fake = Process()
        fake.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
        // The system python, not a per-user one (pyenv under /root is closed to nobody).
        fake.arguments = ["--reuid", "65534", "--regid", "65534", "--clear-groups", "/usr/bin/python3", "-c", server]
        try fake.run()
        defer { kill(fake.processIdentifier, SIGKILL); fake.waitUntilExit() }
        try waitUntil("the fake server's socket") { FileManager.default.fileExists(atPath: socket) }
        let refused = try animctl(["hello"], socket: socket)
        #expect(
            refused.status != 0 && refused.stderr.contains("runs as uid 65534, not as you"),
            "\(refused.status) \(refused.stdout) \(refused.stderr)")
        #expect(!refused.stdout.contains("fake"))
        // The Python client refuses it the same way.
        let python = try runTool(
            "/usr/bin/python3",
            ["-c", "import animd\ntry:\n animd.connect('\(socket)')\nexcept animd.AnimdError as e:\n print(e)"],
            environment: ["PYTHONPATH": Binaries.repo.appendingPathComponent("clients/python").path])
        #expect(python.output.contains("runs as uid 65534, not as you"), "\(python.output)")
    }

    /// Issue 47: an answer animctl cannot show (here a snapshot whose snap points hold a null, as animd once sent
    /// for `snap-points = [0, nan, 1]`) is an error with status 1, never nothing with status 0; `--json` shows it.
    @Test func anAnswerThatCannotBeShownIsAnError() throws {
        let folder = try DaemonProcess.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let socket = folder + "/odd.sock"
        let snapshot =
            #"{"name":"sidebar","progress":0,"velocity":0,"phase":"idle","from":0,"to":0,"target":0,"snap":0,"snapPoints":[0,null,1],"seq":1,"time":0}"#
        let server = """
            import socket, sys
            s = socket.socket(socket.AF_UNIX); s.bind(sys.argv[1]); s.listen(4)
            while True:
                c, _ = s.accept()
                request = c.makefile().readline()
                result = '{"transitions":[' + sys.argv[2] + ']}' if 'transition.list' in request else sys.argv[2]
                c.sendall(('{"jsonrpc":"2.0","id":1,"result":' + result + '}\\n').encode())
                c.close()
            """
        let fake = Process()
        fake.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        fake.arguments = ["-c", server, socket, snapshot]
        try fake.run()
        defer { kill(fake.processIdentifier, SIGKILL); fake.waitUntilExit() }
        try waitUntil("the server's socket") { FileManager.default.fileExists(atPath: socket) }
        for command in [["get", "sidebar"], ["list"]] {
            let shown = try animctl(command, socket: socket)
            #expect(
                shown.status == 1 && shown.stdout.isEmpty
                    && shown.stderr.contains("animd's answer cannot be shown (see it whole with --json)"),
                "\(command): \(shown.status) \(shown.stdout) \(shown.stderr)")
        }
        #expect(try animctl(["get", "sidebar", "--json"], socket: socket).stdout.contains(#""snapPoints":[0,null,1]"#))
    }

    /// begin, scrub and release drive a client leg; curve needs no daemon; a bad spec names its column.
    @Test func clientLegCommands() throws {
        let daemon = try DaemonProcess()
        #expect(try animctl(["begin", "sidebar", "1"], socket: daemon.socket).status == 0)
        #expect(try animctl(["scrub", "sidebar", "0.9"], socket: daemon.socket).status == 0)
        #expect(try animctl(["release", "sidebar"], socket: daemon.socket).stdout == "1\n")
        let curve = try animctl(["curve", "linear", "--samples", "3", "--json"], socket: nil)
        #expect(curve.stdout == "{\"spec\":\"linear\",\"duration\":1,\"samples\":[[0,0],[0.5,0.5],[1,1]]}\n")
        let spring = try animctl(["curve", "spring(duration=0.5, bounce=0)", "--samples", "2", "--json"], socket: nil)
        let settle = (try? JSONParser.parse(Array(spring.stdout.utf8)))?["duration"]?.number ?? 0
        #expect(abs(settle - 0.7347716981942961) < 1e-9, "the settling time of vectors.json's smooth spring")
        // The spec's own velocity is the curve's: sampled to its settling time, the last sample is the target.
        let launched = try animctl(
            ["curve", "spring(mass=1, stiffness=170, damping=26, velocity=5)", "--samples", "2", "--json"], socket: nil)
        #expect(launched.stdout.hasSuffix(",1]]}\n"), "\(launched.stdout)")
        let bad = try animctl(["curve", "spring(dampin=1)"], socket: nil)
        #expect(bad.status == 2 && bad.stderr.contains("column 8: unknown spring parameter \"dampin\""))
    }
}
