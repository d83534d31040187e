package import AnimConfig
package import AnimProtocol
package import Gestures
package import JSONText
package import Motion
package import TransitionModel

/// A client's request to the core, with its answer's own type (issue 60): what each request answers is said once,
/// here, so the shell gets exactly that, and never has to handle "the core gave no answer". Requests come in through
/// `CoreMachine.take` beside the events, which answer nothing; both are values, taken one at a time.
package protocol CoreRequest {
    associatedtype Answer
    /// Carries the request out on `machine` at `time`, appending what to do to `effects`.
    func carryOut(on machine: inout CoreMachine, at time: Double, into effects: inout [CoreEffect]) -> Answer
}

/// `transition.start`, `pause`, `scrub` and the other commands.
package struct CommandRequest: CoreRequest {
    let command: Command

    package func carryOut(on machine: inout CoreMachine, at time: Double, into effects: inout [CoreEffect])
        -> Result<CommandResult, EngineError>
    {
        let (result, output) = machine.engine.perform(command, at: time)
        machine.emit(output, into: &effects)
        return result
    }
}

/// `transition.declare` for the connection `owner` names.
package struct DeclareRequest: CoreRequest {
    let name: String, body: JSONValue, owner: TransitionOwner

    package func carryOut(on machine: inout CoreMachine, at time: Double, into effects: inout [CoreEffect])
        -> Result<Void, RPCError>
    { machine.declare(name, body: body, owner: owner, at: time, into: &effects) }
}

/// `transition.update` from the connection `client`.
package struct UpdateRequest: CoreRequest {
    let name: String, body: JSONValue, client: Int

    package func carryOut(on machine: inout CoreMachine, at time: Double, into effects: inout [CoreEffect])
        -> Result<Void, RPCError>
    { machine.update(name, body: body, client: client, at: time, into: &effects) }
}

/// `transition.retract` from the connection `client`.
package struct RetractRequest: CoreRequest {
    let name: String, client: Int

    package func carryOut(on machine: inout CoreMachine, at time: Double, into effects: inout [CoreEffect])
        -> Result<Void, RPCError>
    { machine.retract(name, client: client, at: time, into: &effects) }
}

/// `daemon.motion`: a run-time setting, or nil to only ask; it answers the motion in force after it.
package struct MotionRequest: CoreRequest {
    let setting: MotionSetting?

    package func carryOut(on machine: inout CoreMachine, at time: Double, into effects: inout [CoreEffect])
        -> MotionStatus
    {
        if let setting { machine.changeMotion(into: &effects) { $0.motionSources.override = setting } }
        return machine.config.motion.status
    }
}

/// `daemon.reload` or SIGHUP: the config as the shell read it again, or why it could not.
package struct ReloadRequest: CoreRequest {
    let loaded: Result<LoadedConfig, ConfigLoadError>

    package func carryOut(on machine: inout CoreMachine, at time: Double, into effects: inout [CoreEffect])
        -> Result<Void, RPCError>
    { machine.reload(loaded, at: time, into: &effects) }
}

/// `input.inject` from the connection `client`: refused whole past the daemon's one budget, else its events and
/// tablet-mode items, each at its place.
package struct InjectRequest: CoreRequest {
    let events: [InputEvent], tabletModes: [InjectedTabletMode], client: Int

    package func carryOut(on machine: inout CoreMachine, at time: Double, into effects: inout [CoreEffect])
        -> Result<Void, RPCError>
    { machine.inject(events, tabletModes: tabletModes, client: client, at: time, into: &effects) }
}

// The requests by the names the events had, so that a call reads `take(.declare(…), at: time)`.

extension CoreRequest where Self == CommandRequest {
    package static func command(_ command: Command) -> Self { CommandRequest(command: command) }
}

extension CoreRequest where Self == DeclareRequest {
    package static func declare(_ name: String, body: JSONValue, owner: TransitionOwner) -> Self {
        DeclareRequest(name: name, body: body, owner: owner)
    }
}

extension CoreRequest where Self == UpdateRequest {
    package static func update(_ name: String, body: JSONValue, client: Int) -> Self {
        UpdateRequest(name: name, body: body, client: client)
    }
}

extension CoreRequest where Self == RetractRequest {
    package static func retract(_ name: String, client: Int) -> Self { RetractRequest(name: name, client: client) }
}

extension CoreRequest where Self == MotionRequest {
    package static func motionSetting(_ setting: MotionSetting?) -> Self { MotionRequest(setting: setting) }
}

extension CoreRequest where Self == ReloadRequest {
    package static func reload(_ loaded: Result<LoadedConfig, ConfigLoadError>) -> Self {
        ReloadRequest(loaded: loaded)
    }
}

extension CoreRequest where Self == InjectRequest {
    package static func inject(_ events: [InputEvent], tabletModes: [InjectedTabletMode], client: Int) -> Self {
        InjectRequest(events: events, tabletModes: tabletModes, client: client)
    }
}
