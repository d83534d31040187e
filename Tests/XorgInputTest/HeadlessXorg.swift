import Foundation
import Synchronization

/// A real Xorg with no GPU and no input hardware: the `dummy` video driver at 1920×1080, and two fake devices from
/// Xorg's own `inputtest` input driver, a touchscreen (five touches, `XIDirectTouch`) and a touchpad that makes
/// XI 2.4 swipes and pinches. Their events go through the server's real touch grab, ownership and gesture code.
/// Started on a free display, stopped with SIGKILL (the harsher case for animd, and the test runner's blocked
/// signal mask would hide SIGTERM). Xorg runs as root, which the test machines are.
public final class HeadlessXorg {
    public let number: Int
    public let display: String
    public let width = 1920.0
    public let height = 1080.0
    /// `xinput` names the devices by these.
    public static let touchscreenName = "animd-touchscreen"
    public static let touchpadName = "animd-touchpad"
    public let touchscreen: InputTestDevice
    public let touchpad: InputTestDevice
    public let folder: String
    private let process = Process()

    static let server = "/usr/lib/xorg/Xorg"
    static let drivers = ["/usr/lib/xorg/modules/input/inputtest_drv.so", "/usr/lib/xorg/modules/drivers/dummy_drv.so"]

    /// The packages are there and this process may start Xorg (root).
    public static var installed: Bool {
        getuid() == 0 && ([server] + drivers).allSatisfy { FileManager.default.fileExists(atPath: $0) }
    }

    public init(number: Int = DisplayNumbers.free()) throws {
        self.number = number
        display = ":\(number)"
        folder = try Self.makeFolder()
        let config = folder + "/xorg.conf"
        try Self.config(touchSocket: folder + "/t.sock", padSocket: folder + "/p.sock").write(
            toFile: config, atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: folder + "/conf.d", withIntermediateDirectories: true)
        process.executableURL = URL(fileURLWithPath: Self.server)
        process.arguments = [
            display, "-config", config, "-configdir", folder + "/conf.d", "-noreset", "-nolisten", "tcp",
            "-novtswitch", "-sharevts", "-logfile", folder + "/xorg.log",
        ]
        process.standardError = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        // Ready when its X socket and both device sockets exist; about 1 s here.
        let paths = ["/tmp/.X11-unix/X\(number)", folder + "/t.sock", folder + "/p.sock"]
        for _ in 0..<800 where !paths.allSatisfy({ FileManager.default.fileExists(atPath: $0) }) {
            guard process.isRunning else { break }
            usleep(25_000)
        }
        guard paths.allSatisfy({ FileManager.default.fileExists(atPath: $0) }) else {
            let log = (try? String(contentsOfFile: folder + "/xorg.log", encoding: .utf8)) ?? ""
            Self.kill(process, number: number)
            throw InputTestError("Xorg on \(display) did not start; its log ends: \(log.suffix(1500))")
        }
        touchscreen = try InputTestDevice(socket: folder + "/t.sock", width: width, height: height)
        touchpad = try InputTestDevice(socket: folder + "/p.sock", width: width, height: height)
    }

    deinit { if process.isRunning { stop() } }

    public var isRunning: Bool { process.isRunning }

    public func stop() {
        Self.kill(process, number: number)
        try? FileManager.default.removeItem(atPath: folder)
    }

    private static func kill(_ process: Process, number: Int) {
        Glibc.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        try? FileManager.default.removeItem(atPath: "/tmp/.X11-unix/X\(number)")
        try? FileManager.default.removeItem(atPath: "/tmp/.X\(number)-lock")
    }

    /// Runs an X client to completion on this display (xrandr, xinput); its status.
    @discardableResult
    public func run(_ tool: String, _ arguments: [String]) throws -> Int32 {
        try XClient.run(tool, arguments, display: display)
    }

    /// Short, because the device sockets' paths must fit in sockaddr_un.
    private static func makeFolder() throws -> String {
        let path = "/tmp/animd-xorg-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func config(touchSocket: String, padSocket: String) -> String {
        """
        Section "ServerFlags"
          Option "AutoAddDevices" "false"
          Option "AutoEnableDevices" "false"
        EndSection
        Section "Device"
          Identifier "dummy"
          Driver "dummy"
          VideoRam 64000
        EndSection
        Section "Monitor"
          Identifier "monitor"
          HorizSync 5.0-1000.0
          VertRefresh 5.0-200.0
        EndSection
        Section "Screen"
          Identifier "screen"
          Device "dummy"
          Monitor "monitor"
          DefaultDepth 24
          SubSection "Display"
            Depth 24
            Modes "1920x1080"
          EndSubSection
        EndSection
        Section "InputDevice"
          Identifier "\(touchscreenName)"
          Driver "inputtest"
          Option "SocketPath" "\(touchSocket)"
          Option "DeviceType" "Touch"
          Option "TouchCount" "5"
        EndSection
        Section "InputDevice"
          Identifier "\(touchpadName)"
          Driver "inputtest"
          Option "SocketPath" "\(padSocket)"
          Option "DeviceType" "PointerGesture"
        EndSection
        Section "ServerLayout"
          Identifier "layout"
          Screen "screen"
          InputDevice "\(touchscreenName)"
          InputDevice "\(touchpadName)"
        EndSection
        """
    }
}

/// Display numbers for test servers: each is handed out once per process, and numbers another process holds (its
/// lock file, its socket file, or its abstract socket) are skipped. Suites run in parallel, with Xvfb and Xorg alike.
public enum DisplayNumbers {
    private static let last = Mutex(89)

    public static func free() -> Int {
        // An X server also listens on the abstract socket "@/tmp/.X11-unix/XN", which belongs to the network namespace,
        // not to the file system: a server in another root (CI's rehearsed machine) or one whose files were removed
        // still holds it, and a new server on that number exits at once ("server already active").
        let abstract = Set(
            ((try? String(contentsOfFile: "/proc/net/unix", encoding: .utf8)) ?? "").split(separator: "\n")
                .compactMap {
                    $0.split(separator: " ").last.flatMap {
                        $0.hasPrefix("@/tmp/.X11-unix/X") ? Int($0.dropFirst(17)) : nil
                    }
                })
        return last.withLock { last in
            repeat {
                last = last >= 989 ? 90 : last + 1
            } while FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(last)")
                || FileManager.default.fileExists(atPath: "/tmp/.X\(last)-lock")
                || abstract.contains(last)
            return last
        }
    }
}

public struct InputTestError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
