import BackendThread
import DesktopMotion
import DesktopPortal
import Gestures

/// What the session's sources report, each from its own thread or socket: the input backend's thread, the
/// compositor's IPC, the session bus, and `kdeglobals`. Every one reaches the core through `DaemonCore.take`, on
/// the loop; the threads' and the compositor watch's go through one stream that `DaemonService` drains, so that
/// nothing the core owns holds a way back into it.
enum SessionReport: Sendable {
    /// From the input backend made `generation`th; an older backend's are dropped.
    case backend(generation: Int, BackendEvent)
    /// The compositor's IPC (sway, Hyprland): the focus, or why it is not known; nil once none is followed.
    case compositorFocus(SessionFocus?)
    /// GNOME Shell or KWin on the session bus: the focus; nil while no shell that tells it is there.
    case desktopFocus(SessionFocus?)
    /// What the XDG desktop portal says of motion now.
    case portal(PortalSettings)
    /// `kdeglobals` as just read (it changed, or KDE said it did).
    case kdeglobals(KDEGlobals.File)
}

extension DaemonCore {
    /// The one door for the session's sources: each report becomes the machine's event (the backend's after its
    /// supervisor has seen it).
    func apply(_ report: SessionReport) {
        switch report {
        case let .backend(generation, event): handle(.backend(supervisor.handle(event, generation: generation)))
        case let .compositorFocus(focus): handle(.focus(focus, by: .compositor))
        case let .desktopFocus(focus): handle(.focus(focus, by: .desktop))
        case let .portal(settings): handle(.portal(settings))
        case let .kdeglobals(file): handle(.kdeglobals(file))
        }
    }
}
