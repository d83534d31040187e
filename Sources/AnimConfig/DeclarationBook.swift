public import JSONText
public import TransitionModel
public import Transitions

/// The transitions clients declared, in the order they were, and the rules that place them beside the config
/// (docs/config.md, "Declared transitions"):
/// - names are unique in the daemon, transitions and bindings alike; a clash is refused, naming the owner;
/// - the user's config wins: a declared edge pan that contends with a binding the user's file writes is refused,
///   naming that binding;
/// - a declaration steps in front of the embedded default: a default edge pan it contends with yields to it while
///   it lives (it comes after the declarations, so it takes only the swipes they do not: outside their span, on
///   another monitor), and is first again after;
/// - of two declarations that contend, the second is refused, naming the first one's owner.
///
/// Pure: the daemon asks it, and hands the tables it composes to the engine.
public struct DeclarationBook: Sendable {
    public private(set) var declarations: [Declaration] = []

    public init() {}

    public func declaration(named name: String) -> Declaration? { declarations.first { $0.name == name } }

    /// Each declared transition's owner, by name: what answers that list transitions look their entries up in.
    public var owners: [String: TransitionOwner] {
        Dictionary(declarations.map { ($0.name, $0.owner) }, uniquingKeysWith: { first, _ in first })
    }

    /// Declares a transition, or says why not; the new declaration on success.
    @discardableResult
    public mutating func declare(
        _ name: String, _ body: JSONValue, by owner: TransitionOwner,
        over config: LoadedConfig
    ) throws(DeclarationRefusal) -> Declaration {
        let body = try ConfigNode(json: body, at: Declaration.origin)
        let settings = config.config.daemon
        if let problem = Declaration.nameProblem(name) { throw .invalid([ConfigError(key: "name", message: problem)]) }
        if let existing = declaration(named: name) {
            throw .conflict(
                existing.owner.connection == owner.connection
                    ? "\"\(name)\" is declared already, by this connection: transition.update changes it"
                    : "\"\(name)\" is declared already, by \(existing.owner.description)", owner: existing.owner)
        }
        if declarations.count >= settings.maxDeclarations {
            throw .limit(
                "at most \(settings.maxDeclarations) declared transitions in the daemon ([daemon] max-declarations)")
        }
        if declarations.count(where: { $0.owner.connection == owner.connection }) >= settings.maxDeclarationsPerClient {
            throw .limit(
                "at most \(settings.maxDeclarationsPerClient) declared transitions per connection ([daemon] max-declarations-per-client)"
            )
        }
        let declaration = try Declaration.read(name: name, owner: owner, declared: try Self.table(body))
        try check(declaration, against: config, places: DeclaredPlaces(declarations))
        declarations.append(declaration)
        return declaration
    }

    /// Lays `body` over what `connection` declared as `name`, checked again as a new declaration would be.
    @discardableResult
    public mutating func update(
        _ name: String, _ body: JSONValue, by connection: Int,
        over config: LoadedConfig
    ) throws(DeclarationRefusal) -> Declaration {
        let body = try ConfigNode(json: body, at: Declaration.origin)
        let index = try ownedIndex(name, by: connection, config: config)
        let updated = try declarations[index].updated(with: try Self.table(body))
        try check(
            updated, against: config, places: DeclaredPlaces(declarations[..<index] + declarations[(index + 1)...]))
        declarations[index] = updated
        return updated
    }

    /// Ends what `connection` declared as `name`.
    @discardableResult
    public mutating func retract(_ name: String, by connection: Int, config: LoadedConfig) throws(DeclarationRefusal)
        -> Declaration
    {
        declarations.remove(at: try ownedIndex(name, by: connection, config: config))
    }

    /// Ends everything the connection declared: it closed.
    public mutating func removeAll(ownedBy connection: Int) -> [Declaration] {
        let gone = declarations.filter { $0.owner.connection == connection }
        if !gone.isEmpty { declarations.removeAll { $0.owner.connection == connection } }
        return gone
    }

    /// After a reload: each declaration checked against the new config and the ones kept before it, in the order
    /// declared; those the config now takes, or that are past its limits, end. The user's config wins.
    public mutating func reconcile(with config: LoadedConfig) -> [(declaration: Declaration, reason: String)] {
        let settings = config.config.daemon
        var kept: [Declaration] = [], ended: [(declaration: Declaration, reason: String)] = []
        var places = DeclaredPlaces([])
        for declaration in declarations {
            let owned = kept.count(where: { $0.owner.connection == declaration.owner.connection })
            do throws(DeclarationRefusal) {
                if kept.count >= settings.maxDeclarations || owned >= settings.maxDeclarationsPerClient {
                    throw .limit("past the reloaded config's max-declarations or max-declarations-per-client")
                }
                try check(declaration, against: config, places: places)
                kept.append(declaration)
                places.add(declaration)
            } catch {
                ended.append((declaration, error.message))
            }
        }
        declarations = kept
        return ended
    }

    /// The engine's tables: the config's transitions and bindings in the config's order, then the declarations', in
    /// the order declared, then the default bindings that yield to them. The arena gives a swipe two edge pans could
    /// take to the first, so a declaration takes its part of an edge and a default the rest; ties between the
    /// user's bindings and the declarations cannot arise, since those never contend.
    public func tables(over config: LoadedConfig) -> (transitions: [TransitionConfig], bindings: [BindingConfig]) {
        guard !declarations.isEmpty else { return (config.config.transitions, config.config.bindings) }
        let yielding = yielding(in: config)
        let bindings =
            config.config.bindings.filter { !yielding.contains($0.name) } + declarations.flatMap(\.bindings)
            + config.config.bindings.filter { yielding.contains($0.name) }
        return (config.config.transitions + declarations.map(\.transition), bindings)
    }

    /// The default bindings that yield to declarations now.
    public func yielding(in config: LoadedConfig) -> Set<String> {
        let declared = declarations.flatMap(\.bindings)
        var yielding = Set<String>()
        for binding in config.config.bindings where config.layer(ofBinding: binding.name) == ConfigLayer.defaultName {
            if declared.contains(where: { EdgePanOverlap.between($0, binding) != nil }) {
                yielding.insert(binding.name)
            }
        }
        return yielding
    }

    // MARK: - The rules

    private func ownedIndex(_ name: String, by connection: Int, config: LoadedConfig) throws(DeclarationRefusal) -> Int
    {
        guard let index = declarations.firstIndex(where: { $0.name == name }) else {
            if config.config.transition(named: name) != nil {
                throw .conflict(
                    "\"\(name)\" is the config's (\(Self.describe(config.layer(ofTransition: name)))), not declared",
                    owner: nil)
            }
            throw .unknown("no declared transition is named \"\(name)\"")
        }
        let owner = declarations[index].owner
        guard owner.connection == connection else {
            throw .conflict("\"\(name)\" was declared by \(owner.description), not by this connection", owner: owner)
        }
        return index
    }

    /// Names unique; the user's bindings win; a declaration before it wins. Two declarations never share a
    /// transition's name: `declare` refuses a second, and neither an update nor a reload renames one.
    private func check(_ declaration: Declaration, against config: LoadedConfig, places: DeclaredPlaces)
        throws(DeclarationRefusal)
    {
        let name = declaration.name
        if config.config.transition(named: name) != nil {
            throw .conflict(
                "the config has a transition named \"\(name)\" (\(Self.describe(config.layer(ofTransition: name)))); "
                    + "give the declared one another name", owner: nil)
        }
        for binding in declaration.bindings {
            if config.config.bindings.contains(where: { $0.name == binding.name }) {
                throw .conflict(
                    "the config has a binding named \"\(binding.name)\" (\(Self.describe(config.layer(ofBinding: binding.name)))); "
                        + "give the declared one another name", owner: nil)
            }
            if let owner = places.owner(ofBinding: binding.name) {
                throw .conflict(
                    "a binding named \"\(binding.name)\" is declared already, by \(owner.description)", owner: owner)
            }
            for theirs in config.config.bindings where config.layer(ofBinding: theirs.name) != ConfigLayer.defaultName {
                guard let (edge, sources) = EdgePanOverlap.between(binding, theirs) else { continue }
                throw .conflict(
                    "binding \"\(binding.name)\" contends with the user's binding \"\(theirs.name)\" "
                        + "(\(Self.describe(config.layer(ofBinding: theirs.name)))) for swipes from the \(edge.rawValue) edge "
                        + "(\(EdgePanOverlap.names(sources))): the user's config wins; choose another edge, span or output",
                    owner: nil)
            }
            if let (theirs, owner, edge, sources) = places.contender(of: binding) {
                throw .conflict(
                    "binding \"\(binding.name)\" contends with \"\(theirs)\", which \(owner.description) declared, "
                        + "for swipes from the \(edge.rawValue) edge (\(EdgePanOverlap.names(sources))): the first declaration "
                        + "wins; choose another edge, span or output", owner: owner)
            }
        }
    }

    /// A layer as a refusal names it: `the embedded default`, or the file.
    private static func describe(_ layer: String?) -> String {
        guard let layer else { return "the config" }
        return layer == ConfigLayer.defaultName ? "the embedded default" : layer
    }

    private static func table(_ body: ConfigNode) throws(DeclarationRefusal) -> ConfigTable {
        guard let table = body.table else {
            throw .invalid([ConfigError(key: "", message: "a declaration is a table")])
        }
        return table
    }
}
