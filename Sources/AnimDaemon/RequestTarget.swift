import AnimConfig
import AnimProtocol
import Gestures
import JSONText
import Motion
import TransitionModel

/// What the request router may ask of the daemon: the operations requests need, not the whole core. `DaemonCore`
/// is the one in production; a test can stand in for it.
protocol RequestTarget: AnyObject {
    /// `daemon.hello`'s facts.
    var summary: DaemonSummary { get }
    var loadedConfig: LoadedConfig { get }
    var transitionNames: [String] { get }
    /// The named transitions' snapshots now (all of them for nil); nil when a name is unknown.
    func snapshots(of names: [String]?) -> [TransitionSnapshot]?
    func reload() -> Result<Void, RPCError>
    func adoptEnvironment(_ changes: [String: String]) throws(RPCError) -> JSONValue
    /// `daemon.motion`: sets the run-time motion setting (nil only asks) and answers the motion in force.
    func motion(_ setting: MotionSetting?) -> MotionStatus
    func subscribe(
        _ client: ClientConnection, transitions: Set<String>?, groups: Set<EventGroup>, maxRate: Double?,
        frames: FrameDelivery
    ) throws(RPCError) -> Int
    func unsubscribe(_ client: ClientConnection, id: Int) throws(RPCError)
    func inject(_ events: [InputEvent], tabletModes: [InjectedTabletMode], from client: ClientConnection)
        throws(RPCError)
    /// Runs a transition command; its events are published before the result is returned.
    func perform(_ command: Command) -> Result<CommandResult, EngineError>
    /// `transition.declare`, `update` and `retract` for `client`; their events are published before they return.
    func declare(_ name: String, body: JSONValue, from client: ClientConnection) throws(RPCError)
    func updateDeclaration(_ name: String, body: JSONValue, from client: ClientConnection) throws(RPCError)
    func retract(_ name: String, from client: ClientConnection) throws(RPCError)
    /// The owner of each declared transition, by name; the config's have none.
    var owners: [String: TransitionOwner] { get }
    /// The declared transitions, and the default bindings that yield to them.
    var declared: (transitions: [DaemonHello.Declared], yielding: [String]) { get }
}

/// What `daemon.hello` reports about the daemon itself.
struct DaemonSummary {
    var version: String
    var pid: Int32
    var frameRate: Double
    var input: InputStatus
    var monitors: [Rect]
    /// The monitors are the display server's (X or the compositor), so `[daemon] screen` is not used.
    var screenFromDisplay: Bool
    var clients: Int
    var subscriptions: Int
    var motion: MotionStatus
    var focus: SessionFocus
    var tabletMode: Bool?
}
