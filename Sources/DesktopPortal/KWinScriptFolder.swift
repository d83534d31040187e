import Glibc
import UnixSupport

/// Where animd writes the script it hands to KWin (issue 47): a folder of the user's that nobody else may enter, so
/// that no other user can plant a link or a file of their own where KWin will load a script that runs in the
/// session. The user's runtime folder, `$XDG_RUNTIME_DIR`, as pam_systemd makes it (owned, mode 0700); without one
/// (su, `sudo -i`, ssh without pam_systemd), animd's own `/tmp/animd-UID`, the socket's fallback folder, made if
/// missing. Either is used only if `PrivateFolder` finds it private; else KWin focus is off, and the reason says why.
struct KWinScriptFolder: Sendable {
    static let fileName = "animd-kwin-focus.js"

    let path: String
    /// Whether animd makes the folder when it is missing: its own in /tmp, never the runtime folder.
    let mayMake: Bool

    init(environment: [String: String]) {
        if let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty {
            (path, mayMake) = (runtime, false)
        } else {
            (path, mayMake) = ("/tmp/animd-\(getuid())", true)
        }
    }

    func open() -> Result<PrivateFolder, PrivateFolder.Refusal> {
        mayMake ? PrivateFolder.openOrMake(path) : PrivateFolder.open(path)
    }

    /// What `daemon.hello`'s focus says when the script cannot be written safely.
    static func offReason(_ refusal: PrivateFolder.Refusal) -> String {
        "KWin focus is off: animd writes its KWin script only into a folder that is its user's alone, and \(refusal); "
            + "set XDG_RUNTIME_DIR to a folder of yours with mode 0700 (docs/focus.md)"
    }
}
