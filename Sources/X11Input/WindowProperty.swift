import CX11

/// Window properties read under the error trap, since the window may be gone by the time the request arrives:
/// what the XSETTINGS and focus watches share. Only the start of a property is asked for (`longs`), so a hostile
/// window's megabyte never crosses the wire. Lives on the X thread.
enum WindowProperty {
    /// Reads at most `longs` × 4 bytes of `property`, of `type` (any, by default), and hands its format, item count,
    /// whether that is all of it, and its data to `body`; nil when the window or the property is not there.
    static func read<T>(
        _ display: OpaquePointer, _ window: Window, _ property: Atom, type: Atom = Atom(AnyPropertyType), longs: Int,
        _ body: (_ format: Int32, _ count: Int, _ complete: Bool, UnsafeMutablePointer<UInt8>) -> T?
    ) -> T? {
        var actualType: Atom = 0, format: Int32 = 0, count: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        var status: Int32 = 0
        let failures = XErrorTrap.catching(display) {
            status = XGetWindowProperty(
                display, window, property, 0, longs, 0, type, &actualType, &format, &count, &after, &data)
        }
        defer { if let data { XFree(data) } }
        guard failures.isEmpty, status == Success, actualType != Atom(None), let data else { return nil }
        return body(format, Int(count), after == 0, data)
    }

    /// Whether the window is there: asking for none of a property's bytes answers BadWindow for a window that is gone.
    static func windowExists(_ display: OpaquePointer, _ window: Window, probing property: Atom) -> Bool {
        var type: Atom = 0, format: Int32 = 0, count: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        let failures = XErrorTrap.catching(display) {
            _ = XGetWindowProperty(
                display, window, property, 0, 0, 0, Atom(AnyPropertyType), &type, &format, &count, &after, &data)
        }
        if let data { XFree(data) }
        return failures.isEmpty
    }
}
