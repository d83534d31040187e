import AnimProtocol
import Logging
import NIOCore
import NIOEmbedded
import Testing

@testable import AnimCore
@testable import AnimDaemon

/// One engine step's events reach each client as one write, in the order they were published; outside a step,
/// each event is its own write. NIO's embedded channel records every write the registry makes.
struct BatchTests {
    /// The registry with a book of its own, changed as the machine would change it and handed over after each change.
    final class Subscribers {
        var book = SubscriptionBook(limits: ClientLimits(clients: 8, subscriptions: 8, backlog: 1 << 20))
        lazy var registry = SubscriberRegistry(book: book, logger: Logger(label: "test"))

        func add(_ channel: EmbeddedChannel) throws -> ClientConnection {
            let client = ClientConnection(id: try book.admit().get(), channel: channel)
            registry.add(client)
            return client
        }

        func subscribe(_ client: ClientConnection, transitions: Set<String>?, groups: Set<EventGroup>) throws -> Int {
            let id = try book.subscribe(
                client: client.id, transitions: transitions, groups: groups, maxRate: nil, frames: .all)
            registry.clientsChanged(to: book)
            return id
        }

        func unsubscribe(_ client: ClientConnection, id: Int) throws {
            try book.unsubscribe(client: client.id, id: id)
            registry.clientsChanged(to: book)
        }

        func remove(_ client: ClientConnection) {
            book.remove(client: client.id)
            registry.remove(client)
            registry.clientsChanged(to: book)
        }
    }

    let subscribers = Subscribers()
    var registry: SubscriberRegistry { subscribers.registry }
    let allocator = ByteBufferAllocator()

    func subscriber(to transitions: Set<String>, groups: Set<EventGroup> = [.progress, .state]) throws -> (
        ClientConnection, EmbeddedChannel
    ) {
        let channel = EmbeddedChannel()
        let client = try subscribers.add(channel)
        _ = try subscribers.subscribe(client, transitions: transitions, groups: groups)
        return (client, channel)
    }

    func publish(_ line: String, group: EventGroup = .progress, transition: String, coalesce: Bool = true) {
        registry.publish(group: group, transition: transition, now: 0) { out in
            out.write(line + "\n")
            return coalesce ? .progress(transition: transition) : nil
        }
    }

    func writes(_ channel: EmbeddedChannel) throws -> [String] {
        var out: [String] = []
        while let buffer = try channel.readOutbound(as: ByteBuffer.self) { out.append(String(buffer: buffer)) }
        return out
    }

    @Test func aStepIsOneWritePerClient() throws {
        let (_, both) = try subscriber(to: ["sidebar", "panel"])
        let (_, one) = try subscriber(to: ["panel"])
        registry.batch {
            publish("began sidebar", group: .state, transition: "sidebar", coalesce: false)
            publish("sidebar 0.1", transition: "sidebar")
            publish("panel 0.5", transition: "panel")
        }
        #expect(try writes(both) == ["began sidebar\nsidebar 0.1\npanel 0.5\n"])
        // A client owed one line gets that line's own buffer.
        #expect(try writes(one) == ["panel 0.5\n"])
    }

    @Test func outsideAStepEachEventIsItsOwnWrite() throws {
        let (_, channel) = try subscriber(to: ["sidebar", "panel"])
        publish("sidebar 0.1", transition: "sidebar")
        publish("panel 0.5", transition: "panel")
        #expect(try writes(channel) == ["sidebar 0.1\n", "panel 0.5\n"])
    }

    /// A nested batch ends with the outermost one, and a later step is a new write.
    @Test func nestedStepsEndTogether() throws {
        let (_, channel) = try subscriber(to: ["sidebar"])
        registry.batch {
            publish("a", transition: "sidebar", coalesce: false)
            registry.batch { publish("b", transition: "sidebar", coalesce: false) }
            publish("c", transition: "sidebar", coalesce: false)
        }
        registry.batch { publish("d", transition: "sidebar") }
        #expect(try writes(channel) == ["a\nb\nc\n", "d\n"])
    }

    /// A client disconnected during the step is owed nothing more.
    @Test func aClientDisconnectedInTheStepGetsNothing() throws {
        let (client, channel) = try subscriber(to: ["sidebar"])
        registry.batch {
            publish("a", transition: "sidebar")
            registry.disconnect(client)
        }
        #expect(try writes(channel).isEmpty)
    }

    /// An event of a group no subscription takes is never encoded, and which groups are taken follows every
    /// subscribe, unsubscribe and departure.
    @Test func aGroupNobodyTakesIsNotEncoded() throws {
        var encoded = 0
        func publishGesture() {
            registry.publish(group: .gesture, transition: "sidebar", now: 0) { out in
                encoded += 1
                out.write("gesture\n")
                return nil
            }
        }
        let (watcher, channel) = try subscriber(to: ["sidebar"])
        publishGesture()
        #expect(encoded == 0 && !registry.anyoneWants(.gesture) && registry.anyoneWants(.progress))
        let gestures = try subscribers.subscribe(watcher, transitions: nil, groups: [.gesture])
        publishGesture()
        #expect(encoded == 1 && registry.anyoneWants(.gesture))
        try subscribers.unsubscribe(watcher, id: gestures)
        publishGesture()
        #expect(encoded == 1 && !registry.anyoneWants(.gesture))
        _ = try subscribers.subscribe(watcher, transitions: ["panel"], groups: [.gesture])
        #expect(registry.anyoneWants(.gesture))
        subscribers.remove(watcher)
        #expect(!registry.anyoneWants(.gesture) && !registry.anyoneWants(.progress))
        #expect(try writes(channel) == ["gesture\n"])
    }
}

/// The lines one engine step owes a client: a single line is sent as it is, several are joined in order.
struct StepBatchTests {
    static let allocator = ByteBufferAllocator()

    @Test func oneLineAsItIsSeveralJoined() {
        var batch = StepBatch()
        let nothing = batch.removeJoined()
        #expect(nothing == nil)
        let first = Self.allocator.buffer(string: "a\n")
        let isFirst = batch.append(first, allocator: Self.allocator)
        let alone = batch.removeJoined(), afterTaking = batch.removeJoined()
        #expect(isFirst && alone == first, "the first of a batch, sent as it is")
        #expect(afterTaking == nil, "taking empties it")
        _ = batch.append(first, allocator: Self.allocator)
        let isFirstAgain = batch.append(Self.allocator.buffer(string: "b\n"), allocator: Self.allocator)
        _ = batch.append(Self.allocator.buffer(string: "c\n"), allocator: Self.allocator)
        let joined = batch.removeJoined()
        #expect(!isFirstAgain && joined.map { String(buffer: $0) } == "a\nb\nc\n")
    }
}
