import Gestures
import TransitionModel
import Transitions

/// What the declarations before one hold, as `DeclarationBook`'s rules look it up: each binding's name with its
/// owner, and the edge pans (the only bindings that contend for a place), in the order declared. Gathered once per
/// check, or grown declaration by declaration as a reload keeps them, so that checking one declaration costs its
/// bindings against the edge pans, not against every binding of every declaration: a reload beside 63 declarations of
/// 16 bindings each copied each binding about a thousand times (issue 48, 147 ms a reload in a debug build).
struct DeclaredPlaces {
    private var bindingOwners: [String: TransitionOwner] = [:]
    private var edgePans: [(binding: BindingConfig, owner: TransitionOwner)] = []

    init(_ declarations: some Sequence<Declaration>) {
        for declaration in declarations { add(declaration) }
    }

    mutating func add(_ declaration: Declaration) {
        for binding in declaration.bindings {
            bindingOwners[binding.name] = bindingOwners[binding.name] ?? declaration.owner
            if case .edgePan = binding.gesture { edgePans.append((binding, declaration.owner)) }
        }
    }

    /// Who declared a binding of this name, if anyone.
    func owner(ofBinding name: String) -> TransitionOwner? { bindingOwners[name] }

    /// The first declared edge pan `binding` contends with, with its owner, the edge and the sources they share.
    func contender(of binding: BindingConfig) -> (
        name: String, owner: TransitionOwner, edge: Edge, sources: Set<InputSource>
    )? {
        guard case .edgePan = binding.gesture else { return nil }
        for (theirs, owner) in edgePans {
            if let (edge, sources) = EdgePanOverlap.between(binding, theirs) {
                return (theirs.name, owner, edge, sources)
            }
        }
        return nil
    }
}
