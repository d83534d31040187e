/// One client connection's life as a value (issue 60): it takes what NIO reports of the connection, one event at a
/// time, and says what to do about it, one action at a time. `ClientHandler` carries the actions out and never
/// decides anything itself; tests drive the machine with no channel (ConnectionMachineTests).
///
/// What it keeps, each a property of the value:
/// - **No event inside another.** NIO reports reads, closes and failed writes from inside calls made on the
///   channel (issue 47). An event posted while the machine is being driven waits for the driver, further up the
///   stack; one posted while the connection is inside a call on its channel made by someone else (the core, writing
///   a frame) waits for the loop's next round of turns, asked for once.
/// - **Turns.** Lines are carried out a turn at a time (`TurnBudget`); a turn that ends with lines left asks for
///   the next round, so the other clients and the frames go between (issue 48). A full socket stalls the client:
///   NIO stops reading it until the socket takes answers again.
/// - **Closing.** Once animd closes the connection nothing it sent is carried out any more; once the peer is gone,
///   what it sent before is still carried out (unheard), then the core forgets it, once; after that, nothing.
///
/// Generic over the bytes read and the error reported, so that tests use plain values.
struct ConnectionMachine<Bytes, Failure> {
    /// What NIO reported.
    enum Event {
        case bytes(Bytes)
        /// The client closed its side: once every line it sent is answered, the connection closes.
        case inputClosed
        /// The socket takes writes again.
        case writable
        /// NIO wrote everything it was handed: frames held meanwhile may go.
        case drained
        case error(Failure)
        /// The channel is closed.
        case inactive
        /// The client's turn, asked for earlier, has come (`resume` posts it).
        case turn
    }

    /// What the handler carries out.
    enum Action {
        /// Feed these bytes (nil: none, only what waits) to the framer and carry out lines while the turn lasts,
        /// then report `turnEnded`.
        case runTurn(Bytes?)
        /// Send the frames the core holds for this client.
        case flushPending
        /// Close once everything handed to NIO is written.
        case closeAfterWrites
        /// Close now, after an error on the socket.
        case closeChannel(after: Failure)
        /// Let the core apply the backlog bound, after a turn that wrote.
        case enforceBacklog
        /// Tell the client its line is over the framer's limit, and close after that.
        case refuseOversizedLine
        /// Let NIO read the socket, or stop it (false: `stalled` says whether for a full socket).
        case setReading(Bool, stalled: Bool)
        /// Call `resume()` in the loop's next round of turns.
        case askToResume
        /// The core forgets the client. Nothing follows.
        case leave
    }

    /// Where the client is in its connection's life; it only moves forward.
    enum Peer {
        case connected
        /// It closed its side.
        case doneSending
        /// The channel is closed: lines sent before are still carried out (unless animd closed it), unheard.
        case gone
        /// The core forgot the client: the machine says nothing more.
        case forgotten
    }

    /// Whether NIO reads the client's socket, and if not, what it waits for.
    enum Flow {
        case reading
        /// Lines it sent wait in the framer for its next turn.
        case linesWaiting
        /// Its socket is full and answers wait in NIO.
        case stalled
    }

    /// What the handler knows of the connection when it asks for the next action: whether the socket takes writes,
    /// and whether whole lines (or the rest of a batch) wait to be carried out.
    struct Facts {
        var writable: Bool
        var holdsWork: Bool
    }

    /// What `post` asks of its caller.
    enum Start: Equatable {
        /// Drive the machine now (`nextAction` until nil).
        case drive
        /// Nothing: the driver further up the stack, or the round asked for, takes the event.
        case wait
        /// Ask for `resume()` in the loop's next round of turns.
        case askToResume
    }

    private(set) var peer = Peer.connected
    private(set) var flow = Flow.reading
    /// animd closed the connection (its backlog, a refused line, the shutdown): nothing more it sent is taken.
    private(set) var isClosing = false
    /// How many calls the connection is making on its channel now (one made inside another counts again).
    private var callDepth = 0
    /// True while someone drives the machine.
    private(set) var isDriving = false
    /// Whether `resume()` is asked for and has not run, and whether it is to run the client's next turn.
    private var round = Round.notAsked
    private var inbox = FIFO<Event>()
    private var steps = FIFO<Step>()

    private enum Round {
        case notAsked
        case asked
        case askedForTurn
    }

    /// The core forgot the client: the machine says nothing more.
    var hasLeft: Bool { peer == .forgotten }

    /// A step of the work an event started: an action, or settling a turn once the actions before it are done
    /// (`enforceBacklog` may close the connection, which the settling must see).
    private enum Step {
        case act(Action)
        case settleTurn
        case takeWaitingLines
    }

    init() {}

    // MARK: - Events in

    /// Takes an event; the answer says whether to drive the machine now.
    mutating func post(_ event: Event) -> Start {
        guard !hasLeft else { return .wait }
        inbox.append(event)
        if isDriving { return .wait }
        if callDepth > 0 { return askResume() }
        isDriving = true
        return .drive
    }

    /// The round asked for has come: the client's turn, if one was asked for, then whatever waits. Always `.drive`
    /// unless the machine is driven already or the client left.
    mutating func resume() -> Start {
        let wantsTurn = round == .askedForTurn
        round = .notAsked
        guard !hasLeft else { return .wait }
        if wantsTurn { inbox.append(.turn) }
        if isDriving { return .wait }
        isDriving = true
        return .drive
    }

    /// The turn that `runTurn` started is over: whether it wrote, and whether it met a line over the limit.
    mutating func turnEnded(wrote: Bool, tooLong: Bool) {
        if tooLong {
            isClosing = true
            return steps.append(.act(.refuseOversizedLine))
        }
        if wrote { steps.append(.act(.enforceBacklog)) }
        steps.append(.settleTurn)
    }

    /// animd closes the connection (or has asked NIO to): from now on nothing the client sent is taken. It takes
    /// effect at once, not in turn, for the core decides it in the middle of its own work.
    mutating func animdCloses() { isClosing = true }

    /// The connection is making a call on its channel; what NIO reports meanwhile waits until `callReturned`.
    mutating func callBegins() { callDepth += 1 }
    mutating func callReturned() { callDepth = max(0, callDepth - 1) }

    // MARK: - Actions out

    /// The next thing to do, given what the handler knows now; nil when nothing is left, which ends the drive.
    mutating func nextAction(_ facts: Facts) -> Action? {
        while !hasLeft {
            if let step = steps.popFirst() {
                if let action = carryOn(step, facts) { return action }
                continue
            }
            guard let event = inbox.popFirst() else { break }
            handle(event, facts)
        }
        isDriving = false
        return nil
    }

    private mutating func carryOn(_ step: Step, _ facts: Facts) -> Action? {
        switch step {
        case let .act(action):
            if case .leave = action { peer = .forgotten }
            return action
        case .settleTurn:
            settleTurn(facts)
        case .takeWaitingLines:
            takeWaitingLines(facts)
        }
        return nil
    }

    private mutating func handle(_ event: Event, _ facts: Facts) {
        switch event {
        case let .bytes(bytes):
            guard !isClosing else { return }
            steps.append(.act(.runTurn(bytes)))
        case .inputClosed:
            guard !isClosing else { return }
            if peer == .connected { peer = .doneSending }
            if !facts.holdsWork { closeAfterWrites() }
        case .writable:
            steps.append(.act(.flushPending))
            steps.append(.takeWaitingLines)
        case .drained:
            steps.append(.act(.flushPending))
        case .turn:
            steps.append(.takeWaitingLines)
        case let .error(failure):
            steps.append(.act(.closeChannel(after: failure)))
        case .inactive:
            peer = .gone
            if !isClosing, facts.holdsWork { return askTurn() }
            steps.append(.act(.leave))
        }
    }

    /// After a turn: a gone client is carried out to its last line, then forgotten (animd's own close forgets it at
    /// once); a client done sending is closed once nothing waits; else NIO reads its socket only while nothing of
    /// its own waits, and a turn that ended with lines left goes on after the others' (a full socket goes on when
    /// it drains).
    private mutating func settleTurn(_ facts: Facts) {
        if peer == .gone {
            if facts.holdsWork && !isClosing { return askTurn() }
            return steps.append(.act(.leave))
        }
        guard !isClosing else { return }
        if peer == .doneSending && !facts.holdsWork { return closeAfterWrites() }
        become(facts.writable ? (facts.holdsWork ? .linesWaiting : .reading) : .stalled)
        if facts.holdsWork && facts.writable { askTurn() }
    }

    /// The lines kept from an earlier turn, if any, else reading the socket again; nothing while the socket is full
    /// (the writability change comes back here).
    private mutating func takeWaitingLines(_ facts: Facts) {
        guard !isClosing, mayWrite(writable: facts.writable) else { return }
        guard facts.holdsWork else {
            if peer == .gone { return steps.append(.act(.leave)) }
            return become(.reading)
        }
        steps.append(.act(.runTurn(nil)))
    }

    /// Whether answers may be written now: the socket takes them, or nobody is there to read them any more.
    func mayWrite(writable: Bool) -> Bool { peer == .gone || writable }

    private mutating func closeAfterWrites() {
        isClosing = true
        steps.append(.act(.closeAfterWrites))
    }

    private mutating func become(_ next: Flow) {
        guard next != flow else { return }
        let wasReading = flow == .reading
        flow = next
        if wasReading != (next == .reading) || next == .stalled {
            steps.append(.act(.setReading(next == .reading, stalled: next == .stalled)))
        }
    }

    /// The client's next turn, in the next round of the clients' turns: after the sockets the loop finds ready.
    private mutating func askTurn() {
        let asked = round != .notAsked
        round = .askedForTurn
        if !asked { steps.append(.act(.askToResume)) }
    }

    private mutating func askResume() -> Start {
        guard round == .notAsked else { return .wait }
        round = .asked
        return .askToResume
    }
}

extension ConnectionMachine.Action: Equatable where Bytes: Equatable, Failure: Equatable {}
