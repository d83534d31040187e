import TextWriting

/// What each session variable animd takes may hold (issue 47). Most of them become paths: a socket animd connects
/// to, a file Xlib reads, a name joined onto the runtime folder. They come from outside, from animd's own
/// environment at start and from any client's `daemon.environment`, and are checked where they enter, so that
/// `HYPRLAND_INSTANCE_SIGNATURE=..` or a NUL never reaches a path. Pure: the daemon and the request reader share it.
public enum SessionVariableRules {
    /// A Unix socket's path, in bytes (sun_path less its NUL).
    public static let socketPathLimit = 107
    /// One name in a folder (NAME_MAX).
    public static let nameLimit = 255
    /// A whole path (PATH_MAX less its NUL).
    public static let pathLimit = 4095

    /// Why `value` is not acceptable for the variable `name`, or nil when it is. An empty value always is: it unsets.
    public static func problem(_ name: String, _ value: String) -> String? {
        guard !value.isEmpty else { return nil }
        if value.utf8.contains(0) { return "must not contain a NUL character" }
        switch name {
        case "HYPRLAND_INSTANCE_SIGNATURE":
            // Joined as one name onto $XDG_RUNTIME_DIR/hypr/.
            return nameProblem(value)
        case "WAYLAND_DISPLAY":
            // A name in $XDG_RUNTIME_DIR, or (libwayland 1.15 and later) a socket's absolute path.
            return value.hasPrefix("/") ? pathProblem(value, limit: socketPathLimit) : nameProblem(value)
        case "SWAYSOCK":
            guard value.hasPrefix("/") else { return "must be an absolute path (starting with /)" }
            return pathProblem(value, limit: socketPathLimit)
        case "XAUTHORITY":
            guard value.hasPrefix("/") else { return "must be an absolute path (starting with /)" }
            return pathProblem(value, limit: pathLimit)
        case "DISPLAY":
            return displayProblem(value)
        case "XDG_SEAT", "XDG_SESSION_TYPE":
            guard value.utf8.count <= 64, value.utf8.allSatisfy(isWordByte) else {
                return "must be at most 64 letters, digits, '-' or '_'"
            }
            return nil
        default:
            return nil
        }
    }

    /// The same, as one sentence that names the variable and quotes (a bounded part of) the value.
    public static func message(_ name: String, _ value: String) -> String? {
        problem(name, value).map { "\(name) \($0), not \(quotedExcerpt(value))" }
    }

    private static func nameProblem(_ value: String) -> String? {
        if value == "." || value == ".." || value.contains("/") {
            return "must be one file name (no '/', not '.' or '..')"
        }
        if value.utf8.count > nameLimit { return "must be at most \(nameLimit) bytes long" }
        return nil
    }

    private static func pathProblem(_ value: String, limit: Int) -> String? {
        if value.split(separator: "/").contains("..") { return "must not go up a folder ('..')" }
        if value.utf8.count > limit { return "must be at most \(limit) bytes long" }
        return nil
    }

    /// `[host]:display[.screen]` as Xlib and xcb read it, where a host with a `/` is a socket's absolute path (xcb).
    private static func displayProblem(_ value: String) -> String? {
        let form = "must be [host]:display[.screen], such as :0"
        guard let colon = value.lastIndex(of: ":") else { return form }
        let host = value[..<colon], rest = value[value.index(after: colon)...]
        let parts = rest.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count),
            parts.allSatisfy({ !$0.isEmpty && $0.utf8.count <= 9 && $0.utf8.allSatisfy(isDigit) })
        else { return form }
        if host.hasPrefix("/") { return pathProblem(String(host), limit: socketPathLimit) }
        // A host name, `unix`, or an address; "host/unix" is an old spelling of a transport (protocol/host).
        if host.split(separator: "/").contains("..") { return "must not go up a folder ('..')" }
        if host.utf8.count > nameLimit { return "must have a host of at most \(nameLimit) bytes" }
        return nil
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
    }

}
