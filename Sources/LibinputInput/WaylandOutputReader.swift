import BackendThread
import CWayland
import Glibc
import UnixSupport

/// A Wayland client that only listens: it binds every `wl_output` and `zxdg_output_manager_v1`, and keeps a
/// `WaylandOutputTable` of what they say, as outputs appear, change and go; and the foreign-toplevel manager, for
/// the focused window (`WaylandToplevelReader`). Confined to the libinput thread, which
/// polls `fileDescriptor` and calls `read()`; it never blocks on the compositor.
final class WaylandOutputReader {
    let socket: String
    private let display: OpaquePointer
    private let registry: OpaquePointer
    /// Each output's proxies by its registry name, and the xdg-output manager.
    private var proxies = WaylandOutputProxies()
    private(set) var table = WaylandOutputTable()
    /// Set when an output was added, changed (its `done`) or removed; the backend reports it once.
    var changed = false
    /// The windows and which has the focus, where the compositor offers wlr-foreign-toplevel-management.
    let toplevels = WaylandToplevelReader()

    /// Connects to `socket` (`WAYLAND_DISPLAY`) and reads the outputs the compositor has now; nil when it cannot.
    init?(socket: String) {
        guard let display = wl_display_connect(socket) else { return nil }
        guard let registry = wl_display_get_registry(display) else {
            wl_display_disconnect(display)
            return nil
        }
        self.socket = socket
        self.display = display
        self.registry = registry
        _ = wl_registry_add_listener(registry, listeners.registry, Unmanaged.passUnretained(self).toOpaque())
        // The globals, then each output's properties.
        guard wl_display_roundtrip(display) >= 0, wl_display_roundtrip(display) >= 0 else {
            close()
            return nil
        }
    }

    /// The request a client may send first: `wl_display.sync` (object 1, opcode 0, 12 bytes, new callback 2), which
    /// the compositor answers with the callback's `done`; in the host's byte order, as the wire is.
    static let syncRequest: [UInt8] = [UInt32(1), UInt32(12 << 16), UInt32(2)].flatMap { word in
        withUnsafeBytes(of: word) { Array($0) }
    }

    /// Why the compositor at `socket` must not be connected to now: it takes the connection and does not answer
    /// a sync within `SocketProbe.answerBound` (libwayland's roundtrip would wait for good), or the thread is
    /// stopping; nil when it answers or cannot be reached (the connection then fails at once). `socket` is found as
    /// libwayland finds `WAYLAND_DISPLAY`: an absolute path, or a name in `XDG_RUNTIME_DIR`.
    static func silence(of socket: String, isStopping: () -> Bool) -> String? {
        SocketProbe.ask([.unix(path(of: socket))], greeting: syncRequest, isStopping: isStopping).problem(
            of: "the compositor")
    }

    /// Where libwayland connects for `socket`: an absolute path, or a name in `XDG_RUNTIME_DIR`.
    static func path(of socket: String) -> String {
        socket.hasPrefix("/") ? socket : (getenv("XDG_RUNTIME_DIR").map { String(cString: $0) } ?? "") + "/" + socket
    }

    /// Connects as `init` does, within `SocketProbe.answerBound`: a compositor can answer the probe and not the
    /// connection libwayland makes after it, whose roundtrip would then wait for good (`ConnectDeadline`). Nil, with
    /// why, when it did not answer in time.
    static func connect(to socket: String) -> (reader: WaylandOutputReader?, silence: String?) {
        let made = ConnectDeadline.run(within: SocketProbe.answerBound, toward: [.unix(path(of: socket))]) {
            WaylandOutputReader(socket: socket)
        }
        guard made.expired else { return (made.result, nil) }
        made.result?.close()
        return (nil, "the compositor answered animd's probe but not its connection within \(SocketProbe.answerBound) s")
    }

    var fileDescriptor: Int32 { wl_display_get_fd(display) }

    /// Reads what the compositor sent; false when the connection is gone.
    func read() -> Bool {
        guard wl_display_dispatch(display) >= 0 else { return false }
        return wl_display_flush(display) >= 0 || errno == EAGAIN
    }

    /// Sends what is queued and handles what is already read; call before waiting.
    func prepare() {
        _ = wl_display_dispatch_pending(display)
        _ = wl_display_flush(display)
    }

    func close() {
        proxies.close()
        toplevels.close()
        wl_display_disconnect(display)
        listeners.free()
    }

    // MARK: - Globals

    private func global(_ name: UInt32, _ interface: String, _ version: UInt32) {
        switch interface {
        case "wl_output":
            guard let output = animd_registry_bind(registry, name, animd_wl_output_interface(), min(version, 4)) else {
                return
            }
            let tag = Tag(self, name)
            proxies.add(name, output: output, tag: tag)
            table.add(name)
            _ = wl_output_add_listener(output, listeners.output, tag.pointer)
            followLogically(name)
        case "zxdg_output_manager_v1":
            guard proxies.manager == nil,
                let proxy = animd_registry_bind(registry, name, animd_xdg_output_manager_interface(), min(version, 3))
            else { return }
            proxies.setManager(proxy)
            for id in proxies.names { followLogically(id) }
        case WaylandToplevelReader.interface:
            toplevels.bind(registry, name: name, version: version)
        default:
            break
        }
    }

    /// Asks the xdg-output manager for the output's logical geometry and name, once both exist.
    private func followLogically(_ id: UInt32) {
        guard let made = proxies.makeXDG(for: id) else { return }
        _ = animd_xdg_output_add_listener(made.xdg, listeners.xdg, made.tag.pointer)
    }

    private func globalRemoved(_ name: UInt32) {
        proxies.remove(name)
        guard table.outputs[name] != nil else { return }
        table.remove(name)
        changed = true
    }

    private func update(_ id: UInt32, _ change: WaylandOutputTable.Change) {
        table.update(id, change)
        if change == .done { changed = true }
    }

    // MARK: - C callbacks

    /// Each output proxy's user data: the reader and the output's registry name, boxed; `WaylandOutputProxies` keeps
    /// it while the proxies live.
    final class Tag {
        unowned let reader: WaylandOutputReader
        let id: UInt32

        init(_ reader: WaylandOutputReader, _ id: UInt32) {
            self.reader = reader
            self.id = id
        }

        var pointer: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }
    }

    /// libwayland keeps a listener's address and calls through it for as long as the proxy lives: they live in
    /// memory of their own until `close`.
    private struct Listeners {
        let registry = UnsafeMutablePointer<wl_registry_listener>.allocate(capacity: 1)
        let output = UnsafeMutablePointer<wl_output_listener>.allocate(capacity: 1)
        let xdg = UnsafeMutablePointer<animd_xdg_output_listener>.allocate(capacity: 1)

        init() {
            registry.initialize(to: WaylandOutputReader.registryListener)
            output.initialize(to: WaylandOutputReader.outputListener)
            xdg.initialize(to: WaylandOutputReader.xdgListener)
        }

        func free() {
            registry.deallocate()
            output.deallocate()
            xdg.deallocate()
        }
    }

    private let listeners = Listeners()

    private static func tagged(_ data: UnsafeMutableRawPointer?) -> Tag? {
        data.map { Unmanaged<Tag>.fromOpaque($0).takeUnretainedValue() }
    }

    private static let registryListener = wl_registry_listener(
        global: { data, _, name, interface, version in
            guard let data, let interface else { return }
            Unmanaged<WaylandOutputReader>.fromOpaque(data).takeUnretainedValue().global(
                name, String(cString: interface), version)
        },
        global_remove: { data, _, name in
            guard let data else { return }
            Unmanaged<WaylandOutputReader>.fromOpaque(data).takeUnretainedValue().globalRemoved(name)
        })

    private static let outputListener = wl_output_listener(
        geometry: { data, _, x, y, _, _, _, _, _, transform in
            guard let tag = tagged(data) else { return }
            tag.reader.update(tag.id, .geometry(x: x, y: y, transform: transform))
        },
        mode: { data, _, flags, width, height, _ in
            guard let tag = tagged(data) else { return }
            tag.reader.update(
                tag.id, .mode(width: width, height: height, current: flags & WL_OUTPUT_MODE_CURRENT.rawValue != 0))
        },
        done: { data, _ in
            guard let tag = tagged(data) else { return }
            tag.reader.update(tag.id, .done)
        },
        scale: { data, _, factor in
            guard let tag = tagged(data) else { return }
            tag.reader.update(tag.id, .scale(factor))
        },
        name: { data, _, name in
            guard let tag = tagged(data), let name else { return }
            tag.reader.update(tag.id, .name(String(cString: name)))
        },
        description: { _, _, _ in })

    private static let xdgListener = animd_xdg_output_listener(
        logical_position: { data, _, x, y in
            guard let tag = tagged(data) else { return }
            tag.reader.update(tag.id, .logicalPosition(x: x, y: y))
        },
        logical_size: { data, _, width, height in
            guard let tag = tagged(data) else { return }
            tag.reader.update(tag.id, .logicalSize(width: width, height: height))
        },
        // xdg-output's own done is deprecated in version 3 for wl_output's; both end a set of changes.
        done: { data, _ in
            guard let tag = tagged(data) else { return }
            tag.reader.update(tag.id, .done)
        },
        name: { data, _, name in
            guard let tag = tagged(data), let name else { return }
            tag.reader.update(tag.id, .name(String(cString: name)))
        },
        description: { _, _, _ in })
}
