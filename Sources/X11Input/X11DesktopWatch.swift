import BackendThread

/// What an X session reads of the desktop beside input: XSETTINGS' animations, the window manager's focus, and
/// the tablet-mode switch, which X passes no event of (a `TabletModeReader` reads it from the kernel, where the
/// opener was given one).
struct X11DesktopWatch {
    var xsettings: XSettingsWatch
    var focus: X11FocusWatch
    let tabletMode: (any TabletModeReader)?

    init(_ connection: X11Connection, tabletMode: (any TabletModeReader)?) {
        xsettings = XSettingsWatch(connection)
        focus = X11FocusWatch(connection)
        self.tabletMode = tabletMode
    }
}
