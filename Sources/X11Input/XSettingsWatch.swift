import CX11

/// Follows the XSETTINGS manager of one screen (gnome-settings-daemon, xsettingsd, xfsettingsd…) for
/// `Gtk/EnableAnimations`: the owner of the `_XSETTINGS_S<screen>` selection holds the settings in its
/// `_XSETTINGS_SETTINGS` property. A new owner announces itself with a `MANAGER` client message on the root window;
/// a change of settings is a PropertyNotify on the owner; an owner that goes away is a DestroyNotify. Each of these
/// reads the property again. Lives on the X thread.
struct XSettingsWatch {
    private let selection: Atom
    private let settings: Atom
    private let manager: Atom
    /// The owner whose window is watched; None without a manager.
    private var owner: Window = Window(None)
    /// What the manager says now: nil without a manager, or without the setting.
    private(set) var animationsEnabled: Bool?

    /// The most of the property read: a real one is a few hundred bytes.
    static let propertyLimit = 1 << 20

    init(_ connection: X11Connection) {
        let display = connection.display
        selection = XInternAtom(display, "_XSETTINGS_S\(XDefaultScreen(display))", 0)
        settings = XInternAtom(display, "_XSETTINGS_SETTINGS", 0)
        manager = XInternAtom(display, "MANAGER", 0)
        _ = refresh(connection)
    }

    /// Whether the event concerns the settings; then `refresh` reads them again.
    func concerns(_ event: inout XEvent) -> Bool {
        switch event.type {
        case PropertyNotify: event.xproperty.window == owner && event.xproperty.atom == settings
        case DestroyNotify: owner != Window(None) && event.xdestroywindow.window == owner
        case ClientMessage: event.xclient.message_type == manager && Atom(event.xclient.data.l.1) == selection
        default: false
        }
    }

    /// Finds the owner (watching a new one's window) and reads its settings; true when what they say changed.
    mutating func refresh(_ connection: X11Connection) -> Bool {
        let display = connection.display
        let current = XGetSelectionOwner(display, selection)
        if current != owner {
            owner = current
            // An owner may vanish between the two requests: the trap keeps its BadWindow from mattering.
            if current != Window(None) {
                _ = XErrorTrap.catching(display) {
                    XSelectInput(display, current, PropertyChangeMask | StructureNotifyMask)
                }
            }
        }
        let before = animationsEnabled
        animationsEnabled = owner == Window(None) ? nil : read(display).flatMap(XSettings.animationsEnabled(in:))
        return animationsEnabled != before
    }

    /// The owner's property, at most `propertyLimit` bytes; nil when there is none or it cannot be read.
    private func read(_ display: OpaquePointer) -> [UInt8]? {
        WindowProperty.read(display, owner, settings, type: settings, longs: Self.propertyLimit / 4) {
            format, count, complete, data in
            format == 8 && complete ? Array(UnsafeBufferPointer(start: data, count: count)) : nil
        }
    }
}
