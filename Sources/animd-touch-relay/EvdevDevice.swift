import CEvdev
import Glibc
import TouchRelay

/// The touchscreen's node, opened for reading, and what its ioctls say.
struct EvdevDevice {
    let descriptor: Int32
    let capabilities: TouchscreenCapabilities
    /// The device's own slot count (the twin may have fewer): what `EVIOCGMTSLOTS` is asked with.
    let deviceSlots: Int

    init(path: String) throws(RelayFailure) {
        descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw RelayFailure("cannot open \(path): \(String(cString: strerror(errno)))\(Self.advice(errno))")
        }
        var name = [CChar](repeating: 0, count: 256)
        guard animd_evdev_name(descriptor, &name) >= 0 else {
            throw RelayFailure("\(path) is no evdev device: \(String(cString: strerror(errno)))")
        }
        var bus: UInt16 = 0, vendor: UInt16 = 0, product: UInt16 = 0, version: UInt16 = 0
        _ = animd_evdev_id(descriptor, &bus, &vendor, &product, &version)
        let axisBits = Self.bits(descriptor, count: 8) { animd_evdev_bits($0, Int32(Evdev.absType), $1, $2) }
        let keyBits = Self.bits(descriptor, count: 96) { animd_evdev_bits($0, Int32(Evdev.keyType), $1, $2) }
        let propertyBits = Self.bits(descriptor, count: 8) { animd_evdev_properties($0, $1, $2) }
        var axes: [AxisInfo] = []
        for code in axisBits {
            var minimum: Int32 = 0, maximum: Int32 = 0, fuzz: Int32 = 0, flat: Int32 = 0, resolution: Int32 = 0
            guard animd_evdev_axis(descriptor, Int32(code), &minimum, &maximum, &fuzz, &flat, &resolution) >= 0,
                minimum < maximum
            else { continue }
            axes.append(
                AxisInfo(code: code, minimum: minimum, maximum: maximum, fuzz: fuzz, flat: flat, resolution: resolution)
            )
        }
        let nameText = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        capabilities = TouchscreenCapabilities(
            name: nameText, bus: bus, vendor: vendor, product: product, version: version, axes: axes,
            keys: Set(keyBits), properties: Set(propertyBits))
        deviceSlots = capabilities.axis(Evdev.mtSlot).map { Int(max(0, min(255, $0.maximum))) + 1 } ?? 0
        _ = animd_evdev_monotonic(descriptor)
    }

    private static func advice(_ code: Int32) -> String {
        code == EACCES ? " (exclusive touch needs read access to the touchscreen: docs/security.md)" : ""
    }

    /// The codes whose bits are set in what `ask` fills (`count` bytes).
    private static func bits(
        _ descriptor: Int32, count: Int, _ ask: (Int32, UnsafeMutablePointer<UInt8>, Int32) -> Int32
    ) -> [UInt16] {
        var bytes = [UInt8](repeating: 0, count: count)
        guard ask(descriptor, &bytes, Int32(count)) >= 0 else { return [] }
        return (0..<count * 8).filter { bytes[$0 / 8] & (1 << ($0 % 8)) != 0 }.map(UInt16.init)
    }

    /// Each slot's tracking id, x and y now. Asked in libevdev's order (x, y, then the tracking id): a mocked device
    /// answers each request in the order it was recorded.
    func slots() -> (ids: [Int32], xs: [Int32], ys: [Int32])? {
        func read(_ code: UInt16) -> [Int32]? {
            var values = [Int32](repeating: 0, count: deviceSlots + 1)
            values[0] = Int32(code)
            guard animd_evdev_slots(descriptor, &values, Int32(deviceSlots)) >= 0 else { return nil }
            return Array(values.dropFirst().prefix(capabilities.slotCount))
        }
        guard let xs = read(Evdev.mtPositionX), let ys = read(Evdev.mtPositionY), let ids = read(Evdev.mtTrackingID)
        else { return nil }
        return (ids, xs, ys)
    }

    /// Whether a finger is on the glass now: a slot with a tracking id, or BTN_TOUCH down.
    func isTouched() -> Bool {
        if let ids = slots()?.ids, ids.contains(where: { $0 >= 0 }) { return true }
        var keys = [UInt8](repeating: 0, count: 96)
        guard animd_evdev_keys_down(descriptor, &keys, 96) >= 0 else { return false }
        return keys[Int(Evdev.btnTouch) / 8] & (1 << (Evdev.btnTouch % 8)) != 0
    }

    func grab(_ on: Bool) -> Bool { animd_evdev_grab(descriptor, on ? 1 : 0) == 0 }

    /// The events ready now: nil when the device is gone (ENODEV) or failed.
    func read() -> [EvdevEvent]? {
        var types = [UInt16](repeating: 0, count: 64), codes = [UInt16](repeating: 0, count: 64),
            values = [Int32](repeating: 0, count: 64)
        let count = animd_evdev_read(descriptor, &types, &codes, &values, 64)
        if count < 0 { return errno == EAGAIN || errno == EINTR ? [] : nil }
        return (0..<Int(count)).map { EvdevEvent(types[$0], codes[$0], values[$0]) }
    }
}

/// Why the relay stops: said to animd (`refused`) and on stderr.
struct RelayFailure: Error {
    var reason: String
    init(_ reason: String) { self.reason = reason }
}
