import BackendThread
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
    /// The one door for the session's sources.
    func take(_ report: SessionReport) {
        switch report {
        case let .backend(generation, event): apply(supervisor.handle(event, generation: generation))
        case let .compositorFocus(focus): focusReported(focus, by: .compositor)
        case let .desktopFocus(focus): focusReported(focus, by: .desktop)
        case let .portal(settings): portalRead(settings)
        case let .kdeglobals(file): kdeRead(file)
        }
    }
}
