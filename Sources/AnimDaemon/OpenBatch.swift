/// The engine step's batch while it is open (`SubscriberRegistry.batch`): how deeply batches nest, and the clients
/// owed bytes in it, in the order they were first owed. Only the outermost batch's end sends.
struct OpenBatch {
    private var depth = 0
    private var owed: [ClientConnection] = []
    /// The list the last close handed out, kept so that the next step's list reuses its storage: a step allocates
    /// none, and the caller walks its list with no access to this value held (sending may close clients).
    private var handedOut: [ClientConnection] = []

    var isOpen: Bool { depth > 0 }

    mutating func open() { depth += 1 }

    /// `client` was owed its first bytes of this batch.
    mutating func owe(_ client: ClientConnection) { owed.append(client) }

    /// Ends a batch: the outermost one's end returns the clients owed, in order; a nested one's, nil.
    mutating func close() -> [ClientConnection]? {
        depth -= 1
        guard depth == 0 else { return nil }
        swap(&owed, &handedOut)
        owed.removeAll(keepingCapacity: true)
        return handedOut
    }
}
