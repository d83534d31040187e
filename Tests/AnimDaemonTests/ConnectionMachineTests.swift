import TestSupport
import Testing

@testable import AnimDaemon

/// The connection's life as a value (issue 60), with no channel: a handler made of plain values (`Handler`) carries
/// out the machine's actions as `ClientHandler` does. Bytes are a number of whole lines, numbered as they arrive; a
/// turn answers them in order, at least one and at most its budget while the socket takes writes.
struct ConnectionMachineTests {
    typealias Machine = ConnectionMachine<Int, String>

    /// Carries out the machine's actions, checking as it goes that nothing follows `leave` and that a turn never
    /// runs once animd closed the connection.
    final class Handler {
        var machine = Machine()
        var writable = true
        /// Lines sent and not yet carried out, by number.
        var waiting: [Int] = []
        var received = 0
        var answered: [Int] = []
        var actions: [Machine.Action] = []
        var resumesAsked = 0
        var left = 0
        var reading = true
        /// How many lines the next turn may take at most (its time may run out before 32).
        var budget = TurnBudget.linesPerTurn
        /// Called inside each action, as NIO calls back into a handler from inside its calls.
        var inside: ((Handler, Machine.Action) -> Void)?
        var problems: [String] = []

        var facts: Machine.Facts { Machine.Facts(writable: writable, holdsWork: !waiting.isEmpty) }

        func post(_ event: Machine.Event) { start(machine.post(event)) }

        func resume() {
            resumesAsked -= 1
            start(machine.resume())
        }

        func start(_ start: Machine.Start) {
            switch start {
            case .drive: while let action = machine.nextAction(facts) { carryOut(action) }
            case .askToResume: resumesAsked += 1
            case .wait: break
            }
        }

        func carryOut(_ action: Machine.Action) {
            if left > 0 { problems.append("\(action) after leave") }
            actions.append(action)
            inside?(self, action)
            switch action {
            case let .runTurn(lines): runTurn(lines ?? 0)
            case .askToResume: resumesAsked += 1
            case .leave: left += 1
            case let .setReading(value, _): reading = value
            default: break
            }
            if resumesAsked > 1 { problems.append("resume asked for twice") }
        }

        private func runTurn(_ lines: Int) {
            if machine.isClosing { problems.append("a turn after animd closed") }
            waiting += received..<(received + lines)
            received += lines
            var taken = 0
            while !waiting.isEmpty, taken == 0 || (machine.mayWrite(writable: writable) && taken < budget) {
                answered.append(waiting.removeFirst())
                taken += 1
            }
            machine.turnEnded(wrote: taken > 0, tooLong: false)
        }
    }

    // MARK: - Each event

    @Test func bytesRunATurnAndNothingElseWhenAllIsAnswered() {
        let handler = Handler()
        handler.post(.bytes(3))
        #expect(handler.actions == [.runTurn(3), .enforceBacklog])
        #expect(handler.answered == [0, 1, 2] && handler.machine.flow == .reading)
    }

    @Test func linesLeftOverStopReadingAndAskForTheNextRound() {
        let handler = Handler()
        handler.budget = 2
        handler.post(.bytes(5))
        #expect(
            handler.actions == [.runTurn(5), .enforceBacklog, .setReading(false, stalled: false), .askToResume])
        #expect(handler.answered == [0, 1])
        handler.resume()
        handler.resume()
        #expect(handler.answered == [0, 1, 2, 3, 4] && handler.reading && handler.resumesAsked == 0)
    }

    @Test func aFullSocketStallsTheClientUntilItIsWritable() {
        let handler = Handler()
        handler.writable = false
        handler.post(.bytes(3))
        #expect(handler.answered == [0], "a turn takes its first line before it asks the socket")
        #expect(handler.actions.last == .setReading(false, stalled: true) && handler.resumesAsked == 0)
        handler.writable = true
        handler.post(.writable)
        #expect(
            handler.actions.suffix(4) == [
                .flushPending, .runTurn(nil), .enforceBacklog, .setReading(true, stalled: false),
            ])
        #expect(handler.answered == [0, 1, 2])
    }

    @Test func inputClosedWithNothingWaitingClosesAfterWritesAndTakesNothingMore() {
        let handler = Handler()
        handler.post(.inputClosed)
        #expect(handler.actions == [.closeAfterWrites] && handler.machine.isClosing)
        handler.post(.bytes(2))
        #expect(handler.actions == [.closeAfterWrites] && handler.answered.isEmpty)
    }

    @Test func inputClosedWhileLinesWaitClosesOnceTheyAreAnswered() {
        let handler = Handler()
        handler.budget = 1
        handler.post(.bytes(2))
        handler.post(.inputClosed)
        #expect(!handler.actions.contains(.closeAfterWrites))
        handler.resume()
        #expect(handler.answered == [0, 1] && handler.actions.last == .closeAfterWrites)
    }

    @Test func anErrorClosesTheChannelAndTheCloseForgetsTheClient() {
        let handler = Handler()
        handler.post(.error("reset"))
        handler.post(.inactive)
        #expect(handler.actions == [.closeChannel(after: "reset"), .leave])
        #expect(handler.machine.post(.drained) == .wait, "a write that completes after the peer left: nothing")
        #expect(handler.machine.nextAction(handler.facts) == nil && handler.problems.isEmpty)
    }

    @Test func aGoneClientsLinesAreStillCarriedOutThenItIsForgotten() {
        let handler = Handler()
        handler.budget = 1
        handler.writable = false
        handler.post(.bytes(3))
        handler.post(.inactive)
        #expect(handler.resumesAsked == 1 && handler.left == 0)
        handler.resume()
        handler.resume()
        #expect(handler.answered == [0, 1, 2] && handler.left == 1, "unheard, whatever the socket")
    }

    @Test func animdsOwnCloseForgetsAtOnceWhateverWaits() {
        let handler = Handler()
        handler.budget = 1
        handler.post(.bytes(3))
        handler.machine.animdCloses()
        handler.post(.inactive)
        #expect(handler.left == 1 && handler.answered == [0])
    }

    @Test func aCloseDuringTheBacklogCheckEndsTheTurnThere() {
        let handler = Handler()
        handler.budget = 1
        handler.inside = { handler, action in if action == .enforceBacklog { handler.machine.animdCloses() } }
        handler.post(.bytes(3))
        #expect(handler.actions == [.runTurn(3), .enforceBacklog], "neither reading again nor another turn")
    }

    @Test func eventsPostedWhileDrivingWaitForTheDriver() {
        let handler = Handler()
        handler.inside = { handler, action in
            guard case .runTurn(3) = action else { return }
            #expect(handler.machine.post(.error("EPIPE")) == .wait)
            #expect(handler.machine.post(.inactive) == .wait)
        }
        handler.post(.bytes(3))
        #expect(handler.actions == [.runTurn(3), .enforceBacklog, .closeChannel(after: "EPIPE"), .leave])
    }

    @Test func eventsPostedInsideSomeoneElsesCallWaitForTheNextRound() {
        var machine = Machine()
        machine.callBegins()
        #expect(machine.post(.drained) == .askToResume)
        #expect(machine.post(.inactive) == .wait, "one round asked for")
        machine.callReturned()
        #expect(machine.resume() == .drive)
        let facts = Machine.Facts(writable: true, holdsWork: false)
        #expect(machine.nextAction(facts) == .flushPending)
        #expect(machine.nextAction(facts) == .leave)
        #expect(machine.nextAction(facts) == nil)
    }

    @Test func aTurnThatRunsOutGoesOnInTheNextRounds() {
        let handler = Handler()
        handler.budget = 3
        handler.post(.bytes(7))
        #expect(handler.answered.count == 3 && handler.resumesAsked == 1 && !handler.reading)
        handler.resume()
        #expect(handler.answered.count == 6 && handler.resumesAsked == 1)
        handler.resume()
        #expect(handler.answered == Array(0..<7) && handler.resumesAsked == 0 && handler.reading)
    }

    // MARK: - Random sequences

    /// 10,000 sequences of random events from a seeded generator; after each, the client leaves. Invariants: nothing
    /// after `leave`, `leave` exactly once, no turn once animd closed, one round asked for at most, the lines answered
    /// in the order sent with none twice, every line answered unless animd closed the connection, and NIO reading the
    /// socket exactly when the machine says so.
    @Test func randomSequencesKeepTheInvariants() {
        var random = SplitMix64(seed: 60)
        for sequence in 0..<10_000 {
            let handler = Handler()
            for _ in 0..<Int.random(in: 1...24, using: &random) { step(handler, &random) }
            finish(handler)
            let closedByAnimd = handler.machine.isClosing
            #expect(handler.problems.isEmpty, "sequence \(sequence): \(handler.problems)")
            #expect(handler.left == 1, "sequence \(sequence)")
            #expect(handler.answered == Array(0..<handler.answered.count), "sequence \(sequence)")
            if !closedByAnimd { #expect(handler.answered.count == handler.received, "sequence \(sequence)") }
            if handler.problems.isEmpty == false || handler.left != 1 { return }
        }
    }

    private func step(_ handler: Handler, _ random: inout SplitMix64) {
        handler.budget = Int.random(in: 1...TurnBudget.linesPerTurn, using: &random)
        switch Int.random(in: 0..<10, using: &random) {
        case 0...2: handler.post(.bytes(Int.random(in: 0...4, using: &random)))
        case 3:
            handler.writable.toggle()
            if handler.writable { handler.post(.writable) }
        case 4: handler.post(.drained)
        case 5: if handler.resumesAsked > 0 { handler.resume() }
        case 6: if Int.random(in: 0..<4, using: &random) == 0 { handler.post(.inputClosed) }
        case 7: if Int.random(in: 0..<6, using: &random) == 0 { handler.post(.error("EPIPE")) }
        case 8: insideACall(handler, &random)
        default: if Int.random(in: 0..<20, using: &random) == 0 { handler.machine.animdCloses() }
        }
        if handler.machine.flow == .reading, !handler.machine.isClosing, !handler.reading {
            handler.problems.append("the machine reads, NIO does not")
        }
    }

    /// Events that NIO reports while the core writes to this client (a frame): they wait for the next round.
    private func insideACall(_ handler: Handler, _ random: inout SplitMix64) {
        handler.machine.callBegins()
        let event: Machine.Event = Int.random(in: 0..<2, using: &random) == 0 ? .drained : .bytes(1)
        let start = handler.machine.post(event)
        if start == .drive { handler.problems.append("driven inside a call") }
        handler.machine.callReturned()
        handler.start(start)
    }

    /// The peer goes, and the loop runs the rounds asked for (a bounded number) until nothing is left.
    private func finish(_ handler: Handler) {
        handler.post(.inactive)
        handler.writable = true
        for _ in 0..<1_000 where handler.resumesAsked > 0 { handler.resume() }
        if handler.resumesAsked > 0 { handler.problems.append("rounds without end") }
    }
}
