import AnimConfig
import AnimProtocol
import TransitionModel

/// Transitions that clients declare (`transition.declare`, `update`, `retract`): each change goes through the
/// declarations' rules, then the composed tables go to the engine and what they need of input to the backend.
extension DaemonCore {
    /// Declares a transition for `client`.
    func declare(_ name: String, body: JSONValue, from client: ClientConnection) throws(RPCError) {
        do {
            let value = try DeclarationWire.value(body)
            try config.changeDeclarations { (book, loaded) throws(DeclarationRefusal) in
                try book.declare(name, value, by: client.owner, over: loaded)
            }
        } catch {
            throw DeclarationWire.rpcError(error, method: .declare)
        }
        logger.info("transition declared", metadata: ["transition": "\(name)", "owner": "\(client.owner.description)"])
        tablesChanged()
    }

    /// Lays `body` over what `client` declared; a gesture or leg under way goes on without a jump.
    func updateDeclaration(_ name: String, body: JSONValue, from client: ClientConnection) throws(RPCError) {
        let declared: Declaration
        do {
            let value = try DeclarationWire.value(body)
            declared = try config.changeDeclarations { (book, loaded) throws(DeclarationRefusal) in
                try book.update(name, value, by: client.id, over: loaded)
            }
        } catch {
            throw DeclarationWire.rpcError(error, method: .update)
        }
        tablesChanged(keepingGestures: Set(declared.bindings.map(\.name)))
    }

    func retract(_ name: String, from client: ClientConnection) throws(RPCError) {
        let gone: Declaration
        do {
            gone = try config.changeDeclarations { (book, loaded) throws(DeclarationRefusal) in try book.retract(name, by: client.id, config: loaded) }
        } catch {
            throw DeclarationWire.rpcError(error, method: .retract)
        }
        tablesChanged()
        announceRemoved(gone, reason: .retracted, message: "retracted by its owner")
    }

    /// The connection closed: what it declared ends.
    func declarationsLeft(with client: ClientConnection) {
        let gone = config.removeDeclarations(ownedBy: client.id)
        guard !gone.isEmpty else { return }
        tablesChanged()
        for declaration in gone { announceRemoved(declaration, reason: .disconnected, message: "its owner's connection closed") }
    }

    /// Hands the composed tables to the engine (a removed transition's leg or gesture ends where it is, with
    /// `transition.ended` at `current`), and what they need of input to the backend.
    func tablesChanged(keepingGestures kept: Set<String> = []) {
        let time = now()
        let tables = config.effective
        publish(engine.reconfigure(transitions: tables.transitions, bindings: tables.bindings, at: time, keepingGestures: kept), at: time)
        supervisor.backend?.configure(inputPlan)
        systemd.announceSoon(statusLine)
    }

    /// Tells the subscribers of a declared transition that it is gone, after its last `transition.ended`.
    func announceRemoved(_ declaration: Declaration, reason: RemovalReason, message: String) {
        logger.info("declared transition removed", metadata: ["transition": "\(declaration.name)", "reason": "\(message)",
                                                                "owner": "\(declaration.owner.description)"])
        registry.publish(group: .state, transition: declaration.name, now: now()) {
            EventLine.removed(name: declaration.name, reason: reason, message: message, owner: declaration.owner, into: &$0)
            return nil
        }
    }

    var declared: (transitions: [DaemonHello.Declared], yielding: [String]) {
        let book = config.declarations
        let yielding = book.yielding(in: config.loaded)
        return (book.declarations.map { DaemonHello.Declared(name: $0.name, owner: $0.owner, bindings: $0.bindings.map(\.name)) },
                config.config.bindings.map(\.name).filter(yielding.contains))
    }

    var owners: [String: TransitionOwner] { config.declarations.owners }
}
