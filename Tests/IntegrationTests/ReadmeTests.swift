import Foundation
import Testing

/// The README, run: each shell block marked `<!-- readme-test: NAME -->` is run line by line in one bash, against a
/// fresh animd under Xvfb, and what each line's comment promises is checked. A README line that this table does not
/// know, or an entry whose line left the README, fails the suite: the README cannot drift from the code unnoticed.
@Suite(.serialized, .enabled(if: Xvfb.installed, "needs Xvfb (scripts/install-deps.sh)")) struct ReadmeTests {
    /// What a README line must do.
    enum Check {
        /// It exits 0 and prints each of these.
        case prints([String])
        /// A background job: it starts (its output, if any, is checked by later lines).
        case starts
        /// A background job that maps a window named `window` and then prints `prints`: the lines after it wait for
        /// the window to be visible (up to 10 s), as a person reading the README would, and the text must come.
        case startsWindow(String, prints: String)
        /// The test runs `command` instead, for `reason`; its output must contain each of `prints`.
        case replaced(by: String, reason: String, prints: [String] = [])
    }

    /// A Markdown file's shell blocks by their marker, each a list of commands with their continuation lines joined.
    static func blocks(in file: String = "README.md") throws -> [String: [String]] {
        let text = try String(contentsOf: Binaries.repo.appendingPathComponent(file), encoding: .utf8)
        var blocks: [String: [String]] = [:]
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).makeIterator()
        while let line = lines.next() {
            guard line.hasPrefix("<!-- readme-test: "), let name = line.split(separator: " ").dropFirst(2).first,
                lines.next() == "```sh"
            else { continue }
            var commands: [String] = []
            while let body = lines.next(), body != "```" {
                // An indented line, or one after a trailing `|`, goes on the command before it.
                if let last = commands.last, body.first == " " || command(of: last).hasSuffix("|") {
                    commands[commands.count - 1] = last + "\n" + body
                } else {
                    commands.append(String(body))
                }
            }
            blocks[String(name)] = commands
        }
        return blocks
    }

    /// A line without its trailing comment (two or more spaces, then `# `).
    static func command(of line: String) -> String {
        guard let range = line.range(of: #"\s{2,}# [^']*$"#, options: .regularExpression) else { return line }
        return String(line[..<range.lowerBound])
    }

    /// Runs `lines` in one bash, each checked against `table` by its command, then `epilogue` (the test's own check
    /// of what the block left running); returns the whole transcript.
    @discardableResult
    static func run(
        _ block: String, _ lines: [String], _ table: [String: Check], environment: [String: String],
        epilogue: String = ""
    ) throws -> String {
        for line in lines where table[command(of: line)] == nil {
            Issue.record("README block \(block) has a line this test does not check: \(command(of: line))")
        }
        let commands = Set(lines.map(command(of:)))
        for key in table.keys where !commands.contains(key) {
            Issue.record("README block \(block) no longer has the line: \(key)")
        }
        var script = "cd '\(Binaries.repo.path)'\n"
        for (index, line) in lines.enumerated() {
            let check = table[command(of: line)] ?? .starts
            let text: String = if case let .replaced(by: command, _, _) = check { command } else { line }
            script += "echo '@@@ begin \(index)'\n\(text)\necho \"@@@ status \(index) $?\"\n"
            if case let .startsWindow(window, _) = check {
                script += "timeout 10 xdotool search --sync --onlyvisible --name '^\(window)$' > /dev/null\n"
            }
        }
        script += "echo '@@@ epilogue'\n\(epilogue)\n"
        // Whatever the block left running ends with it.
        script += "kill $(jobs -p) 2>/dev/null; wait\n"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", script]
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let watchdog = DispatchWorkItem { if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + 120, execute: watchdog)
        let transcript = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        watchdog.cancel()
        for (index, line) in lines.enumerated() {
            guard let check = table[command(of: line)] else { continue }
            var segment =
                transcript.components(separatedBy: "@@@ begin \(index)\n").dropFirst().first?
                .components(separatedBy: "@@@ status \(index) ").first ?? ""
            // A background job prints after its own line: whatever follows that line counts.
            if case .startsWindow = check {
                segment = transcript.components(separatedBy: "@@@ begin \(index)\n").dropFirst().joined()
            }
            let status =
                transcript.components(separatedBy: "@@@ status \(index) ").dropFirst().first?.prefix { $0.isNumber }
                ?? "?"
            #expect(
                status == "0", "README \(block), line \(index + 1): \(command(of: line)) exited \(status)\n\(segment)")
            let expected: [String] =
                switch check {
                case let .prints(texts), let .replaced(_, _, texts): texts
                case .starts: []
                case let .startsWindow(_, prints): [prints]
                }
            for text in expected {
                #expect(
                    segment.contains(text),
                    "README \(block), line \(index + 1): \(command(of: line)) did not print \"\(text)\":\n\(segment)")
            }
        }
        return transcript
    }

    /// A home, a runtime folder and a display of the test's own, so that nothing of the machine's user is used.
    static func environment(display: String, home: String) throws -> [String: String] {
        let runtime = home + "/run"
        try FileManager.default.createDirectory(
            atPath: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        var environment = ProcessInfo.processInfo.environment
        for name in ["ANIMD_SOCKET", "WAYLAND_DISPLAY", "XDG_SESSION_TYPE", "NOTIFY_SOCKET", "XAUTHORITY"] {
            environment[name] = nil
        }
        environment["HOME"] = home
        environment["XDG_CONFIG_HOME"] = home + "/.config"
        environment["XDG_RUNTIME_DIR"] = runtime
        environment["DISPLAY"] = display
        environment["PATH"] = Binaries.folder.path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        return environment
    }

    /// The overshoot of a spring of damping ratio ζ, in percent: e^(−πζ/√(1−ζ²)) (MOTION.md §1).
    static func overshoot(dampingRatio zeta: Double) -> Double {
        100 * exp(-Double.pi * zeta / (1 - zeta * zeta).squareRoot())
    }

    @Test func theTourDoesWhatItSays() throws {
        let xvfb = try Xvfb(size: "1280x800x24")
        defer { xvfb.stop() }
        let home = try DaemonProcess.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: home) }
        try Self.runTour(
            environment: try Self.environment(display: xvfb.display, home: home), home: home,
            input: ["input       x11 connected on \(xvfb.display)", "monitors    1280×800+0+0"])
    }

    /// The same tour on Wayland: sway headless with a 1280 × 800 output, `WAYLAND_DISPLAY` set (an absolute path,
    /// as libwayland allows, so that animd's socket stays in the test's own runtime folder), and Xvfb standing in
    /// for the Xwayland a Wayland desktop gives X clients such as animd-demo. `auto` picks libinput.
    @Test(
        .enabled(
            if: HeadlessSway.installed, "needs sway, swaymsg and grim (scripts/install-deps.sh), and setpriv under root"
        ))
    func theTourDoesWhatItSaysOnWayland() throws {
        let sway = try HeadlessSway(outputs: 1, config: "output HEADLESS-1 mode --custom 1280x800")
        let xvfb = try Xvfb(size: "1280x800x24")
        defer { xvfb.stop() }
        let home = try DaemonProcess.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: home) }
        var environment = try Self.environment(display: xvfb.display, home: home)
        let wayland = sway.runtime + "/" + sway.socket
        environment["WAYLAND_DISPLAY"] = wayland
        environment["XDG_SESSION_TYPE"] = "wayland"
        try Self.runTour(
            environment: environment, home: home,
            input: [
                "input       libinput connected on \(wayland)", "outputs     HEADLESS-1 1280×800+0+0",
                "monitors    1280×800+0+0",
            ])
    }

    /// Runs the tour block line by line; `hello` must print `input` besides its version and config.
    static func runTour(environment: [String: String], home: String, input: [String]) throws {
        let tour = try #require(try Self.blocks()["tour"])
        let table: [String: Check] = [
            "make build && export PATH=$PWD/.build/debug:$PATH": .replaced(
                by: "export PATH='\(Binaries.folder.path)':$PATH",
                reason:
                    "the suite runs inside `swift test`, which holds SwiftPM's build lock; `make -n build` is checked below"
            ),
            "animd 2>/tmp/animd.log &": .starts,
            "animctl hello --wait 30": .prints(
                ["animd 0.1.0 (protocol 1)", "config      (embedded default): 6 transitions, 11 bindings"] + input),
            "animctl toggle sidebar && animctl wait sidebar": .prints(["sidebar at snap"]),
            "animctl inject Tests/GesturesTests/Traces/flick-constant.jsonl && animctl wait sidebar": .prints([
                "sidebar at snap 1"
            ]),
            "animctl animate pager 2 && animctl get pager": .prints(["animating", "heading to 2"]),
            "animctl begin panel 1 && animctl scrub panel 0.4 && animctl get panel": .prints([
                "interactive", "progress  0.4000",
            ]),
            "animctl release panel --velocity 2 && animctl wait panel": .prints(["1\npanel at snap 1"]),
            "animctl curve 'spring(damping-ratio=0.6, response=0.4)'": .prints([
                "spring(damping-ratio=0.6, response=0.4)", "overshoot ",
            ]),
            "animctl config | grep -A3 'transitions.sidebar]'": .prints([
                "[transitions.sidebar]", "snap-points = [0, 1]", "# (embedded default):",
            ]),
            "animd-demo &": .startsWindow("animd-demo", prints: "ready "),
            "animctl watch --json --count 2 sidebar | jq -c '.params | {name, phase}' & animctl toggle sidebar; wait $!":
                .prints(["{\"name\":\"sidebar\",\"phase\":\"animating\"}"]),
            "kill %2 %1": .prints([]),
        ]
        let transcript = try Self.run("tour", tour, table, environment: environment)
        // The two toggles: open, then closed, in that order.
        let rests = transcript.components(separatedBy: "\n").filter { $0.hasPrefix("sidebar at snap") }
        #expect(Array(rests.prefix(3)) == ["sidebar at snap 1", "sidebar at snap 0", "sidebar at snap 1"], "\(rests)")
        // The curve's overshoot, as sampled, against the formula's peak: within the 101 samples' resolution.
        let printed = transcript.components(separatedBy: "overshoot ").dropFirst().first?.split(separator: " ").first
            .flatMap { Double($0) }
        #expect(
            printed.map { abs($0 - Self.overshoot(dampingRatio: 0.6)) < 0.05 } == true, "overshoot \(printed ?? .nan) %"
        )
        #expect(
            !FileManager.default.fileExists(atPath: home + "/run/animd.sock"),
            "kill %1 stopped animd, which removed its socket")
        #expect(!FileManager.default.fileExists(atPath: home + "/run/animd.sock.lock"))
        // What `make build` would do, without doing it.
        let plan = try runTool("/usr/bin/make", ["-n", "-C", Binaries.repo.path, "build"]).output
        #expect(plan.contains("scripts/install-deps.sh") && plan.contains("swift build"), "\(plan)")
    }

    /// The GTK panel's steps as a person types them, on a Wayland session (sway headless): a venv made from
    /// Debian's Python, the client installed into it with pip, the panel started; from the README, and from
    /// examples/README.md (whose `apt-get` line is checked, not run: install-deps has installed those packages).
    /// The panel must then be connected and subscribed, and have said nothing on stderr.
    @Test(
        .enabled(
            if: HeadlessSway.installed, "needs sway, swaymsg and grim (scripts/install-deps.sh), and setpriv under root"
        ),
        arguments: ["README.md", "examples/README.md"])
    func thePanelStepsWorkAsTyped(file: String) throws {
        let sway = try HeadlessSway(outputs: 1, config: "output HEADLESS-1 mode --custom 1280x720")
        let home = try DaemonProcess.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: home) }
        var environment = try Self.environment(display: "", home: home)
        environment["DISPLAY"] = nil
        environment["WAYLAND_DISPLAY"] = sway.runtime + "/" + sway.socket
        let daemon = try DaemonProcess(
            socket: home + "/run/animd.sock", environment: ["WAYLAND_DISPLAY": sway.runtime + "/" + sway.socket],
            inputBackend: "auto")
        let panel = try #require(try Self.blocks(in: file)["panel"], "\(file) has no panel block")
        let packages = "python3-gi python3-gi-cairo gir1.2-gtk-3.0 gir1.2-gtklayershell-0.1"
        let table: [String: Check] = [
            "sudo apt-get install \(packages)": .replaced(
                by: "dpkg-query -W -f='${Status}\\n' \(packages) | grep -c 'install ok installed'",
                reason: "a test installs nothing: scripts/install-deps.sh has installed them", prints: ["4"]),
            "/usr/bin/python3 -m venv --system-site-packages ~/.venvs/animd": .prints([]),
            "~/.venvs/animd/bin/pip install ./clients/python": .prints(["Successfully installed animd"]),
            "~/.venvs/animd/bin/python examples/gtk/sidebar-panel.py &": .starts,
            "animctl toggle sidebar": .prints([]),
        ].filter { entry in panel.contains { Self.command(of: $0) == entry.key } }
        // The panel subscribes once it has connected: wait for it (bounded), then say how many subscriptions there are.
        let epilogue = """
            for _ in $(seq 200); do [ "$(animctl hello --json | jq .subscriptions)" = 1 ] && break; sleep 0.05; done
            echo "subscriptions: $(animctl hello --json | jq .subscriptions)"
            """
        let transcript = try Self.run(file, panel, table, environment: environment, epilogue: epilogue)
        let after = transcript.components(separatedBy: "@@@ epilogue\n").last ?? ""
        #expect(after.contains("subscriptions: 1"), "the panel never subscribed: \(transcript)")
        #expect(!transcript.contains("Traceback") && !transcript.contains("No module named"), "\(transcript)")
        _ = daemon
    }

    @Test func theClientSnippetStreamsFrames() throws {
        let xvfb = try Xvfb(size: "1280x800x24")
        defer { xvfb.stop() }
        let home = try DaemonProcess.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let environment = try Self.environment(display: xvfb.display, home: home)
        let daemon = try DaemonProcess(socket: home + "/run/animd.sock")
        let client = try #require(try Self.blocks()["client"])
        let table: [String: Check] = [
            """
            { echo '{"jsonrpc":"2.0","id":1,"method":"subscribe","params":{"transitions":["sidebar"]}}'
              echo '{"jsonrpc":"2.0","id":2,"method":"transition.toggle","params":{"name":"sidebar"}}'; sleep 2; } |
              socat - UNIX-CONNECT:"$(animctl socket-path)"
            """: .prints([
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"subscription\":1,\"transitions\":[{\"name\":\"sidebar\"",
                "\"method\":\"transition.began\"", "{\"jsonrpc\":\"2.0\",\"id\":2,\"result\":{}}",
                "\"method\":\"transition.progress\"", "\"method\":\"transition.ended\"",
            ])
        ]
        try Self.run("client", client, table, environment: environment)
        _ = daemon
    }

    @Test(.enabled(if: SystemdTests.analyzeInstalled, "needs systemd-analyze (scripts/install-deps.sh)"))
    func theUnitCheckWorksWithoutAUserManager() throws {
        let home = try DaemonProcess.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: home) }
        var environment = try Self.environment(display: ":0", home: home)
        environment["XDG_RUNTIME_DIR"] = nil
        let verify = try #require(try Self.blocks()["verify"])
        let table: [String: Check] = [
            "export XDG_RUNTIME_DIR=$(mktemp -d) && chmod 0700 \"$XDG_RUNTIME_DIR\"": .replaced(
                by: "scripts/install.sh install \"$HOME/.local\" '\(Binaries.folder.path)' >/dev/null && "
                    + "export XDG_RUNTIME_DIR=$(mktemp -d) && chmod 0700 \"$XDG_RUNTIME_DIR\"",
                reason:
                    "the units must be installed first: `make install PREFIX=~/.local` would build a release inside `swift test`"
            ),
            "systemd-analyze --user verify ~/.local/share/systemd/user/animd.service ~/.local/share/systemd/user/animd.socket":
                .prints([]),
        ]
        let transcript = try Self.run("verify", verify, table, environment: environment)
        let output =
            transcript.components(separatedBy: "@@@ begin 1\n").last?.components(separatedBy: "@@@ status").first ?? "?"
        #expect(output.isEmpty, "valid units: systemd-analyze prints nothing, got \(output)")
    }
}
