package import AnimProtocol
package import Gestures

/// What the input backend's life brings about, for the core to carry out: a status to show, input for the
/// recognizers, or that what a backend drove is gone.
package enum InputReport {
    case status(InputStatus, geometry: ScreenGeometry?, refreshRate: Double?)
    case input([InputEvent], from: InputBackendKind)
    /// The backend stopped or lost its devices: whatever it drove must be cancelled.
    case vanished(InputBackendKind)
    /// What the display's XSETTINGS manager says of animations; nil without one (or without a display).
    case xsettingsAnimations(Bool?)
    /// The focused application, or why none is known.
    case focus(SessionFocus)
    /// The tablet-mode switch's state; nil where the backend reads none.
    case tabletMode(Bool?)
}
