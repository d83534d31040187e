/// The socket-path rule: `$ANIMD_SOCKET`, else `$XDG_RUNTIME_DIR/animd.sock`,
/// else `/tmp/animd-$UID/animd.sock`.
public enum SocketPath {
    public static func resolve(environment: [String: String], uid: UInt32) -> String {
        if let explicit = environment["ANIMD_SOCKET"], !explicit.isEmpty { return explicit }
        if let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty { return runtime + "/animd.sock" }
        return "/tmp/animd-\(uid)/animd.sock"
    }

    /// Unix socket paths are limited to 107 bytes on Linux (sun_path is 108 with the NUL).
    public static let maximumLength = 107
}
