/// The transitions' names in the order the config (then the declarations) gives them, and each one's place: frames,
/// snapshots and a reload's steps go in this order.
struct TransitionOrder: Sendable {
    private(set) var names: [String] = []
    private var places: [String: Int] = [:]

    init(_ names: [String] = []) {
        self.names = names
        places = Dictionary(names.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// A name's place; 0 for a name not in it.
    func place(of name: String) -> Int { places[name, default: 0] }
}
