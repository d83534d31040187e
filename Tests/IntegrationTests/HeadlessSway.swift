import AnimProtocol
import Foundation
import JSONText

/// sway 1.7, a wlroots layer-shell compositor, with its headless backend (no GPU, no input devices, pixman
/// rendering) in a private 0700 XDG_RUNTIME_DIR. sway refuses to run as root, so under root it runs as the
/// unprivileged `nobody` (setpriv, no passwd entry needed); its clients here (animd, the panel, grim, swaymsg) stay
/// root, which may connect to its sockets. About a second to start.
final class HeadlessSway {
    static let unprivileged = "65534"

    static var installed: Bool {
        ["/usr/bin/sway", "/usr/bin/swaymsg", "/usr/bin/grim"].allSatisfy(FileManager.default.isExecutableFile(atPath:))
            && (getuid() != 0 || FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"))
    }

    let runtime: String
    /// The Wayland socket's name in `runtime` (WAYLAND_DISPLAY).
    private(set) var socket = ""
    private var ipc = ""
    private var process = Process()
    private let outputCount: Int

    /// `outputs` is how many headless outputs sway makes (HEADLESS-1, HEADLESS-2…); `config` is sway config text,
    /// such as `output HEADLESS-2 mode --custom 800x1280 position 1600 0 transform 90`.
    init(outputs: Int, config: String) throws {
        var template = Array("/tmp/animd-sway-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw HarnessError("mkdtemp failed") }
        runtime = String(cString: made)
        outputCount = outputs
        // Xwayland is not installed, and sway would log its absence on every start.
        try ("xwayland disable\n" + config).write(toFile: runtime + "/config", atomically: true, encoding: .utf8)
        try start()
    }

    /// Starts sway in `runtime`, where it takes the first free socket name (the last one's, after `crash`).
    private func start() throws {
        let configPath = runtime + "/config"
        process = Process()
        if getuid() == 0 {
            let id = uid_t(Self.unprivileged) ?? 65534
            for path in [runtime, configPath] { chown(path, id, gid_t(id)) }
            process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
            process.arguments = [
                "--reuid=\(Self.unprivileged)", "--regid=\(Self.unprivileged)", "--clear-groups", "/usr/bin/sway", "-c",
                configPath,
            ]
        } else {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/sway")
            process.arguments = ["-c", configPath]
        }
        chmod(runtime, 0o700)
        process.environment = [
            "PATH": "/usr/bin:/bin", "HOME": runtime, "XDG_RUNTIME_DIR": runtime, "WLR_BACKENDS": "headless",
            "WLR_RENDERER": "pixman", "WLR_LIBINPUT_NO_DEVICES": "1", "WLR_HEADLESS_OUTPUTS": "\(outputCount)",
        ]
        process.standardOutput = FileHandle.nullDevice
        _ = FileManager.default.createFile(atPath: runtime + "/sway.log", contents: nil)
        process.standardError = FileHandle(forWritingAtPath: runtime + "/sway.log")
        try process.run()
        do {
            try waitUntil("sway's Wayland and IPC sockets in \(runtime)") {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: runtime)) ?? []
                socket = names.first { $0.hasPrefix("wayland-") && !$0.hasSuffix(".lock") } ?? ""
                ipc = names.first { $0.hasPrefix("sway-ipc.") }.map { runtime + "/" + $0 } ?? ""
                return !socket.isEmpty && !ipc.isEmpty && process.isRunning
            }
            try waitUntil("sway's \(outputCount) output(s)") { (try? self.outputs().count) == outputCount }
        } catch {
            stop()
            throw HarnessError("\(error); sway's log: \(log)")
        }
    }

    deinit { stop() }

    var log: String { (try? String(contentsOfFile: runtime + "/sway.log", encoding: .utf8)) ?? "" }

    /// sway's IPC socket (SWAYSOCK).
    var ipcSocket: String { ipc }

    /// The environment a client of this compositor runs with.
    var clientEnvironment: [String: String] { ["WAYLAND_DISPLAY": socket, "XDG_RUNTIME_DIR": runtime] }

    /// `swaymsg -t TYPE -- COMMAND` (after `--`, so that `mode --custom` is sway's, not swaymsg's); throws with sway's
    /// answer when it says the command failed.
    @discardableResult
    func message(_ command: [String], type: String = "command") throws -> JSONValue {
        let arguments = ["-s", ipc, "-r", "-t", type, "--"] + command
        let result = try runTool("/usr/bin/swaymsg", arguments, environment: ["PATH": "/usr/bin:/bin"])
        let answer = try? JSONParser.parse(Array(result.output.utf8))
        guard result.status == 0, let answer, answer.array?.contains(where: { $0["success"] == false }) != true else {
            throw HarnessError(
                "swaymsg \(command.joined(separator: " ")) failed (\(result.status)): \(result.output); sway's log: \(log)"
            )
        }
        return answer
    }

    /// What sway says of its outputs: name, rectangle, and its own name for the transform.
    func outputs() throws -> [JSONValue] { try message([], type: "get_outputs").array ?? [] }

    /// Where the content of the window whose title starts with `title` is, in the layout's pixels (sway's `rect`, the
    /// container with its border, moved by its `window_rect`, the client's part of it); nil while there is none.
    func window(titled title: String) throws -> (x: Int, y: Int, width: Int, height: Int)? {
        func find(_ node: JSONValue) -> JSONValue? {
            if node["pid"] != nil, node["name"]?.string?.hasPrefix(title) == true { return node }
            let children = (node["nodes"]?.array ?? []) + (node["floating_nodes"]?.array ?? [])
            return children.lazy.compactMap(find).first
        }
        guard let node = find(try message([], type: "get_tree")),
            let x = node["rect"]?["x"]?.number, let y = node["rect"]?["y"]?.number,
            let dx = node["window_rect"]?["x"]?.number, let dy = node["window_rect"]?["y"]?.number,
            let width = node["window_rect"]?["width"]?.number, let height = node["window_rect"]?["height"]?.number,
            width > 0, height > 0
        else { return nil }
        return (Int(x + dx), Int(y + dy), Int(width), Int(height))
    }

    /// A screenshot of one output, as grim takes it (in the output's logical orientation).
    func screenshot(_ output: String) throws -> PPMImage {
        let path = runtime + "/shot-\(UInt32.random(in: 0...UInt32.max)).ppm"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try runTool(
            "/usr/bin/grim", ["-t", "ppm", "-o", output, path],
            environment: clientEnvironment.merging(["PATH": "/usr/bin:/bin"]) { $1 },
            readingStderr: true)
        guard result.status == 0 else { throw HarnessError("grim -o \(output) failed: \(result.output)") }
        return try PPMImage(path: path)
    }

    /// SIGKILL, as a crash would: its sockets stay in `runtime`, and its clients must notice by themselves.
    func crash() {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// A new sway in the same folder, after `crash`: it takes the same socket name back.
    func restart() throws {
        try? FileManager.default.removeItem(atPath: ipc)
        (socket, ipc) = ("", "")
        try start()
    }

    /// SIGKILL, then the folder goes. (SIGTERM may not reach it: a signal mask of the test runner's threads survives
    /// exec, and sway does not unblock SIGTERM.)
    func stop() {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(atPath: runtime)
    }
}

/// A binary PPM (P6, 8 bits a channel), as grim writes it: each pixel as 0xRRGGBB.
struct PPMImage {
    let width: Int, height: Int
    private let pixels: [UInt32]

    init(path: String) throws {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        // The header: "P6", width, height, maximum value, each after white space, then one white space byte.
        var fields: [String] = [], index = 0
        while fields.count < 4, index < bytes.count {
            while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A { index += 1 }
            let start = index
            while index < bytes.count, bytes[index] != 0x20, bytes[index] != 0x0A { index += 1 }
            fields.append(String(decoding: bytes[start..<index], as: UTF8.self))
        }
        index += 1
        guard fields.count == 4, fields[0] == "P6", let width = Int(fields[1]), let height = Int(fields[2]),
            fields[3] == "255",
            width > 0, height > 0, bytes.count - index == width * height * 3
        else {
            throw HarnessError("not an 8-bit P6 image: \(path) (\(fields))")
        }
        self.width = width; self.height = height
        pixels = (0..<width * height).map { pixel in
            let at = index + pixel * 3
            return UInt32(bytes[at]) << 16 | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2])
        }
    }

    func pixel(_ x: Int, _ y: Int) -> UInt32 { pixels[y * width + x] }

    /// How many pixels from `x` (the left edge) rightwards in `row` have `color`, without a break.
    func run(of color: UInt32, row: Int, from x: Int = 0) -> Int {
        let start = min(max(x, 0), width)
        return ((start..<width).first { pixel($0, row) != color } ?? width) - start
    }
}
