/// Why a leg began, as `transition.began` says it: a binding's gesture (`"cause":"gesture"`, with its name), or a
/// command from a client (`"cause":"command"`).
public enum LegCause: Hashable, Sendable {
    case gesture(String)
    case command
}
