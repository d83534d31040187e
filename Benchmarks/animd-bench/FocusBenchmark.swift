import AnimClient
import AnimProtocol
import Foundation
import UnixSupport

/// What a focus change costs the event loop (issue 31): the daemon's CPU time, from `/proc/PID/task/*/schedstat`,
/// per `activewindow>>` line on Hyprland's event socket (served here, as the tests' stand-in serves it), each line
/// moving the focus between two windows and sent once the last one's `daemon.focus` event came back: the read, the
/// parse, the engine's new focus, the input plan and the event to one subscriber. The baseline is the default config,
/// where no binding names an application; against it, 100 and 1000 `apps` bindings, half of them turned on and half
/// off by each change, so that the arena's recognizers and the input plan are made again every time. Lines that
/// arrive together are read as one change (the last), so the one-at-a-time pace is the worst case.
enum FocusBenchmark {
    static let changes = 500

    static func run() -> [TargetResult]? {
        guard let animd = BenchProcess.animd(for: "focus") else { return nil }
        print(
            "\nfocus: the daemon's CPU time per focus change (Hyprland's lines, one at a time), \(changes) a round, median of 5"
        )
        func appBindings(_ count: Int) -> String {
            (0..<count).map { index in
                """
                [bindings.app-\(index)]
                transition = "sidebar"
                gesture = "edge-pan"
                edge = "\(["left", "right", "top", "bottom"][index % 4])"
                distance = 400
                apps = ["\(index % 2 == 0 ? "alpha" : "beta")"]
                """
            }.joined(separator: "\n")
        }
        let cases: [(String, String?)] = [
            ("default config (baseline)", nil), ("100 apps bindings", appBindings(100)),
            ("1000 apps bindings", appBindings(1000)),
        ]
        var figures: [Double] = []
        for (name, config) in cases {
            guard let nanoseconds = measure(animd: animd, config: config) else {
                print("focus: \(name) could not be measured")
                return nil
            }
            figures.append(nanoseconds)
            let ratio = figures.count == 1 ? "" : String(format: "%.2f× the baseline", nanoseconds / figures[0])
            print(
                "  " + name.padding(toLength: 28, withPad: " ", startingAt: 0)
                    + String(format: "%8.1f µs/change  ", nanoseconds / 1000) + ratio)
        }
        return [
            TargetResult(
                figure: "focus change, 100 apps bindings", target: "≤ 100 µs on the loop",
                measured: String(format: "%.1f µs", figures[1] / 1000), met: figures[1] <= 100_000)
        ]
    }

    /// The median CPU time per change, in ns, over five rounds after one to warm up; nil when the daemon or the
    /// socket failed.
    private static func measure(animd: String, config: String?) -> Double? {
        let folder = BenchProcess.scratchFolder("focus")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let hypr = folder + "/hypr/bench"
        try? FileManager.default.createDirectory(atPath: hypr, withIntermediateDirectories: true)
        guard let requests = listen(hypr + "/.socket.sock"), let events = listen(hypr + "/.socket2.sock") else {
            return nil
        }
        defer { close(requests); close(events) }
        let socket = folder + "/animd.sock"
        var arguments = ["--socket", socket, "--input-backend", "x11"]
        if let config {
            let path = folder + "/animd.toml"
            guard (try? ("defaults = true\n" + config).write(toFile: path, atomically: true, encoding: .utf8)) != nil
            else { return nil }
            arguments += ["--config", path]
        }
        guard
            let daemon = BenchProcess.start(
                animd, arguments, extra: ["HYPRLAND_INSTANCE_SIGNATURE": "bench", "XDG_RUNTIME_DIR": folder])
        else {
            return nil
        }
        defer { daemon.terminate(); daemon.waitUntilExit() }
        // The focus at the start, asked once; then the event socket, held.
        let asked = accept(requests, nil, nil)
        guard asked >= 0 else { return nil }
        var request = [UInt8](repeating: 0, count: 64)
        _ = read(asked, &request, request.count)
        _ = "{}".withCString { write(asked, $0, 2) }
        close(asked)
        let stream = accept(events, nil, nil)
        guard stream >= 0, let rpc = BenchProcess.connect(socket),
            case .success = try? rpc.call("subscribe", ["events": ["focus"]])
        else { return nil }
        defer { close(stream) }
        var perChange: [Double] = []
        for round in 0..<6 {
            let before = cpuNanoseconds(daemon.processIdentifier)
            for step in 0..<changes {
                let app = step % 2 == 0 ? "alpha" : "beta"
                guard send("activewindow>>\(app),title\n", to: stream), waitForApp(app, rpc) else { return nil }
            }
            if round > 0 {
                perChange.append(Double(cpuNanoseconds(daemon.processIdentifier) - before) / Double(changes))
            }
        }
        return perChange.sorted()[perChange.count / 2]
    }

    private static func listen(_ path: String) -> Int32? {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0, UnixAddress.with(path, { bind(descriptor, $0, $1) }) == 0,
            Glibc.listen(descriptor, 4) == 0
        else { return nil }
        return descriptor
    }

    private static func send(_ text: String, to descriptor: Int32) -> Bool {
        let bytes = Array(text.utf8)
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { return false }
            sent += count
        }
        return true
    }

    /// Waits for the `daemon.focus` event naming `app`, with no request in between that would cost the daemon time.
    private static func waitForApp(_ app: String, _ rpc: RPCConnection) -> Bool {
        while let event = try? rpc.nextNotification(timeout: 30) {
            if event["params"]?["app"]?.string == app { return true }
        }
        return false
    }

    /// The time every thread of the process has spent on a CPU: the first field of each task's schedstat.
    static func cpuNanoseconds(_ pid: Int32) -> UInt64 {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        return tasks.reduce(0) { total, task in
            let text = (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/schedstat", encoding: .utf8)) ?? ""
            return total + (text.split(separator: " ").first.flatMap { UInt64($0) } ?? 0)
        }
    }
}
