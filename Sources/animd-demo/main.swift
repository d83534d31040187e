// animd-demo: a small native X11 client of animd. It subscribes to every
// transition with frames: "driven" and draws the sidebar, panel,
// notifications, launcher and pager at its own refresh rate: while a finger
// or a scrub drives a transition, from the frames animd sends; while a leg
// runs, from the leg's curve, evaluated at the instant of each redraw
// (docs/protocol.md, "The leg object"). At rest it has no timer at all.
// When animd is not there, or goes away, it waits for it and subscribes
// again once it is back, as every client should.
//
//   animd-demo [--socket PATH] [--size WxH] [--rate HZ] [--print-frames]
//
// --rate: redraws per second while a leg runs; default the monitor's refresh
// rate as RandR reports it, else 144. --print-frames writes "drawn NAME=PROGRESS …"
// after each redraw that an event from animd caused reached the X server
// (not after the timer's redraws), and "connected" each time it subscribed
// after waiting (the tests synchronise on them). It needs a TrueColor
// visual, which every X server of the last twenty years offers by default.
import AnimClient
import AnimProtocol
import CX11
import Foundation
import UnixSupport

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
    say("usage: animd-demo [--socket PATH] [--size WxH] [--rate HZ] [--print-frames]")
    exit(0)
}
let printFrames = arguments.contains("--print-frames")
let size = (option("--size") ?? "640x400").split(separator: "x").compactMap { Int($0) }
guard size.count == 2, (200...4096).contains(size[0]), (200...4096).contains(size[1]) else { fail("--size must be WxH, each 200 to 4096") }
let socketPath = option("--socket") ?? SocketPath.resolve(environment: ProcessInfo.processInfo.environment, uid: getuid())

let requestedRate = option("--rate").map { Double($0) ?? .nan }
if let requestedRate, !(1...1000).contains(requestedRate) { fail("--rate must be 1 to 1000 redraws per second") }

/// The subscription to animd; nil while animd is not there.
var rpc: RPCConnection?
/// What animd said of each transition: its last frame, and the leg that moves it since.
var follower = LegFollower()
/// When to try to connect next, on CLOCK_MONOTONIC; the wait doubles from 0.25 s up to 2 s while animd is away.
var nextAttempt = 0.0
var retryDelay = 0.25

/// Connects and subscribes to every transition's progress and state; on failure, schedules the next attempt.
@MainActor func connect() -> Bool {
    do {
        let connection = try RPCConnection(path: socketPath)
        let request = Request.subscribe(transitions: nil, events: [.progress, .state], maxRate: nil, frames: .driven)
        guard case let .success(result) = try connection.call(request.method.rawValue, request.params) else {
            throw ClientError.closed
        }
        follower = LegFollower(answer: result)
        rpc = connection
        retryDelay = 0.25
        return true
    } catch {
        nextAttempt = monotonicSeconds() + retryDelay
        retryDelay = min(retryDelay * 2, 2)
        return false
    }
}

/// animd went away: wait for it, drawing what was last known.
@MainActor func lose(_ why: String) {
    rpc = nil
    FileHandle.standardError.write(Data("animd-demo: \(why); waiting for animd at \(socketPath)\n".utf8))
    nextAttempt = monotonicSeconds() + retryDelay
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

/// Redraws per second while a leg runs: --rate, else the monitor's refresh as RandR reports it, else 144.
let frameRate: Double = requestedRate ?? {
    guard let info = XRRGetScreenInfo(display, root) else { return 144 }
    defer { XRRFreeScreenConfigInfo(info) }
    let rate = Double(XRRConfigCurrentRate(info))
    return (24...1000).contains(rate) ? rate : 144
}()

/// Paints the scene into a pixmap and copies it over in one go, so that no half-drawn frame is ever seen.
/// - reportDrawn: say "drawn …" once it reached the server (--print-frames).
@MainActor func draw(reportDrawn: Bool) {
    let now = monotonicSeconds()
    let progress = Dictionary(uniqueKeysWithValues: follower.snapshots.keys.map { ($0, follower.progress(of: $0, at: now) ?? 0) })
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
    if printFrames && reportDrawn { say("drawn " + names.map { "\($0)=\(progress[$0] ?? 0)" }.joined(separator: " ")) }
}

var mapped = false
let xfd = XConnectionNumber(display)
/// When the timer's next redraw is due while a leg runs.
var nextFrame = 0.0
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
                if message["method"]?.string == NotificationMethod.shutdown.rawValue { lose("animd is stopping"); break }
                if let method = message["method"]?.string, let params = message["params"],
                   follower.take(method: method, params: params) != nil {
                    dirty = true
                }
            }
        } catch ClientError.timedOut {
        } catch { lose("\(error)") }
        if rpc == nil { dirty = true }
    } else if monotonicSeconds() >= nextAttempt, connect() {
        say("connected")
        dirty = true
    }
    let now = monotonicSeconds()
    let animating = follower.isAnimating(at: now)
    if mapped && (dirty || (animating && now >= nextFrame)) {
        draw(reportDrawn: dirty)
        // On the rate's grid; after a pause (at rest, or a late wake-up) the grid starts again from now.
        nextFrame += 1 / frameRate
        if nextFrame <= now { nextFrame = now + 1 / frameRate }
    }
    var fds = [pollfd(fd: xfd, events: Int16(POLLIN), revents: 0), pollfd(fd: rpc?.descriptor ?? -1, events: Int16(POLLIN), revents: 0)]
    // While a leg runs, wake up for the next redraw; without animd, for the next attempt to connect; else only for events.
    let wake: Double? = animating ? nextFrame : (rpc == nil ? nextAttempt : nil)
    let timeout: Int32 = wake.map { Int32(max(0, ($0 - monotonicSeconds()) * 1000).rounded(.up)) } ?? -1
    if XPending(display) == 0 && !(rpc?.hasBufferedLine ?? false) { _ = poll(&fds, 2, timeout) }
    if fds[0].revents & Int16(POLLHUP | POLLERR) != 0 { exit(0) }
}

func pollReadable(_ descriptor: Int32) -> Bool {
    var fd = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    return poll(&fd, 1, 0) > 0
}
