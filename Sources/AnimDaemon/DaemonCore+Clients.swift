import AnimCore
import AnimProtocol
import NIOCore

/// What a connection's handler asks of the core: to be admitted, to have held frames sent, to be held to its
/// backlog, and to leave. The handler sees these, not the registry behind them.
extension DaemonCore {
    /// Admits a new client, or says why not: the refusal line to write before closing.
    func admit(_ channel: any Channel) -> Result<ClientConnection, RPCError> {
        guard let client = registry.add(channel) else {
            let capacity = registry.capacity
            let reason = capacity < registry.limits.clients ? "the descriptor limit (RLIMIT_NOFILE)" : "max-clients"
            logger.notice(
                "refusing a client: the daemon is full", metadata: ["clients": "\(capacity)", "limit": "\(reason)"])
            return .failure(RPCError(.limitReached, "limit reached: at most \(capacity) clients (\(reason))"))
        }
        systemd.announceSoon(statusLine)
        logger.debug("client connected", metadata: ["client": "\(client.id)"])
        return .success(client)
    }

    /// Sends what was held for `client` while its socket was full, or while NIO was writing for it.
    func flushPending(to client: ClientConnection) { registry.flushPending(client, now: now()) }

    /// Disconnects `client` if its backlog is over `max-backlog`.
    func enforceBacklog(of client: ClientConnection) { registry.enforceBacklog(client) }

    /// The client's connection closed: it is forgotten, and touches it injected and never lifted are cancelled, as
    /// X's touch-cancel would.
    func clientLeft(_ client: ClientConnection) {
        client.channelClosed()
        registry.remove(client)
        systemd.announceSoon(statusLine)
        subscriptionsChanged()
        logger.debug("client disconnected", metadata: ["client": "\(client.id)"])
        handle(.clientLeft(client.id))
    }
}
