import AnimClient
import CX11
import Glibc
import UnixSupport

/// The demo's X window: it paints the scene for the progress it is given into a pixmap and copies it over in one
/// go, so that no half-drawn frame is ever seen, and reads the window's events. It needs a TrueColor visual, which
/// every X server of the last twenty years offers by default.
final class DemoWindow {
    let display: OpaquePointer
    private let screen: Int32
    let window: Window
    private let gc: GC
    private var deleteWindow: Atom
    private(set) var scene: DemoScene
    /// Set by the first Expose: nothing is drawn before the window is on screen.
    private(set) var isMapped = false

    /// What the window's events asked for.
    struct Events {
        var redraw = false
        var closed = false
    }

    init?(width: Int, height: Int) {
        guard let display = XOpenDisplay(nil) else { return nil }
        self.display = display
        screen = XDefaultScreen(display)
        scene = DemoScene(width: width, height: height)
        window = XCreateSimpleWindow(
            display, XRootWindow(display, screen), 0, 0, UInt32(width), UInt32(height), 0, 0, UInt(DemoScene.background)
        )
        XStoreName(display, window, "animd-demo")
        XSelectInput(display, window, ExposureMask | StructureNotifyMask)
        deleteWindow = XInternAtom(display, "WM_DELETE_WINDOW", 0)
        XSetWMProtocols(display, window, &deleteWindow, 1)
        gc = XCreateGC(display, window, 0, nil)
        XMapWindow(display, window)
    }

    /// The monitor's refresh rate as RandR reports it, else 144.
    var refreshRate: Double {
        guard let info = XRRGetScreenInfo(display, XRootWindow(display, screen)) else { return 144 }
        defer { XRRFreeScreenConfigInfo(info) }
        let rate = Double(XRRConfigCurrentRate(info))
        return (24...1000).contains(rate) ? rate : 144
    }

    var descriptor: Int32 { XConnectionNumber(display) }

    /// Whether Xlib holds events that poll() cannot see.
    var hasQueuedEvents: Bool { XPending(display) > 0 }

    /// Reads every event Xlib has; the first Expose says "ready WINDOW" (the tests wait for it).
    func takeEvents(say: (String) -> Void) -> Events {
        var events = Events()
        while XPending(display) > 0 {
            var event = XEvent()
            XNextEvent(display, &event)
            switch event.type {
            case Expose:
                events.redraw = true
                if !isMapped {
                    isMapped = true
                    say("ready \(window)")
                }
            case ConfigureNotify:
                scene.width = Int(event.xconfigure.width)
                scene.height = Int(event.xconfigure.height)
                events.redraw = true
            case ClientMessage where UInt(event.xclient.data.l.0) == deleteWindow:
                events.closed = true
            default:
                break
            }
        }
        return events
    }

    /// Paints `progress` (by transition), with a line saying animd is awaited when `waiting`; returns the names
    /// drawn, in order, once the picture reached the server.
    @discardableResult
    func draw(_ progress: [String: Double], waiting: Bool) -> [String] {
        let buffer = XCreatePixmap(
            display, window, UInt32(scene.width), UInt32(scene.height), UInt32(XDefaultDepth(display, screen)))
        XSetForeground(display, gc, UInt(DemoScene.background))
        XFillRectangle(display, buffer, gc, 0, 0, UInt32(scene.width), UInt32(scene.height))
        for box in scene.boxes(progress) {
            XSetForeground(display, gc, UInt(box.color))
            XFillRectangle(display, buffer, gc, Int32(box.x), Int32(box.y), UInt32(box.width), UInt32(box.height))
        }
        XSetForeground(display, gc, 0xBDC1C6)
        if waiting { text("waiting for animd", line: -1, on: buffer) }
        let names = progress.keys.sorted()
        for (row, name) in names.enumerated() {
            text("\(name) \(Self.threeDecimals(progress[name] ?? 0))", line: row, on: buffer)
        }
        XCopyArea(display, buffer, window, gc, 0, 0, UInt32(scene.width), UInt32(scene.height), 0, 0)
        XFreePixmap(display, buffer)
        XSync(display, 0)
        return names
    }

    /// `value` as printf's `%.3f` writes it (vsnprintf: Foundation is not linked).
    static func threeDecimals(_ value: Double) -> String {
        var bytes = [CChar](repeating: 0, count: 32)
        _ = withVaList([value]) { vsnprintf(&bytes, bytes.count, "%.3f", $0) }
        return String(decoding: bytes.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private func text(_ text: String, line: Int, on buffer: Pixmap) {
        XDrawString(
            display, buffer, gc, Int32(scene.width / 2 - 60), Int32(scene.height / 2 - 75 + 14 * line), text,
            Int32(text.utf8.count))
    }
}
