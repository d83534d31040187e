import Gestures

/// The engine's bindings: in the order given (which breaks ties in gesture arbitration), by name, the distance each
/// transition's releases are measured against, and the focus that turns bindings with an app condition on or off.
struct BindingTable: Sendable {
    private(set) var list: [BindingConfig] = []
    private var byName: [String: BindingConfig] = [:]
    /// The distance of each transition's first moving binding: what a client's release velocity is measured against.
    private var distances: [String: Double] = [:]
    /// The focus the bindings' app conditions are matched against; a new table keeps it.
    private(set) var focus: SessionFocus

    init(_ list: [BindingConfig] = [], focus: SessionFocus = .unknown(reason: "no focus source has reported yet")) {
        self.list = list
        self.focus = focus
        byName = Dictionary(list.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        distances = Dictionary(list.filter { $0.longPress == nil }.map { ($0.transition, $0.distance) }, uniquingKeysWith: { first, _ in first })
    }

    subscript(name: String) -> BindingConfig? { byName[name] }

    /// The recognizers of the bindings that work with the focus, in order, their regions resolved for `geometry`.
    func recognizers(in geometry: ScreenGeometry) -> [RecognizerSpec] {
        list.filter { $0.appCondition.allows(focus) }.map { $0.recognizer(in: geometry) }
    }

    /// Takes a new focus; true when it turns some binding on or off.
    mutating func setFocus(_ newFocus: SessionFocus) -> Bool {
        let before = focus
        focus = newFocus
        return list.contains { $0.appCondition.allows(before) != $0.appCondition.allows(newFocus) }
    }

    /// The names whose binding differs in `other`, or that `other` lacks.
    func changed(in other: BindingTable) -> Set<String> {
        Set(byName.filter { other.byName[$0.key] != $0.value }.map(\.key))
    }

    func releaseDistance(of transition: String) -> Double? { distances[transition] }
}
