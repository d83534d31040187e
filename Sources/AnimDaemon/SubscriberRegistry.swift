import AnimProtocol
import Logging
import NIOCore

/// The connected clients and what they subscribed to; the fan-out path.
///
/// Each event is encoded once and the same ByteBuffer is written to every
/// subscriber. Nothing here blocks: a client that does not read gets its
/// frames coalesced (the newest replaces the unsent one), its state events
/// queued, and once its backlog passes `maxBacklog` it is disconnected.
final class SubscriberRegistry {
    private(set) var clients: [Int: ClientConnection] = [:]
    private var nextClientID = 1
    private var nextSubscriptionID = 1
    var maxClients: Int
    var maxSubscriptions: Int
    var maxBacklog: Int
    let logger: Logger

    init(settings: (clients: Int, subscriptions: Int, backlog: Int), logger: Logger) {
        maxClients = settings.clients
        maxSubscriptions = settings.subscriptions
        maxBacklog = settings.backlog
        self.logger = logger
    }

    /// Adds a client, or nil when the daemon already has `maxClients`.
    func add(_ channel: any Channel) -> ClientConnection? {
        guard clients.count < maxClients else { return nil }
        let client = ClientConnection(id: nextClientID, channel: channel)
        nextClientID += 1
        clients[client.id] = client
        return client
    }

    func remove(_ client: ClientConnection) { clients[client.id] = nil }

    /// Whether any subscription wants `group`, so that costly events are only encoded for someone.
    func hasInterest(in group: String) -> Bool {
        clients.values.contains { $0.subscriptions.values.contains { $0.groups.contains(group) } }
    }

    func subscribe(_ client: ClientConnection, transitions: Set<String>?, groups: Set<String>, maxRate: Double?) throws(RPCError) -> Int {
        guard client.subscriptions.count < maxSubscriptions else {
            throw RPCError(.limitReached, "limit reached: at most \(maxSubscriptions) subscriptions per client")
        }
        let id = nextSubscriptionID
        nextSubscriptionID += 1
        client.subscriptions[id] = Subscription(id: id, transitions: transitions, groups: groups, maxRate: maxRate)
        return id
    }

    func unsubscribe(_ client: ClientConnection, id: Int) throws(RPCError) {
        guard client.subscriptions.removeValue(forKey: id) != nil else {
            throw RPCError(.invalidParams, "invalid params: this connection has no subscription \(id)")
        }
    }

    /// Sends an event to every client that subscribed to it.
    /// - coalesce: the key under which a newer frame may replace an unsent one;
    ///   nil for events that are never dropped (began, ended, input).
    func publish(_ line: String, group: String, transition: String?, coalesce key: String?, now: Double,
                 allocator: ByteBufferAllocator) {
        var buffer: ByteBuffer?
        for client in clients.values where !client.isClosing {
            let (wanted, rate) = client.interest(group: group, transition: transition)
            guard wanted else { continue }
            let bytes = buffer ?? allocator.buffer(string: line)
            buffer = bytes
            if let key {
                let due = rate.map { now - (client.lastSent[key] ?? -.infinity) >= 1 / $0 - 1e-6 } ?? true
                if client.channel.isWritable && due {
                    if !client.pending.isEmpty { client.pending[key] = nil }
                    // The time of the last frame matters only to a rate limit.
                    if rate != nil { client.lastSent[key] = now }
                    client.channel.writeAndFlush(bytes, promise: nil)
                } else {
                    client.pending[key] = bytes
                }
            } else {
                // Order per transition: the leg's last frame goes before its state event.
                if let transition, let frame = client.pending.removeValue(forKey: transition) {
                    client.channel.write(frame, promise: nil)
                    client.lastSent[transition] = now
                }
                client.channel.writeAndFlush(bytes, promise: nil)
                enforceBacklog(client)
            }
        }
    }

    /// Sends coalesced frames that may go now: the client can take them and their rate allows.
    func flushDue(now: Double) {
        for client in clients.values where !client.pending.isEmpty && client.channel.isWritable && !client.isClosing {
            flushPending(client, now: now)
        }
    }

    func flushPending(_ client: ClientConnection, now: Double) {
        var wrote = false
        for (key, frame) in client.pending {
            let transition = key.hasPrefix("gesture:") ? nil : key
            let group = key.hasPrefix("gesture:") ? "gesture" : "progress"
            if let rate = client.interest(group: group, transition: transition).rate,
               now - (client.lastSent[key] ?? -.infinity) < 1 / rate - 1e-6 { continue }
            client.pending[key] = nil
            client.lastSent[key] = now
            client.channel.write(frame, promise: nil)
            wrote = true
        }
        if wrote { client.channel.flush() }
    }

    private func enforceBacklog(_ client: ClientConnection) {
        guard let buffered = try? client.channel.syncOptions?.getOption(.bufferedWritableBytes), buffered > maxBacklog else { return }
        logger.notice("disconnecting a client that does not read", metadata: [
            "client": "\(client.id)", "backlog": "\(buffered) bytes", "max-backlog": "\(maxBacklog) bytes",
        ])
        disconnect(client)
    }

    func disconnect(_ client: ClientConnection) {
        client.isClosing = true
        client.pending.removeAll()
        client.channel.close(mode: .all, promise: nil)
    }

    /// Sends one line to every client and closes them all (shutdown).
    func closeAll(after line: String, allocator: ByteBufferAllocator) -> [EventLoopFuture<Void>] {
        let bytes = allocator.buffer(string: line)
        return clients.values.map { client in
            client.isClosing = true
            let channel = client.channel
            return channel.writeAndFlush(bytes).flatMapErrorThrowing { _ in }.flatMap {
                channel.close(mode: .all)
            }.flatMapErrorThrowing { _ in }
        }
    }
}
