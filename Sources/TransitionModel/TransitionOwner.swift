/// Who declared a transition (`transition.declare`): the connection it lives with, and what that connection says of
/// itself. A transition of the config has none.
public struct TransitionOwner: Hashable, Sendable, CustomStringConvertible {
    /// The daemon's number for the connection; never on the wire.
    public var connection: Int
    /// The name it gave in `daemon.hello`'s `client`, if any.
    public var client: String?
    /// Its process, from the socket's peer credentials (SO_PEERCRED); nil if the kernel gave none.
    public var pid: Int?

    public init(connection: Int, client: String? = nil, pid: Int? = nil) {
        self.connection = connection; self.client = client; self.pid = pid
    }

    /// How errors and logs name it: `waybar-dock (pid 4242)`, or `a client (pid 4242)` without a name.
    public var description: String {
        let name = client.map { "\"\($0)\"" } ?? "a client"
        return pid.map { "\(name) (pid \($0))" } ?? name
    }
}
