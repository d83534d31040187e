package import AnimConfig
package import DesktopMotion
package import Gestures

/// Everything that can happen to the daemon's core (`CoreMachine`), as a value: what the session's sources report,
/// clients coming and going, and time passing (what clients ask is a `CoreRequest`, with its answer's type). The shell (`DaemonCore`) turns NIO's callbacks, the backend's reports and the
/// timers into these; the machine takes them one at a time through `take`.
package enum CoreEvent {
    // MARK: Clients and the session

    /// Input from `owner`: a backend, or a client's.
    case input([InputEvent], from: InputOwners.Owner)
    /// A connection closed: its subscriptions go, what it drove is cancelled, what it declared ends.
    case clientLeft(Int)
    /// How many clients the descriptor limit leaves room for (`SubscriptionBook.descriptorRoom`), as found at start.
    case descriptorRoom(Int)
    /// The session starts: the backend `setting` chooses for it is launched.
    case startInput(SessionEnvironment, setting: BackendSetting)
    /// animd is stopping: the backend stops, before the clients are told.
    case stopInput
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
