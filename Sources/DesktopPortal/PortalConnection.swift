import BackendThread
import CSDBus
public import DesktopMotion
public import Gestures
import Glibc

/// One connection to the session bus, reading the portal's settings and following them: `SettingChanged` from the
/// portal, and `NameOwnerChanged` for the portal's name (it restarts, or starts after animd); KDE's
/// `ConfigChanged` for `kdeglobals`; and the desktop shell's focused window (`BusFocus`). A session of the watch's
/// `SessionThread`; sd-bus calls it back from `process()`.
final class PortalConnection: PolledSession {
    private let bus: OpaquePointer
    private(set) var settings = PortalSettings()
    /// Called with the settings whenever they changed, and when KDE says its `kdeglobals` changed.
    private let changed: (BusNews) -> Void
    /// GNOME Shell's or KWin's focused window.
    private var focus: BusFocus?
    /// The portal's settings being read, while replies are awaited.
    private var reading: PortalRead?
    /// sd-bus may hold messages it has read but not handled: those the calls made while opening read past, or those
    /// a flood left past `process()`'s bound. poll() cannot see them, so the wait must not wait.
    private var holdsUnhandled = true

    static let portal = "org.freedesktop.portal.Desktop"
    static let path = "/org/freedesktop/portal/desktop"
    static let interface = "org.freedesktop.portal.Settings"

    /// Connects to the bus at `address`; nil, with why, when it cannot.
    static func open(address: String, kwinScript: KWinScriptFolder, changed: @escaping (BusNews) -> Void) -> Result<
        PortalConnection, PortalFailure
    > {
        if let failure = animd_sd_bus_load() {
            return .failure(PortalFailure("libsystemd cannot be loaded: \(String(cString: failure))"))
        }
        var bus: OpaquePointer?
        guard sd_bus_new(&bus) >= 0, let bus else { return .failure(PortalFailure("sd-bus could not be set up")) }
        let started =
            sd_bus_set_address(bus, address) >= 0 && sd_bus_set_bus_client(bus, 1) >= 0 ? sd_bus_start(bus) : -EINVAL
        guard started >= 0 else {
            sd_bus_unref(bus)
            return .failure(PortalFailure("no session bus at \(address): \(String(cString: strerror(-started)))"))
        }
        let connection = PortalConnection(bus: bus, changed: changed)
        guard connection.follow() else { return .failure(PortalFailure("the session bus refused animd's match rules")) }
        let focus = BusFocus(bus: bus, scriptFolder: kwinScript) { changed(.focus($0)) }
        connection.focus = focus
        guard focus.start() else { return .failure(PortalFailure("the session bus refused animd's focus rules")) }
        connection.readAll()
        return .success(connection)
    }

    private init(bus: OpaquePointer, changed: @escaping (BusNews) -> Void) {
        self.bus = bus
        self.changed = changed
    }

    deinit { sd_bus_flush_close_unref(bus) }

    var descriptors: [Int32] { [sd_bus_get_fd(bus)] }

    /// What sd-bus waits for; POLLIN when it cannot say (the connection is failing, and the next `process()` says so).
    var pollEvents: [Int16]? {
        let events = sd_bus_get_events(bus)
        return [events > 0 ? Int16(truncatingIfNeeded: events) : Int16(POLLIN)]
    }

    func timeout(now: Double) -> Double? {
        if holdsUnhandled { return 0 }
        var deadline: UInt64 = .max
        _ = sd_bus_get_timeout(bus, &deadline)
        let retry = focus?.retryAt.map { max(0, $0 - now) }
        guard let busTimeout = Self.seconds(until: deadline, now: now) else { return retry }
        return min(busTimeout, retry ?? busTimeout)
    }

    /// Seconds from `now` (CLOCK_MONOTONIC seconds) until an sd-bus deadline in CLOCK_MONOTONIC microseconds
    /// (UInt64.max for none).
    static func seconds(until deadline: UInt64, now: Double) -> Double? {
        deadline == .max ? nil : Double(deadline) / 1e6 - now
    }

    /// Handles what arrived, and a retry that is due; false when the connection is lost.
    func process(now: Double) -> Bool {
        focus?.retryIfDue(now: now)
        // Each call handles at most one message; the bound keeps a flood from holding the thread for ever.
        for _ in 0..<10_000 {
            let result = sd_bus_process(bus, nil)
            if result < 0 { return false }
            if result == 0 {
                holdsUnhandled = false
                return true
            }
        }
        holdsUnhandled = true
        return true
    }

    // MARK: - Reading

    /// Reads every followed key: with `ReadOne` where the portal has it (version 2 on), else with `Read`, whose value
    /// comes wrapped in one more variant (read through either way). Nothing waits: the version is asked, then each
    /// key once it answers, and the settings are published when every key has answered. A portal that starts by
    /// this call may wait long for its backends (about 30 s for a KDE backend in issue 62's tests): the shell's
    /// focus and KDE's notifications are handled meanwhile. A read started again drops the replies to the last.
    func readAll() {
        let me = Unmanaged.passUnretained(self).toOpaque()
        guard
            let cookie = BusCall.send(
                bus, Self.portal, Self.path, "org.freedesktop.DBus.Properties", "Get", [Self.interface, "version"],
                autoStart: true, timeout: Self.callTimeout, handler: Self.answered, user: me)
        else {
            reading = nil
            return publish(PortalSettings(unavailable: "animd could not ask the XDG desktop portal"))
        }
        reading = PortalRead(version: cookie)
    }

    /// The longest a call to the portal waits for its reply, in µs.
    static let callTimeout: UInt64 = 5_000_000

    /// Every reply to a call `readAll` sent, from `sd_bus_process`.
    private static let answered: sd_bus_message_handler_t = { message, user, _ in
        guard let message, let user else { return 0 }
        Unmanaged<PortalConnection>.fromOpaque(user).takeUnretainedValue().answered(message)
        return 0
    }

    private func answered(_ message: OpaquePointer) {
        guard var read = reading, let cookie = BusCall.replyCookie(of: message) else { return }
        let value = BusCall.isError(message) ? nil : Self.variant(in: message)
        if cookie == read.version {
            let version = value.flatMap { if case let .unsigned(number) = $0 { number } else { nil } }
            read.answered = version != nil
            let me = Unmanaged.passUnretained(self).toOpaque()
            for (namespace, key) in PortalSettings.keys {
                let sent = BusCall.send(
                    bus, Self.portal, Self.path, Self.interface, (version ?? 1) >= 2 ? "ReadOne" : "Read",
                    [namespace, key], autoStart: true, timeout: Self.callTimeout, handler: Self.answered, user: me)
                if let sent { read.keys[sent] = (namespace, key) }
            }
        } else if let (namespace, key) = read.keys.removeValue(forKey: cookie) {
            read.answered = read.answered || value != nil
            _ = read.next.set(namespace: namespace, key: key, to: value)
        } else {
            return
        }
        guard read.keys.isEmpty else {
            reading = read
            return
        }
        reading = nil
        if !read.answered { read.next.unavailable = "no XDG desktop portal answers on the session bus" }
        publish(read.next)
    }

    private func publish(_ next: PortalSettings) {
        guard next != settings else { return }
        settings = next
        changed(.portal(next))
    }

    /// The variant at the message's position, read through any variants it wraps (at most four: `Read` adds one).
    static func variant(in message: OpaquePointer) -> PortalValue? {
        var depth = 0
        defer { for _ in 0..<depth { sd_bus_message_exit_container(message) } }
        for _ in 0..<4 {
            var type: CChar = 0
            var contents: UnsafePointer<CChar>?
            guard sd_bus_message_peek_type(message, &type, &contents) > 0 else { return nil }
            switch UInt8(bitPattern: type) {
            case UInt8(ascii: "v"):
                guard let contents, sd_bus_message_enter_container(message, type, contents) > 0 else { return nil }
                depth += 1
            case UInt8(ascii: "u"):
                var number: UInt32 = 0
                return sd_bus_message_read_basic(message, type, &number) > 0 ? .unsigned(number) : nil
            case UInt8(ascii: "b"):
                var flag: Int32 = 0
                return sd_bus_message_read_basic(message, type, &flag) > 0 ? .boolean(flag != 0) : nil
            case UInt8(ascii: "s"):
                var text: UnsafePointer<CChar>?
                guard sd_bus_message_read_basic(message, type, &text) > 0, let text else { return nil }
                return .string(String(cString: text))
            default:
                return .other
            }
        }
        return nil
    }

    // MARK: - Following

    /// Matches `SettingChanged` and the portal's owner changes.
    private func follow() -> Bool {
        let me = Unmanaged.passUnretained(self).toOpaque()
        let changedRule = sd_bus_match_signal(
            bus, nil, Self.portal, Self.path, Self.interface, "SettingChanged",
            { message, user, _ in
                guard let message, let user else { return 0 }
                Unmanaged<PortalConnection>.fromOpaque(user).takeUnretainedValue().settingChanged(message)
                return 0
            }, me)
        let ownerRule = sd_bus_match_signal(
            bus, nil, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
            "NameOwnerChanged",
            { message, user, _ in
                guard let message, let user else { return 0 }
                Unmanaged<PortalConnection>.fromOpaque(user).takeUnretainedValue().ownerChanged(message)
                return 0
            }, me)
        // KConfig announces a write with this signal on the file's path, though kwriteconfig may write without it.
        let kdeRule = sd_bus_match_signal(
            bus, nil, nil, "/kdeglobals", "org.kde.kconfig.notify", "ConfigChanged",
            { _, user, _ in
                guard let user else { return 0 }
                Unmanaged<PortalConnection>.fromOpaque(user).takeUnretainedValue().changed(.kdeglobalsChanged)
                return 0
            }, me)
        return changedRule >= 0 && ownerRule >= 0 && kdeRule >= 0
    }

    private func settingChanged(_ message: OpaquePointer) {
        guard let namespace = BusCall.string(in: message), let key = BusCall.string(in: message) else { return }
        var next = settings
        guard next.set(namespace: namespace, key: key, to: Self.variant(in: message)) else { return }
        publish(next)
    }

    private func ownerChanged(_ message: OpaquePointer) {
        guard let name = BusCall.string(in: message), BusCall.string(in: message) != nil,
            let owner = BusCall.string(in: message)
        else { return }
        focus?.ownerChanged(name: name, owner: owner)
        guard name == Self.portal else { return }
        if owner.isEmpty {
            publish(PortalSettings(unavailable: "the XDG desktop portal left the session bus"))
        } else {
            readAll()
        }
    }
}

/// What the session bus brings.
public enum BusNews: Hashable, Sendable {
    /// What the portal says now.
    case portal(PortalSettings)
    /// KDE says `kdeglobals` changed (`org.kde.kconfig.notify.ConfigChanged` on `/kdeglobals`): read it again.
    case kdeglobalsChanged
    /// The desktop shell's focused window, or why it is not known; nil while no shell that tells it is on the bus.
    case focus(SessionFocus?)
}

/// Why the portal cannot be read.
struct PortalFailure: Error {
    let reason: String
    init(_ reason: String) { self.reason = reason }
}

/// A reading of the portal's settings under way (`PortalConnection.readAll`): the version's call, then each key's,
/// by the cookie its reply carries, and what the replies so far say.
private struct PortalRead {
    let version: UInt64
    var keys: [UInt64: (namespace: String, key: String)] = [:]
    var next = PortalSettings()
    var answered = false
}
