import AnimClient
import AnimProtocol
import Foundation
import JSONText
import Testing
import UnixSupport

/// Starting, refusing, reloading and stopping, as a user's session would.
@Suite(.serialized) struct LifecycleTests {
    /// A second animd on the same socket refuses to start with a clear message, and the first keeps serving.
    @Test func secondDaemonIsRefused() throws {
        let daemon = try DaemonProcess()
        let (status, message) = try runAnimdToExit(["--socket", daemon.socket])
        #expect(status == 1)
        #expect(message.contains("another animd (pid \(daemon.process.processIdentifier)) is already serving"))
        #expect(try daemon.connect().ok("daemon.hello")["pid"]?.integer == Int(daemon.process.processIdentifier))
    }

    /// The socket is 0600 and a folder animd creates is 0700.
    @Test func socketAndFolderModes() throws {
        let parent = try DaemonProcess.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: parent) }
        let socketPath = parent + "/fresh/s.sock"
        let daemon = try DaemonProcess(socket: socketPath)
        var info = stat()
        #expect(stat(socketPath, &info) == 0 && info.st_mode & 0o777 == 0o600)
        #expect(stat(parent + "/fresh", &info) == 0 && info.st_mode & 0o777 == 0o700)
        _ = daemon
    }

    /// SIGTERM: subscribers get daemon.shutdown, animd exits 0 and removes its socket and its lock file.
    @Test func sigtermShutsDownGracefully() throws {
        let daemon = try DaemonProcess()
        let rpc = try daemon.connect()
        _ = try rpc.ok("subscribe")
        daemon.signal(SIGTERM)
        let (method, params) = try rpc.notification(where: { method, _ in method == .shutdown })
        #expect(method == .shutdown && params["reason"]?.string?.isEmpty == false)
        daemon.process.waitUntilExit()
        #expect(daemon.process.terminationStatus == 0)
        #expect(!FileManager.default.fileExists(atPath: daemon.socket))
        #expect(!FileManager.default.fileExists(atPath: daemon.socket + ".lock"), "a clean stop leaves no lock file")
    }

    /// A client that neither reads nor closes cannot hold the shutdown: with its socket full and answers waiting
    /// in animd, SIGTERM still ends animd (it is closed without daemon.shutdown once the deadline passes), with
    /// status 0, and the socket and lock are gone. A client that reads still gets its daemon.shutdown.
    @Test func aStalledClientCannotHoldTheShutdown() throws {
        // A backlog limit it never reaches: the client must stay connected and stalled, not be dropped for it. The
        // default config under it, so that each daemon.config answer is several kilobytes.
        let daemon = try DaemonProcess(config: "defaults = true\n[daemon]\nmax-backlog = 268435456\n")
        let reader = try daemon.connect()
        _ = try reader.ok("subscribe")
        let stalled = rawConnect(daemon.socket)
        defer { close(stalled) }
        // Requests until the daemon stops reading them: its answers fill the socket and wait in animd.
        let request = Array(RPCLine.request(id: 1, method: "daemon.config").utf8)
        var sent = 0
        for _ in 0..<20_000 {
            let written = request.withUnsafeBytes {
                send(stalled, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT))
            }
            guard written > 0 else { break }
            sent += 1
        }
        #expect(sent > 100, "the stalled client got some requests in")
        // Stalled for sure once animd says so: its socket is full, and more answers than NIO's high-water mark wait
        // in animd (hundreds of requests ask for megabytes).
        try waitUntil("animd to hold answers for the stalled client") {
            daemon.log.contains("client stalled: its answers wait for it to read")
        }
        daemon.signal(SIGTERM)
        _ = try reader.notification(where: { method, _ in method == .shutdown })
        // A bound that only catches the old hang (never ending); how soon it ends is the deadline's business.
        try waitUntil("animd to exit after SIGTERM", timeout: 15) { !daemon.process.isRunning }
        #expect(daemon.process.terminationStatus == 0)
        #expect(
            !FileManager.default.fileExists(atPath: daemon.socket)
                && !FileManager.default.fileExists(atPath: daemon.socket + ".lock"))
        #expect(
            daemon.log.contains("did not take daemon.shutdown in time"), "the stalled client was closed at the deadline"
        )
    }

    /// Signals a desktop may send with no meaning for animd (USR1, USR2, ALRM, VTALRM, PROF, IO) leave it running,
    /// answering, and stopping cleanly on SIGTERM afterwards.
    @Test func straySignalsNeverKill() throws {
        let daemon = try DaemonProcess()
        let rpc = try daemon.connect()
        for number in [SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGIO] {
            daemon.signal(number)
            #expect(
                try rpc.ok("daemon.hello")["pid"]?.integer == Int(daemon.process.processIdentifier),
                "after signal \(number)")
        }
        #expect(daemon.terminate() == 0)
        #expect(
            !FileManager.default.fileExists(atPath: daemon.socket)
                && !FileManager.default.fileExists(atPath: daemon.socket + ".lock"))
    }

    /// Two daemons started at once on one path: one serves, the other is refused; once the winner stops, nothing is
    /// left, and the next pair does the same. Removing the lock file on stop must never let both win.
    @Test func racingDaemonsNeverBothWin() throws {
        let folder = try DaemonProcess.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let socket = folder + "/s.sock"
        for round in 0..<4 {
            let pair = (0..<2).map { _ in
                let process = Process()
                process.executableURL = Binaries.animd
                process.arguments = ["--socket", socket, "--input-backend", "x11"]
                var environment = ProcessInfo.processInfo.environment
                environment["DISPLAY"] = nil
                environment["XDG_CONFIG_HOME"] = folder
                process.environment = environment
                process.standardError = FileHandle.nullDevice
                return process
            }
            for process in pair { try process.run() }
            try waitUntil("one of round \(round)'s daemons answers or both exit") {
                (try? RPCConnection(path: socket)) != nil || pair.allSatisfy { !$0.isRunning }
            }
            // The loser exits 1 at once; the winner serves until stopped.
            try waitUntil("round \(round)'s loser exits") { pair.contains { !$0.isRunning } }
            let running = pair.filter(\.isRunning)
            #expect(running.count == 1, "round \(round): exactly one daemon serves")
            #expect(pair.filter { !$0.isRunning }.allSatisfy { $0.terminationStatus == 1 })
            for process in running { process.terminate(); process.waitUntilExit() }
            #expect(
                !FileManager.default.fileExists(atPath: socket)
                    && !FileManager.default.fileExists(atPath: socket + ".lock"))
        }
    }

    /// SIGHUP reloads the config file; a broken file keeps the running config.
    @Test func sighupReloads() throws {
        let daemon = try DaemonProcess(config: "[transitions.sidebar]\n")
        let rpc = try daemon.connect()
        try "defaults = false\n[transitions.sidebar]\n[transitions.dock]\nsnap-points = [0, 1, 2]\n".write(
            toFile: daemon.folder + "/animd.toml", atomically: true, encoding: .utf8)
        daemon.signal(SIGHUP)
        var names: [String] = []
        try waitUntil("the reloaded transitions") {
            names = try rpc.ok("transition.list")["transitions"]?.array?.compactMap { $0["name"]?.string } ?? []
            return names.count == 2
        }
        #expect(names == ["sidebar", "dock"])
        try "[transitions.dock\n".write(toFile: daemon.folder + "/animd.toml", atomically: true, encoding: .utf8)
        daemon.signal(SIGHUP)
        try waitUntil(#"daemon.log.contains("config reload failed")"#) { daemon.log.contains("config reload failed") }
        #expect(daemon.log.contains("config reload failed"))
        #expect(try rpc.ok("transition.list")["transitions"]?.array?.count == 2)
    }

    /// Without X, a reload applies the config's new screen size at once.
    @Test func reloadAppliesScreen() throws {
        let daemon = try DaemonProcess(config: "[daemon]\nscreen = [1920, 1080]\n[transitions.sidebar]\n")
        let rpc = try daemon.connect()
        #expect(try rpc.ok("daemon.hello")["input"]?["monitors"] == [[0, 0, 1920, 1080]])
        try "defaults = false\n[daemon]\nscreen = [800, 600]\n[transitions.sidebar]\n".write(
            toFile: daemon.folder + "/animd.toml", atomically: true, encoding: .utf8)
        _ = try rpc.ok("daemon.reload")
        #expect(try rpc.ok("daemon.hello")["input"]?["monitors"] == [[0, 0, 800, 600]])
    }

    /// Without an X display animd runs: input is reported off, and commands and injection work.
    @Test func runsWithoutDisplay() throws {
        let daemon = try DaemonProcess()
        let hello = try daemon.connect().ok("daemon.hello")
        #expect(hello["input"]?["connected"] == false && hello["input"]?["display"] == .null)
        #expect(hello["input"]?["monitors"] == [[0, 0, 1920, 1080]])
        // The X thread reports the missing display on its own time: wait for the line, bounded only to catch hangs.
        try waitUntil(#"daemon.log.contains("input is off until a display appears")"#) {
            daemon.log.contains("input is off until a display appears")
        }
        #expect(daemon.log.contains("input is off until a display appears"))
    }

    /// An invalid config at start-up is reported with line, column and key, and animd exits 78 (EX_CONFIG).
    @Test func invalidConfigAtStartup() throws {
        let folder = try DaemonProcess.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "[transitions.sidebar]\ntiming = \"springy\"\n".write(
            toFile: folder + "/bad.toml", atomically: true, encoding: .utf8)
        let (status, message) = try runAnimdToExit(["--socket", folder + "/s.sock", "--config", folder + "/bad.toml"])
        #expect(status == 78)
        // `timing = ` is 9 characters: the value is in column 10.
        #expect(message.contains("bad.toml:line 2, column 10: transitions.sidebar.timing: bad timing spec"))
    }

    /// A config that cannot be read says why, in the system's words or by its size, and animd exits 78.
    @Test func unreadableConfigSaysWhy() throws {
        let folder = try DaemonProcess.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/folder.toml", withIntermediateDirectories: false)
        try String(repeating: "# a comment line of a config that is far too long\n", count: 30_000)
            .write(toFile: folder + "/huge.toml", atomically: true, encoding: .utf8)
        #expect(mkfifo(folder + "/fifo.toml", 0o600) == 0)
        for (name, reason) in [
            ("folder.toml", "it is a directory, not a regular file"), ("absent.toml", "No such file or directory"),
            ("fifo.toml", "it is a FIFO, not a regular file"),
            ("huge.toml", "it is larger than 1024 KiB, too large for a config"),
        ] {
            let (status, message) = try runAnimdToExit([
                "--socket", folder + "/s.sock", "--config", folder + "/" + name,
            ])
            #expect(
                status == 78 && message.contains("\(folder)/\(name): cannot read the file: \(reason)"),
                "\(status) \(message)")
        }
    }

    /// A config that becomes a FIFO is refused on reload at once, without waiting for a writer: the daemon keeps
    /// answering, keeps its config, and stops on SIGTERM.
    @Test func aFIFOConfigNeverBlocksTheLoop() throws {
        let daemon = try DaemonProcess(config: "[transitions.sidebar]\n")
        let config = daemon.folder + "/animd.toml"
        #expect(unlink(config) == 0 && mkfifo(config, 0o600) == 0)
        let rpc = try daemon.connect()
        let error = try rpc.failing("daemon.reload")
        #expect(error.message.contains("it is a FIFO, not a regular file"), "\(error.message)")
        daemon.signal(SIGHUP)
        #expect(try rpc.ok("transition.list")["transitions"]?.array?.count == 1, "the running config is kept")
        #expect(daemon.terminate() == 0)
    }

    /// Every reload frees what it parsed: after a warm-up, a thousand reloads of the default config and a user file
    /// as large leave resident memory where it was (the TOML tree of each used to leak: about 35 MiB over these).
    /// The file changes before each, by a comment, for an unchanged file is not parsed again.
    @Test(.disabled(if: Sanitizer.active, "a sanitizer's shadow memory inflates the resident size this bounds"))
    func aThousandReloadsKeepMemoryFlat() throws {
        let text = try String(contentsOf: Binaries.repo.appendingPathComponent("config/animd.toml"), encoding: .utf8)
        let daemon = try DaemonProcess(userConfig: text)
        let rpc = try daemon.connect()
        func reload(_ index: Int) throws {
            try (text + "\n# reload \(index % 2)\n").write(
                toFile: daemon.folder + "/animd/animd.toml", atomically: true, encoding: .utf8)
            _ = try rpc.ok("daemon.reload")
        }
        for index in 0..<100 { try reload(index) }
        let before = HostileInputTests.rss(daemon.process.processIdentifier)
        for index in 0..<1000 { try reload(index) }
        let grown = HostileInputTests.rss(daemon.process.processIdentifier) - before
        #expect(grown < 2 << 20, "resident memory grew by \(grown >> 10) KiB over 1000 reloads")
        #expect(
            try rpc.ok("daemon.hello")["config"]?["layers"]?.array?.count == 2, "the user's file was read every time")
    }

    /// The socket path is trusted no more than it must be: a file that is no socket is left alone, a socket another
    /// program listens on is not taken over, a lock that is a symbolic link is not followed, and a folder others may
    /// write in is refused with the fix. Each is refused at start-up, and what was there is untouched.
    @Test func theSocketFolderIsChecked() throws {
        let folder = try DaemonProcess.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        func refusal(_ socket: String) throws -> String {
            let (status, message) = try runAnimdToExit(["--socket", socket])
            #expect(status != 0, "\(socket): \(message)")
            return message
        }
        try "precious\n".write(toFile: folder + "/file.sock", atomically: true, encoding: .utf8)
        #expect(try refusal(folder + "/file.sock").contains("something that is not a socket is there"))
        #expect(try String(contentsOfFile: folder + "/file.sock", encoding: .utf8) == "precious\n")

        let listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(listener) }
        #expect(UnixAddress.with(folder + "/live.sock") { bind(listener, $0, $1) } == 0 && listen(listener, 4) == 0)
        // The listener is this test process: the refusal names it, as /proc/self/comm does.
        let ownName = try String(contentsOfFile: "/proc/self/comm", encoding: .utf8).trimmingCharacters(in: .newlines)
        #expect(try refusal(folder + "/live.sock").contains("another program (\(ownName)) listens there"))
        #expect(FileManager.default.fileExists(atPath: folder + "/live.sock"))

        try "target\n".write(toFile: folder + "/target", atomically: true, encoding: .utf8)
        #expect(symlink(folder + "/target", folder + "/linked.sock.lock") == 0)
        #expect(try refusal(folder + "/linked.sock").contains("it is a symbolic link"))
        #expect(
            try String(contentsOfFile: folder + "/target", encoding: .utf8) == "target\n",
            "the link's target is untouched")

        try FileManager.default.createDirectory(atPath: folder + "/open", withIntermediateDirectories: false)
        #expect(chmod(folder + "/open", 0o777) == 0)
        #expect(try refusal(folder + "/open/animd.sock").contains("others may write in it (mode 777); chmod go-w it"))

        // Issue 47: a folder that exists when animd makes it (EEXIST, as when someone makes it between a look and
        // the mkdir) is checked as any other, on the opened folder.
        if getuid() == 0 {
            #expect(mkdir(folder + "/theirs", 0o755) == 0 && chown(folder + "/theirs", 65533, 65533) == 0)
            #expect(try refusal(folder + "/theirs/animd.sock").contains("it belongs to uid 65533, not to us"))
            #expect(
                !FileManager.default.fileExists(atPath: folder + "/theirs/animd.sock.lock"), "nothing was made in it")
        }
        // animd's own folder in /tmp is never reached through a link, even to a folder of its user's.
        let fallback = "/tmp/animd-\(getuid())"
        if !FileManager.default.fileExists(atPath: fallback) {
            #expect(mkdir(folder + "/elsewhere", 0o700) == 0 && symlink(folder + "/elsewhere", fallback) == 0)
            defer { unlink(fallback) }
            #expect(try refusal(fallback + "/animd.sock").contains("it is not a folder (or is a symbolic link)"))
            #expect((try? FileManager.default.contentsOfDirectory(atPath: folder + "/elsewhere")) == [])
        }
    }
}
