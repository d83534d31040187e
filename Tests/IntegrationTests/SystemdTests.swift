import AnimClient
import AnimProtocol
import Foundation
import Testing

/// The systemd side: the unit file is valid, and animd speaks sd_notify.
@Suite(.serialized) struct SystemdTests {
    static var analyzeInstalled: Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/systemd-analyze") }

    /// Runs `systemd-analyze --user verify` on copies of our units, with ExecStart pointed at the built animd.
    static func verify(_ unit: String) throws -> (status: Int32, output: String) {
        let folder = try DaemonProcess.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for name in ["animd.service", "animd.socket"] {
            let text = try String(contentsOf: Binaries.repo.appendingPathComponent("systemd/\(name)"), encoding: .utf8)
                .replacingOccurrences(of: "ExecStart=/usr/local/bin/animd", with: "ExecStart=\(Binaries.animd.path)")
            try text.write(toFile: folder + "/" + name, atomically: true, encoding: .utf8)
        }
        let runtime = folder + "/runtime"
        try FileManager.default.createDirectory(
            atPath: runtime, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        return try runTool(
            "/usr/bin/systemd-analyze", ["--user", "verify", folder + "/" + unit],
            environment: ["XDG_RUNTIME_DIR": runtime, "PATH": "/usr/bin:/bin"], readingStderr: true)
    }

    /// systemd-analyze accepts the service and the socket unit without a single warning. (It exits 0 even for an
    /// unknown key or a bad Type=, printing only a warning, so silence is the check.)
    @Test(
        .enabled(if: SystemdTests.analyzeInstalled, "needs systemd-analyze (scripts/install-deps.sh)"),
        arguments: ["animd.service", "animd.socket"])
    func unitVerifies(unit: String) throws {
        let (status, output) = try Self.verify(unit)
        #expect(status == 0 && output.isEmpty, "\(unit): \(output)")
    }

    static var activateInstalled: Bool {
        FileManager.default.isExecutableFile(atPath: "/usr/bin/systemd-socket-activate")
    }

    /// Socket activation: systemd-socket-activate binds the socket and starts animd on the first connection; animd
    /// serves that connection on the inherited socket and leaves the path to systemd when it stops.
    @Test(.enabled(if: SystemdTests.activateInstalled, "needs systemd-socket-activate (scripts/install-deps.sh)"))
    func socketActivation() throws {
        let folder = try DaemonProcess.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/activated.sock"
        let activator = Process()
        activator.executableURL = URL(fileURLWithPath: "/usr/bin/systemd-socket-activate")
        activator.arguments = [
            "-l", path, "-E", "XDG_CONFIG_HOME=\(folder)", Binaries.animd.path, "--input-backend", "x11",
        ]
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = nil
        activator.environment = environment
        activator.standardError = FileHandle.nullDevice
        try activator.run()
        // SIGKILL: the activator inherits the test runner's blocked signals.
        defer { kill(activator.processIdentifier, SIGKILL); activator.waitUntilExit() }
        try waitUntil(#"FileManager.default.fileExists(atPath: path)"#) { FileManager.default.fileExists(atPath: path) }
        let rpc = try RPCConnection(path: path)
        let hello = try rpc.ok("daemon.hello", timeout: 20)
        let pid = try #require(hello["pid"]?.integer)
        // The activator execs animd in place, as systemd does: LISTEN_PID is animd's own pid.
        #expect(pid == Int(activator.processIdentifier))
        #expect(try rpc.ok("transition.toggle", ["name": "sidebar"]) == .object([]))
        kill(Int32(pid), SIGTERM)
        #expect(try rpc.notification(where: { method, _ in method == .shutdown }).0 == .shutdown)
        try waitUntil(#"kill(Int32(pid), 0) != 0"#) { kill(Int32(pid), 0) != 0 }
        #expect(FileManager.default.fileExists(atPath: path), "the socket belongs to systemd, not to animd")
    }

    /// With NOTIFY_SOCKET set, animd sends READY=1 and its status once it listens, and STOPPING=1 on SIGTERM.
    @Test func notifiesReadyAndStopping() throws {
        let receiver = try NotifyReceiver()
        let daemon = try DaemonProcess(environment: ["NOTIFY_SOCKET": receiver.path])
        #expect(receiver.receive()?.text == "READY=1")
        // No DISPLAY in the harness; the harness's probe connection may or may not be counted yet.
        let status = receiver.receive()?.text ?? ""
        #expect(
            status.hasPrefix("STATUS=\(try Self.defaultTransitionCount()) transitions, ")
                && status.hasSuffix(" X input off"), "\(status)")
        #expect(!receiver.received(within: 0.5) { $0.hasPrefix("WATCHDOG=1") }, "no watchdog was asked for")
        daemon.signal(SIGTERM)
        #expect(receiver.received(within: 10) { $0 == "STOPPING=1" })
        daemon.process.waitUntilExit()
    }

    /// Started as a user unit is before the session exports its variables (no WAYLAND_DISPLAY, no DISPLAY), `auto`
    /// picks libinput on the seat; the systemd status and `animctl hello` both say that there is no display, and
    /// hello says what to do.
    @Test func aDaemonWithoutTheSessionsDisplaySaysSo() throws {
        let receiver = try NotifyReceiver()
        let daemon = try DaemonProcess(
            environment: ["NOTIFY_SOCKET": receiver.path, "WAYLAND_DISPLAY": "", "XDG_SESSION_TYPE": ""],
            inputBackend: "auto")
        #expect(
            receiver.received(within: 10) {
                $0.hasPrefix("STATUS=") && $0.hasSuffix(", libinput input on seat0, no display")
            })
        let hello = try animctl(["hello"], socket: daemon.socket).stdout
        #expect(
            hello.contains(
                "input       libinput connected on seat0\n  warning: no WAYLAND_DISPLAY (nor DISPLAY): no compositor gives "
                    + "the monitors, so the screen is [daemon] screen; a user service needs the session's environment"),
            "\(hello)")
        let config = try animctl(["config"], socket: daemon.socket).stdout
        #expect(
            config.contains("screen = [1920, 1080]") && !config.contains("unused"),
            "here [daemon] screen is in force: \(config)")
    }

    /// WATCHDOG_USEC = 0.2 s: WATCHDOG=1 comes every 0.1 s (half the timeout), never sooner; STATUS follows the clients.
    @Test func pingsTheWatchdogAtHalfItsTimeout() throws {
        let receiver = try NotifyReceiver()
        let daemon = try DaemonProcess(environment: ["NOTIFY_SOCKET": receiver.path, "WATCHDOG_USEC": "200000"])
        let rpc = try daemon.connect()
        _ = try rpc.ok("daemon.hello")
        var pings: [Double] = [], statuses: [String] = []
        while pings.count < 12, let message = receiver.receive() {
            if message.text == "WATCHDOG=1" { pings.append(message.time) }
            if message.text.hasPrefix("STATUS=") { statuses.append(message.text) }
        }
        #expect(pings.count == 12)
        let gaps = zip(pings, pings.dropFirst()).map { $1 - $0 }.sorted()
        // Never faster than the interval. The times are taken where the pings arrive, and one ping received a few
        // ms late makes the next gap look that much short (CI saw 0.0966 s after a 0.1074 s one). The sender's
        // rule is cumulative: ping j comes at least (j - i) × 0.1 s after ping i, for every i < j; the 5 ms of
        // slack covers one late receipt, while a period that is wrong by even 1 ms adds up over the 11 gaps.
        for i in pings.indices {
            for j in pings.indices where j > i {
                #expect(pings[j] - pings[i] >= Double(j - i) * 0.1 - 0.005, "ping \(i) → \(j): gaps \(gaps)")
            }
        }
        // The median near the interval on a quiet machine.
        #expect(gaps[gaps.count / 2] < 0.5, "gaps \(gaps)")
        #expect(
            statuses.contains("STATUS=\(try Self.defaultTransitionCount()) transitions, 1 client, X input off"),
            "\(statuses)")
        daemon.signal(SIGTERM)
        daemon.process.waitUntilExit()
    }

    /// The `[transitions.*]` tables of the shipped default config.
    static func defaultTransitionCount() throws -> Int {
        let text = try String(contentsOf: Binaries.repo.appendingPathComponent("config/animd.toml"), encoding: .utf8)
        return text.split(separator: "\n").filter { $0.hasPrefix("[transitions.") }.count
    }

    /// A watchdog meant for another process (WATCHDOG_PID) is not armed.
    @Test func ignoresAWatchdogForAnotherProcess() throws {
        let receiver = try NotifyReceiver()
        let daemon = try DaemonProcess(environment: [
            "NOTIFY_SOCKET": receiver.path, "WATCHDOG_USEC": "200000", "WATCHDOG_PID": "1",
        ])
        #expect(receiver.receive()?.text == "READY=1")
        #expect(!receiver.received(within: 0.6) { $0 == "WATCHDOG=1" })
        daemon.signal(SIGTERM)
        daemon.process.waitUntilExit()
    }
}

/// A datagram socket that stands in for systemd's notification socket.
final class NotifyReceiver {
    let folder: String
    let path: String
    private let descriptor: Int32

    init() throws {
        folder = try DaemonProcess.makeFolder()
        path = folder + "/notify"
        descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in for (i, b) in path.utf8.enumerated() { raw[i] = b } }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        #expect(bound == 0)
    }

    deinit {
        close(descriptor)
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// The next datagram and when it arrived (CLOCK_MONOTONIC seconds), or nil after `timeout` seconds.
    func receive(timeout: Double = 10) -> (text: String, time: Double)? {
        var pfd = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&pfd, 1, Int32(timeout * 1000)) > 0 else { return nil }
        var buffer = [UInt8](repeating: 0, count: 512)
        let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return (
            String(decoding: buffer.prefix(max(count, 0)), as: UTF8.self),
            Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
        )
    }

    /// Whether a datagram matching `match` arrives within `seconds`.
    func received(within seconds: Double, _ match: (String) -> Bool) -> Bool {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let end = Double(now.tv_sec) + Double(now.tv_nsec) / 1e9 + seconds
        while true {
            clock_gettime(CLOCK_MONOTONIC, &now)
            let left = end - (Double(now.tv_sec) + Double(now.tv_nsec) / 1e9)
            guard left > 0, let message = receive(timeout: left) else { return false }
            if match(message.text) { return true }
        }
    }
}
