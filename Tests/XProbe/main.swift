// animd-xprobe: the X client the X tests use beside animd.
//
//   animd-xprobe window X Y W H   an ordinary window that prints every button and
//                                 motion event it receives ("press 1 0 400"), after "ready"
//   animd-xprobe drive CMD…       XTest input from one connection: "warp X Y",
//                                 "push DX DY COUNT MS" (relative moves), "down B", "up B", "sleep MS"
//   animd-xprobe top-at X Y       prints the name of the topmost mapped window there ("none" if none)
//   animd-xprobe hold-gestures    selects touchpad gestures on the root window, as a window
//                                 manager or touchegg would, prints "holding" or "refused", then waits
//   animd-xprobe touch-window X Y W H
//                                 an ordinary window that selects XI2 touch events and prints each one it
//                                 receives ("touch begin 3 5.00 500.00 NS": touch id, root position, and
//                                 CLOCK_MONOTONIC in ns at receipt), after "ready"
//   animd-xprobe hold-touch-grab  takes the passive touch grab on the root window, as touchegg does, prints
//                                 "holding" or "refused", then never answers a touch
//   animd-xprobe xsettings-manager MS FILE…
//                                 an XSETTINGS manager: sets its _XSETTINGS_SETTINGS property to the first file's
//                                 bytes, takes the _XSETTINGS_S<screen> selection and announces it (MANAGER), prints
//                                 "managing", then every MS milliseconds sets the next file's bytes and prints "set N"
//   animd-xprobe observe-raw-touches
//                                 selects raw touch events on the root window and reads each one, doing
//                                 nothing else (the touch benchmark's floor: what any observer costs), after "ready"
//   animd-xprobe set-property WINDOW NAME FILE
//                                 sets the window's (decimal id) format-8 STRING property NAME to the file's bytes,
//                                 however long, prints "set" and ends
//
// Each subcommand runs until its work is done, or until stdin closes.
import CX11
import CXTest
import Foundation
import Synchronization

/// One line to stdout at once, unbuffered: the test reads lines as they happen.
func say(_ line: String) { FileHandle.standardOutput.write(Data((line + "\n").utf8)) }

/// Set by the X error handler, a C callback that cannot capture.
let refused = Mutex(false)

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("animd-xprobe: \(message)\n".utf8))
    exit(2)
}

guard let display = XOpenDisplay(nil) else { fail("cannot open display") }
let root = XDefaultRootWindow(display)
let arguments = Array(CommandLine.arguments.dropFirst())

/// Blocks until stdin closes: the test ends a probe by closing its pipe (or killing it).
func waitForStdinToClose(whilePumping pump: (() -> Void)? = nil) -> Never {
    let xfd = XConnectionNumber(display)
    while true {
        // Xlib may already hold events in its queue, which poll() cannot see: drain it before every wait.
        pump?()
        var fds = [
            pollfd(fd: 0, events: Int16(POLLIN), revents: 0), pollfd(fd: xfd, events: Int16(POLLIN), revents: 0),
        ]
        _ = poll(&fds, 2, -1)
        if fds[0].revents != 0 {
            var byte: UInt8 = 0
            if read(0, &byte, 1) <= 0 { exit(0) }
        }
        if fds[1].revents & Int16(POLLHUP | POLLERR) != 0 { exit(0) }
    }
}

/// The XInput extension's opcode, after asking for at least `major`.`minor`.
func requireXInput(_ major: Int32, _ minor: Int32) -> Int32 {
    var opcode: Int32 = 0, event: Int32 = 0, error: Int32 = 0
    var gotMajor = major, gotMinor = minor
    guard XQueryExtension(display, "XInputExtension", &opcode, &event, &error) != 0,
        XIQueryVersion(display, &gotMajor, &gotMinor) == Success, (gotMajor, gotMinor) >= (major, minor)
    else {
        fail("no XInput \(major).\(minor)")
    }
    return opcode
}

func withTouchMask(_ body: (inout XIEventMask) -> Void) {
    var bits = [UInt8](repeating: 0, count: Int(animd_xi_mask_len(XI_LASTEVENT)))
    for type in [XI_TouchBegin, XI_TouchUpdate, XI_TouchEnd] { animd_xi_set_mask(&bits, type) }
    bits.withUnsafeMutableBufferPointer { buffer in
        var mask = XIEventMask(deviceid: XIAllMasterDevices, mask_len: Int32(buffer.count), mask: buffer.baseAddress)
        body(&mask)
    }
}

func selectTouches(on window: Window) {
    withTouchMask { mask in _ = XISelectEvents(display, window, &mask, 1) }
}

/// `window X Y W H` / `touch-window X Y W H`: an override-redirect window placed exactly (no window manager runs
/// under the tests' servers), named and selecting `events`, not yet mapped.
func probeWindow(_ usage: String, name: String, events: Int) -> Window {
    guard arguments.count == 5, let x = Int32(arguments[1]), let y = Int32(arguments[2]),
        let w = UInt32(arguments[3]), let h = UInt32(arguments[4])
    else { fail("usage: \(usage) X Y W H") }
    var attributes = XSetWindowAttributes()
    attributes.override_redirect = 1
    attributes.event_mask = events
    let window = XCreateWindow(
        display, root, x, y, w, h, 0, 0, UInt32(InputOutput), nil,
        UInt(CWOverrideRedirect | CWEventMask), &attributes)
    XStoreName(display, window, name)
    return window
}

switch arguments.first {
case "window":
    let window = probeWindow(
        "window", name: "animd-xprobe window",
        events: ButtonPressMask | ButtonReleaseMask | PointerMotionMask | StructureNotifyMask)
    XMapRaised(display, window)
    XFlush(display)
    waitForStdinToClose {
        var event = XEvent()
        while XPending(display) > 0 {
            XNextEvent(display, &event)
            switch event.type {
            case MapNotify: say("ready")
            case ButtonPress: say("press \(event.xbutton.button) \(event.xbutton.x_root) \(event.xbutton.y_root)")
            case ButtonRelease: say("release \(event.xbutton.button) \(event.xbutton.x_root) \(event.xbutton.y_root)")
            case MotionNotify: say("motion \(event.xmotion.x_root) \(event.xmotion.y_root)")
            default: break
            }
        }
    }
case "drive":
    for command in arguments.dropFirst() {
        let words = command.split(separator: " ").map(String.init)
        let numbers = words.dropFirst().compactMap { Int32($0) }
        switch (words.first, numbers.count) {
        case ("warp", 2): XWarpPointer(display, 0, root, 0, 0, 0, 0, numbers[0], numbers[1])
        case ("push", 4):
            // Relative motion, as a mouse makes it: barriers only see relative motion.
            for _ in 0..<numbers[2] {
                XTestFakeRelativeMotionEvent(display, numbers[0], numbers[1], 0)
                XSync(display, 0)
                usleep(useconds_t(numbers[3]) * 1000)
            }
        case ("down", 1): XTestFakeButtonEvent(display, UInt32(numbers[0]), 1, 0)
        case ("up", 1): XTestFakeButtonEvent(display, UInt32(numbers[0]), 0, 0)
        case ("sleep", 1): usleep(useconds_t(numbers[0]) * 1000)
        default: fail("unknown drive command \"\(command)\"")
        }
        XSync(display, 0)
    }
    say("done")
case "top-at":
    // The name of the topmost mapped window that contains the point, or "none".
    guard arguments.count == 3, let px = Int32(arguments[1]), let py = Int32(arguments[2]) else {
        fail("usage: top-at X Y")
    }
    // Grabbed, the server restacks nothing while the tree is walked: animd may destroy a strip between the listing
    // and the question about it, and Xlib's default handler would end the probe on that BadWindow.
    XGrabServer(display)
    defer { XUngrabServer(display); XSync(display, 0) }
    var rootReturn: Window = 0, parent: Window = 0
    var children: UnsafeMutablePointer<Window>?
    var count: UInt32 = 0
    XQueryTree(display, root, &rootReturn, &parent, &children, &count)
    var found = "none"
    // XQueryTree lists children bottom to top.
    for index in (0..<Int(count)).reversed() {
        guard let window = children?[index] else { continue }
        var attributes = XWindowAttributes()
        guard XGetWindowAttributes(display, window, &attributes) != 0, attributes.map_state == IsViewable,
            px >= attributes.x, px < attributes.x + attributes.width, py >= attributes.y,
            py < attributes.y + attributes.height
        else { continue }
        var name: UnsafeMutablePointer<CChar>?
        found = XFetchName(display, window, &name) != 0 && name != nil ? String(cString: name!) : "unnamed"
        if let name { XFree(name) }
        break
    }
    if let children { XFree(children) }
    say(found)
case "hold-gestures":
    var opcode: Int32 = 0, event: Int32 = 0, error: Int32 = 0
    var major: Int32 = 2, minor: Int32 = 4
    guard XQueryExtension(display, "XInputExtension", &opcode, &event, &error) != 0,
        XIQueryVersion(display, &major, &minor) == Success, (major, minor) >= (2, 4)
    else { fail("no XInput 2.4") }
    var bits = [UInt8](repeating: 0, count: Int(animd_xi_mask_len(XI_LASTEVENT)))
    for gesture in [
        XI_GestureSwipeBegin, XI_GestureSwipeUpdate, XI_GestureSwipeEnd,
        XI_GesturePinchBegin, XI_GesturePinchUpdate, XI_GesturePinchEnd,
    ] {
        animd_xi_set_mask(&bits, gesture)
    }
    XSetErrorHandler { _, _ in
        refused.withLock { $0 = true }; return 0
    }
    bits.withUnsafeMutableBufferPointer { buffer in
        var mask = XIEventMask(deviceid: XIAllMasterDevices, mask_len: Int32(buffer.count), mask: buffer.baseAddress)
        _ = XISelectEvents(display, root, &mask, 1)
    }
    XSync(display, 0)
    say(refused.withLock { $0 } ? "refused" : "holding")
    waitForStdinToClose()
case "touch-window":
    let opcode = requireXInput(2, 2)
    let window = probeWindow("touch-window", name: "animd-xprobe touch window", events: StructureNotifyMask)
    selectTouches(on: window)
    XMapRaised(display, window)
    XFlush(display)
    waitForStdinToClose {
        var event = XEvent()
        while XPending(display) > 0 {
            XNextEvent(display, &event)
            if event.type == MapNotify { say("ready") }
            guard event.type == GenericEvent, event.xcookie.extension == opcode,
                XGetEventData(display, &event.xcookie) != 0,
                let data = event.xcookie.data
            else { continue }
            let e = data.assumingMemoryBound(to: XIDeviceEvent.self).pointee
            var now = timespec()
            clock_gettime(CLOCK_MONOTONIC, &now)
            let phase =
                switch e.evtype {
                case XI_TouchBegin: "begin"
                case XI_TouchUpdate: "update"
                default: "end"
                }
            say(
                "touch \(phase) \(e.detail) \(String(format: "%.2f %.2f", e.root_x, e.root_y)) \(Int(now.tv_sec) * 1_000_000_000 + now.tv_nsec)"
            )
            XFreeEventData(display, &event.xcookie)
        }
    }
case "observe-raw-touches":
    let opcode = requireXInput(2, 2)
    var bits = [UInt8](repeating: 0, count: Int(animd_xi_mask_len(XI_LASTEVENT)))
    for type in [XI_RawTouchBegin, XI_RawTouchUpdate, XI_RawTouchEnd] { animd_xi_set_mask(&bits, type) }
    bits.withUnsafeMutableBufferPointer { buffer in
        var mask = XIEventMask(deviceid: XIAllMasterDevices, mask_len: Int32(buffer.count), mask: buffer.baseAddress)
        _ = XISelectEvents(display, root, &mask, 1)
    }
    XSync(display, 0)
    say("ready")
    waitForStdinToClose {
        var event = XEvent()
        while XPending(display) > 0 {
            XNextEvent(display, &event)
            if event.type == GenericEvent, event.xcookie.extension == opcode,
                XGetEventData(display, &event.xcookie) != 0
            {
                XFreeEventData(display, &event.xcookie)
            }
        }
    }
case "hold-touch-grab":
    _ = requireXInput(2, 2)
    XSetErrorHandler { _, _ in
        refused.withLock { $0 = true }; return 0
    }
    var modifiers = XIGrabModifiers(modifiers: Int32(bitPattern: XIAnyModifier), status: 0)
    var failed: Int32 = 0
    withTouchMask { mask in failed = XIGrabTouchBegin(display, XIAllMasterDevices, root, 0, &mask, 1, &modifiers) }
    XSync(display, 0)
    say(refused.withLock { $0 } || failed > 0 ? "refused" : "holding")
    // Read every touch and answer none: the server holds each one for this client.
    waitForStdinToClose {
        var event = XEvent()
        while XPending(display) > 0 { XNextEvent(display, &event) }
    }
case "xsettings-manager":
    guard arguments.count >= 3, let period = UInt32(arguments[1]) else {
        fail("usage: animd-xprobe xsettings-manager MS FILE…")
    }
    let files = arguments.dropFirst(2).map { FileManager.default.contents(atPath: $0).map { [UInt8]($0) } ?? [] }
    let window = XCreateSimpleWindow(display, root, -1, -1, 1, 1, 0, 0, 0)
    let selection = XInternAtom(display, "_XSETTINGS_S\(XDefaultScreen(display))", 0)
    let settings = XInternAtom(display, "_XSETTINGS_SETTINGS", 0)
    func publish(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer {
            _ = XChangeProperty(
                display, window, settings, settings, 8, PropModeReplace, $0.baseAddress, Int32($0.count))
        }
        XSync(display, 0)
    }
    publish(files[0])
    XSetSelectionOwner(display, selection, window, UInt(CurrentTime))
    var announcement = XEvent()
    announcement.xclient.type = ClientMessage
    announcement.xclient.window = root
    announcement.xclient.message_type = XInternAtom(display, "MANAGER", 0)
    announcement.xclient.format = 32
    announcement.xclient.data.l.1 = Int(selection)
    announcement.xclient.data.l.2 = Int(window)
    _ = XSendEvent(display, root, 0, StructureNotifyMask, &announcement)
    XSync(display, 0)
    say("managing")
    for (index, bytes) in files.enumerated().dropFirst() {
        usleep(period * 1000)
        publish(bytes)
        say("set \(index)")
    }
    waitForStdinToClose()
case "set-property":
    guard arguments.count == 4, let window = Window(arguments[1]),
        let bytes = FileManager.default.contents(atPath: arguments[3])
    else {
        fail("usage: animd-xprobe set-property WINDOW NAME FILE")
    }
    let property = XInternAtom(display, arguments[2], 0), string = XInternAtom(display, "STRING", 0)
    [UInt8](bytes).withUnsafeBufferPointer {
        _ = XChangeProperty(display, window, property, string, 8, PropModeReplace, $0.baseAddress, Int32($0.count))
    }
    XSync(display, 0)
    say("set")
default:
    fail(
        "usage: animd-xprobe window X Y W H | drive CMD… | top-at X Y | hold-gestures | touch-window X Y W H | hold-touch-grab | "
            + "observe-raw-touches | xsettings-manager MS FILE… | set-property WINDOW NAME FILE")
}
