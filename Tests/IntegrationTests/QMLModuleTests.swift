import AnimClient
import Foundation
import Testing
import XorgInputTest

/// The module's pure parts against the fixtures the Python and GJS helpers are held to, and the reference panel and
/// docs/toolkits.md's Quickshell snippet through qmllint against the built module.
@Suite(
    .serialized,
    .enabled(
        if: QMLModule.installed, "needs cmake, Qt 6's Quick and Network and the qml runtime (scripts/install-deps.sh)"))
struct QMLModuleTests {
    @Test func theModuleEvaluatesTheVectorsAndTheSwipeCases() throws {
        let fixtures = ["leg-vectors.json", "swipe-signals.json"].map {
            Binaries.repo.appendingPathComponent("Tests/Fixtures/\($0)").path
        }
        let run = try runTool(try QMLModule.checks(), fixtures)
        #expect(run.status == 0 && run.output.hasPrefix("ok: 1366 samples, 37 steps, 0 failures"), "\(run.output)")
    }

    /// A QML binding may change a Transition's `name` while it is connected (clients/qml/tests/renamed.qml): the item
    /// gives back what it held under the old name (the declared transition is retracted) and follows the new one,
    /// whose scrub it then shows; the same for one that only follows.
    @Test func aTransitionRenamedWhileConnectedFollowsTheNewName() throws {
        let daemon = try DaemonProcess()
        let rpc = try daemon.connect()
        let program = Binaries.repo.appendingPathComponent("clients/qml/tests/renamed.qml").path
        let qml = try LineProcess(
            URL(fileURLWithPath: "/bin/sh"),
            ["-c", "exec \"$0\" \"$@\" 2>&1", QMLModule.runtime, program, "--", daemon.socket],
            environment: [
                "QML_IMPORT_PATH": try QMLModule.importPath(), "QT_MESSAGE_PATTERN": "%{message}",
                "QT_QPA_PLATFORM": "offscreen",
            ])
        defer { qml.close() }
        var said: Set<String> = []
        func waitFor(_ line: String) {
            while !said.contains(line), let next = qml.nextLine(timeout: 15) { said.insert(next) }
            #expect(said.contains(line), "renamed.qml never said \"\(line)\": \(said.sorted())")
        }
        waitFor("declared qml-second")
        waitFor("declared panel")
        #expect(try rpc.ok("transition.get", ["name": "qml-second"])["owner"]?["client"] == "qml-renamed")
        #expect(try rpc.failing("transition.get", ["name": "qml-first"]).code == -32001, "the old name was retracted")
        for name in ["qml-second", "panel"] {
            _ = try rpc.ok("transition.begin", ["name": .string(name), "to": 1])
            _ = try rpc.ok("transition.scrub", ["name": .string(name), "fraction": 0.25])
            waitFor("progress \(name) 0.25")
        }
        #expect(
            !said.contains { $0.hasPrefix("progress qml-first") || $0.hasPrefix("progress sidebar") },
            "\(said.sorted())")
    }

    /// Issue 57: Qt's `qml` running a Connection and a Transition against a live animd, then quitting, aborted in 4 runs
    /// of 4 (a freed QTimer or hash touched from ~QLocalSocket's `disconnected`): a Quickshell reload would take the
    /// shell down. Twenty quits, and twenty runs that make and destroy the component five times first (a reload),
    /// each end with status 0 and nothing from the allocator; and the same with the module built with
    /// AddressSanitizer, which names any use after free.
    @Test(arguments: [false, true])
    func theRuntimeQuitsAndReloadsCleanly(sanitized: Bool) throws {
        try #require(
            !sanitized || FileManager.default.fileExists(atPath: QMLModule.addressSanitizerRuntime),
            "needs gcc's libasan")
        let daemon = try DaemonProcess()
        let path = try QMLModule.importPath(sanitized: sanitized)
        let program = Binaries.repo.appendingPathComponent("clients/qml/tests/quits.qml").path
        var environment = ["QML_IMPORT_PATH": path, "QT_MESSAGE_PATTERN": "%{message}", "QT_QPA_PLATFORM": "offscreen"]
        if sanitized {
            environment["LD_PRELOAD"] = QMLModule.addressSanitizerRuntime
            // Qt's own allocations at exit are not this module's: leaks are not what is looked for.
            environment["ASAN_OPTIONS"] = "detect_leaks=0"
        }
        for (mode, loads) in [([] as [String], 1), (["reload"], 5)] {
            for run in 0..<20 {
                let qml = try LineProcess(
                    URL(fileURLWithPath: "/bin/sh"),
                    ["-c", "exec \"$0\" \"$@\" 2>&1", QMLModule.runtime, program, "--"]
                        + mode + [daemon.socket], environment: environment)
                var lines: [String] = []
                while let line = qml.nextLine(timeout: 30) { lines.append(line) }
                qml.process.waitUntilExit()
                let label = "\(sanitized ? "sanitized " : "")\(mode.first ?? "quit") run \(run)"
                #expect(
                    qml.process.terminationReason == .exit && qml.process.terminationStatus == 0,
                    "\(label): ended with \(qml.process.terminationStatus): \(lines.suffix(20).joined(separator: "\n"))"
                )
                #expect(lines.count { $0 == "following" } == loads && lines.contains("quitting"), "\(label): \(lines)")
                #expect(
                    !lines.contains {
                        $0.contains("AddressSanitizer") || $0.contains("malloc") || $0.contains("bad_function_call")
                    },
                    "\(label): \(lines.joined(separator: "\n"))")
            }
        }
        #expect(
            try daemon.connect().ok("daemon.hello")["declared"]?.array?.isEmpty == true,
            "every run's declaration ended with it")
    }

    @Test func thePanelAndTheQuickshellSnippetLint() throws {
        let path = try QMLModule.importPath()
        let docs = try String(contentsOf: Binaries.repo.appendingPathComponent("docs/toolkits.md"), encoding: .utf8)
        let snippet = try #require(
            docs.components(separatedBy: "```qml\n").dropFirst().first?.components(separatedBy: "```").first,
            "docs/toolkits.md has a qml block")
        let folder = try DaemonProcess.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try snippet.write(toFile: folder + "/shell.qml", atomically: true, encoding: .utf8)
        for file in [
            Binaries.repo.appendingPathComponent("examples/qml/sidebar-panel.qml").path, folder + "/shell.qml",
        ] {
            let lint = try runTool(
                QMLModule.lint, ["-I", path, file], environment: ["PATH": "/usr/bin:/bin"], readingStderr: true)
            // Qt 6.4's qmllint warns of its own gaps (Qt's window flags; Quickshell's module, not packaged here) and exits
            // 255 for a warning as for an error; what is checked is that the file parses: a syntax error is a line that
            // starts with the file's path ("FILE:2:24: Expected token `;'"), where a warning starts with "Warning:".
            #expect(lint.status == 0 || lint.status == 255, "\(file): qmllint exited \(lint.status): \(lint.output)")
            #expect(
                !lint.output.split(separator: "\n").contains { $0.hasPrefix(file) || $0.hasPrefix("Error") },
                "\(file): \(lint.output)")
        }
    }
}
