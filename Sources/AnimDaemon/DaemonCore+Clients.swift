import AnimCore
import AnimProtocol
import NIOCore

/// What a connection's handler asks of the core: to be admitted, to have held frames sent, to be held to its
/// backlog, and to leave. The handler sees these, not the registry behind them.
extension DaemonCore {
    /// Admits a new client, or says why not: the refusal line to write before closing.
    func admit(_ channel: any Channel) -> Result<ClientConnection, RPCError> {
        ask(.admit).map { id in
            let client = ClientConnection(id: id, channel: channel)
            registry.add(client)
            return client
        }
    }

    /// Sends what was held for `client` while its socket was full, or while NIO was writing for it.
    func flushPending(to client: ClientConnection) { registry.flushPending(client, now: now()) }

    /// Disconnects `client` if its backlog is over `max-backlog`.
    func enforceBacklog(of client: ClientConnection) { registry.enforceBacklog(client) }

    /// The client's connection closed: it is forgotten, and the machine cancels what it drove.
    func clientLeft(_ client: ClientConnection) {
        client.channelClosed()
        registry.remove(client)
        handle(.clientLeft(client.id))
    }
}
