package import AnimProtocol
package import Gestures

/// What the daemon knows of its input: the backend's life, the status it last reported, the screen and refresh rate
/// it gave, and who drives each input source. Pure: the core feeds it reports and asks it for the geometry and the
/// frame rate in force.
package struct InputRouting {
    package private(set) var status = InputStatus(backend: nil, connected: false, display: nil, reason: "starting")
    /// The screen the backend reported; nil when it knows none, and then the config's `screen` is the geometry.
    package private(set) var backendGeometry: ScreenGeometry?
    /// The display's refresh rate when it reports one (Xvfb says 0 Hz: unknown).
    package private(set) var displayRefresh: Double?
    /// Who drives each input source, so that a vanished owner's sequences get cancelled.
    package var owners = InputOwners()
    /// What the backend and the compositor's IPC say of the focus.
    package var focus = FocusReports()
    /// What the backend's switch and injections say of tablet mode.
    package var tabletMode = TabletModeReports()
    /// Which backend runs, for which session.
    package var backend = BackendLife()

    /// Takes a backend's report; true when the status differs from the last.
    package mutating func update(_ status: InputStatus, geometry: ScreenGeometry?, refreshRate: Double?) -> Bool {
        let changed = status != self.status
        self.status = status
        backendGeometry = geometry
        displayRefresh = refreshRate.flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
        return changed
    }

    /// The backend's screen, or `fallback` (the config's `screen`) when it knows none, with the monitors' names.
    package func geometry(fallback: ScreenGeometry) -> ScreenGeometry {
        var geometry = backendGeometry ?? fallback
        geometry.outputs = status.outputs
        return geometry
    }

    /// The display's refresh rate, or `configured` (`frame-rate`) when it reports none.
    package func frameRate(configured: Double) -> Double { displayRefresh ?? configured }
}
