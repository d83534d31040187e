package import AnimConfig
package import AnimProtocol
package import DesktopMotion
package import Gestures
package import JSONText
package import Motion
package import TransitionModel

/// Everything that can happen to the daemon's core (`CoreMachine`), as a value: what clients ask, what the session's
/// sources report, and time passing. The shell (`DaemonCore`) turns NIO's callbacks, the backend's reports and the
/// timers into these; the machine takes them one at a time through `take`.
package enum CoreEvent {
    // MARK: Requests

    /// `transition.start`, `pause`, `scrub` and the other commands.
    case command(Command)
    /// `transition.declare` for the connection `owner` names.
    case declare(String, body: JSONValue, owner: TransitionOwner)
    /// `transition.update` from the connection `client`.
    case update(String, body: JSONValue, client: Int)
    /// `transition.retract` from the connection `client`.
    case retract(String, client: Int)
    /// `daemon.motion`: a run-time setting, or nil to only ask.
    case motionSetting(MotionSetting?)
    /// `daemon.reload` or SIGHUP: the config as the shell read it again, or why it could not.
    case reload(Result<LoadedConfig, ConfigLoadError>)

    // MARK: Clients and the session

    /// Input from `owner`: a backend, or a client's.
    case input([InputEvent], from: InputOwners.Owner)
    /// `input.inject` from the connection `client`: refused whole past the daemon's one budget, else its events and
    /// tablet-mode items, each at its place.
    case inject([InputEvent], tabletModes: [InjectedTabletMode], client: Int)
    /// A connection closed: what it drove is cancelled, what it declared ends.
    case clientLeft(Int)
    /// Whether some client subscribes to `input-events` now (`animctl record`): only then is each input event's
    /// line worked out.
    case recordingInput(Bool)
    /// What the input backend's life brought about (`BackendSupervisor`).
    case backend([InputReport])
    /// Tablet mode on or off, or nil for a switch gone, as the backend reported it or a client injected it.
    case tabletMode(Bool?, injected: Bool)
    /// What one of the focus's channels says now, or that it says nothing any more.
    case focus(SessionFocus?, by: FocusReports.Channel)
    /// What the XDG desktop portal says of motion now.
    case portal(PortalSettings)
    /// KDE's `kdeglobals` as just read.
    case kdeglobals(KDEGlobals.File)

    // MARK: Time

    /// The frame timer fired: the recognizers' and the engine's deadlines that have come are met.
    case frame
    /// animd is stopping: every client is told why, and closed within `CoreMachine.shutdownDeadline`.
    case shutdown(reason: String)
    /// A timer the machine asked for (`CoreEffect.setTimer`) went off.
    case timer(CoreTimer)
}

/// The timers the machine asks the shell to set, by what they are for.
package enum CoreTimer: Hashable {
    /// Clients that have not taken `daemon.shutdown` by now are closed without it.
    case shutdownDeadline
}
