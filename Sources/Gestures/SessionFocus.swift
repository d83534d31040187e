/// The window that has the keyboard focus, as the session's focus source tells it (issue 31): what `apps`,
/// `except-apps` and `when-fullscreen` bindings are matched against.
public struct FocusedWindow: Hashable, Sendable {
    /// The names it answers to, as the source gives them: X11's `WM_CLASS` instance, then its class; a Wayland
    /// `app_id`. Empty for a window that gives none.
    public var names: [String]
    public var fullscreen: Bool

    /// At most this many names, each at most `nameLimit` bytes of UTF-8: a hostile window's property cannot make
    /// every binding's match cost more.
    public static let nameCount = 4
    public static let nameLimit = 256

    public init(names: [String], fullscreen: Bool) {
        self.names = names.prefix(Self.nameCount).map(Self.bounded)
        self.fullscreen = fullscreen
    }

    /// The name cut to `nameLimit` bytes on a character's edge, so that no half of a character is left at its end.
    private static func bounded(_ name: String) -> String {
        guard name.utf8.count > nameLimit else { return name }
        var bytes = 0
        return String(
            String.UnicodeScalarView(
                name.unicodeScalars.prefix { scalar in
                    bytes += scalar.utf8.count
                    return bytes <= nameLimit
                }))
    }

    /// The name to show and to copy into a binding: the class on X11 (the last name), the `app_id` on Wayland.
    public var app: String { names.last ?? "" }

    /// Whether one of its names is one of `apps`, ignoring case: users write `Firefox` for `firefox`, and the
    /// instance for the class.
    public func isOne(of apps: [String]) -> Bool {
        names.contains { name in apps.contains { $0.caseInsensitiveEquals(name) } }
    }
}

/// What animd knows of the focus: the focused window (none, when the desktop itself has the focus) and the source
/// that tells it, or why no source does.
public enum SessionFocus: Hashable, Sendable {
    case known(FocusedWindow?, source: FocusSource)
    case unknown(reason: String)

    /// The source that tells the focus; nil without one.
    public var source: FocusSource? {
        if case let .known(_, source) = self { return source }
        return nil
    }

    /// The focused window, when a source tells one.
    public var window: FocusedWindow? {
        if case let .known(window, _) = self { return window }
        return nil
    }
}

extension String {
    /// Equal but for case, letter by letter (`lowercased()` on both sides), with no allocation for the common case
    /// of plain ASCII: how application names are matched, everywhere.
    public func caseInsensitiveEquals(_ other: String) -> Bool {
        if utf8.count == other.utf8.count, utf8.allSatisfy({ $0 < 0x80 }), other.utf8.allSatisfy({ $0 < 0x80 }) {
            return zip(utf8, other.utf8).allSatisfy { Self.asciiLower($0) == Self.asciiLower($1) }
        }
        return lowercased() == other.lowercased()
    }

    private static func asciiLower(_ byte: UInt8) -> UInt8 { (0x41...0x5A).contains(byte) ? byte | 0x20 : byte }
}
