package import AnimProtocol

/// A new connection asks to be admitted: its number, or why not.
package struct AdmitRequest: CoreRequest {
    package func carryOut(on machine: inout CoreMachine, at time: Double, into effects: inout [CoreEffect])
        -> Result<Int, RPCError>
    { machine.admit(into: &effects) }
}

/// `subscribe` from the connection `client`: the subscription's number.
package struct SubscribeRequest: CoreRequest {
    let client: Int, transitions: Set<String>?, groups: Set<EventGroup>, maxRate: Double?, frames: FrameDelivery

    package func carryOut(on machine: inout CoreMachine, at time: Double, into effects: inout [CoreEffect])
        -> Result<Int, RPCError>
    {
        machine.subscribe(
            client: client, transitions: transitions, groups: groups, maxRate: maxRate, frames: frames,
            into: &effects)
    }
}

/// `unsubscribe` from the connection `client`.
package struct UnsubscribeRequest: CoreRequest {
    let client: Int, id: Int

    package func carryOut(on machine: inout CoreMachine, at time: Double, into effects: inout [CoreEffect])
        -> Result<Void, RPCError>
    { machine.unsubscribe(client: client, id: id, into: &effects) }
}

extension CoreRequest where Self == AdmitRequest {
    package static var admit: Self { AdmitRequest() }
}

extension CoreRequest where Self == SubscribeRequest {
    package static func subscribe(
        client: Int, transitions: Set<String>?, groups: Set<EventGroup>, maxRate: Double?,
        frames: FrameDelivery = .all
    ) -> Self {
        SubscribeRequest(client: client, transitions: transitions, groups: groups, maxRate: maxRate, frames: frames)
    }
}

extension CoreRequest where Self == UnsubscribeRequest {
    package static func unsubscribe(client: Int, id: Int) -> Self { UnsubscribeRequest(client: client, id: id) }
}
