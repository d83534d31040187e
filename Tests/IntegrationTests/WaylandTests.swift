import AnimClient
import AnimProtocol
import Foundation
import JSONText
import Testing

/// A real Wayland compositor: a headless Weston with one 1280 × 800 output. With `WAYLAND_DISPLAY` set, `auto`
/// picks libinput, and the compositor's outputs are the screen, followed when the compositor goes and comes back.
@Suite(.serialized, .enabled(if: HeadlessWeston.installed, "needs weston (scripts/install-deps.sh)"))
struct WaylandTests {
    @Test func outputsComeFromTheCompositor() throws {
        var weston = try HeadlessWeston(width: 1280, height: 800)
        let daemon = try DaemonProcess(
            environment: ["WAYLAND_DISPLAY": weston.socket, "XDG_RUNTIME_DIR": weston.runtime], inputBackend: "auto")
        let rpc = try daemon.connect()
        func input(until matches: (JSONValue) -> Bool) throws -> JSONValue {
            var input = JSONValue.null
            try waitUntil("the input status as expected (last: \(input))") {
                input = try rpc.ok("daemon.hello")["input"] ?? .null
                return matches(input)
            }
            return input
        }
        let first = try input { $0["monitors"] == [[0, 0, 1280, 800]] }
        #expect(first["backend"] == "libinput" && first["display"] == .string(weston.socket))
        #expect(
            first["sources"]?["touch"]?["detail"]?.string?.contains(
                "outputs of \(weston.socket): headless 1280×800+0+0") == true)
        // The edges follow the output: 5 px from its right border is the right edge zone there (on the default
        // 1920 px screen it would be mid-screen), and a swipe from it opens the panel.
        _ = try rpc.ok("subscribe", ["transitions": ["panel"]])
        var swipe: [JSONValue] = []
        for step in 0...10 {
            let kind = step == 0 ? "touch-down" : step == 10 ? "touch-up" : "touch-move"
            let event: JSONValue = .object([
                ("t", .number(Double(step) * 0.01)), ("kind", .string(kind)), ("id", .number(1)),
                ("x", .number(1275 - Double(step) * 40)), ("y", .number(400)),
            ])
            swipe.append(event)
        }
        _ = try rpc.ok("input.inject", .object([("events", .array(swipe))]))
        let opened = try rpc.notifications(until: { method, _ in method == .ended })
        #expect(opened.first { $0.0 == .began }?.1["gesture"] == "panel-open")

        weston.stop()
        try waitUntil(#"daemon.log.contains("the Wayland compositor went away")"#) {
            daemon.log.contains("the Wayland compositor went away")
        }
        #expect(daemon.log.contains("the Wayland compositor went away; keeping its last outputs"))
        #expect(try rpc.ok("daemon.hello")["input"]?["monitors"] == [[0, 0, 1280, 800]], "the last outputs stay")

        weston = try HeadlessWeston(width: 1024, height: 768, runtime: weston.runtime, socket: weston.socket)
        _ = try input { $0["monitors"] == [[0, 0, 1024, 768]] }
        #expect(daemon.log.contains("Wayland compositor reached again"))
        weston.stop()
        try? FileManager.default.removeItem(atPath: weston.runtime)
    }
}

/// Weston with its headless backend (no GPU, no input devices) on a socket of its own, in a private 0700
/// XDG_RUNTIME_DIR; about a second to start.
final class HeadlessWeston {
    static var installed: Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/weston") }

    let runtime: String
    let socket: String
    private let process = Process()

    init(width: Int, height: Int, runtime: String? = nil, socket: String? = nil) throws {
        if let runtime {
            self.runtime = runtime
        } else {
            var template = Array("/tmp/animd-wl-XXXXXX".utf8CString)
            guard let made = mkdtemp(&template) else { throw HarnessError("mkdtemp failed") }
            self.runtime = String(cString: made)
        }
        chmod(self.runtime, 0o700)
        self.socket = socket ?? "animd-test-\(getpid())-\(UInt16.random(in: 0...UInt16.max))"
        process.executableURL = URL(fileURLWithPath: "/usr/bin/weston")
        process.arguments = [
            "--backend=headless-backend.so", "--socket=\(self.socket)", "--width=\(width)", "--height=\(height)",
            "--idle-time=0",
        ]
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_RUNTIME_DIR"] = self.runtime
        environment["WAYLAND_DISPLAY"] = nil
        environment["DISPLAY"] = nil
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let path = self.runtime + "/" + self.socket
        try waitUntil(#"FileManager.default.fileExists(atPath: path)"#) { FileManager.default.fileExists(atPath: path) }
        guard FileManager.default.fileExists(atPath: path) else {
            stop()
            throw HarnessError("weston did not start on \(path)")
        }
    }

    deinit { if process.isRunning { stop() } }

    /// SIGKILL, as a crash would: the socket file stays, and animd must notice the connection itself.
    func stop() {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        try? FileManager.default.removeItem(atPath: runtime + "/" + socket)
        try? FileManager.default.removeItem(atPath: runtime + "/" + socket + ".lock")
    }
}
