import AnimClient
import AnimProtocol
import Foundation
import Testing
import UnixSupport

/// animd-demo under Xvfb: what it draws follows the frames it receives, checked from the pixels of a screenshot.
@Suite(.enabled(if: Xvfb.installed, "needs Xvfb (scripts/install-deps.sh)")) struct DemoTests {
    /// DemoScene's layout: a 640×400 window whose sidebar is 200 px wide when open.
    static let size = (width: 640, height: 400)
    static let drawerWidth = 200.0
    static let sidebarColor: UInt32 = 0x4C8BF5
    static let overviewColor: UInt32 = 0x8E24AA

    /// A running demo on a new Xvfb, beside a new animd with the default config.
    struct RunningDemo {
        let xvfb: Xvfb
        let daemon: DaemonProcess
        let demo: XProbe
        /// The demo's window, as xwd takes it.
        let window: String
    }

    /// Starts the demo, `options` after its socket and size, and waits until it has mapped its window. The
    /// caller stops the Xvfb (`defer { running.xvfb.stop() }`).
    static func startDemo(_ options: [String]) throws -> RunningDemo {
        let xvfb = try Xvfb(size: "800x600x24")
        let daemon = try DaemonProcess()
        let demo = try XProbe(
            ["--socket", daemon.socket, "--size", "\(Self.size.width)x\(Self.size.height)"] + options,
            display: xvfb.display, executable: "animd-demo")
        guard let ready = demo.nextLine(), ready.hasPrefix("ready "), let window = ready.split(separator: " ").last
        else {
            xvfb.stop()
            throw HarnessError("animd-demo did not map its window (\(demo.diagnosis))")
        }
        return RunningDemo(xvfb: xvfb, daemon: daemon, demo: demo, window: String(window))
    }

    /// sidebar at 0, 0.5 and 1 (a client leg, scrubbed): the blue strip's width is progress × 200 px within 2 %.
    @Test func sidebarWidthFollowsProgress() throws {
        let running = try Self.startDemo(["--print-frames"])
        defer { running.xvfb.stop() }
        let (xvfb, daemon, demo, window) = (running.xvfb, running.daemon, running.demo, running.window)
        let rpc = try daemon.connect()
        for (step, fraction) in [(0, 0.0), (1, 0.5), (2, 1.0)] {
            switch step {
            case 0: break
            case 1:
                _ = try rpc.ok("transition.begin", ["name": "sidebar", "to": 1])
                _ = try rpc.ok("transition.scrub", ["name": "sidebar", "fraction": .number(fraction)])
            default:
                _ = try rpc.ok("transition.scrub", ["name": "sidebar", "fraction": .number(fraction)])
            }
            // The demo says when a redraw with this progress has reached the server.
            try Self.waitForDrawn(demo, containing: "sidebar=\(fraction)")
            let image = try XWDImage(window: String(window), display: xvfb.display)
            #expect(image.width == Self.size.width && image.height == Self.size.height)
            // A row below the pager and its labels, above the (closed) launcher.
            let width = image.run(of: Self.sidebarColor, row: 300)
            let expected = fraction * Self.drawerWidth
            #expect(
                abs(Double(width) - expected) <= 0.02 * Self.drawerWidth,
                "progress \(fraction): \(width) px, expected \(expected)")
        }
    }

    /// The overview (issue 45) at 0.5, scrubbed: a box grown from the middle to half of DemoScene's 0.6 of the
    /// window each way, 192 × 120 px, behind the pager's dots; counted along a row and a column clear of the labels
    /// and the dots, within 2 %.
    @Test func overviewGrowsFromTheMiddle() throws {
        let running = try Self.startDemo(["--print-frames"])
        defer { running.xvfb.stop() }
        let (xvfb, daemon, demo, window) = (running.xvfb, running.daemon, running.demo, running.window)
        let rpc = try daemon.connect()
        _ = try rpc.ok("transition.begin", ["name": "overview", "to": 1])
        _ = try rpc.ok("transition.scrub", ["name": "overview", "fraction": 0.5])
        try Self.waitForDrawn(demo, containing: "overview=0.5")
        let image = try XWDImage(window: String(window), display: xvfb.display)
        let expected = (width: 0.5 * 0.6 * Double(Self.size.width), height: 0.5 * 0.6 * Double(Self.size.height))
        let across = (0..<image.width).count { image.pixel($0, 240) == Self.overviewColor }
        let down = image.count(of: Self.overviewColor, column: 240)
        #expect(
            abs(Double(across) - expected.width) <= 0.02 * expected.width,
            "\(across) px across, expected \(expected.width)")
        #expect(
            abs(Double(down) - expected.height) <= 0.02 * expected.height,
            "\(down) px down, expected \(expected.height)")
        #expect(image.pixel(Self.size.width / 2, Self.size.height / 2) == Self.overviewColor, "centred")
    }

    /// A running leg reaches the demo only as its curve (it subscribes with frames: "driven"): screenshots at
    /// three instants of a slow linear leg show the leg evaluated then, within 2 % of the travel. Each
    /// screenshot is bracketed by the clock, so the expected width is a range, not a guess at xwd's latency.
    @Test func demoDrawsRunningLegsFromTheirCurve() throws {
        let running = try Self.startDemo(["--rate", "144"])
        defer { running.xvfb.stop() }
        let (xvfb, daemon, window) = (running.xvfb, running.daemon, running.window)
        let rpc = try daemon.connect()
        _ = try rpc.ok("transition.animate", ["name": "sidebar", "to": 1, "timing": "linear", "duration": 8])
        let leg = try #require(LegFollower(answer: try rpc.ok("transition.list")).snapshots["sidebar"]?.leg)
        guard case let .cubic(cubic) = leg else { Issue.record("expected a cubic leg: \(leg)"); return }
        for instant in [0.6, 1.6, 2.6] {
            try waitUntil("\(instant) s into the leg") { monotonicSeconds() >= cubic.startTime + instant }
            let before = monotonicSeconds()
            let image = try XWDImage(window: String(window), display: xvfb.display)
            let after = monotonicSeconds()
            let width = Double(image.run(of: Self.sidebarColor, row: 300))
            let low = (leg.progress(at: before) ?? .nan) * Self.drawerWidth,
                high = (leg.progress(at: after) ?? .nan) * Self.drawerWidth
            #expect(
                width >= low - 0.02 * Self.drawerWidth && width <= high + 0.02 * Self.drawerWidth,
                "at \(instant) s: \(width) px, the leg gives \(low) to \(high) px")
        }
    }

    /// animd stops and comes back on the same socket: the demo waits, subscribes again and draws the new
    /// daemon's frames, as a client should; it never quits on its own.
    @Test func demoWaitsForAnimdToComeBack() throws {
        let xvfb = try Xvfb(size: "800x600x24")
        defer { xvfb.stop() }
        // A socket outside either daemon's own folder, which each removes when it goes.
        let folder = try DaemonProcess.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let socket = folder + "/s.sock"
        var daemon: DaemonProcess? = try DaemonProcess(socket: socket)
        let demo = try XProbe(
            ["--socket", socket, "--print-frames", "--size", "\(Self.size.width)x\(Self.size.height)"],
            display: xvfb.display, executable: "animd-demo")
        guard demo.nextLine()?.hasPrefix("ready ") == true else {
            throw HarnessError("animd-demo did not map its window (\(demo.diagnosis))")
        }
        #expect(daemon?.terminate() == 0)
        daemon = nil
        // The one that replaces it: a new process on the same socket, as systemd would restart it.
        daemon = try DaemonProcess(socket: socket)
        let deadline = Date().addingTimeInterval(10)
        var reconnected = false
        while !reconnected, let line = demo.nextLine(timeout: max(0.01, deadline.timeIntervalSinceNow)) {
            reconnected = line == "connected"
        }
        #expect(reconnected, "the demo subscribed to the new animd (\(demo.diagnosis))")
        let rpc = try #require(try daemon?.connect())
        _ = try rpc.ok("transition.begin", ["name": "sidebar", "to": 1])
        _ = try rpc.ok("transition.scrub", ["name": "sidebar", "fraction": 0.5])
        try Self.waitForDrawn(demo, containing: "sidebar=0.5")
    }

    static func waitForDrawn(_ demo: XProbe, containing text: String) throws {
        let deadline = Date().addingTimeInterval(10)
        while let line = demo.nextLine(timeout: max(0.01, deadline.timeIntervalSinceNow)) {
            if line.hasPrefix("drawn "), line.split(separator: " ").contains(Substring(text)) { return }
        }
        throw HarnessError("animd-demo never drew \(text) (\(demo.diagnosis))")
    }
}

/// A window's pixels, taken with `xwd` (X's own screenshot tool) and read from its XWD format.
struct XWDImage {
    let width: Int
    let height: Int
    private let pixels: [UInt32]

    init(window: String, display: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/xwd")
        process.arguments = ["-silent", "-id", window]
        process.environment = ProcessInfo.processInfo.environment.merging(["DISPLAY": display]) { _, new in new }
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = [UInt8](out.fileHandleForReading.readDataToEndOfFile())
        process.waitUntilExit()
        guard data.count >= 100 else { throw HarnessError("xwd gave \(data.count) bytes") }
        func field(_ index: Int) -> Int {
            data[(4 * index)..<(4 * index + 4)].reduce(0) { $0 << 8 | Int($1) }  // the header is big-endian
        }
        let headerSize = field(0), bitsPerPixel = field(11), bytesPerLine = field(12), colors = field(19)
        guard field(1) == 7, bitsPerPixel == 32 else {
            throw HarnessError("unexpected XWD: version \(field(1)), \(bitsPerPixel) bpp")
        }
        width = field(4)
        height = field(5)
        let leastFirst = field(7) == 0
        let start = headerSize + 12 * colors
        guard data.count >= start + bytesPerLine * height else { throw HarnessError("short XWD data") }
        var pixels: [UInt32] = []
        pixels.reserveCapacity(width * height)
        for y in 0..<height {
            for x in 0..<width {
                let bytes = data[(start + y * bytesPerLine + 4 * x)..<(start + y * bytesPerLine + 4 * x + 4)].map(
                    UInt32.init)
                let value =
                    leastFirst
                    ? bytes[0] | bytes[1] << 8 | bytes[2] << 16 | bytes[3] << 24
                    : bytes[3] | bytes[2] << 8 | bytes[1] << 16 | bytes[0] << 24
                pixels.append(value & 0xFFFFFF)
            }
        }
        self.pixels = pixels
    }

    func pixel(_ x: Int, _ y: Int) -> UInt32 { pixels[y * width + x] }

    /// How many pixels of `column` have `color`.
    func count(of color: UInt32, column: Int) -> Int { (0..<height).count { pixel(column, $0) == color } }

    /// How many pixels from the left edge of `row` have `color`, without a break.
    func run(of color: UInt32, row: Int) -> Int {
        (0..<width).first { pixel($0, row) != color } ?? width
    }
}
