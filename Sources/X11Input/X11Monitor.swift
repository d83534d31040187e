import CX11
import Foundation
public import Gestures

/// What animd learned from an X display.
public struct DisplayInfo: Hashable, Sendable {
    public let name: String
    public let monitors: [Rect]
    /// Hz of the first active output; nil when X reports none (Xvfb says 0 Hz).
    public let refreshRate: Double?
    public let xiVersion: String

    public var geometry: ScreenGeometry { ScreenGeometry(monitors: monitors) }
}

public enum X11Event: Sendable {
    case connected(DisplayInfo)
    case disconnected(display: String?, reason: String)
}

/// Owns the X connection on one dedicated thread (Xlib is not thread-safe):
/// it connects, reads the XInput2 version and the XRandR monitors, then waits
/// in poll() on the X socket and a wake-up pipe. When the server goes away it
/// reports it and reconnects every `retryInterval` seconds.
///
/// Not yet here (the X11 input issue): selecting XI2 touch and pointer events,
/// touch grabs, and RandR hot-plug notifications.
public final class X11Monitor: Sendable {
    private let display: String?
    private let retryInterval: Double
    private let onEvent: @Sendable (X11Event) -> Void
    /// [read end, write end]; writing a byte stops the thread.
    private let wakePipe: [Int32]

    public init(display: String?, retryInterval: Double = 2, onEvent: @escaping @Sendable (X11Event) -> Void) {
        self.display = display.flatMap { $0.isEmpty ? nil : $0 }
        self.retryInterval = retryInterval
        self.onEvent = onEvent
        var fds: [Int32] = [-1, -1]
        _ = pipe(&fds)
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        wakePipe = fds
    }

    public func start() {
        let thread = Thread { [self] in run() }
        thread.name = "animd-x11"
        thread.start()
    }

    public func stop() {
        var byte: UInt8 = 1
        _ = write(wakePipe[1], &byte, 1)
    }

    private func run() {
        guard let display else {
            onEvent(.disconnected(display: nil, reason: "no DISPLAY is set"))
            return
        }
        // Xlib must never exit the daemon when the server dies: report, return, reconnect.
        XSetIOErrorHandler { _ in 0 }
        var reportedFailure = false
        while true {
            guard let connection = XOpenDisplay(display) else {
                if !reportedFailure {
                    onEvent(.disconnected(display: display, reason: "cannot open display \(display); retrying every \(formatSeconds(retryInterval))"))
                    reportedFailure = true
                }
                if waitForWake(timeout: retryInterval) { return }
                continue
            }
            reportedFailure = false
            XSetIOErrorExitHandler(connection, { _, _ in }, nil)
            onEvent(.connected(describe(connection, name: display)))
            switch watch(connection) {
            case .stopped:
                XCloseDisplay(connection)
                return
            case .serverGone:
                // The connection is dead; closing it would only raise another IO error.
                onEvent(.disconnected(display: display, reason: "the X server went away; reconnecting"))
                if waitForWake(timeout: retryInterval) { return }
            }
        }
    }

    private enum WatchEnd { case stopped, serverGone }

    private func watch(_ connection: OpaquePointer) -> WatchEnd {
        let xfd = XConnectionNumber(connection)
        while true {
            var fds = [pollfd(fd: xfd, events: Int16(POLLIN), revents: 0), pollfd(fd: wakePipe[0], events: Int16(POLLIN), revents: 0)]
            if poll(&fds, 2, -1) < 0 { if errno == EINTR { continue }; return .serverGone }
            if fds[1].revents != 0 { return .stopped }
            if fds[0].revents & Int16(POLLHUP | POLLERR) != 0 { return .serverGone }
            var probe: UInt8 = 0
            if recv(xfd, &probe, 1, Int32(MSG_PEEK | MSG_DONTWAIT)) == 0 { return .serverGone }
            // Something arrived (MappingNotify and the like): drain it.
            var event = XEvent()
            while XPending(connection) > 0 { XNextEvent(connection, &event) }
        }
    }

    /// True when stop() was called while waiting.
    private func waitForWake(timeout: Double) -> Bool {
        var fd = pollfd(fd: wakePipe[0], events: Int16(POLLIN), revents: 0)
        return poll(&fd, 1, Int32(timeout * 1000)) > 0
    }

    private func describe(_ connection: OpaquePointer, name: String) -> DisplayInfo {
        var major: Int32 = 2, minor: Int32 = 4
        let xi = XIQueryVersion(connection, &major, &minor) == Success ? "\(major).\(minor)" : "none"
        let root = XDefaultRootWindow(connection)
        var monitors: [Rect] = []
        var count: Int32 = 0
        if let list = XRRGetMonitors(connection, root, 1, &count) {
            for i in 0..<Int(count) {
                let m = list[i]
                monitors.append(Rect(x: Double(m.x), y: Double(m.y), width: Double(m.width), height: Double(m.height)))
            }
            XRRFreeMonitors(list)
        }
        if monitors.isEmpty {
            let screen = XDefaultScreen(connection)
            monitors = [Rect(x: 0, y: 0, width: Double(XDisplayWidth(connection, screen)), height: Double(XDisplayHeight(connection, screen)))]
        }
        return DisplayInfo(name: name, monitors: monitors, refreshRate: refreshRate(connection, root: root), xiVersion: xi)
    }

    /// dotClock / (hTotal · vTotal) of the first active CRTC's mode.
    private func refreshRate(_ connection: OpaquePointer, root: Window) -> Double? {
        guard let resources = XRRGetScreenResourcesCurrent(connection, root) else { return nil }
        defer { XRRFreeScreenResources(resources) }
        let r = resources.pointee
        for c in 0..<Int(r.ncrtc) {
            guard let crtc = XRRGetCrtcInfo(connection, resources, r.crtcs[c]) else { continue }
            defer { XRRFreeCrtcInfo(crtc) }
            let modeID = crtc.pointee.mode
            guard modeID != 0 else { continue }
            for m in 0..<Int(r.nmode) where r.modes[m].id == modeID {
                let mode = r.modes[m]
                let total = Double(mode.hTotal) * Double(mode.vTotal)
                guard total > 0, mode.dotClock > 0 else { return nil }
                return Double(mode.dotClock) / total
            }
        }
        return nil
    }
}

private func formatSeconds(_ seconds: Double) -> String {
    seconds == seconds.rounded() ? "\(Int(seconds)) s" : "\(seconds) s"
}
