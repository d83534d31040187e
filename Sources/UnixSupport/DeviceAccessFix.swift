#if canImport(Glibc)
    import Glibc
#endif

/// What to run so that the user at the seat may open touchscreens, touchpads and tablet-mode switches, for how animd
/// was installed (issue 58: the hint named `make install` to people who had installed the package). Pure: where
/// animd's executable is and which files exist come in as values.
public enum DeviceAccessFix {
    public static let ruleName = "70-animd-touch.rules"
    /// The folders udev reads rules from, the system's first.
    static let ruleFolders = ["/usr/lib/udev/rules.d", "/etc/udev/rules.d"]
    /// What the package's postinst runs (debian/animd.postinst; a test keeps them equal): the rule applied to the
    /// devices already plugged in, which udev otherwise does only at the next boot or plug.
    public static let apply =
        "sudo udevadm control --reload && sudo udevadm trigger --action=change --subsystem-match=input "
        + "--sysname-match='event*' --property-match=ID_INPUT_TOUCHSCREEN=1 --property-match=ID_INPUT_TOUCHPAD=1 --property-match=ID_INPUT_SWITCH=1"

    /// The fix, in one sentence and a command, for an animd at `executable`; `exists` says whether a file is there.
    public static func advice(executable: String, exists: (String) -> Bool) -> String {
        if let installed = ruleFolders.map({ $0 + "/" + ruleName }).first(where: exists) {
            return "animd's udev rule is installed (\(installed)) but not in force for this device yet: \(apply) "
                + "(and the user must be the seat's active session; docs/security.md)"
        }
        let bin = folder(of: executable)
        let prefix = folder(of: bin)
        if prefix == "/usr" {
            return
                "animd's package installs its udev rule in /usr/lib/udev/rules.d, and it is missing: reinstall the package "
                + "(sudo apt-get install --reinstall animd; docs/security.md)"
        }
        // make install or the tarball's install.sh keep a copy of the rule under the prefix; a build in a checkout has
        // the repository's.
        let copies = [prefix + "/share/animd/" + ruleName] + ancestors(of: bin).map { $0 + "/udev/" + ruleName }
        let copy = copies.first(where: exists) ?? "udev/\(ruleName)"
        return
            "install animd's udev rule for touchscreens, touchpads and tablet-mode switches: sudo install -m 0644 \(copy) "
            + "/etc/udev/rules.d/ && \(apply) (docs/security.md)"
    }

    /// The fix for this process, from /proc/self/exe and the file system.
    public static var current: String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        let executable =
            count > 0
            ? String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self) : "/usr/bin/animd"
        return advice(executable: executable) { access($0, F_OK) == 0 }
    }

    private static func ancestors(of start: String) -> [String] {
        var folders: [String] = [], current = start
        while current != "/" && !current.isEmpty {
            folders.append(current)
            current = folder(of: current)
        }
        return folders
    }

    /// A path's folder, without Foundation.
    private static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
