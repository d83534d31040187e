public import BackendThread
import CX11
public import Gestures

/// What animd learned from an X display.
public struct DisplayInfo: Hashable, Sendable {
    public let name: String
    public let monitors: [Rect]
    /// The monitors RandR names, by their names.
    public let outputs: [NamedOutput]
    /// Hz of the first active output; nil when X reports none (Xvfb says 0 Hz).
    public let refreshRate: Double?
    public let xiVersion: String
    /// How each input source fares on this display.
    public let sources: [InputSource: SourceStatus]
    /// Each touchscreen's glass on the screen (`ScreenGeometry.touchSurfaces`).
    public let touchSurfaces: [Rect]
    /// XSETTINGS' `Gtk/EnableAnimations`; nil without a manager or without the setting.
    public var animationsEnabled: Bool? = nil
    /// The focused window, as the window manager publishes it.
    public var focus: SessionFocus? = nil
    /// The tablet-mode switch: on, off, or nil where none is read; and how it is read, or why it is not.
    public var tabletMode: Bool? = nil
    public var tabletModeDetail: String? = nil

    public var geometry: ScreenGeometry { ScreenGeometry(monitors: monitors, touchSurfaces: touchSurfaces) }

    public var backendInfo: BackendInfo {
        BackendInfo(
            backend: .x11, display: name, geometry: geometry, refreshRate: refreshRate, sources: sources,
            outputs: outputs,
            animationsEnabled: animationsEnabled, focus: focus, tabletMode: tabletMode,
            tabletModeDetail: tabletModeDetail)
    }
}

/// A touchscreen as XIQueryDevice and its properties describe it.
struct TouchDevice: Hashable {
    var id: Int32
    var name: String
    /// The ranges of its first two absolute valuators, when it reports them.
    var xAxis: ClosedRange<Double>?
    var yAxis: ClosedRange<Double>?
    /// Its Coordinate Transformation Matrix, row by row.
    var matrix: [Double] = TouchscreenMapping.identity
}

/// Reads monitors, refresh rate and touch devices; runs on the X thread.
enum DisplayReader {
    /// XRandR monitors (RandR 1.5), else Xinerama's screens (servers without RandR), else the whole screen.
    static func monitors(_ display: OpaquePointer, root: Window, hasRandR: Bool) -> [(Rect, String)] {
        var monitors: [(Rect, String)] = []
        var count: Int32 = 0
        if hasRandR, let list = XRRGetMonitors(display, root, 1, &count) {
            for i in 0..<Int(count) {
                let m = list[i]
                var name = ""
                if m.name != 0, let atom = XGetAtomName(display, m.name) {
                    name = String(cString: atom)
                    XFree(atom)
                }
                monitors.append(
                    (Rect(x: Double(m.x), y: Double(m.y), width: Double(m.width), height: Double(m.height)), name))
            }
            XRRFreeMonitors(list)
        }
        if monitors.isEmpty, XineramaIsActive(display) != 0, let screens = XineramaQueryScreens(display, &count) {
            for i in 0..<Int(count) {
                let s = screens[i]
                monitors.append(
                    (Rect(x: Double(s.x_org), y: Double(s.y_org), width: Double(s.width), height: Double(s.height)), "")
                )
            }
            XFree(screens)
        }
        if monitors.isEmpty {
            let screen = XDefaultScreen(display)
            monitors = [
                (
                    Rect(
                        x: 0, y: 0, width: Double(XDisplayWidth(display, screen)),
                        height: Double(XDisplayHeight(display, screen))), ""
                )
            ]
        }
        return monitors
    }

    /// The root window's size as Xlib last heard it (`XRRUpdateConfiguration` keeps it current).
    static func rootRect(_ display: OpaquePointer) -> Rect {
        let screen = XDefaultScreen(display)
        return Rect(
            x: 0, y: 0, width: Double(XDisplayWidth(display, screen)), height: Double(XDisplayHeight(display, screen)))
    }

    /// dotClock / (hTotal · vTotal) of the first active CRTC's mode.
    static func refreshRate(_ display: OpaquePointer, root: Window, hasRandR: Bool) -> Double? {
        guard hasRandR, let resources = XRRGetScreenResourcesCurrent(display, root) else { return nil }
        defer { XRRFreeScreenResources(resources) }
        let r = resources.pointee
        for c in 0..<Int(r.ncrtc) {
            guard let crtc = XRRGetCrtcInfo(display, resources, r.crtcs[c]) else { continue }
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

    /// Enabled slave devices with a direct-touch class: touchscreens, not touchpads.
    static func touchscreens(_ display: OpaquePointer) -> [TouchDevice] {
        var count: Int32 = 0
        guard let list = XIQueryDevice(display, XIAllDevices, &count) else { return [] }
        defer { XIFreeDeviceInfo(list) }
        var found: [TouchDevice] = []
        for i in 0..<Int(count) {
            let device = list[i]
            guard device.use == XISlavePointer || device.use == XIFloatingSlave, device.enabled != 0,
                let classes = device.classes
            else { continue }
            var isTouchscreen = false
            var axes: [Int32: ClosedRange<Double>] = [:]
            for c in 0..<Int(device.num_classes) {
                guard let info = classes[c] else { continue }
                switch info.pointee.type {
                case XITouchClass:
                    let touch = UnsafeRawPointer(info).assumingMemoryBound(to: XITouchClassInfo.self).pointee
                    if touch.mode == XIDirectTouch { isTouchscreen = true }
                case XIValuatorClass:
                    let axis = UnsafeRawPointer(info).assumingMemoryBound(to: XIValuatorClassInfo.self).pointee
                    if axis.mode == XIModeAbsolute, axis.number < 2, axis.min.isFinite, axis.max.isFinite,
                        axis.max > axis.min
                    {
                        axes[axis.number] = axis.min...axis.max
                    }
                default: break
                }
            }
            if isTouchscreen {
                found.append(
                    TouchDevice(
                        id: device.deviceid, name: device.name.map { String(cString: $0) } ?? "", xAxis: axes[0],
                        yAxis: axes[1],
                        matrix: transformationMatrix(display, device: device.deviceid)))
            }
        }
        return found
    }

    static let matrixProperty = "Coordinate Transformation Matrix"

    /// The device's Coordinate Transformation Matrix (nine 32-bit floats, row by row), or the identity.
    static func transformationMatrix(_ display: OpaquePointer, device: Int32) -> [Double] {
        let property = XInternAtom(display, matrixProperty, 1)
        guard property != 0 else { return TouchscreenMapping.identity }
        var type: Atom = 0, format: Int32 = 0, count: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        guard
            XIGetProperty(
                display, device, property, 0, 9, 0, Atom(AnyPropertyType), &type, &format, &count, &after, &data)
                == Success,
            let data
        else { return TouchscreenMapping.identity }
        defer { XFree(data) }
        guard format == 32, count == 9, type == XInternAtom(display, "FLOAT", 1) else {
            return TouchscreenMapping.identity
        }
        // XI2 properties are packed at their format's size: 4 bytes per item, not a long as in core properties.
        return UnsafeRawPointer(data).withMemoryRebound(to: Float.self, capacity: 9) { floats in
            (0..<9).map { Double(floats[$0]) }
        }
    }
}
