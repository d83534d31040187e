import CWayland
import FocusSources
import Gestures

/// Listens to `zwlr_foreign_toplevel_manager_v1` on the output reader's connection, where the compositor offers it,
/// and keeps a `ForeignToplevelFocus` of what its handles say: the focused window for `apps` bindings (issue 31).
/// Confined to the libinput thread, as the output reader is.
final class WaylandToplevelReader {
    private var manager: OpaquePointer?
    /// Each handle's proxy by the id its events are tagged with.
    private var handles: [UInt32: OpaquePointer] = [:]
    private var nextID: UInt32 = 1
    private(set) var table = ForeignToplevelFocus()
    /// Set when the focus changed; the backend reports it once.
    var changed = false

    /// What the compositor says, once it offers the protocol; nil where it does not (GNOME, KDE, Weston).
    var focus: SessionFocus? { manager == nil ? nil : table.focus }

    private let listeners = Listeners()

    static let interface = "zwlr_foreign_toplevel_manager_v1"

    /// Binds the manager global; its `toplevel` events then announce every window there is, and each new one.
    func bind(_ registry: OpaquePointer, name: UInt32, version: UInt32) {
        guard manager == nil,
            let proxy = animd_registry_bind(registry, name, animd_foreign_toplevel_manager_interface(), min(version, 3))
        else { return }
        manager = proxy
        _ = animd_foreign_toplevel_manager_add_listener(
            proxy, listeners.manager, Unmanaged.passUnretained(self).toOpaque())
        changed = true
    }

    func close() {
        for handle in handles.values { animd_foreign_toplevel_handle_destroy(handle) }
        handles = [:]
        tags = [:]
        if let manager { wl_proxy_destroy(manager) }
        manager = nil
        listeners.free()
    }

    private func toplevel(_ proxy: OpaquePointer) {
        guard table.hasRoom else { return animd_foreign_toplevel_handle_destroy(proxy) }
        let id = nextID
        nextID &+= 1
        handles[id] = proxy
        table.add(id)
        _ = animd_foreign_toplevel_handle_add_listener(proxy, listeners.handle, tag(id))
    }

    private func update(_ id: UInt32, _ change: ForeignToplevelFocus.Change) {
        if table.update(id, change) { changed = true }
        // The handle goes with its last event; its tag after it, for libwayland calls nothing more on a destroyed proxy.
        if change == .closed, let handle = handles.removeValue(forKey: id) {
            animd_foreign_toplevel_handle_destroy(handle)
            tags[id] = nil
        }
    }

    /// The compositor stopped announcing toplevels: the manager is gone, and so is what it said.
    private func finished() {
        for handle in handles.values { animd_foreign_toplevel_handle_destroy(handle) }
        handles = [:]
        tags = [:]
        if let manager { wl_proxy_destroy(manager) }
        manager = nil
        table = ForeignToplevelFocus()
        changed = true
    }

    // MARK: - C callbacks

    /// libwayland keeps a listener's address for as long as the proxy lives: they live in memory of their own.
    private struct Listeners {
        let manager = UnsafeMutablePointer<animd_foreign_toplevel_manager_listener>.allocate(capacity: 1)
        let handle = UnsafeMutablePointer<animd_foreign_toplevel_handle_listener>.allocate(capacity: 1)

        init() {
            manager.initialize(to: WaylandToplevelReader.managerListener)
            handle.initialize(to: WaylandToplevelReader.handleListener)
        }

        func free() {
            manager.deallocate()
            handle.deallocate()
        }
    }

    /// Each handle's user data: the reader and the handle's id, boxed; kept until the handle is destroyed.
    private final class Tag {
        unowned let reader: WaylandToplevelReader
        let id: UInt32
        init(_ reader: WaylandToplevelReader, _ id: UInt32) { self.reader = reader; self.id = id }
    }

    private var tags: [UInt32: Tag] = [:]

    private func tag(_ id: UInt32) -> UnsafeMutableRawPointer {
        let tag = Tag(self, id)
        tags[id] = tag
        return Unmanaged.passUnretained(tag).toOpaque()
    }

    private static func reader(_ data: UnsafeMutableRawPointer?) -> WaylandToplevelReader? {
        data.map { Unmanaged<WaylandToplevelReader>.fromOpaque($0).takeUnretainedValue() }
    }

    private static func tagged(_ data: UnsafeMutableRawPointer?) -> Tag? {
        data.map { Unmanaged<Tag>.fromOpaque($0).takeUnretainedValue() }
    }

    private static let managerListener = animd_foreign_toplevel_manager_listener(
        toplevel: { data, _, handle in
            guard let reader = reader(data), let handle else { return }
            reader.toplevel(handle)
        },
        finished: { data, _ in reader(data)?.finished() })

    private static let handleListener = animd_foreign_toplevel_handle_listener(
        title: { _, _, _ in },
        app_id: { data, _, name in
            guard let tag = tagged(data), let name else { return }
            tag.reader.update(tag.id, .appID(String(cString: name)))
        },
        output_enter: { _, _, _ in },
        output_leave: { _, _, _ in },
        state: { data, _, array in
            guard let tag = tagged(data) else { return }
            let count = min(animd_wl_array_count_u32(array), ForeignToplevelFocus.stateLimit)
            tag.reader.update(tag.id, .state((0..<count).map { animd_wl_array_u32(array, $0) }))
        },
        done: { data, _ in
            guard let tag = tagged(data) else { return }
            tag.reader.update(tag.id, .done)
        },
        closed: { data, _ in
            guard let tag = tagged(data) else { return }
            tag.reader.update(tag.id, .closed)
        },
        parent: { _, _, _ in })
}
