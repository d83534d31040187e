import AnimClient
import AnimProtocol
import Foundation
import Testing

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
            #expect(!FileManager.default.fileExists(atPath: socket) && !FileManager.default.fileExists(atPath: socket + ".lock"))
        }
    }

    /// SIGHUP reloads the config file; a broken file keeps the running config.
    @Test func sighupReloads() throws {
        let daemon = try DaemonProcess(config: "[transitions.sidebar]\n")
        let rpc = try daemon.connect()
        try "defaults = false\n[transitions.sidebar]\n[transitions.dock]\nsnap-points = [0, 1, 2]\n".write(toFile: daemon.folder + "/animd.toml", atomically: true, encoding: .utf8)
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
        try "defaults = false\n[daemon]\nscreen = [800, 600]\n[transitions.sidebar]\n".write(toFile: daemon.folder + "/animd.toml", atomically: true, encoding: .utf8)
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
        try waitUntil(#"daemon.log.contains("input is off until a display appears")"#) { daemon.log.contains("input is off until a display appears") }
        #expect(daemon.log.contains("input is off until a display appears"))
    }

    /// An invalid config at start-up is reported with line, column and key, and animd exits 78 (EX_CONFIG).
    @Test func invalidConfigAtStartup() throws {
        let folder = try DaemonProcess.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "[transitions.sidebar]\ntiming = \"springy\"\n".write(toFile: folder + "/bad.toml", atomically: true, encoding: .utf8)
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
        for (name, reason) in [("folder.toml", "Is a directory"), ("absent.toml", "No such file or directory"),
                               ("huge.toml", "it is larger than 1024 KiB, too large for a config")] {
            let (status, message) = try runAnimdToExit(["--socket", folder + "/s.sock", "--config", folder + "/" + name])
            #expect(status == 78 && message.contains("\(folder)/\(name): cannot read the file: \(reason)"), "\(status) \(message)")
        }
    }
}
