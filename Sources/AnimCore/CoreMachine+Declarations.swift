package import AnimConfig
package import AnimProtocol
package import JSONText
package import TransitionModel

/// Transitions that clients declare (`transition.declare`, `update`, `retract`): each change goes through the
/// declarations' rules, then the composed tables go to the engine and what they need of input to the backend.
extension CoreMachine {
    package mutating func declare(
        _ name: String, body: JSONValue, owner: TransitionOwner, at time: Double,
        into effects: inout [CoreEffect]
    ) -> Result<Void, RPCError> {
        do {
            try config.changeDeclarations { (book, loaded) throws(DeclarationRefusal) in
                try book.declare(name, body, by: owner, over: loaded)
            }
        } catch {
            return .failure(DeclarationWire.rpcError(error, method: .declare))
        }
        effects.append(.log(.info, "transition declared", ["transition": "\(name)", "owner": "\(owner.description)"]))
        forgetNames(since: tablesChanged(at: time, into: &effects), into: &effects)
        return .success(())
    }

    /// Lays `body` over what `client` declared; a gesture or leg under way goes on without a jump.
    package mutating func update(
        _ name: String, body: JSONValue, client: Int, at time: Double, into effects: inout [CoreEffect]
    ) -> Result<Void, RPCError> {
        let declared: Declaration
        do {
            declared = try config.changeDeclarations { (book, loaded) throws(DeclarationRefusal) in
                try book.update(name, body, by: client, over: loaded)
            }
        } catch {
            return .failure(DeclarationWire.rpcError(error, method: .update))
        }
        forgetNames(
            since: tablesChanged(keepingGestures: Set(declared.bindings.map(\.name)), at: time, into: &effects),
            into: &effects)
        return .success(())
    }

    package mutating func retract(_ name: String, client: Int, at time: Double, into effects: inout [CoreEffect])
        -> Result<Void, RPCError>
    {
        let gone: Declaration
        do {
            gone = try config.changeDeclarations { (book, loaded) throws(DeclarationRefusal) in
                try book.retract(name, by: client, config: loaded)
            }
        } catch {
            return .failure(DeclarationWire.rpcError(error, method: .retract))
        }
        let before = tablesChanged(at: time, into: &effects)
        removed(gone, reason: .retracted, message: "retracted by its owner", into: &effects)
        forgetNames(since: before, into: &effects)
        return .success(())
    }

    /// The connection closed: what it declared ends.
    package mutating func declarationsLeft(with client: Int, at time: Double, into effects: inout [CoreEffect]) {
        let gone = config.removeDeclarations(ownedBy: client)
        guard !gone.isEmpty else { return }
        let before = tablesChanged(at: time, into: &effects)
        for declaration in gone {
            removed(declaration, reason: .disconnected, message: "its owner's connection closed", into: &effects)
        }
        forgetNames(since: before, into: &effects)
    }

    /// Hands the composed tables to the engine (a removed transition's leg or gesture ends where it is, with
    /// `transition.ended` at `current`), and what they need of input to the backend. Returns the names the engine
    /// had before, for `forgetNames` once every line about a removed one is out.
    private mutating func tablesChanged(
        keepingGestures kept: Set<String> = [], at time: Double,
        into effects: inout [CoreEffect]
    ) -> (transitions: Set<String>, bindings: Set<String>) {
        let tables = config.effective
        let before = engine.names
        emit(
            engine.reconfigure(
                transitions: tables.transitions, bindings: tables.bindings, at: time, keepingGestures: kept),
            into: &effects)
        effects.append(.configureBackend(inputPlan))
        effects.append(.announceStatus(soon: true))
        return before
    }

    /// Tells the shell the names the engine had at `before` and has no longer; after the last line that names them,
    /// which would otherwise make the shell remember them again.
    package func forgetNames(
        since before: (transitions: Set<String>, bindings: Set<String>), into effects: inout [CoreEffect]
    ) {
        let now = engine.names
        let gone = (
            transitions: before.transitions.subtracting(now.transitions),
            bindings: before.bindings.subtracting(now.bindings)
        )
        if !gone.transitions.isEmpty || !gone.bindings.isEmpty {
            effects.append(.forget(transitions: gone.transitions, bindings: gone.bindings))
        }
    }

    /// Tells the subscribers of a declared transition that it is gone, after its last `transition.ended`.
    package func removed(
        _ declaration: Declaration, reason: RemovalReason, message: String, into effects: inout [CoreEffect]
    ) {
        effects.append(
            .log(
                .info, "declared transition removed",
                [
                    "transition": "\(declaration.name)", "reason": "\(message)",
                    "owner": "\(declaration.owner.description)",
                ]))
        effects.append(.line(.removed(declaration.name, owner: declaration.owner, reason: reason, message: message)))
    }

    package var declared: (transitions: [DaemonHello.Declared], yielding: [String]) {
        let book = config.declarations
        let yielding = book.yielding(in: config.loaded)
        return (
            book.declarations.map {
                DaemonHello.Declared(name: $0.name, owner: $0.owner, bindings: $0.bindings.map(\.name))
            },
            config.config.bindings.map(\.name).filter(yielding.contains)
        )
    }
}
