import Gestures

/// The engine's bindings: in the order given (which breaks ties in gesture arbitration), by name, the distance each
/// transition's releases are measured against, and the session (focus, tablet mode) that turns bindings with a
/// condition on or off.
struct BindingTable: Sendable {
    private(set) var list: [BindingConfig] = []
    private var byName: [String: BindingConfig] = [:]
    /// The distance of each transition's first moving binding: what a client's release velocity is measured against.
    private var distances: [String: Double] = [:]
    /// The session the bindings' conditions are matched against; a new table keeps it.
    private(set) var session: SessionState
    /// Each binding's recognizer, its region resolved for the screen in force: a session change only filters them.
    private var resolved: [RecognizerSpec] = []
    /// The places in `list` of the bindings with a condition, the only ones a session change turns.
    private var conditional: [Int] = []
    /// Whether some binding runs a command: else no gesture update needs looking at for one.
    private(set) var runsCommands = false

    init(_ list: [BindingConfig] = [], session: SessionState = SessionState()) {
        self.list = list
        self.session = session
        byName = Dictionary(list.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        distances = Dictionary(
            list.compactMap { binding in
                binding.longPress == nil ? binding.transition.map { ($0, binding.distance) } : nil
            },
            uniquingKeysWith: { first, _ in first })
        conditional = list.indices.filter { !list[$0].condition.isAlways }
        runsCommands = list.contains { $0.command != nil }
    }

    /// Resolves every binding's recognizer for `geometry`; the screen changed, or the table is new.
    mutating func resolve(in geometry: ScreenGeometry) {
        resolved = Self.orderingTaps(list.map { $0.recognizer(in: geometry) })
    }

    /// A tap waits for every tap of more taps on as many fingers to fail, as a single tap waits for the double tap
    /// on its fingers (issue 61). UIKit leaves that to `require(toFail:)`; here it is implied, for a single tap that
    /// also fires for each tap of a double is never what a config means. A binding may still list others.
    static func orderingTaps(_ specs: [RecognizerSpec]) -> [RecognizerSpec] {
        let taps = specs.compactMap { spec -> (name: String, options: TapOptions)? in
            if case let .tap(options) = spec.kind { (spec.name, options) } else { nil }
        }
        guard taps.count > 1 else { return specs }
        return specs.map { spec in
            guard case let .tap(options) = spec.kind else { return spec }
            var spec = spec
            for other in taps
            where other.options.touches == options.touches && other.options.taps > options.taps
                && !spec.requireToFail.contains(other.name)
            {
                spec.requireToFail.append(other.name)
            }
            return spec
        }
    }

    subscript(name: String) -> BindingConfig? { byName[name] }

    /// The recognizers of the bindings that work in the session, in order, as `resolve` last resolved them.
    var recognizers: [RecognizerSpec] {
        guard !conditional.isEmpty else { return resolved }
        var off = Set<Int>()
        for index in conditional where !list[index].condition.allows(session) { off.insert(index) }
        return off.isEmpty ? resolved : resolved.indices.filter { !off.contains($0) }.map { resolved[$0] }
    }

    /// Takes a new session; true when it turns some binding on or off.
    mutating func setSession(_ newSession: SessionState) -> Bool {
        let before = session
        session = newSession
        return conditional.contains { list[$0].condition.allows(before) != list[$0].condition.allows(newSession) }
    }

    /// The names whose binding differs in `other`, or that `other` lacks.
    func changed(in other: BindingTable) -> Set<String> {
        Set(byName.filter { other.byName[$0.key] != $0.value }.map(\.key))
    }

    func releaseDistance(of transition: String) -> Double? { distances[transition] }
}
