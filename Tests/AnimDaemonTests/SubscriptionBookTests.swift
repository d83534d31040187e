import AnimProtocol
import Testing

@testable import AnimCore

/// The clients as the core knows them: admission up to the limits, subscriptions and their counts, and what a client
/// that leaves takes with it. Plain values, through the machine where the machine adds effects.
struct SubscriptionBookTests {
    static let limits = ClientLimits(clients: 3, subscriptions: 2, backlog: 1 << 20)

    @Test func admissionStopsAtTheLowerOfTheLimits() throws {
        var book = SubscriptionBook(limits: Self.limits)
        #expect(try book.admit().get() == 1)
        #expect(try book.admit().get() == 2)
        book.descriptorRoom = 2
        guard case let .failure(refusal) = book.admit() else { Issue.record("admitted past the room"); return }
        #expect(refusal.code == RPCErrorCode.limitReached.rawValue)
        #expect(refusal.message == "limit reached: at most 2 clients (the descriptor limit (RLIMIT_NOFILE))")
        book.descriptorRoom = .max
        #expect(try book.admit().get() == 3, "numbers are never reused")
        guard case let .failure(full) = book.admit() else { Issue.record("admitted past max-clients"); return }
        #expect(full.message == "limit reached: at most 3 clients (max-clients)")
        let (first, second) = (book.remove(client: 2), book.remove(client: 2))
        #expect(first && !second, "removed once")
        #expect(try book.admit().get() == 4, "a client's leaving makes room")
    }

    @Test func subscriptionsAreCountedPerClientAndGoWithIt() throws {
        var book = SubscriptionBook(limits: Self.limits)
        let client = try book.admit().get()
        let progress = try book.subscribe(
            client: client, transitions: ["sidebar"], groups: [.progress], maxRate: 30, frames: .all)
        #expect(book.framesWanted && !book.recordingInput && book.frameReaders == 1)
        let recording = try book.subscribe(
            client: client, transitions: nil, groups: [.inputEvents], maxRate: nil, frames: .all)
        #expect(book.recordingInput && book.subscriptionCount == 2)
        var full = book
        let pastTheLimit = Result { () throws(RPCError) in
            try full.subscribe(client: client, transitions: nil, groups: [.state], maxRate: nil, frames: .all)
        }
        let unknown = Result { () throws(RPCError) in try full.unsubscribe(client: client, id: progress + 100) }
        let neverAdmitted = Result { () throws(RPCError) in
            try full.subscribe(client: 99, transitions: nil, groups: [.state], maxRate: nil, frames: .all)
        }
        #expect(throws: RPCError.self, "past max-subscriptions") { try pastTheLimit.get() }
        #expect(throws: RPCError.self, "no such subscription") { try unknown.get() }
        #expect(throws: RPCError.self, "a number never admitted") { try neverAdmitted.get() }
        #expect(full.subscriptionCount == 2)
        try book.unsubscribe(client: client, id: recording)
        #expect(!book.recordingInput && book.framesWanted)
        let removed = book.remove(client: client)
        #expect(removed)
        #expect(!book.framesWanted && book.frameReaders == 0 && book.subscriptionCount == 0)
        #expect(book.wantedGroups == 0)
    }

    /// `frames: "driven"` takes progress, but not every frame of a running leg; the most demanding rate wins, and an
    /// unlimited subscription is the most demanding.
    @Test func interestFollowsGroupsTransitionsAndRates() throws {
        var book = SubscriptionBook(limits: ClientLimits(clients: 3, subscriptions: 8, backlog: 1 << 20))
        let client = try book.admit().get()
        _ = try book.subscribe(client: client, transitions: nil, groups: [.progress], maxRate: 10, frames: .driven)
        #expect(!book.framesWanted && book.frameReaders == 1)
        #expect(book.interest(of: client, group: .progress, transition: "sidebar", analytic: true).wanted == false)
        let driven = book.interest(of: client, group: .progress, transition: "sidebar", analytic: false)
        #expect(driven.wanted && driven.rate == 10)
        _ = try book.subscribe(client: client, transitions: ["panel"], groups: [.progress], maxRate: 60, frames: .all)
        #expect(book.interest(of: client, group: .progress, transition: "panel", analytic: false).rate == 60)
        #expect(book.interest(of: client, group: .progress, transition: "sidebar", analytic: false).rate == 10)
        _ = try book.subscribe(client: client, transitions: ["panel"], groups: [.progress], maxRate: nil, frames: .all)
        let unlimited = book.interest(of: client, group: .progress, transition: "panel", analytic: true)
        #expect(unlimited.wanted && unlimited.rate == nil)
        #expect(book.interest(of: client, group: .state, transition: "panel", analytic: false).wanted == false)
        #expect(book.wantedGroups == EventGroup.progress.bit)
    }

    /// Through the machine: admission, a subscription and a departure each hand the shell the book and the frame
    /// timer's wake; a refusal is logged and changes nothing.
    @Test func theMachineHandsEachChangeToTheShell() throws {
        var machine = try CoreMachineTests.machine()
        _ = machine.take(.descriptorRoom(1), at: 0)
        let admitted = machine.take(.admit, at: 0)
        let client = try admitted.answer.get()
        #expect(Self.changes(admitted) == ["book 1", "pace", "status"])
        let refused = machine.take(.admit, at: 0)
        guard case .failure = refused.answer else { Issue.record("admitted past the room"); return }
        #expect(Self.changes(refused) == ["notice"])
        _ = machine.take(.command(.toggle("sidebar")), at: 1)
        let subscribed = machine.take(
            .subscribe(client: client, transitions: nil, groups: [.progress], maxRate: nil), at: 1.001)
        #expect(Self.changes(subscribed) == ["book 1", "pace"])
        let wake = subscribed.effects.compactMap { if case let .paceFrames(wake) = $0 { wake } else { nil } }
        #expect(wake == [FrameWake(deadlines: machine.deadlines, framesWanted: true)] && wake.first?.engine != nil)
        let left = machine.take(.clientLeft(client), at: 1.002)
        #expect(Self.changes(left).prefix(3) == ["book 0", "pace", "status"])
        #expect(!machine.subscriptions.framesWanted)
        let stopped = machine.take(.shutdown(reason: "test"), at: 2)
        #expect(stopped.effects.contains { if case .paceFrames(.idle) = $0 { true } else { false } })
        #expect(machine.frameWake == .idle)
    }

    private static func changes<Answer>(_ step: CoreStep<Answer>) -> [String] {
        step.effects.compactMap { effect in
            switch effect {
            case let .clientsChanged(book): "book \(book.clients.count)"
            case .paceFrames: "pace"
            case .announceStatus: "status"
            case .log(.notice, _, _): "notice"
            default: nil
            }
        }
    }
}
