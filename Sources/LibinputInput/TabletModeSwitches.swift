public import BackendThread
import CLibinput
import Glibc
public import Logging
import UnixSupport

/// A convertible's tablet-mode switches, read on X11 (issue 45), where the X server passes no switch on: a libinput
/// path context of animd's own over the event nodes whose device reports `SW_TABLET_MODE`. They are found in sysfs
/// first, so that a machine without one (most X11 desktops) never loads libinput, nor the glib its libwacom links.
/// Nothing is grabbed: the X server's own libinput reads them too. A switch that appears later is read from the next
/// X session on; a convertible's is there from boot.
public final class TabletModeSwitches: TabletModeReader {
    /// On while any switch is on; nil while none is read.
    public private(set) var mode: Bool?
    /// How the switches are read, or why none is, for `input.status`.
    public private(set) var detail: String
    private var context: LibinputContext?
    private let logger: Logger
    /// Each tablet-mode switch by its device, with its name and whether it is on.
    private var switches: [Int: (name: String, on: Bool)] = [:]

    public init(logger: Logger) {
        self.logger = logger
        // Every stored property set before the first method call; then the real detail.
        detail = ""
        detail = openSwitches()
    }

    /// The context's descriptor, to poll; nil while no switch is read.
    public var fileDescriptor: Int32? { context.map { libinput_get_fd($0.pointer) } }

    /// Reads what libinput has; true when the mode changed.
    public func dispatch() -> Bool {
        guard let context = context?.pointer, libinput_dispatch(context) == 0 else { return false }
        let before = mode
        while let event = libinput_get_event(context) {
            defer { libinput_event_destroy(event) }
            read(event)
        }
        mode = switches.isEmpty ? nil : switches.values.contains { $0.on }
        return mode != before
    }

    /// Closes the switches' nodes; safe to call again.
    public func close() {
        context?.close()
        context = nil
        mode = nil
    }

    /// Opens the nodes sysfs names, keeps the devices libinput takes as tablet-mode switches, and says what came of it.
    private func openSwitches() -> String {
        let nodes = Self.switchNodes()
        guard !nodes.isEmpty else { return "no tablet-mode switch: no input device reports SW_TABLET_MODE" }
        if let failure = animd_libinput_load() { return "libinput cannot be loaded: \(String(cString: failure))" }
        guard let context = LibinputContext(logger: logger, make: { libinput_path_create_context($0, $1) }) else {
            return "libinput could not make a context for the switches"
        }
        self.context = context
        for node in nodes { _ = libinput_path_add_device(context.pointer, node) }
        _ = dispatch()
        if switches.isEmpty {
            close()
            let refused = context.openFailures.map { "\($0.path): \(String(cString: strerror($0.errno)))" }
            return refused.isEmpty
                ? "libinput took none of the \(nodes.count) device(s) that report SW_TABLET_MODE as a switch"
                : "no tablet-mode switch could be read (\(refused.joined(separator: ", "))); \(DeviceAccessFix.current)"
        }
        return "reading \(switches.values.map(\.name).sorted().joined(separator: ", ")) through libinput"
    }

    private func read(_ event: OpaquePointer) {
        guard let device = libinput_event_get_device(event) else { return }
        let id = Int(bitPattern: UnsafeRawPointer(device))
        switch libinput_event_get_type(event) {
        case LIBINPUT_EVENT_DEVICE_ADDED:
            guard libinput_device_has_capability(device, LIBINPUT_DEVICE_CAP_SWITCH) != 0,
                libinput_device_switch_has_switch(device, LIBINPUT_SWITCH_TABLET_MODE) > 0
            else {
                // A lid, or another switch: not animd's to hold open.
                return libinput_path_remove_device(device)
            }
            // Off until libinput says otherwise: for a switch that is on, its toggle follows the device at once.
            switches[id] = (libinput_device_get_name(device).map { String(cString: $0) } ?? "a switch", false)
        case LIBINPUT_EVENT_DEVICE_REMOVED:
            switches[id] = nil
        case LIBINPUT_EVENT_SWITCH_TOGGLE:
            guard switches[id] != nil, let toggle = libinput_event_get_switch_event(event),
                libinput_event_switch_get_switch(toggle) == LIBINPUT_SWITCH_TABLET_MODE
            else { return }
            switches[id]?.on = libinput_event_switch_get_switch_state(toggle) == LIBINPUT_SWITCH_STATE_ON
        default:
            return
        }
    }

    /// The event nodes whose input device reports SW_TABLET_MODE: its `capabilities/sw`, hexadecimal words with the
    /// lowest bits last, has bit 1.
    private static func switchNodes() -> [String] {
        guard let directory = opendir("/sys/class/input") else { return [] }
        defer { closedir(directory) }
        var nodes: [String] = []
        // Bounded: a machine has tens of input devices, and nothing in sysfs can make this spin.
        for _ in 0..<4096 {
            guard let entry = readdir(directory) else { break }
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard name.hasPrefix("event"), let bits = readFile("/sys/class/input/\(name)/device/capabilities/sw"),
                let lowest = String(decoding: bits, as: UTF8.self).split(whereSeparator: \.isWhitespace).last,
                let word = UInt64(lowest, radix: 16), word & 0b10 != 0
            else { continue }
            nodes.append("/dev/input/\(name)")
        }
        return nodes.sorted()
    }
}
