import AnimClient
import AnimProtocol
import Foundation
import Testing

/// animd loads a backend's libraries only when that backend runs, and libsystemd only when there is a session bus
/// to reach (Sources/CLazyLibrary, docs/performance.md): the X libraries are not mapped under libinput, libinput and
/// the glib that its libwacom links are not mapped under X11 on a machine without a tablet-mode switch (with one,
/// X11 reads it through libinput: LibinputTabletModeTests).
@Suite(.serialized) struct LazyLibraryTests {
    static let x11 = ["libX11.so.6", "libXi.so.6", "libXrandr.so.2", "libXfixes.so.3", "libXinerama.so.1"]
    static let libinput = ["libinput.so.10", "libudev.so.1", "libglib-2.0.so.0", "libwacom.so.9"]
    static let systemd = ["libsystemd.so.0"]

    /// The sonames of `sonames` that the daemon behind `rpc` has mapped (its own pid: a test's wrapper may stand
    /// between). A mapped file is named by its full version, libX11.so.6.4.0 for libX11.so.6.
    static func mapped(_ sonames: [String], by rpc: RPCConnection) throws -> [String] {
        let pid = try #require(try rpc.ok("daemon.hello")["pid"]?.integer)
        // Read to the end: a /proc file says it is empty, and a reader that trusts the size stops at the first page.
        let file = try #require(FileHandle(forReadingAtPath: "/proc/\(pid)/maps"))
        defer { try? file.close() }
        let maps = String(decoding: file.readDataToEndOfFile(), as: UTF8.self)
        let files = Set(
            maps.split(separator: "\n").compactMap { line in
                line.split(separator: " ", omittingEmptySubsequences: true).last.flatMap {
                    $0.hasPrefix("/") ? $0.split(separator: "/").last : nil
                }
            })
        return sonames.filter { soname in files.contains { $0 == soname || $0.hasPrefix(soname + ".") } }
    }

    @Test func noBackendLibraryIsNeededAtStart() throws {
        let libraries = try LinkageTests.libraries(of: Binaries.animd)
        #expect(libraries.contains("libc.so.6"), "ldd listed nothing recognisable: \(libraries)")
        for library in Self.x11 + Self.libinput + Self.systemd {
            #expect(!libraries.contains(library), "animd needs \(library) at start: \(libraries)")
        }
    }

    @Test(.enabled(if: Xvfb.installed, "needs Xvfb (scripts/install-deps.sh)"))
    func theX11BackendMapsTheXLibrariesAlone() throws {
        let xvfb = try Xvfb()
        let daemon = try DaemonProcess(display: xvfb.display)
        let rpc = try daemon.connect()
        try waitUntil("the X11 backend connects") { try rpc.ok("daemon.hello")["input"]?["connected"] == true }
        #expect(try Self.mapped(Self.x11, by: rpc) == Self.x11)
        #expect(try Self.mapped(Self.libinput + Self.systemd, by: rpc) == [], "mapped under X11")
    }

    @Test(
        .enabled(
            if: MockedDevice.installed,
            "needs root (a mount namespace) and umockdev, cc, pkg-config (scripts/install-deps.sh)"))
    func theLibinputBackendMapsLibinputAlone() throws {
        let mock = try MockedDevice(.touchscreen)
        defer { mock.removeFolder() }
        let daemon = try DaemonProcess(inputBackend: "libinput", wrapper: mock.wrapper)
        let rpc = try daemon.connect()
        defer { mock.stop(rpc) }
        try waitUntil("the libinput backend connects") { try rpc.ok("daemon.hello")["input"]?["connected"] == true }
        #expect(try Self.mapped(Self.libinput, by: rpc) == Self.libinput)
        #expect(try Self.mapped(Self.x11 + Self.systemd, by: rpc) == [], "mapped under libinput")
    }

    @Test(
        .enabled(
            if: PortalSession.installed,
            "needs dbus-daemon, xdg-desktop-portal and python3-gi (scripts/install-deps.sh)"))
    func aSessionBusMapsLibsystemd() throws {
        let session = try PortalSession(values: #"[["org.freedesktop.appearance", "reduced-motion", "u", 1]]"#)
        let daemon = try DaemonProcess(environment: ["DBUS_SESSION_BUS_ADDRESS": session.address])
        let rpc = try daemon.connect()
        try waitUntil("animd reads the portal") { try rpc.ok("daemon.motion")["source"] == "portal" }
        #expect(try Self.mapped(Self.systemd, by: rpc) == Self.systemd)
    }

    /// A folder whose `soname` is not a library at all, for LD_LIBRARY_PATH: the dynamic loader finds it first and
    /// refuses it, as it would a library that is missing or broken on a user's machine.
    static func brokenLibrary(_ soname: String) throws -> String {
        let folder = try DaemonProcess.makeFolder()
        try "not a shared object\n".write(toFile: folder + "/" + soname, atomically: true, encoding: .utf8)
        return folder
    }

    /// X libraries that cannot be loaded are the X11 backend's reason, and the daemon serves on.
    @Test(.enabled(if: Xvfb.installed, "needs Xvfb (scripts/install-deps.sh)"))
    func xLibrariesThatCannotBeLoadedAreSaid() throws {
        let xvfb = try Xvfb()
        let folder = try Self.brokenLibrary("libX11.so.6")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let daemon = try DaemonProcess(display: xvfb.display, environment: ["LD_LIBRARY_PATH": folder])
        let rpc = try daemon.connect()
        try waitUntil("the X11 backend gives up") {
            try rpc.ok("daemon.hello")["input"]?["reason"]?.string?.contains("cannot be loaded") == true
        }
        let hello = try rpc.ok("daemon.hello")
        let input = try #require(hello["input"])
        #expect(input["connected"] == false)
        #expect(
            input["reason"]?.string?.hasPrefix("the X libraries cannot be loaded: ") == true
                && input["reason"]?.string?.contains("libX11.so.6") == true,
            "\(input)")
        #expect(try rpc.ok("transition.get", ["name": "sidebar"])["name"] == "sidebar")
    }

    /// The same for libinput under the libinput backend.
    @Test func libinputThatCannotBeLoadedIsSaid() throws {
        let folder = try Self.brokenLibrary("libinput.so.10")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let daemon = try DaemonProcess(environment: ["LD_LIBRARY_PATH": folder], inputBackend: "libinput")
        let rpc = try daemon.connect()
        try waitUntil("the libinput backend gives up") {
            try rpc.ok("daemon.hello")["input"]?["reason"]?.string?.contains("cannot be loaded") == true
        }
        let hello = try rpc.ok("daemon.hello")
        let input = try #require(hello["input"])
        #expect(
            input["connected"] == false && input["reason"]?.string?.hasPrefix("libinput cannot be loaded: ") == true,
            "\(input)")
        #expect(try Self.mapped(Self.libinput, by: rpc) == [])
    }

    /// And for libsystemd where a session bus is named: the motion status says why the portal is not read.
    @Test func libsystemdThatCannotBeLoadedIsSaid() throws {
        let folder = try Self.brokenLibrary("libsystemd.so.0")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let daemon = try DaemonProcess(environment: [
            "LD_LIBRARY_PATH": folder, "DBUS_SESSION_BUS_ADDRESS": "unix:path=\(folder)/bus",
        ])
        let rpc = try daemon.connect()
        try waitUntil("the portal watch gives up") {
            try rpc.ok("daemon.motion")["detail"]?.string?.contains("cannot be loaded") == true
        }
        let motion = try rpc.ok("daemon.motion")
        #expect(
            motion["state"] == "full" && motion["detail"]?.string?.contains("libsystemd cannot be loaded: ") == true,
            "\(motion)")
    }
}
