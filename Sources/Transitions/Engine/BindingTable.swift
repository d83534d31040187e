/// The engine's bindings: in the order given (which breaks ties in gesture arbitration), by name, and the
/// distance each transition's releases are measured against.
struct BindingTable: Sendable {
    private(set) var list: [BindingConfig] = []
    private var byName: [String: BindingConfig] = [:]
    /// The distance of each transition's first moving binding: what a client's release velocity is measured against.
    private var distances: [String: Double] = [:]

    init(_ list: [BindingConfig] = []) {
        self.list = list
        byName = Dictionary(list.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        distances = Dictionary(list.filter { $0.longPress == nil }.map { ($0.transition, $0.distance) }, uniquingKeysWith: { first, _ in first })
    }

    subscript(name: String) -> BindingConfig? { byName[name] }

    /// The names whose binding differs in `other`, or that `other` lacks.
    func changed(in other: BindingTable) -> Set<String> {
        Set(byName.filter { other.byName[$0.key] != $0.value }.map(\.key))
    }

    func releaseDistance(of transition: String) -> Double? { distances[transition] }
}
