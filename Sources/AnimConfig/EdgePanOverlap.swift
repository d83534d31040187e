import Gestures
import Transitions

/// When two bindings contend for one swipe: both edge pans from one edge, on a shared source, over parts of the
/// edge that meet, for applications that can be focused at once, and alike in `hold` (a held swipe and an ordinary
/// one are told apart by the rest). The config's overlap warnings and the rules for declared transitions (docs/
/// config.md, "Declared transitions") read it the same way.
enum EdgePanOverlap {
    /// The edge and the sources the two share when they contend; nil when they do not.
    static func between(_ first: BindingConfig, _ second: BindingConfig) -> (edge: Edge, sources: Set<InputSource>)? {
        guard case let .edgePan(options) = first.gesture, case let .edgePan(other) = second.gesture,
            options.edge == other.edge
        else { return nil }
        let shared = first.sources.intersection(second.sources)
        guard !shared.isEmpty, (options.hold > 0) == (other.hold > 0), !first.condition.excludes(second.condition),
            options.placement.overlaps(other.placement)
        else { return nil }
        return (options.edge, shared)
    }

    /// The sources, named in their documented order.
    static func names(_ sources: Set<InputSource>) -> String {
        InputSource.allCases.filter(sources.contains).map(\.rawValue).joined(separator: ", ")
    }
}
