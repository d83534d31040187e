package import AnimConfig
import AnimProtocol
import DesktopMotion
package import Gestures
import Motion

/// The config in force and what follows from it, worked out once per load: the screen
/// assumed without a display server and the limits on clients. And what stands beside it: the transitions clients
/// declared, the run-time motion setting, and what the desktop says of motion.
package struct ConfigInForce {
    package private(set) var loaded: LoadedConfig
    /// The transitions clients declared (`transition.declare`), placed beside the config by its rules.
    package private(set) var declarations = DeclarationBook()
    /// The config with the declarations composed in: the engine's tables and the input they need.
    package private(set) var effective: DaemonConfig
    package private(set) var fallbackGeometry: ScreenGeometry
    package private(set) var limits: ClientLimits
    /// The run-time motion setting, over the config's, and what the desktop says of motion; a reload keeps them.
    package var motionSources = MotionSources()

    package init(_ loaded: LoadedConfig) {
        self.loaded = loaded
        effective = loaded.config
        (fallbackGeometry, limits) = Self.derived(from: loaded.config)
    }

    /// Changes the declarations (a declaration, an update, a retraction, a connection gone), and the tables with
    /// them when it succeeds.
    @discardableResult
    package mutating func changeDeclarations<Value>(
        _ change: (inout DeclarationBook, LoadedConfig) throws(DeclarationRefusal) -> Value
    )
        throws(DeclarationRefusal) -> Value
    {
        var book = declarations
        let result = try change(&book, loaded)
        declarations = book
        compose()
        return result
    }

    /// Ends everything a connection declared (it closed); what ended.
    package mutating func removeDeclarations(ownedBy connection: Int) -> [Declaration] {
        let gone = declarations.removeAll(ownedBy: connection)
        if !gone.isEmpty { compose() }
        return gone
    }

    private mutating func compose() {
        let tables = declarations.tables(over: loaded)
        effective = loaded.config
        effective.transitions = tables.transitions
        effective.bindings = tables.bindings
    }

    package var config: DaemonConfig { loaded.config }

    /// The motion in force: the config's setting, under the run-time one.
    package var motion: MotionChoice {
        MotionChoice(
            configured: config.daemon.motion, reducedDuration: config.daemon.reducedDuration, sources: motionSources)
    }

    /// Puts `next` in force (the config as read again). The declarations it takes (by name, by place, by its
    /// limits) end, and are returned with the reason.
    package mutating func adopt(_ next: LoadedConfig) -> [(declaration: Declaration, reason: String)] {
        loaded = next
        (fallbackGeometry, limits) = Self.derived(from: next.config)
        let ended = declarations.reconcile(with: next)
        compose()
        return ended
    }

    private static func derived(from config: DaemonConfig) -> (ScreenGeometry, ClientLimits) {
        let screen = Rect(x: 0, y: 0, width: config.daemon.screenWidth, height: config.daemon.screenHeight)
        let limits = ClientLimits(
            clients: config.daemon.maxClients, subscriptions: config.daemon.maxSubscriptions,
            backlog: config.daemon.maxBacklog)
        return (ScreenGeometry(monitors: [screen]), limits)
    }
}

/// What the config allows each client, and all of them together.
package struct ClientLimits: Hashable {
    package var clients: Int
    package var subscriptions: Int
    /// Bytes queued for one client before it is disconnected as too slow.
    package var backlog: Int
}
