import BackendThread
import CX11
import Gestures

/// An open X display and what its server offers animd: XInput 2 (its opcode and version), pointer barriers
/// (XFixes 5 with XInput 2.3) and RandR. Fixed for the connection's life.
struct X11Connection {
    let display: OpaquePointer
    let name: String
    let root: Window
    /// -1 without XInput 2.
    let xiOpcode: Int32
    let xiVersion: (major: Int32, minor: Int32)
    /// -1 without RandR.
    let randrEventBase: Int32
    let hasBarriers: Bool

    /// Opens `name` and asks for RandR's screen changes and the root's children mapping and moving (the edge
    /// strips go back on top); nil when the display cannot be opened.
    init?(name: String) {
        guard let display = XOpenDisplay(name) else { return nil }
        self.display = display
        self.name = name
        root = XDefaultRootWindow(display)
        XSetIOErrorExitHandler(display, { _, _ in }, nil)

        var opcode: Int32 = 0, event: Int32 = 0, error: Int32 = 0
        var major: Int32 = 2, minor: Int32 = 4
        if XQueryExtension(display, "XInputExtension", &opcode, &event, &error) != 0,
            XIQueryVersion(display, &major, &minor) == Success
        {
            xiOpcode = opcode
            xiVersion = (major, minor)
        } else {
            xiOpcode = -1
            xiVersion = (0, 0)
        }
        var fixesEvent: Int32 = 0, fixesError: Int32 = 0, fixesMajor: Int32 = 5, fixesMinor: Int32 = 0
        let fixes =
            XFixesQueryExtension(display, &fixesEvent, &fixesError) != 0
            && XFixesQueryVersion(display, &fixesMajor, &fixesMinor) != 0 && fixesMajor >= 5
        hasBarriers = fixes && (xiVersion.major, xiVersion.minor) >= (2, 3)
        var randrEvent: Int32 = 0, randrError: Int32 = 0
        randrEventBase = XRRQueryExtension(display, &randrEvent, &randrError) != 0 ? randrEvent : -1
        if randrEventBase >= 0 {
            XRRSelectInput(
                display, root, Int32(RRScreenChangeNotifyMask | RRCrtcChangeNotifyMask | RROutputChangeNotifyMask))
        }
        // PropertyChange: the window manager's `_NET_ACTIVE_WINDOW` and `_NET_SUPPORTING_WM_CHECK` (X11FocusWatch).
        XSelectInput(display, root, SubstructureNotifyMask | StructureNotifyMask | PropertyChangeMask)
    }

    var hasXI: Bool { xiOpcode >= 0 }
    var hasRandR: Bool { randrEventBase >= 0 }

    /// Whether the server's XInput is at least `major.minor`.
    func hasXI(_ major: Int32, _ minor: Int32) -> Bool { (xiVersion.major, xiVersion.minor) >= (major, minor) }
}

/// The screen as X reports it: the RandR monitors with their output names, the root window (what a touchscreen
/// that is not pinned to a monitor covers), and the refresh rate.
struct X11Layout {
    var monitors: [(Rect, String)]
    var desktop: Rect
    var refreshRate: Double?

    static func read(_ connection: X11Connection) -> X11Layout {
        X11Layout(
            monitors: DisplayReader.monitors(connection.display, root: connection.root, hasRandR: connection.hasRandR),
            desktop: DisplayReader.rootRect(connection.display),
            refreshRate: DisplayReader.refreshRate(
                connection.display, root: connection.root, hasRandR: connection.hasRandR))
    }

    /// The same monitors, names and root: nothing to set up again (the refresh rate alone moves no edge).
    func sameScreen(as other: X11Layout) -> Bool {
        monitors.map(\.0) == other.monitors.map(\.0) && monitors.map(\.1) == other.monitors.map(\.1)
            && desktop == other.desktop
    }
}

/// What animd set up on the server for the plan, torn down and set up again as a whole: barriers, strip windows,
/// the root window's selections, the touchscreens it read, and how each input source fares.
struct X11Interception {
    var barriers: [PointerBarrier] = []
    /// Touch strips first, pointer strips after: raised in this order, the pointer's are on top.
    var strips: [Window] = []
    /// The touchscreens as last read, and each one's glass on the screen, pinned ones first.
    var touchDevices: [TouchDevice] = []
    var touchSurfaces: [Rect] = []
    /// What is selected on the root window, per device selector (XIAllDevices, XIAllMasterDevices).
    var rootEvents: [Int32: [Int32]] = [:]
    /// The old plan's root selections, kept selected while the new plan's are made (`X11Session.tearDown`).
    var retiringRootEvents: [Int32: [Int32]] = [:]
    var sources: [InputSource: SourceStatus] = [:]
    /// Raises of the strips in the current second, to give up on a stacking fight.
    var raises: (second: Int, count: Int) = (0, 0)
}
