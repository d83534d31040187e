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
        try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/systemd-analyze")
        process.arguments = ["--user", "verify", folder + "/" + unit]
        process.environment = ["XDG_RUNTIME_DIR": runtime, "PATH": "/usr/bin:/bin"]
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let output = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }

    /// systemd-analyze accepts the service and the socket unit without a single warning. (It exits 0 even for an
    /// unknown key or a bad Type=, printing only a warning, so silence is the check.)
    @Test(.enabled(if: SystemdTests.analyzeInstalled), arguments: ["animd.service", "animd.socket"])
    func unitVerifies(unit: String) throws {
        let (status, output) = try Self.verify(unit)
        #expect(status == 0 && output.isEmpty, "\(unit): \(output)")
    }

    static var activateInstalled: Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/systemd-socket-activate") }

    /// Socket activation: systemd-socket-activate binds the socket and starts animd on the first connection; animd
    /// serves that connection on the inherited socket and leaves the path to systemd when it stops.
    @Test(.enabled(if: SystemdTests.activateInstalled)) func socketActivation() throws {
        let folder = try DaemonProcess.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/activated.sock"
        let activator = Process()
        activator.executableURL = URL(fileURLWithPath: "/usr/bin/systemd-socket-activate")
        activator.arguments = ["-l", path, "-E", "XDG_CONFIG_HOME=\(folder)", Binaries.animd.path]
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = nil
        activator.environment = environment
        activator.standardError = FileHandle.nullDevice
        try activator.run()
        // SIGKILL: the activator inherits the test runner's blocked signals.
        defer { kill(activator.processIdentifier, SIGKILL); activator.waitUntilExit() }
        for _ in 0..<400 where !FileManager.default.fileExists(atPath: path) { usleep(25_000) }
        let rpc = try RPCConnection(path: path)
        let hello = try rpc.ok("daemon.hello", timeout: 20)
        let pid = try #require(hello["pid"]?.integer)
        // The activator execs animd in place, as systemd does: LISTEN_PID is animd's own pid.
        #expect(pid == Int(activator.processIdentifier))
        #expect(try rpc.ok("transition.toggle", ["name": "sidebar"]) == .object([]))
        kill(Int32(pid), SIGTERM)
        #expect(try rpc.notification(where: { method, _ in method == "daemon.shutdown" }).0 == "daemon.shutdown")
        for _ in 0..<200 where kill(Int32(pid), 0) == 0 { usleep(25_000) }
        #expect(FileManager.default.fileExists(atPath: path), "the socket belongs to systemd, not to animd")
    }

    /// With NOTIFY_SOCKET set, animd sends READY=1 once it listens and STOPPING=1 on SIGTERM.
    @Test func notifiesReadyAndStopping() throws {
        let folder = try DaemonProcess.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/notify"
        let receiver = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
        defer { close(receiver) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in for (i, b) in path.utf8.enumerated() { raw[i] = b } }
        let bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(receiver, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) } }
        #expect(bound == 0)
        func receive() -> String {
            var pfd = pollfd(fd: receiver, events: Int16(POLLIN), revents: 0)
            guard poll(&pfd, 1, 10_000) > 0 else { return "" }
            var buffer = [UInt8](repeating: 0, count: 512)
            let count = buffer.withUnsafeMutableBytes { recv(receiver, $0.baseAddress, $0.count, 0) }
            return String(decoding: buffer.prefix(max(count, 0)), as: UTF8.self)
        }
        let daemon = try DaemonProcess(environment: ["NOTIFY_SOCKET": path])
        #expect(receive().hasPrefix("READY=1"))
        daemon.signal(SIGTERM)
        #expect(receive() == "STOPPING=1")
        daemon.process.waitUntilExit()
    }
}
