/// What the XDG desktop portal's Settings interface says of motion: its own `reduced-motion`, and GNOME's two keys
/// that it relays. Pure: the watch fills it, the daemon asks it who reduces motion.
public struct PortalSettings: Hashable, Sendable {
    /// `org.freedesktop.appearance` `reduced-motion`: 1 asks for reduced motion; any other value counts as 0.
    public var appearanceReducedMotion: UInt32?
    /// `org.gnome.desktop.interface` `enable-animations`.
    public var enableAnimations: Bool?
    /// `org.gnome.desktop.a11y.interface` `reduced-motion`: `"reduce"` asks for reduced motion.
    public var gnomeReducedMotion: String?
    /// Why nothing can be read, when nothing can: no session bus, no portal on it, the bus lost.
    public var unavailable: String?

    public init(
        appearanceReducedMotion: UInt32? = nil, enableAnimations: Bool? = nil, gnomeReducedMotion: String? = nil,
        unavailable: String? = nil
    ) {
        self.appearanceReducedMotion = appearanceReducedMotion; self.enableAnimations = enableAnimations
        self.gnomeReducedMotion = gnomeReducedMotion; self.unavailable = unavailable
    }

    /// Who asks for reduced motion: `portal` for the portal's own key, `gnome` for GNOME's; nil when none does.
    public var reducedBy: String? {
        if appearanceReducedMotion == 1 { return "portal" }
        if enableAnimations == false || gnomeReducedMotion == "reduce" { return "gnome" }
        return nil
    }

    /// The keys followed, by namespace and key.
    package static let keys = [
        (appearance, "reduced-motion"), (gnomeInterface, "enable-animations"), (gnomeAccessibility, "reduced-motion"),
    ]
    package static let appearance = "org.freedesktop.appearance"
    package static let gnomeInterface = "org.gnome.desktop.interface"
    package static let gnomeAccessibility = "org.gnome.desktop.a11y.interface"

    /// Sets one setting to its value as the portal gives it; false for one that is not followed.
    package mutating func set(namespace: String, key: String, to value: PortalValue?) -> Bool {
        switch (namespace, key) {
        case (Self.appearance, "reduced-motion"):
            if case let .unsigned(number)? = value {
                appearanceReducedMotion = number
            } else {
                appearanceReducedMotion = nil
            }
        case (Self.gnomeInterface, "enable-animations"):
            if case let .boolean(flag)? = value { enableAnimations = flag } else { enableAnimations = nil }
        case (Self.gnomeAccessibility, "reduced-motion"):
            if case let .string(text)? = value { gnomeReducedMotion = text } else { gnomeReducedMotion = nil }
        default:
            return false
        }
        return true
    }

    /// In words, for `hello`'s `detail`.
    public var description: String {
        if let unavailable { return unavailable }
        var said: [String] = []
        if let appearanceReducedMotion { said.append("reduced-motion=\(appearanceReducedMotion)") }
        if let enableAnimations { said.append("enable-animations=\(enableAnimations)") }
        if let gnomeReducedMotion { said.append("a11y reduced-motion='\(gnomeReducedMotion.prefix(40))'") }
        return said.isEmpty
            ? "the portal sets none of reduced-motion, enable-animations, a11y reduced-motion"
            : "the portal says " + said.joined(separator: ", ")
    }
}

/// A setting's value as the portal gives it, of the types the followed keys have.
package enum PortalValue: Hashable {
    case unsigned(UInt32)
    case boolean(Bool)
    case string(String)
    case other
}
