import CWayland

/// A `WaylandOutputReader`'s proxies: each `wl_output` with the `zxdg_output_v1` asked for it, and the xdg-output
/// manager that makes those once it is bound. Each output keeps its tag, the user data libwayland hands its
/// listeners, for exactly as long as its proxies live.
struct WaylandOutputProxies {
    struct Output {
        let output: OpaquePointer
        var xdg: OpaquePointer?
        let tag: WaylandOutputReader.Tag
    }

    private(set) var manager: OpaquePointer?
    private var outputs: [UInt32: Output] = [:]

    var names: [UInt32] { outputs.keys.sorted() }

    mutating func add(_ name: UInt32, output: OpaquePointer, tag: WaylandOutputReader.Tag) {
        outputs[name] = Output(output: output, tag: tag)
    }

    /// The manager bound; the reader binds one only while there is none (`global`).
    mutating func setManager(_ proxy: OpaquePointer) { manager = proxy }

    /// Asks the manager for the output's xdg-output where both exist and none was asked for; the new proxy with the
    /// output's tag, for its listener.
    mutating func makeXDG(for name: UInt32) -> (xdg: OpaquePointer, tag: WaylandOutputReader.Tag)? {
        guard let manager, let output = outputs[name], output.xdg == nil,
            let xdg = animd_xdg_output_manager_get_xdg_output(manager, output.output)
        else { return nil }
        outputs[name]?.xdg = xdg
        return (xdg, output.tag)
    }

    /// Destroys an output's proxies; its tag goes with them.
    mutating func remove(_ name: UInt32) {
        guard let removed = outputs.removeValue(forKey: name) else { return }
        if let xdg = removed.xdg { animd_xdg_destroy(xdg) }
        wl_proxy_destroy(removed.output)
    }

    /// Destroys the xdg-outputs and the manager, as the connection closes (which frees the rest).
    mutating func close() {
        for xdg in outputs.values.compactMap(\.xdg) { animd_xdg_destroy(xdg) }
        if let manager { animd_xdg_destroy(manager) }
        (outputs, manager) = ([:], nil)
    }
}
