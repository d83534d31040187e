import CEvdev
import Glibc
import TouchRelay

/// The twin: a touchscreen made through /dev/uinput after the one the relay grabs, which the compositor reads
/// instead. It goes when its descriptor closes, so a relay that dies leaves none behind.
struct UinputTwin {
    let descriptor: Int32

    init(_ twin: TouchscreenCapabilities, path: String = "/dev/uinput") throws(RelayFailure) {
        descriptor = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            throw RelayFailure(
                "cannot open \(path): \(String(cString: strerror(code)))"
                    + (code == EACCES ? " (exclusive touch needs write access to /dev/uinput: docs/security.md)" : ""))
        }
        var failed: String?
        func enable(_ kind: UInt, _ code: UInt16, _ what: String) {
            if failed == nil, animd_uinput_enable(descriptor, kind, Int32(code)) < 0 { failed = what }
        }
        enable(0, Evdev.synType, "EV_SYN")
        enable(0, Evdev.keyType, "EV_KEY")
        enable(0, Evdev.absType, "EV_ABS")
        for key in twin.keys.sorted() { enable(1, key, "key \(key)") }
        for axis in twin.axes { enable(2, axis.code, "axis \(axis.code)") }
        for property in twin.properties.sorted() { enable(3, property, "property \(property)") }
        if failed == nil,
            animd_uinput_setup(descriptor, twin.name, twin.bus, twin.vendor, twin.product, twin.version) < 0
        {
            failed = "UI_DEV_SETUP"
        }
        for axis in twin.axes where failed == nil {
            if animd_uinput_axis(
                descriptor, Int32(axis.code), axis.minimum, axis.maximum, axis.fuzz, axis.flat, axis.resolution) < 0
            {
                failed = "UI_ABS_SETUP \(axis.code)"
            }
        }
        if failed == nil, animd_uinput_create(descriptor) < 0 { failed = "UI_DEV_CREATE" }
        if let failed {
            let reason = "uinput refused \(failed): \(String(cString: strerror(errno)))"
            Glibc.close(descriptor)
            throw RelayFailure(reason)
        }
    }

    /// Writes the events; false when uinput refused them.
    func write(_ events: [EvdevEvent]) -> Bool {
        guard !events.isEmpty else { return true }
        let types = events.map(\.type), codes = events.map(\.code), values = events.map(\.value)
        return animd_uinput_write(descriptor, types, codes, values, Int32(events.count)) == 0
    }

    func destroy() {
        _ = animd_uinput_destroy(descriptor)
        Glibc.close(descriptor)
    }
}
