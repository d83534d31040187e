import AnimCore
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
    /// The admitted clients' connections, by the numbers the machine gave them.
    private(set) var clients: [Int: ClientConnection] = [:]
    /// The machine's book as of its last change: who subscribed to what, and the limits.
    private(set) var book: SubscriptionBook
    let logger: Logger

    /// Where every event line is made.
    static let allocator = ByteBufferAllocator()

    init(book: SubscriptionBook, logger: Logger) {
        self.book = book
        self.logger = logger
    }

    /// A client the machine admitted.
    func add(_ client: ClientConnection) {
        clients[client.id] = client
        dropIndexes()
    }

    func remove(_ client: ClientConnection) {
        clients[client.id] = nil
        dropIndexes()
    }

    /// The machine's book changed: who takes each event is read from `book` from now on.
    func clientsChanged(to book: SubscriptionBook) {
        self.book = book
        dropIndexes()
    }

    // MARK: - The fan-out index

    private var audiences = AudienceIndex()

    /// Whether any subscription takes `group`, whatever its transition.
    func anyoneWants(_ group: EventGroup) -> Bool { audiences.anyoneWants(group, in: book) }

    /// Transitions and bindings are gone: who took their events, and when each client was last sent a frame of
    /// them, are forgotten.
    func forget(transitions: Set<String>, bindings: Set<String>) {
        audiences.forget(transitions: transitions)
        for client in clients.values {
            client.queue.forget { key in
                switch key {
                case let .progress(transition): transitions.contains(transition)
                case let .gesture(binding): bindings.contains(binding)
                }
            }
        }
    }

    private func dropIndexes() { audiences.drop() }

    private func audience(group: EventGroup, transition: String?, analytic: Bool = false) -> [AudienceIndex.Member] {
        audiences.audience(group: group, transition: transition, analytic: analytic, in: book, among: clients)
    }

    /// Sends an event to every client that subscribed to it, as each client's
    /// `DeliveryQueue` decides.
    /// - encode: writes the event's line, straight into the buffer that is sent, and returns the key under which
    ///   a newer frame may replace an unsent one (nil for events that are never dropped: began, ended, input).
    ///   Called once, and only when someone wants the event.
    /// - analytic: a progress frame of a running leg (not for `frames: "driven"` subscriptions).
    func publish(
        group: EventGroup, transition: String?, analytic: Bool = false, now: Double,
        encode: (inout OutgoingLine) -> CoalescingKey?
    ) {
        guard anyoneWants(group) else { return }
        var encoded: (bytes: ByteBuffer, coalesce: CoalescingKey?)?
        for (client, rate) in audience(group: group, transition: transition, analytic: analytic) where !client.isClosing
        {
            if encoded == nil {
                let made = OutgoingLine.make(Self.allocator, returning: encode)
                encoded = (made.line, made.result)
            }
            guard case let (bytes, key)? = encoded else { continue }
            if let key {
                if let frame = client.queue.offer(
                    bytes, key: key, transition: transition, rate: rate, now: now,
                    writable: client.canTakeFrames)
                {
                    deliver(frame, to: client)
                }
            } else {
                write(client.queue.offerEvent(bytes, transition: transition, now: now), to: client)
                enforceBacklog(client)
            }
        }
    }

    /// Sends waiting frames that may go now: the client can take them and their rate allows.
    func flushDue(now: Double) {
        for client in clients.values where !client.queue.isEmpty && !client.isClosing {
            flushPending(client, now: now)
        }
    }

    func flushPending(_ client: ClientConnection, now: Double) {
        write(client.queue.release(now: now, writable: client.canTakeFrames), to: client)
    }

    /// When the earliest frame held back by a rate limit falls due, across clients
    /// that can take it (a full socket is flushed when it drains, not by a timer).
    var nextDue: Double? {
        clients.values.compactMap { $0.isClosing || !$0.canTakeFrames ? nil : $0.queue.nextDue }.min()
    }

    private func write(_ frames: [ByteBuffer], to client: ClientConnection) {
        for frame in frames { deliver(frame, to: client) }
    }

    // MARK: - Batches

    private var openBatch = OpenBatch()

    /// Everything `body` publishes goes to each client as one write when it returns (one engine step's events),
    /// in the order it was published. Responses written after it follow it. Returns whether the batch wrote to any
    /// client (false for a nested batch: its outer one writes).
    @discardableResult
    func batch(_ body: () -> Void) -> Bool {
        openBatch.open()
        body()
        guard let owed = openBatch.close() else { return false }
        for client in owed {
            client.endBatch()
            // What the socket did not take went to NIO, and counts toward the client's backlog.
            enforceBacklog(client)
        }
        return !owed.isEmpty
    }

    private func deliver(_ frame: ByteBuffer, to client: ClientConnection) {
        guard openBatch.isOpen else { return client.send(frame) }
        if client.append(toBatch: frame) { openBatch.owe(client) }
    }

    /// Disconnects a client whose unsent events passed `max-backlog`. Answers waiting for it do not count: it asked
    /// for them, and is not read while they wait.
    func enforceBacklog(_ client: ClientConnection) {
        // Only NIO holds unsent bytes, and asking it is a dynamic cast: skip that while it holds none.
        guard client.pendingWrites > 0,
            let buffered = try? client.channel.syncOptions?.getOption(.bufferedWritableBytes),
            buffered - client.answerBytesWaiting > book.limits.backlog
        else { return }
        logger.notice(
            "disconnecting a client that does not read",
            metadata: [
                "client": "\(client.id)", "backlog": "\(buffered) bytes", "max-backlog": "\(book.limits.backlog) bytes",
            ])
        disconnect(client)
    }

    func disconnect(_ client: ClientConnection) {
        client.queue.removeAll()
        client.close()
    }

    /// Closes every client at once, whatever it still has to be sent: the shutdown's deadline has passed.
    func closeEveryone() {
        for client in clients.values { client.close() }
    }

    /// Sends one line to every client and closes them all (shutdown).
    func closeAll(after bytes: ByteBuffer) {
        // After whatever is still queued in NIO for each, so that the shutdown line comes last.
        for client in clients.values { client.close(after: bytes) }
    }
}
