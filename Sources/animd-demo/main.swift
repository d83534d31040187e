// animd-demo: a small native X11 client of animd. It subscribes to every
// transition and draws the sidebar, panel, notifications, launcher and pager
// from the progress in the frames it receives, and from nothing else: it has
// no timer and no animation of its own, as a real panel or widget would.
//
//   animd-demo [--socket PATH] [--size WxH] [--print-frames]
//
// --print-frames writes "drawn NAME=PROGRESS …" after each redraw reached the
// X server (the tests synchronise on it). It needs a TrueColor visual, which
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

// animd first: without it there is nothing to draw.
let rpc: RPCConnection
do { rpc = try RPCConnection(path: socketPath) } catch { fail("\(error)") }
var progress: [String: Double] = [:]
do {
    switch try rpc.call("subscribe", .object([("events", .array([.string("progress"), .string("state")]))])) {
    case let .success(result):
        for snapshot in result["transitions"]?.array ?? [] {
            if let name = snapshot["name"]?.string, let value = snapshot["progress"]?.number { progress[name] = value }
        }
    case let .failure(error): fail("subscribe: \(error.message)")
    }
} catch { fail("\(error)") }

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
    do {
        while rpc.hasBufferedLine || pollReadable(rpc.descriptor) {
            guard let message = try rpc.nextNotification(timeout: 0) else { fail("animd closed the connection") }
            if message["method"] == "daemon.shutdown" { fail("animd is stopping") }
            if let params = message["params"], let name = params["name"]?.string, let value = params["progress"]?.number {
                progress[name] = value
                dirty = true
            }
        }
    } catch ClientError.timedOut {
    } catch { fail("\(error)") }
    if dirty && mapped { draw() }
    var fds = [pollfd(fd: xfd, events: Int16(POLLIN), revents: 0), pollfd(fd: rpc.descriptor, events: Int16(POLLIN), revents: 0)]
    if XPending(display) == 0 && !rpc.hasBufferedLine { _ = poll(&fds, 2, -1) }
    if fds[0].revents & Int16(POLLHUP | POLLERR) != 0 { exit(0) }
}

func pollReadable(_ descriptor: Int32) -> Bool {
    var fd = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    return poll(&fd, 1, 0) > 0
}
