// animd-demo: a small native X11 client of animd. It subscribes to every
// transition and draws the sidebar, panel, notifications, launcher and pager
// from the progress in the frames it receives, and from nothing else: it has
// no timer and no animation of its own, as a real panel or widget would.
// When animd is not there, or goes away, it waits for it and subscribes
// again once it is back, as every client should.
//
//   animd-demo [--socket PATH] [--size WxH] [--print-frames]
//
// --print-frames writes "drawn NAME=PROGRESS …" after each redraw reached the
// X server, and "connected" each time it subscribed after waiting (the tests
// synchronise on them). It needs a TrueColor visual, which
// every X server of the last twenty years offers by default.
import AnimClient
import AnimProtocol
import CX11
import Foundation

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("animd-demo: \(message)\n".utf8))
    exit(1)
}

func say(_ line: String) { FileHandle.standardOutput.write(Data((line + "\n").utf8)) }

// A parent may have blocked SIGINT and SIGTERM (the mask survives exec); the demo must still stop on them.
var stopSignals = sigset_t()
sigemptyset(&stopSignals)
sigaddset(&stopSignals, SIGINT)
sigaddset(&stopSignals, SIGTERM)
pthread_sigmask(SIG_UNBLOCK, &stopSignals, nil)

var arguments = Array(CommandLine.arguments.dropFirst())
@MainActor func option(_ name: String) -> String? {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
    return arguments[index + 1]
}
if arguments.contains("--help") {
    say("usage: animd-demo [--socket PATH] [--size WxH] [--print-frames]")
    exit(0)
}
let printFrames = arguments.contains("--print-frames")
let size = (option("--size") ?? "640x400").split(separator: "x").compactMap { Int($0) }
guard size.count == 2, (200...4096).contains(size[0]), (200...4096).contains(size[1]) else { fail("--size must be WxH, each 200 to 4096") }
let socketPath = option("--socket") ?? SocketPath.resolve(environment: ProcessInfo.processInfo.environment, uid: getuid())

/// The subscription to animd; nil while animd is not there.
var rpc: RPCConnection?
var progress: [String: Double] = [:]
/// When to try to connect next, on CLOCK_MONOTONIC; the wait doubles from 0.25 s up to 2 s while animd is away.
var nextAttempt = 0.0
var retryDelay = 0.25

/// Connects and subscribes to every transition's progress and state; on failure, schedules the next attempt.
@MainActor func connect() -> Bool {
    do {
        let connection = try RPCConnection(path: socketPath)
        guard case let .success(result) = try connection.call("subscribe", .object([("events", .array([.string("progress"), .string("state")]))])) else {
            throw ClientError.closed
        }
        progress = [:]
        for snapshot in result["transitions"]?.array ?? [] {
            if let name = snapshot["name"]?.string, let value = snapshot["progress"]?.number { progress[name] = value }
        }
        rpc = connection
        retryDelay = 0.25
        return true
    } catch {
        nextAttempt = monotonicNow() + retryDelay
        retryDelay = min(retryDelay * 2, 2)
        return false
    }
}

/// animd went away: wait for it, drawing what was last known.
@MainActor func lose(_ why: String) {
    rpc = nil
    FileHandle.standardError.write(Data("animd-demo: \(why); waiting for animd at \(socketPath)\n".utf8))
    nextAttempt = monotonicNow() + retryDelay
}

func monotonicNow() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}

if !connect() { lose("animd is not running") }

guard let display = XOpenDisplay(nil) else { fail("cannot open the X display (is DISPLAY set?)") }
let screen = XDefaultScreen(display)
let root = XRootWindow(display, screen)
var scene = DemoScene(width: size[0], height: size[1])
let window = XCreateSimpleWindow(display, root, 0, 0, UInt32(scene.width), UInt32(scene.height), 0, 0, UInt(DemoScene.background))
XStoreName(display, window, "animd-demo")
XSelectInput(display, window, ExposureMask | StructureNotifyMask)
var deleteWindow = XInternAtom(display, "WM_DELETE_WINDOW", 0)
XSetWMProtocols(display, window, &deleteWindow, 1)
let gc = XCreateGC(display, window, 0, nil)
XMapWindow(display, window)

/// Paints the scene into a pixmap and copies it over in one go, so that no half-drawn frame is ever seen.
@MainActor func draw() {
    let depth = UInt32(XDefaultDepth(display, screen))
    let buffer = XCreatePixmap(display, window, UInt32(scene.width), UInt32(scene.height), depth)
    XSetForeground(display, gc, UInt(DemoScene.background))
    XFillRectangle(display, buffer, gc, 0, 0, UInt32(scene.width), UInt32(scene.height))
    for box in scene.boxes(progress) {
        XSetForeground(display, gc, UInt(box.color))
        XFillRectangle(display, buffer, gc, Int32(box.x), Int32(box.y), UInt32(box.width), UInt32(box.height))
    }
    XSetForeground(display, gc, 0xBDC1C6)
    if rpc == nil {
        let text = "waiting for animd"
        XDrawString(display, buffer, gc, Int32(scene.width / 2 - 60), Int32(scene.height / 2 - 90), text, Int32(text.utf8.count))
    }
    let names = progress.keys.sorted()
    for (row, name) in names.enumerated() {
        let text = "\(name) \(String(format: "%.3f", progress[name] ?? 0))"
        XDrawString(display, buffer, gc, Int32(scene.width / 2 - 60), Int32(scene.height / 2 - 75 + 14 * row), text, Int32(text.utf8.count))
    }
    XCopyArea(display, buffer, window, gc, 0, 0, UInt32(scene.width), UInt32(scene.height), 0, 0)
    XFreePixmap(display, buffer)
    XSync(display, 0)
    if printFrames { say("drawn " + names.map { "\($0)=\(progress[$0] ?? 0)" }.joined(separator: " ")) }
}

var mapped = false
let xfd = XConnectionNumber(display)
while true {
    var dirty = false
    // X first: Xlib may hold events in its queue that poll() cannot see.
    while XPending(display) > 0 {
        var event = XEvent()
        XNextEvent(display, &event)
        switch event.type {
        case Expose:
            dirty = true
            if !mapped {
                mapped = true
                say("ready \(window)")
            }
        case ConfigureNotify:
            scene.width = Int(event.xconfigure.width)
            scene.height = Int(event.xconfigure.height)
            dirty = true
        case ClientMessage where UInt(event.xclient.data.l.0) == deleteWindow:
            exit(0)
        default:
            break
        }
    }
    // Then every frame already here: draw once for all of them.
    if let connection = rpc {
        do {
            while connection.hasBufferedLine || pollReadable(connection.descriptor) {
                guard let message = try connection.nextNotification(timeout: 0) else { lose("animd closed the connection"); break }
                if message["method"] == "daemon.shutdown" { lose("animd is stopping"); break }
                if let params = message["params"], let name = params["name"]?.string, let value = params["progress"]?.number {
                    progress[name] = value
                    dirty = true
                }
            }
        } catch ClientError.timedOut {
        } catch { lose("\(error)") }
        if rpc == nil { dirty = true }
    } else if monotonicNow() >= nextAttempt, connect() {
        say("connected")
        dirty = true
    }
    if dirty && mapped { draw() }
    var fds = [pollfd(fd: xfd, events: Int16(POLLIN), revents: 0), pollfd(fd: rpc?.descriptor ?? -1, events: Int16(POLLIN), revents: 0)]
    // Without animd, wake up for the next attempt to connect.
    let timeout: Int32 = rpc == nil ? Int32(max(0, (nextAttempt - monotonicNow()) * 1000).rounded(.up)) : -1
    if XPending(display) == 0 && !(rpc?.hasBufferedLine ?? false) { _ = poll(&fds, 2, timeout) }
    if fds[0].revents & Int16(POLLHUP | POLLERR) != 0 { exit(0) }
}

func pollReadable(_ descriptor: Int32) -> Bool {
    var fd = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    return poll(&fd, 1, 0) > 0
}
