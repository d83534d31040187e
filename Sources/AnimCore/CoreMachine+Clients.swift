package import AnimProtocol

/// Clients coming and going, and what they subscribe to: each change hands the shell the book as it now is, and the
/// frame timer what the engine now wants (a client that takes every frame gets them from the next frame on, even
/// mid-leg).
extension CoreMachine {
    /// A new connection: its number, or the refusal to write before closing it.
    package mutating func admit(into effects: inout [CoreEffect]) -> Result<Int, RPCError> {
        let admitted = subscriptions.admit()
        switch admitted {
        case let .success(client):
            effects.append(.log(.debug, "client connected", ["client": "\(client)"]))
            clientsChanged(into: &effects)
            effects.append(.announceStatus(soon: true))
        case .failure:
            effects.append(
                .log(
                    .notice, "refusing a client: the daemon is full",
                    ["clients": "\(subscriptions.capacity)", "limit": subscriptions.bindingLimit]))
        }
        return admitted
    }

    /// A connection closed: its subscriptions go, touches it injected and never lifted are cancelled, as X's
    /// touch-cancel would, and what it declared ends.
    mutating func clientLeft(_ client: Int, at time: Double, into effects: inout [CoreEffect]) {
        if subscriptions.remove(client: client) {
            effects.append(.log(.debug, "client disconnected", ["client": "\(client)"]))
            clientsChanged(into: &effects)
            effects.append(.announceStatus(soon: true))
        }
        vanished(.client(client), at: time, into: &effects)
        declarationsLeft(with: client, at: time, into: &effects)
    }

    /// `subscribe` from `client`: the subscription's number.
    package mutating func subscribe(
        client: Int, transitions: Set<String>?, groups: Set<EventGroup>, maxRate: Double?, frames: FrameDelivery,
        into effects: inout [CoreEffect]
    ) -> Result<Int, RPCError> {
        let made = Result { () throws(RPCError) in
            try subscriptions.subscribe(
                client: client, transitions: transitions, groups: groups, maxRate: maxRate, frames: frames)
        }
        if case .success = made { clientsChanged(into: &effects) }
        return made
    }

    /// `unsubscribe` from `client`.
    package mutating func unsubscribe(client: Int, id: Int, into effects: inout [CoreEffect]) -> Result<Void, RPCError>
    {
        let gone = Result { () throws(RPCError) in try subscriptions.unsubscribe(client: client, id: id) }
        if case .success = gone { clientsChanged(into: &effects) }
        return gone
    }

    /// The shell reads who takes what from this copy of the book, and paces frames for who takes them now.
    private func clientsChanged(into effects: inout [CoreEffect]) {
        effects.append(.clientsChanged(subscriptions))
        effects.append(.paceFrames(frameWake))
    }
}
