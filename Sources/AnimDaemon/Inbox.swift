/// A channel handler's events, taken one at a time.
///
/// NIO calls a handler back from inside calls made on its own channel: a write or flush that fails first reads
/// whatever the socket still holds (`channelRead`), then closes it (`errorCaught`, `channelInactive`, failed write
/// promises), all before the write returns. A handler that writes in the middle of its own work, as `ClientHandler`
/// does while the framer hands it lines, would be entered a second time with its state half changed (issue 47: a
/// client that wrote 2 KB of requests and closed aborted animd on a Swift exclusivity check). So every event is
/// posted here first; the handler takes them in order, and an event posted while it is taking one waits its turn.
///
/// Loop-confined, like the handler that owns it.
struct Inbox<Event> {
    private var waiting = FIFO<Event>()
    /// True while the owner takes events: anything posted meanwhile is taken by that same round, after the event
    /// being taken, and never from inside it.
    private(set) var isTaking = false

    mutating func post(_ event: Event) { waiting.append(event) }

    /// Starts a round of taking; false when one is already under way (its caller is further up the stack).
    mutating func beginTaking() -> Bool {
        guard !isTaking else { return false }
        isTaking = true
        return true
    }

    /// The next event of this round, in the order posted; nil ends the round.
    mutating func next() -> Event? {
        guard let event = waiting.popFirst() else {
            isTaking = false
            return nil
        }
        return event
    }
}
